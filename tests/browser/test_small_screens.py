"""At 390x844 (a phone): the chat, the memory panel and its verdicts, and the account actions are legible (no
text under 12 px, nothing wider than the screen) and have no serious or critical axe-core violations; the
screenshots go to the README too."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.a11y import axe_violations, describe
from tests.browser.conftest import close_context, open_context
from tests.browser.helpers import (
    ASSISTANT_MSG,
    Monday,
    Server,
    Shots,
    cli,
    new_page,
    open_account,
    run_monday,
    submit_login,
)
from tests.browser.panel_helpers import PANEL, PHONE, fact_card, open_panel, show_tab

pytestmark = pytest.mark.browser
PASSWORD = "lena-demo-pass"

LEGIBILITY = """(root) => {
    const small = [], wide = [];
    const width = document.documentElement.clientWidth;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
        const node = walker.currentNode, el = node.parentElement;
        if (!el || !node.textContent.trim()) continue;
        const box = el.getBoundingClientRect(), style = getComputedStyle(el);
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
        if (el.closest('.sr-only, .ta-sr-only')) continue;
        if (parseFloat(style.fontSize) < 12) small.push(`${node.textContent.trim().slice(0, 40)} (${style.fontSize})`);
        if (box.right > width + 1) wide.push(node.textContent.trim().slice(0, 40));
    }
    return {small, wide};
}"""


def legibility(page: Page, selector: str = "body") -> dict[str, list[str]]:
    result: dict[str, list[str]] = page.locator(selector).first.evaluate(LEGIBILITY)
    return result


def _assert_legible(page: Page, selector: str = "body") -> None:
    # On a phone the panel is a sheet that slides in from the right: measure once it has arrived.
    page.wait_for_function(
        "(sel) => { const box = document.querySelector(sel).getBoundingClientRect();"
        " return box.left >= 0 && box.right <= document.documentElement.clientWidth + 1; }",
        arg=selector,
    )
    page.wait_for_timeout(300)
    found = legibility(page, selector)
    assert found == {"small": [], "wide": []}, found
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], (
        "the page scrolls sideways"
    )


@pytest.fixture(scope="module")
def lena(browser: Browser, server: Server) -> Monday:
    """Lena's own Monday and its promotion, so no other test's deletions can change what these tests see.
    (Typed on a desktop: a phone's collapsed conversation list does not move the page to the new thread's
    address, which the tests below open.)"""
    created = cli(server, "users", "add", "lena", "--password", PASSWORD)
    assert created.returncode == 0, created.describe()
    context = open_context(browser, server)
    try:
        page = new_page(context)
        submit_login(page, server.base_url, "lena", PASSWORD)
        page.wait_for_selector("#chat-input")
        monday = run_monday(page)
    finally:
        close_context(context)
    at = datetime.now(UTC) + timedelta(minutes=31)
    report = cli(server, "jobs", "promote", "--at", at.isoformat(timespec="seconds"), "--json").json()
    assert report["errors"] == 0, report
    return monday


@pytest.fixture
def phone(browser: Browser, server: Server, lena: Monday) -> Iterator[Page]:
    context = open_context(browser, server, viewport=PHONE)
    page = new_page(context)
    submit_login(page, server.base_url, "lena", PASSWORD)
    page.wait_for_selector("#chat-input")
    yield page
    close_context(context)


def test_the_chat_and_the_panel_are_legible_on_a_phone(
    phone: Page, server: Server, shots: Shots, lena: Monday
) -> None:
    page = phone
    page.goto(f"{server.base_url}/thread/{lena.thread_id}")
    expect(page.locator(ASSISTANT_MSG)).to_have_count(2)
    _assert_legible(page)
    shots(page, "phone-01-chat", readme="phone-chat")
    found = axe_violations(page)
    assert found == [], describe(found)

    panel = open_panel(page)
    expect(fact_card(panel, "vegetarian")).to_be_visible()
    _assert_legible(page, PANEL)
    shots(page, "phone-02-panel", readme="phone-memory-panel")
    show_tab(panel, "Promotion log")
    expect(panel.locator("article.ta-verdicts").first).to_contain_text(
        "Task progress: the booking system owns it"
    )
    _assert_legible(page, PANEL)
    shots(page, "phone-03-verdicts", readme="phone-verdicts")
    found = axe_violations(page)  # the whole page, the panel's sheet open over the chat
    assert found == [], describe(found)


def test_the_confirmations_and_account_actions_have_no_serious_violations(phone: Page) -> None:
    page = phone
    panel = open_panel(page)
    veg = fact_card(panel, "vegetarian")
    veg.get_by_role("button", name="Delete Dietary needs: vegetarian").click()
    expect(panel.get_by_role("group").get_by_role("button", name="Keep it")).to_be_focused()
    found = axe_violations(page)
    assert found == [], describe(found)
    panel.get_by_role("group").get_by_role("button", name="Keep it").click()
    expect(veg).to_be_visible()
    page.keyboard.press("Escape")  # on a phone the panel is a sheet over the chat: Escape closes it
    expect(panel).to_be_hidden()
    expect(open_account(page).get_by_role("button", name="Delete my account")).to_be_visible()
    _assert_legible(page)
    found = axe_violations(page)
    assert found == [], describe(found)
