"""The memory panel component in a real browser, served by ``panel_harness.py`` (the real element, theme and
header script; props from ``build_panel_props`` over a real in-memory fact store).

Each test logs in afresh, so each starts from the same seeded memory: a vegetarian diet from Monday's
conversation, a seat preference changed from aisle to window, a home airport stale after 400 days, and two
promotion reports (one from a conversation deleted since).
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from typing import Any, Protocol

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from testkit.app_env import free_port
from tests.browser.a11y import axe_violations, describe
from tests.browser.conftest import close_context, open_context
from tests.browser.helpers import REPO, Server, Shots, local_server, new_page, submit_login
from tests.browser.panel_helpers import (
    DESKTOP,
    PANEL,
    PHONE,
    clock_controls,
    download_export,
    fact_card,
    open_panel,
)
from tests.waiting import wait_until

pytestmark = pytest.mark.browser

CHAINLIT = REPO / ".venv" / "bin" / "chainlit"


@pytest.fixture(scope="module")
def harness(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    if not CHAINLIT.exists():
        pytest.skip(f"{CHAINLIT} is missing (run `make install-test`)")
    port = free_port()
    data_dir = tmp_path_factory.mktemp("panel-harness")
    env = dict(os.environ)
    env.update(
        {
            "CHAINLIT_AUTH_SECRET": "panel-harness-" + os.urandom(24).hex(),
            "PANEL_HARNESS_LOG": str(data_dir / "actions.jsonl"),
            "PYTHONUNBUFFERED": "1",
        }
    )
    harness = [str(CHAINLIT), "run", "tests/browser/panel_harness.py", "--headless", "--host", "127.0.0.1"]
    server = local_server(port, data_dir, env, "panel-harness.log", [*harness, "--port", str(port)])
    try:
        server.start()
        yield server
    finally:
        server.stop()
        # Chainlit deletes <app root>/.files when it shuts down, and the app server of this test session
        # shares the root (and writes each session's elements there): give it its folder back.
        (REPO / ".files").mkdir(exist_ok=True)


def actions(server: Server) -> list[dict[str, Any]]:
    path = server.data_dir / "actions.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


class OpenPage(Protocol):
    """Log in to the harness in a fresh browser context: the chat page, once its input is there."""

    def __call__(self, user: str = ..., *, viewport: dict[str, int] = ..., theme: str = ...) -> Page: ...


@pytest.fixture
def open_page(browser: Browser, harness: Server) -> Iterator[OpenPage]:
    contexts = []

    def login(user: str = "alice", *, viewport: dict[str, int] = DESKTOP, theme: str = "light") -> Page:
        context = open_context(browser, harness, viewport=viewport, theme=theme)  # type: ignore[arg-type]
        context.set_default_timeout(20_000)
        contexts.append(context)
        page = new_page(context)
        submit_login(page, harness.base_url, user, f"{user}-demo-pass")
        page.wait_for_selector("#chat-input")
        return page

    yield login
    for context in contexts:
        close_context(context)


def test_the_header_button_opens_the_panel_beside_the_chat(open_page: OpenPage, shots: Shots) -> None:
    page = open_page()
    button = page.locator("#memory-header-button")
    expect(button).to_have_accessible_name("Memories")
    panel = open_panel(page)
    expect(page.get_by_role("heading", name="What I remember about you")).to_be_focused()
    expect(page.locator("#chat-input")).to_be_visible()  # the chat stays usable beside the panel
    expect(panel.locator("section.ta-group > h3")).to_have_text(
        ["Dietary needs", "Seat preference", "Home airport"]
    )
    veg = fact_card(panel, "vegetarian")
    expect(veg).to_contain_text("“Book option 1, please. By the way, I'm vegetarian.”")
    expect(veg).to_contain_text("Mon 9 Nov 2026 (3 days ago)")
    expect(veg.get_by_role("link", name="Find me flights to Lisbon on the 14th")).to_have_attribute(
        "href", re.compile(r"^/thread/0b7f4f4e-")
    )
    expect(fact_card(panel, "MAN")).to_contain_text("May be out of date")
    shots(page, "panel-01-desktop-light")

    # Typing in the chat does not close it.
    page.fill("#chat-input", "hello")
    page.click("#chat-submit")
    expect(page.locator('[data-step-type="assistant_message"]').last).to_contain_text("you said: hello")
    expect(panel).to_be_visible()


def test_the_composer_command_opens_the_panel_too(open_page: OpenPage) -> None:
    page = open_page("bob")
    page.get_by_role("button", name="Memories", exact=True).last.click()  # no send press needed
    panel = page.locator(PANEL)
    expect(panel).to_be_visible()
    expect(panel.get_by_role("button", name="Promote my conversations now")).to_have_count(
        0
    )  # bob is no admin


def test_deleting_a_fact_asks_inside_the_panel_first(open_page: OpenPage, harness: Server) -> None:
    page = open_page()
    panel = open_panel(page)
    card = fact_card(panel, "vegetarian")
    delete = card.get_by_role("button", name="Delete Dietary needs: vegetarian")
    delete.click()
    confirm = card.get_by_role("group", name=re.compile("^Delete “Dietary needs: vegetarian”"))
    expect(confirm).to_be_visible()
    expect(confirm.get_by_role("button", name="Keep it")).to_be_focused()
    page.keyboard.press("Escape")  # cancelling keeps the fact and returns focus
    expect(confirm).to_have_count(0)
    expect(delete).to_be_focused()
    assert not [a for a in actions(harness) if a["name"] == "forget_fact"]

    before = len(actions(harness))
    delete.click()
    card.get_by_role("button", name="Delete", exact=True).click()
    expect(panel.get_by_role("status")).to_have_text("Deleted “Dietary needs: vegetarian” (1 version).")
    expect(fact_card(panel, "vegetarian")).to_have_count(0)
    expect(page.get_by_role("heading", name="What I remember about you")).to_be_focused()
    [call] = actions(harness)[before:]
    assert call["name"] == "forget_fact" and re.fullmatch(r"[0-9a-f]{32}", call["payload"]["fact_id"]), call


def asked(panel: Locator) -> Locator:
    return panel.get_by_role("region", name="Should I remember this?")


def test_an_unsure_fact_is_asked_about_and_keep_remembers_it(open_page: OpenPage, harness: Server) -> None:
    page = open_page()
    panel = open_panel(page)
    question = asked(panel)
    expect(question).to_contain_text("Travel style: boutique hotels")
    expect(fact_card(panel, "boutique hotels")).to_have_count(0)  # not remembered while it is asked
    before = len(actions(harness))
    question.get_by_role("button", name="Keep").click()
    expect(panel.get_by_role("status")).to_have_text(
        "Kept “Travel style: boutique hotels”: I'll remember it."
    )
    expect(asked(panel)).to_have_count(0)
    expect(fact_card(panel, "boutique hotels")).to_have_count(1)
    [call] = actions(harness)[before:]
    assert call["name"] == "keep_fact" and re.fullmatch(r"[0-9a-f]{32}", call["payload"]["fact_id"]), call


def test_discard_drops_the_question_and_remembers_nothing(open_page: OpenPage, harness: Server) -> None:
    page = open_page()
    panel = open_panel(page)
    asked(panel).get_by_role("button", name="Discard").click()
    expect(panel.get_by_role("status")).to_have_text(
        "Discarded “Travel style: boutique hotels”: I won't remember it."
    )
    expect(asked(panel)).to_have_count(0)
    expect(fact_card(panel, "boutique hotels")).to_have_count(0)


def test_history_shows_versions_and_rollback_restores_one(
    open_page: OpenPage, harness: Server, shots: Shots
) -> None:
    page = open_page()
    panel = open_panel(page)
    card = fact_card(panel, "window")
    toggle = card.get_by_role("button", name=re.compile(r"History \(2 versions\)"))
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    versions = card.get_by_role("list", name="Versions of Seat preference: window, newest first").locator(
        "li"
    )
    expect(versions).to_have_count(2)
    expect(versions.nth(0)).to_contain_text("replaced “aisle” (version 1)")
    expect(versions.nth(1)).to_contain_text("replaced by version 2")
    expect(versions.nth(1)).to_contain_text("conversation deleted")
    shots(page, "panel-02-history")

    versions.nth(1).get_by_role("button", name="Restore version 1 (aisle)").click()
    expect(panel.get_by_role("status")).to_have_text("Restored “Seat preference: aisle” as version 3.")
    restored = fact_card(panel, "aisle")
    expect(restored.get_by_role("heading", name="aisle")).to_be_focused()
    assert actions(harness)[-1] == {
        "name": "rollback_fact",
        "payload": {"fact_id": actions(harness)[-1]["payload"]["fact_id"], "version": 1},
        "user": "alice",
    }
    # The history stays open, now with the restored version on top.
    expect(restored.get_by_role("button", name=re.compile(r"History \(3 versions\)"))).to_have_attribute(
        "aria-expanded", "true"
    )
    expect(restored.locator("li").first).to_contain_text("restored version 1")


def test_forget_everything_confirms_then_empties_the_panel(open_page: OpenPage, harness: Server) -> None:
    page = open_page()
    panel = open_panel(page)
    panel.get_by_role("button", name="Forget everything…").click()
    confirm = panel.get_by_role(
        "group", name=re.compile(r"^Forget all 3 facts and their 4 stored versions\?")
    )
    expect(confirm).to_be_visible()
    confirm.get_by_role("button", name="Forget everything").click()
    expect(panel).to_contain_text("Nothing yet. Facts are saved from a conversation after it has been idle")
    assert actions(harness)[-1]["name"] == "forget_all"


def test_the_promotion_log_says_what_was_kept_and_why_the_rest_was_not(
    open_page: OpenPage, shots: Shots
) -> None:
    page = open_page()
    panel = open_panel(page)
    panel.get_by_role("tab", name="Promotion log (2)").click()
    monday = panel.locator("article.ta-verdicts").first
    expect(monday.get_by_role("heading")).to_have_text("Find me flights to Lisbon on the 14th")
    expect(monday).to_contain_text("Checked Mon 9 Nov 2026, 09:40: 1 kept, 2 not kept")
    expect(monday.locator("li")).to_have_text(
        [
            "Kept: Dietary needs: vegetarian — Stored: a new fact",
            "Not kept: Trip — Task progress: the booking system owns it",
            "Not kept: Seat preference — Inference: you never said it",
        ]
    )
    older = panel.locator("article.ta-verdicts").nth(1)
    expect(older.get_by_role("heading")).to_have_text("conversation deleted")
    expect(older).to_contain_text(
        "Payment — Secret masked: passwords, keys and card numbers are never stored"
    )
    expect(older).to_contain_text("Third party: it is about someone else")
    shots(page, "panel-03-promotion-log")


def test_export_downloads_the_users_data(open_page: OpenPage) -> None:
    page = open_page()
    panel = open_panel(page)
    filename, exported = download_export(panel)
    assert filename == "memories-alice.json"
    # Everything stored, including what waits under "Should I remember this?".
    assert {f["value"] for f in exported["facts"]} == {
        "vegetarian",
        "aisle",
        "window",
        "MAN",
        "boutique hotels",
    }


def test_the_demo_clock_moves_and_the_panel_follows(open_page: OpenPage, harness: Server) -> None:
    page = open_page()
    panel = open_panel(page)
    clock = panel.get_by_role("region", name="Demo clock")
    expect(clock).to_contain_text("Demo clock: Thu 12 Nov 2026, 19:30 UTC")
    expect(clock.get_by_role("button", name="Move the clock +3 days")).to_have_count(0)  # folded: one line
    clock = clock_controls(panel)
    expect(clock).to_contain_text("(real time)")
    jump = clock.get_by_label("Jump to (UTC)")
    expect(jump).to_have_value("2026-11-12 19:30")  # the same in every browser locale
    clock.get_by_role("button", name="Move the clock +3 days").click()
    expect(clock).to_contain_text("Sun 15 Nov 2026, 19:30 UTC")
    expect(clock).to_contain_text("(3 days ahead of real time)")
    expect(jump).to_have_value("2026-11-15 19:30")  # the field follows the clock
    expect(fact_card(panel, "vegetarian")).to_contain_text("(6 days ago)")
    clock.get_by_role("button", name="Back to real time").click()
    expect(clock).to_contain_text("(real time)")
    assert [a["name"] for a in actions(harness)[-2:]] == ["clock_advance", "clock_reset"]
    assert actions(harness)[-2]["payload"] == {"minutes": 4320}


def test_the_panel_works_from_the_keyboard_alone(open_page: OpenPage, harness: Server) -> None:
    page = open_page()
    page.locator("#memory-header-button").focus()
    page.keyboard.press("Enter")
    heading = page.get_by_role("heading", name="What I remember about you")
    expect(heading).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Refresh")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(PANEL).get_by_role("status")).to_have_text("Up to date.")
    expect(page.get_by_role("button", name="Refresh")).to_be_focused()
    # Tabs: arrow keys move between them.
    facts_tab = page.get_by_role("tab", name=re.compile(r"^Facts"))
    facts_tab.focus()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_role("tab", name=re.compile(r"^Promotion log"))).to_be_focused()
    expect(page.get_by_role("tab", name=re.compile(r"^Promotion log"))).to_have_attribute(
        "aria-selected", "true"
    )
    page.keyboard.press("ArrowLeft")
    # Delete by keyboard: Enter opens the confirmation, focus lands on "Keep it", Shift+Tab to Delete, Enter.
    delete = page.get_by_role("button", name="Delete Home airport: MAN")
    delete.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Keep it")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    expect(page.locator(PANEL).get_by_role("status")).to_contain_text("Deleted “Home airport: MAN”")
    assert actions(harness)[-1]["name"] == "forget_fact"


def test_keyboard_focus_is_always_visible_in_the_panel(open_page: OpenPage) -> None:
    page = open_page()
    open_panel(page)
    for _ in range(6):
        page.keyboard.press("Tab")
        outline = page.evaluate(
            """() => {
                const el = document.activeElement, style = getComputedStyle(el);
                return {tag: el.tagName, text: el.innerText.slice(0, 30), outline: style.outlineStyle,
                        width: parseFloat(style.outlineWidth), shadow: style.boxShadow};
            }"""
        )
        visible = (outline["outline"] != "none" and outline["width"] >= 1) or outline["shadow"] not in (
            "none",
            "",
        )
        assert visible, f"no visible focus indicator on {outline}"


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_panel_has_no_serious_accessibility_violations(
    open_page: OpenPage, shots: Shots, theme: str, viewport: dict[str, int]
) -> None:
    page = open_page(viewport=viewport, theme=theme)
    panel = open_panel(page)
    fact_card(panel, "window").get_by_role("button", name=re.compile("History")).click()
    name = f"panel-04-{'phone' if viewport is PHONE else 'desktop'}-{theme}"
    shots(page, name)
    found = axe_violations(page, include=PANEL)
    assert not found, describe(found)
    panel.get_by_role("tab", name=re.compile("Promotion log")).click()
    found = axe_violations(page, include=PANEL)
    assert not found, describe(found)


def test_the_panel_is_legible_on_a_phone(open_page: OpenPage) -> None:
    page = open_page(viewport=PHONE)
    panel = open_panel(page)
    box = panel.bounding_box()
    assert box is not None and box["width"] >= 300, box  # the sheet uses the screen's width
    metrics = page.evaluate(
        """(sel) => {
            const panel = document.querySelector(sel);
            const scroller = panel.closest('#side-view-content') || panel.parentElement;
            const texts = Array.from(panel.querySelectorAll('p, dd, li, blockquote, button'));
            return {overflow: scroller.scrollWidth - scroller.clientWidth,
                    smallest: Math.min(...texts.map((el) => parseFloat(getComputedStyle(el).fontSize)))};
        }""",
        PANEL,
    )
    assert metrics["overflow"] <= 1, metrics  # no sideways scrolling
    assert metrics["smallest"] >= 12, metrics


def test_window_messages_other_than_the_open_request_are_ignored(open_page: OpenPage) -> None:
    page = open_page()
    page.evaluate(
        """() => {
            window.postMessage({source: 'travel-assistant', type: 'open-memory-panel', extra: 1}, location.origin);
            window.postMessage('open-memory-panel', location.origin);
        }"""
    )
    page.wait_for_timeout(1500)
    expect(page.locator(PANEL)).to_have_count(0)


def test_the_panel_writes_no_copy_of_the_users_facts_to_disk(open_page: OpenPage) -> None:
    """Chainlit writes each custom element's content into .files/<session>/; the panel's holds no facts."""
    started = time.time() - 1
    page = open_page()
    panel = open_panel(page)
    panel.get_by_role("button", name="Refresh").click()
    expect(panel.get_by_role("status")).to_have_text("Up to date.")
    files = REPO / ".files"
    written = [p for p in files.rglob("*") if p.is_file() and p.stat().st_mtime >= started]
    assert written, "the element was not written at all: this test no longer checks anything"
    leaked = [p for p in written if "vegetarian" in p.read_text(encoding="utf-8", errors="replace")]
    assert not leaked, leaked


def test_a_change_announced_while_the_panel_refreshes_is_fetched_too(
    open_page: OpenPage, harness: Server
) -> None:
    """The server pings the panel when the user's memory changes (a promotion finished). A ping that comes
    while the panel is still fetching after an earlier one may describe a change that fetch missed: the panel
    fetches once more when it is done, instead of dropping the ping."""
    page = open_page()
    open_panel(page)

    def refreshes() -> int:
        return sum(1 for a in actions(harness) if a["name"] == "refresh_memory")

    before = refreshes()
    held: list[Any] = []
    page.route("**/project/action", lambda route: held.append(route))  # held until released
    ping = "() => window.postMessage({source: 'travel-assistant', type: 'memory-changed'}, location.origin)"
    page.evaluate(ping)
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(100)
    assert len(held) == 1, "the panel did not fetch after the first ping"
    page.evaluate(ping)  # a second change, while the first fetch is out
    page.wait_for_timeout(500)
    assert len(held) == 1, "the panel fetched twice at once"
    page.unroute("**/project/action")
    held[0].continue_()
    wait_until(lambda: refreshes() >= before + 2, timeout=10, what="the panel's second fetch")
    assert refreshes() == before + 2


def test_a_change_announced_while_no_copy_of_the_panel_is_mounted_is_fetched_by_the_next(
    open_page: OpenPage, harness: Server
) -> None:
    """Chainlit unmounts the panel and mounts a new copy when the page moves to /thread/<id> (a new chat's
    first action does that, such as moving the demo clock, which wakes a promotion): a ping that comes in
    between must not be lost, or the panel never says that the promotion ran. Closing and reopening the side
    bar makes the same gap on demand."""
    page = open_page()
    open_panel(page)

    def refreshes() -> int:
        return sum(1 for a in actions(harness) if a["name"] == "refresh_memory")

    page.get_by_role("button", name="Close panel").click()
    expect(page.locator(PANEL)).to_have_count(0)
    before = refreshes()
    page.evaluate(
        "() => window.postMessage({source: 'travel-assistant', type: 'memory-changed'}, location.origin)"
    )
    page.wait_for_timeout(500)
    assert refreshes() == before, "nothing is mounted, so nothing should have fetched yet"
    open_panel(page)
    wait_until(
        lambda: refreshes() >= before + 1, timeout=10, what="the new copy's fetch of the missed change"
    )
