"""The worked example driven by the demo clock, in one browser session: dave (an admin) sets his clock to
Monday 09:00, searches and books, advances the clock 30 minutes and watches the scheduler promote the idle
conversation by itself (the panel shows the gate's verdicts), jumps to Thursday 19:30, starts a new chat and
asks for dinner: recall dates the diet Monday, with its age. The clock is persisted per user, shown in the
header while shifted, and used for every time shown or stored.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.a11y import axe_violations, describe
from tests.browser.conftest import LoginAs
from tests.browser.helpers import (
    BOOK,
    DINNER,
    HOTEL,
    SEARCH,
    VEGETARIAN_FACT,
    Server,
    Shots,
    cli,
    expand_step,
    new_chat,
    recall_step,
    send,
)
from tests.browser.panel_helpers import (
    CLOCK_INDICATOR,
    PANEL,
    clock_controls,
    fact_card,
    open_panel,
    show_tab,
    status_says,
)

pytestmark = pytest.mark.browser


def _events(server: Server, user: str, thread: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = cli(server, "log", "--user", user, "--thread", thread, "--json").json()
    return rows


def test_the_demo_clock_drives_the_worked_example_in_one_session(
    login_as: LoginAs, server: Server, shots: Shots
) -> None:
    page = login_as("dave")
    panel = open_panel(page)
    clock = clock_controls(panel)
    expect(page.locator(CLOCK_INDICATOR)).to_have_count(0)  # real time: nothing in the header

    # Monday 09:00.
    clock.get_by_label("Jump to (UTC)").fill("2026-11-09 09:00")
    clock.get_by_role("button", name="Jump", exact=True).click()
    status_says(panel, "The demo clock now reads Mon 9 Nov 2026, 09:0")
    expect(page.locator(CLOCK_INDICATOR)).to_contain_text("Mon 9 Nov 2026, 09:0")
    search = send(page, SEARCH)
    assert "I found 3 flights" in search, search
    booked = send(page, BOOK)
    assert HOTEL in booked, booked
    thread = page.url.rsplit("/", 1)[-1]
    times = {e["created_at"][:13] for e in _events(server, "dave", thread)}
    assert times == {"2026-11-09T09"}, f"turns were not dated by the demo clock: {times}"
    shots(page, "clock-01-monday-booked", readme="monday-booking")

    # Thirty idle minutes: the scheduler promotes the conversation by itself, and the panel says so.
    clock.get_by_role("button", name="Move the clock +30 min").click()
    status_says(panel, re.compile(r"1 conversation checked: 1 kept(, \d+ not kept)?\."), timeout=60_000)
    veg = fact_card(panel, "vegetarian")
    expect(veg).to_contain_text("Mon 9 Nov 2026 (today)")
    show_tab(panel, "Promotion log")
    verdicts = panel.locator("article.ta-verdicts").first
    expect(verdicts).to_contain_text("Checked Mon 9 Nov 2026, 09:3")
    expect(verdicts).to_contain_text(VEGETARIAN_FACT)
    expect(verdicts).to_contain_text("Task progress: the booking system owns it")
    expect(verdicts).to_contain_text("Inference: you never said it")
    runs = cli(server, "jobs", "history", "--json").json()
    assert any(r["job"] == "promote" and r["runner"] != "cli" for r in runs), runs
    shots(page, "clock-02-verdicts", readme="memory-verdicts")
    found = axe_violations(page, include=PANEL)
    assert found == [], describe(found)

    # Thursday 19:30, a new chat: recall says Monday, and how long ago.
    show_tab(panel, "Facts")
    clock.get_by_role("button", name="Thursday 12 Nov, 19:30").click()
    status_says(panel, "The demo clock now reads Thu 12 Nov 2026, 19:30")
    expect(page.locator(CLOCK_INDICATOR)).to_contain_text("Thu 12 Nov 2026, 19:3")
    expect(fact_card(panel, "vegetarian")).to_contain_text("Mon 9 Nov 2026 (3 days ago)")
    new_chat(page, server.base_url)
    expect(page.locator(CLOCK_INDICATOR)).to_contain_text("Thu 12 Nov 2026")  # still shown after a new chat
    reply = send(page, DINNER)
    assert HOTEL in reply, reply
    assert "recorded Mon 9 Nov 2026" in reply, reply
    recalled = expand_step(recall_step(page))
    assert "Dietary needs" in recalled and "vegetarian" in recalled, recalled
    assert "Mon 9 Nov 2026 · 3 days ago" in recalled, recalled
    assert f"from {SEARCH}" in recalled, "the card names Monday's conversation by its title"
    assert "memory-data" not in recalled and '"recorded"' not in recalled, "the prompt is behind the toggle"
    card = page.locator(".ta-recall").last
    expect(card).to_be_visible()
    card.scroll_into_view_if_needed()
    page.wait_for_timeout(500)  # the step's opening slide has ended: the card is whole in the picture
    shots(page, "clock-03-thursday-recall", readme="thursday-dinner")

    # Persisted: a fresh login still reads Thursday; back to real time hides the header clock again.
    again = login_as("dave")
    expect(again.locator(CLOCK_INDICATOR)).to_contain_text("Thu 12 Nov 2026")
    second = open_panel(again)
    clock_controls(second).get_by_role("button", name="Back to real time").click()
    expect(second.locator(".ta-clock")).to_contain_text("(real time)")
    # The reset wakes a promotion pass (Thursday's thread is idle in real time), whose report comes at once:
    # it joins the confirmation on the status line instead of replacing it before anyone has read it.
    status_says(
        second,
        re.compile(r"The demo clock is back to real time\. 1 conversation checked"),
        timeout=60_000,
    )
    expect(again.locator(CLOCK_INDICATOR)).to_have_count(0)
