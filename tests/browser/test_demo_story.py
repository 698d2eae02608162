"""What a stakeholder demo shows, checked as a viewer sees it: a promotion that asks puts a badge on Memories and
says "waiting for you", with the waiting fact first and the gate's own doubt as its reason; recall is a card
(value, date and age, source conversation by title) with no prompt text or id until "What the model saw" is
opened; the send button is announced as Send after a reply; on a phone the header and the panel fit 390 px
with the demo clock shown; and with three conversations in the sidebar and the panel open the whole page has
no serious or critical axe-core violation, on a desktop and on a phone."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.a11y import axe_violations, describe
from tests.browser.conftest import LoginAs
from tests.browser.helpers import (
    DINNER,
    THREAD_LINK,
    Server,
    Shots,
    cli,
    expand_step,
    new_page,
    recall_step,
    send,
    submit_login,
    wait_until_connected,
)
from tests.browser.panel_helpers import (
    CLOCK_INDICATOR,
    PANEL,
    PHONE,
    clock_controls,
    open_panel,
    status_says,
)

pytestmark = pytest.mark.browser
# A conversation's or a turn's id, as the web (a UUID) or the shell (n_ and 40 hex; turns: 32 hex) makes them.
AN_ID = re.compile(
    r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\bn_[0-9a-f]{40}\b|\b[0-9a-f]{32}\b"
)
BADGE = "#memory-header-button .ta-header-badge"
UNSURE = "I'm weirdly devoted to the window seat"  # an unknown linking phrase: the gate asks
SURE = "I'm vegetarian"


def _user(server: Server, name: str, *, admin: bool = False) -> str:
    password = f"{name}-demo-pass"
    made = cli(server, "users", "add", name, "--password", password, *(["--admin"] if admin else []))
    assert made.returncode == 0, made.describe()
    return password


def _chat(server: Server, user: str, thread: str, text: str) -> None:
    said = cli(server, "chat", "--user", user, "--thread", thread, text)
    assert said.returncode == 0, said.describe()


def _promote(server: Server) -> None:
    at = datetime.now(UTC) + timedelta(minutes=31)
    report = cli(server, "jobs", "promote", "--at", at.isoformat(timespec="seconds"), "--json").json()
    assert report["errors"] == 0, report


def test_a_promotion_that_asks_badges_memories_and_recall_reads_as_a_card(
    login_as: LoginAs, server: Server, shots: Shots
) -> None:
    password = _user(server, "nora")
    _chat(server, "nora", "seats", UNSURE)
    _chat(server, "nora", "diet", SURE)
    page = login_as("nora", password)
    wait_until_connected(page)
    expect(page.locator(BADGE)).to_be_hidden()  # nothing waits yet
    panel = open_panel(page)

    _promote(server)
    status_says(panel, "2 conversations checked: 1 kept, 1 waiting for you. See the promotion log.")
    expect(page.locator(BADGE)).to_have_text("1")
    expect(page.locator("#memory-header-button")).to_have_accessible_name("Memories, 1 waiting for you")
    # Decisions first: the waiting fact comes before the current ones, with the gate's own doubt.
    sections = panel.locator("section.ta-asks, [role='tablist']")
    expect(sections.first).to_have_class(re.compile(r"ta-asks"))
    ask = panel.locator("li.ta-ask")
    expect(ask).to_contain_text("Seat preference: window")
    expect(ask).to_contain_text("I wasn't sure: I could not tell for sure that it is about you.")
    shots(page, "demo-01-waiting-for-you")
    ask.get_by_role("button", name="Keep").click()
    expect(page.locator(BADGE)).to_be_hidden()

    # Recall, in a new chat: a card per fact, the prompt and every id behind the toggle.
    page.locator("#new-chat-button").click()
    expect(panel).to_be_visible()  # a new chat keeps the panel open
    wait_until_connected(page)
    send(page, DINNER)
    expect(page.locator("#chat-submit")).to_have_accessible_name("Send message")  # not "Stop"
    header = recall_step(page)
    expect(header).to_have_text(re.compile(r"^\s*Recalled 2 facts\s*$"))
    shown = expand_step(header)
    today = datetime.now(UTC)
    assert f"{today:%a} {today.day} {today:%b %Y} · today" in shown, shown
    assert "vegetarian" in shown and "window" in shown and "Dietary needs" in shown, shown
    # The source is the conversation's title (a shell conversation is titled by its name), never its id; a
    # fact kept from "Should I remember this?" reads as confirmed.
    assert "· from diet" in shown and "· from seats" in shown, shown
    assert "Confirmed" in shown and "Said" in shown, shown
    assert not AN_ID.search(shown) and "memory-data" not in shown, shown
    step = header.locator("xpath=ancestor::div[@data-step-type='tool'][1]")
    expect(step.get_by_role("link", name="diet")).to_have_attribute("href", re.compile(r"^/thread/"))
    step.get_by_role("button", name="What the model saw").click()
    block = step.locator("pre").inner_text()
    assert "<memory-data>" in block and AN_ID.search(block), block  # the model's block, ids and all
    shots(page, "demo-02-recall-card")


@pytest.fixture(scope="module")
def omar(server: Server) -> str:
    """An admin with three conversations (so the sidebar lists several), and the demo clock shown."""
    password = _user(server, "omar", admin=True)
    for thread, text in (("one", "Hello there"), ("two", SURE), ("three", "I prefer aisle seats")):
        _chat(server, "omar", thread, text)
    return password


@pytest.fixture
def omar_phone(browser: Browser, server: Server, omar: str) -> Iterator[Page]:
    """Omar on a phone: mobile emulation, touch and a phone's pixel ratio, at 390x844."""
    phone = browser.new_context(
        base_url=server.base_url,
        viewport=PHONE,  # type: ignore[arg-type]
        is_mobile=True,
        has_touch=True,
        device_scale_factor=3,
    )
    phone.set_default_timeout(30_000)
    page = new_page(phone)
    submit_login(page, server.base_url, "omar", omar)
    wait_until_connected(page)
    yield page
    phone.close()


BOXES = """() => {
    const box = (el) => { const r = el.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.right)]; };
    const header = document.getElementById('header');
    const panel = document.querySelector('section.ta-panel');
    return {
        page: document.documentElement.scrollWidth,
        controls: [...header.querySelectorAll('button, #demo-clock-indicator')]
            .filter((el) => el.getBoundingClientRect().width > 0).map((el) => [el.id, ...box(el)]),
        panel: panel ? box(panel) : null,
    };
}"""


def test_on_a_phone_the_header_and_panel_fit_with_the_clock_shown(omar_phone: Page, shots: Shots) -> None:
    page = omar_phone
    panel = open_panel(page)
    clock_controls(panel).get_by_role("button", name="Thursday 12 Nov, 19:30").click()
    status_says(panel, "The demo clock now reads Thu 12 Nov 2026, 19:30")
    # On a phone the header's clock reads "Thu, 19:30" (the whole date is in its title).
    page.wait_for_function(
        "(sel) => /^Thu, 19:3\\d$/.test(document.querySelector(sel).innerText.trim())", arg=CLOCK_INDICATOR
    )
    page.wait_for_function(
        "() => { const b = document.querySelector('section.ta-panel').getBoundingClientRect();"
        " return b.left >= 0 && b.right <= document.documentElement.clientWidth; }"
    )
    boxes = page.evaluate(BOXES)
    assert boxes["panel"][0] >= 0 and boxes["panel"][1] <= PHONE["width"], boxes
    shots(page, "demo-03-phone-panel")
    found = axe_violations(page)  # the panel's sheet open over the chat
    assert found == [], describe(found)
    page.keyboard.press("Escape")
    expect(page.locator(PANEL)).to_be_hidden()
    boxes = page.evaluate(BOXES)
    assert boxes["page"] <= PHONE["width"], boxes
    ids = {c[0] for c in boxes["controls"]}
    for wanted in ("readme-button", "theme-toggle", "user-nav-button", "memory-header-button"):
        assert wanted in ids, boxes
    assert all(left >= 0 and right <= PHONE["width"] for _id, left, right in boxes["controls"]), boxes
    shots(page, "demo-04-phone-header")
    clock_controls(open_panel(page)).get_by_role("button", name="Back to real time").click()
    expect(page.locator(CLOCK_INDICATOR)).to_have_count(0)


def test_three_chats_and_the_open_panel_have_no_serious_violations_on_a_desktop(
    login_as: LoginAs, omar: str
) -> None:
    page = login_as("omar", omar)
    wait_until_connected(page)
    expect(page.locator(THREAD_LINK)).to_have_count(3)
    assert page.locator("h1").count() == 1
    open_panel(page)
    found = axe_violations(page, known={})  # nothing of Chainlit's is excused any more
    assert found == [], describe(found)
    # Delete stays within keyboard reach: a skip link to the conversations, and Delete on one opens its menu.
    skip = page.get_by_role("link", name="Skip to past conversations")
    first = page.evaluate("() => document.querySelector('a[href], button, input, [tabindex]').id")
    assert first == "ta-skip-to-conversations", first  # the first stop of the page's tab order
    skip.focus()
    page.keyboard.press("Enter")
    expect(page.locator(THREAD_LINK).first).to_be_focused()
    page.keyboard.press("Delete")
    expect(page.get_by_role("menuitem", name="Delete")).to_be_visible()
