"""The worked example with the keyboard alone (no click anywhere): log in, set the demo clock to Monday, search
and book, advance 30 minutes and read the verdicts, jump to Thursday, start a new chat, ask for dinner and
open the recall step. Every control is reached with Tab / Shift+Tab and used with Enter, Space or the arrow
keys, and each one shows where the focus is."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.conftest import close_context, open_context
from tests.browser.helpers import (
    ASSISTANT_MSG,
    BOOK,
    DINNER,
    HOTEL,
    REPLY_TIMEOUT_MS,
    SEARCH,
    USER_MSG,
    USERS,
    Server,
    Shots,
    new_page,
    wait_for_replies,
    wait_until_connected,
)
from tests.browser.panel_helpers import CLOCK_INDICATOR, PANEL, status_says

pytestmark = pytest.mark.browser

MAX_TABS = 120
FOCUS_VISIBLE = """(el) => {
    const style = getComputedStyle(el);
    const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow && style.boxShadow !== 'none';
    return ring || shadow;
}"""


def focus(page: Page, target: str | Locator, *, backwards: bool = False) -> None:
    """Press Tab (or Shift+Tab) until ``target`` has the focus; it must then show it."""
    wanted = page.locator(target) if isinstance(target, str) else target
    for _ in range(MAX_TABS):
        if wanted.count() and wanted.first.evaluate("(el) => el === document.activeElement"):
            assert wanted.first.evaluate(FOCUS_VISIBLE), f"{target} has the focus but shows no focus ring"
            return
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
    raise AssertionError(f"{target} cannot be reached with the keyboard ({wanted.count()} on the page)")


def _chat_ready(payload: str | bytes) -> bool:
    """The server's ``task_end`` of the chat's start (commands, the panel, the clock): until then Chainlit
    ignores Enter in the composer."""
    return isinstance(payload, str) and payload.startswith('42["task_end"')


def type_and_send(page: Page, text: str) -> str:
    before = page.locator(ASSISTANT_MSG).count()
    focus(page, "#chat-input")
    page.keyboard.type(text)
    page.keyboard.press("Enter")
    try:
        expect(page.locator(USER_MSG).filter(has_text=text).last).to_be_visible(timeout=REPLY_TIMEOUT_MS)
    except AssertionError as exc:
        # Rare (once in ~20 runs on a loaded machine): say what the page showed, so the next one can be read.
        composer = page.locator("#chat-input")
        left = composer.inner_text() if composer.count() else "(no composer)"
        users = page.locator(USER_MSG).count()
        raise AssertionError(
            f"{text!r} was not shown after Enter; page {page.url}, {users} user messages, composer {left!r}"
        ) from exc
    wait_for_replies(page, before)
    return page.locator(ASSISTANT_MSG).nth(before).locator(".message-content").inner_text()


def test_the_worked_example_with_the_keyboard_only(browser: Browser, server: Server, shots: Shots) -> None:
    context = open_context(browser, server)
    try:
        page = new_page(context)
        page.goto(server.base_url + "/login")
        focus(page, "#email")
        page.keyboard.type("kate")
        focus(page, "#password")
        page.keyboard.type(USERS["kate"])
        page.keyboard.press("Enter")
        wait_until_connected(page)

        # Open the panel from the header, and set the clock to Monday 09:00 with a preset.
        focus(page, "#memory-header-button", backwards=True)
        page.keyboard.press("Enter")
        panel = page.locator(PANEL)
        expect(panel).to_be_visible()
        expect(page.get_by_role("heading", name="What I remember about you")).to_be_focused()
        clock = panel.locator(".ta-clock")
        focus(page, clock.get_by_role("button", name="Change"))
        page.keyboard.press("Enter")  # the clock is one line until its controls are asked for
        focus(page, clock.get_by_role("button", name="Monday 9 Nov, 09:00"))
        page.keyboard.press("Enter")
        status_says(panel, "The demo clock now reads Mon 9 Nov 2026, 09:0")
        expect(page.locator(CLOCK_INDICATOR)).to_contain_text("Mon 9 Nov 2026")

        assert "I found 3 flights" in type_and_send(page, SEARCH)
        assert HOTEL in type_and_send(page, BOOK)

        # Thirty minutes on: the scheduler promotes, the panel says so; the promotion log by arrow key.
        focus(page, clock.get_by_role("button", name="Move the clock +30 min"), backwards=True)
        page.keyboard.press("Space")
        status_says(panel, "1 conversation checked", timeout=60_000)
        focus(page, f"{PANEL} [role='tab'][aria-selected='true']")
        page.keyboard.press("ArrowRight")
        log_tab = panel.get_by_role("tab", name=re.compile(r"^Promotion log"))
        expect(log_tab).to_be_focused()
        expect(log_tab).to_have_attribute("aria-selected", "true")
        expect(panel.locator("article.ta-verdicts").first).to_contain_text("Inference: you never said it")
        shots(page, "keyboard-01-verdicts")

        # Thursday 19:30, a new chat from the header, dinner.
        focus(page, clock.get_by_role("button", name="Thursday 12 Nov, 19:30"), backwards=True)
        page.keyboard.press("Enter")
        status_says(panel, "The demo clock now reads Thu 12 Nov 2026, 19:30")
        monday_url = page.url
        # A new chat is a new socket session, and Chainlit ignores Enter in the composer until the server has
        # started the chat (seen on a loaded machine as a message that never appeared). Wait for that.
        with page.expect_websocket(timeout=REPLY_TIMEOUT_MS) as opened:
            focus(page, "#new-chat-button", backwards=True)
            page.keyboard.press("Enter")
            confirm = page.get_by_role("button", name="Confirm")
            if confirm.count():  # Chainlit asks before leaving a conversation
                focus(
                    page,
                    "[role='alertdialog'] button:has-text('Confirm'), [role='dialog'] button:has-text('Confirm')",
                )
                page.keyboard.press("Enter")
        opened.value.wait_for_event("framereceived", predicate=_chat_ready, timeout=REPLY_TIMEOUT_MS)
        expect(page).not_to_have_url(monday_url)
        expect(page.locator(ASSISTANT_MSG)).to_have_count(0)
        expect(panel).to_be_visible()  # it was open at "New chat", so it opens again in the new chat
        reply = type_and_send(page, DINNER)
        assert "recorded Mon 9 Nov 2026" in reply, reply

        # The recall step opens with the keyboard too.
        recall = page.locator("[data-step-type='tool'] button[id^='step-']").filter(
            has_text="Recalled 1 fact"
        )
        focus(page, recall, backwards=True)
        page.keyboard.press("Enter")
        step = page.locator("[data-step-type='tool']").filter(has_text="Recalled 1 fact")
        expect(step).to_contain_text("Mon 9 Nov 2026 · 3 days ago")
        # The block the model saw opens from the keyboard too.
        focus(page, step.get_by_role("button", name="What the model saw"))
        page.keyboard.press("Enter")
        expect(step).to_contain_text('"age": "3 days ago"')
        shots(page, "keyboard-02-thursday")
    finally:
        close_context(context)
