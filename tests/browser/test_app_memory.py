"""The memory panel wired into the app: opened from the header and the composer, it stays beside the chat,
shows alice's facts and the gate's verdicts in words, refreshes by itself when promotion runs (here from the
command line, another process), and deletes, rolls back and forgets everything only after a confirmation.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.a11y import axe_violations, describe
from tests.browser.conftest import LoginAs, PromotionRun
from tests.browser.helpers import SEARCH, Monday, Server, Shots, cli, send
from tests.browser.panel_helpers import PANEL, fact_card, open_panel, show_tab, status_says

pytestmark = pytest.mark.browser


def _new_user(server: Server, name: str) -> None:
    created = cli(server, "users", "add", name, "--password", f"{name}-demo-pass")
    assert created.returncode == 0, created.describe()


def _facts(server: Server, user: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = cli(server, "memories", "list", "--user", user, "--json").json()
    return rows


def test_the_panel_shows_alices_facts_and_the_gates_verdicts_in_words(
    login_as: LoginAs, server: Server, shots: Shots, monday: Monday, promoted: PromotionRun
) -> None:
    page = login_as("alice")
    panel = open_panel(page)
    expect(page.locator("#chat-input")).to_be_visible()  # beside the chat, not over it
    veg = fact_card(panel, "vegetarian")
    expect(veg).to_contain_text("By the way, I'm vegetarian.")
    expect(veg).to_contain_text("you said it")
    expect(veg).to_contain_text(re.compile(r"\(today\)"))
    expect(veg).to_contain_text("Up to date until")
    expect(veg.get_by_role("link", name=SEARCH)).to_have_attribute("href", f"/thread/{monday.thread_id}")
    shots(page, "panel-app-01-facts")

    show_tab(panel, "Promotion log")
    verdicts = panel.locator("article.ta-verdicts").filter(has=page.get_by_role("link", name=SEARCH))
    expect(verdicts).to_contain_text("Dietary needs: vegetarian")
    expect(verdicts).to_contain_text("Task progress: the booking system owns it")
    expect(verdicts).to_contain_text("Inference: you never said it")
    shots(page, "panel-app-02-verdicts")
    found = axe_violations(page)  # the whole page with the panel open, not only the panel
    assert found == [], describe(found)


def test_the_composer_opens_the_panel_and_it_refreshes_when_promotion_runs_elsewhere(
    login_as: LoginAs, server: Server
) -> None:
    _new_user(server, "gina")
    page = login_as("gina", "gina-demo-pass")
    reply = send(page, "I prefer window seats.")
    assert "seat preference: window" in reply, reply
    panel = open_panel(page, via="composer")
    expect(panel).to_contain_text("Nothing yet.")

    at = datetime.now(UTC) + timedelta(minutes=31)
    report = cli(server, "jobs", "promote", "--at", at.isoformat(timespec="seconds"), "--json").json()
    assert report["facts_kept"] >= 1, report
    # Nobody pressed anything: the open panel was told, and fetched its fresh data.
    status_says(panel, "1 conversation checked: 1 kept")
    window = fact_card(panel, "window")
    expect(window).to_contain_text("I prefer window seats.")

    # Delete asks first, inside the panel; "Keep it" keeps it.
    window.get_by_role("button", name="Delete Seat preference: window").click()
    prompt = panel.get_by_role("group").filter(has_text="Delete “Seat preference: window”")
    expect(prompt).to_contain_text("This cannot be undone.")
    expect(prompt.get_by_role("button", name="Keep it")).to_be_focused()
    prompt.get_by_role("button", name="Keep it").click()
    expect(window).to_be_visible()
    assert [r for r in _facts(server, "gina") if r["value"] == "window"]

    window.get_by_role("button", name="Delete Seat preference: window").click()
    panel.get_by_role("group").get_by_role("button", name="Delete", exact=True).click()
    status_says(panel, "Deleted “Seat preference: window”")
    expect(fact_card(panel, "window")).to_have_count(0)
    assert _facts(server, "gina") == []


def test_a_panel_that_opens_by_itself_leaves_the_focus_and_the_words_in_the_composer(
    login_as: LoginAs,
) -> None:
    # The panel opens by itself in a new chat when it was open at "New chat" (the page posts the same request as
    # the Memories button). A user already typing keeps the composer; pressed open, the panel takes the focus.
    page = login_as("alice", "alice-demo-pass")
    composer = page.locator("#chat-input")
    composer.click()
    page.keyboard.type("Any dinner")
    page.evaluate(
        "() => window.postMessage({source: 'travel-assistant', type: 'open-memory-panel'}, window.location.origin)"
    )
    expect(page.locator(PANEL)).to_be_visible()
    expect(composer).to_be_focused()
    page.keyboard.type(" ideas?")
    expect(composer).to_have_value("Any dinner ideas?")

    page.locator("#memory-header-button").click()
    expect(page.get_by_role("heading", name="What I remember about you")).to_be_focused()


def test_history_rollback_and_forget_everything_with_a_confirmation(
    login_as: LoginAs, server: Server, shots: Shots
) -> None:
    _new_user(server, "hana")
    page = login_as("hana", "hana-demo-pass")
    send(page, "Remember that I prefer aisle seats")
    send(page, "Remember that I prefer window seats")
    panel = open_panel(page)
    window = fact_card(panel, "window")
    history = window.get_by_role("button", name=re.compile(r"^History \(2 versions\)"))
    history.click()
    expect(history).to_have_attribute("aria-expanded", "true")
    versions = window.get_by_role("list", name=re.compile("^Versions of Seat preference"))
    expect(versions).to_contain_text("replaced “aisle” (version 1)")
    versions.get_by_role("button", name="Restore version 1 (aisle)").click()
    status_says(panel, "Restored “Seat preference: aisle” as version 3")
    aisle = fact_card(panel, "aisle")
    expect(aisle).to_be_visible()
    current = [r for r in _facts(server, "hana") if r["status"] == "current"]
    assert [r["value"] for r in current] == ["aisle"], current
    shots(page, "panel-app-03-rollback")

    panel.get_by_role("button", name="Forget everything…").click()
    confirm = panel.get_by_role("group").filter(has_text="Forget all 1 facts")
    expect(confirm).to_be_visible()
    assert _facts(server, "hana"), "nothing may be forgotten before the confirmation"
    confirm.get_by_role("button", name="Forget everything").click()
    status_says(panel, "Forgotten: 3 stored versions deleted.")
    expect(panel).to_contain_text("Nothing yet.")
    assert _facts(server, "hana") == []


def test_bob_has_no_demo_clock_and_no_promote_button(login_as: LoginAs) -> None:
    page = login_as("bob")
    panel = open_panel(page)
    expect(panel.locator(".ta-clock")).to_have_count(0)
    expect(panel.get_by_role("button", name="Promote my conversations now")).to_have_count(0)
    expect(page.locator("#demo-clock-indicator")).to_have_count(0)


def test_the_whole_page_with_the_panel_open_and_a_command_chosen_has_no_serious_violations(
    login_as: LoginAs,
) -> None:
    page = login_as("alice")
    open_panel(page)
    chip = page.locator("#message-composer").get_by_role("button", name="Memories", exact=True)
    chip.click()  # chosen, not sent: the composer shows the selected command chip
    expect(page.locator("#message-composer .text-command").first).to_be_visible()
    handle = page.locator("[data-panel-resize-handle-id][aria-controls]")
    if handle.count():
        controlled = handle.first.get_attribute("aria-controls")
        assert controlled and page.locator(f"[id='{controlled}']").count() == 1
    found = axe_violations(page)
    assert found == [], describe(found)
    page.set_viewport_size({"width": 390, "height": 844})
    expect(page.locator("#message-composer .text-command").first).to_be_attached()
    found = axe_violations(page)
    assert found == [], describe(found)
