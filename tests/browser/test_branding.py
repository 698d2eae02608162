"""The app's own face: name, logos, favicon, avatar, login page, home screen and demo guide, with no Chainlit
branding anywhere; and no serious accessibility violations on the login page, the home screen and a chat.

Screenshots of the login and home screens, light and dark, desktop and phone, go to
``test-artifacts/screenshots/ui-*.png``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Protocol

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.a11y import axe_violations, describe
from tests.browser.conftest import close_context, open_context
from tests.browser.helpers import (
    REPO,
    USERS,
    Server,
    Shots,
    new_page,
    send,
    submit_login,
    tool_step,
    wait_until_connected,
)
from tests.browser.panel_helpers import DESKTOP, PHONE

pytestmark = pytest.mark.browser

VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}
# Each page in both themes on both screens (ids "<theme>-<viewport>").
EVERY_LOOK = pytest.mark.parametrize(
    ("theme", "viewport"), [(theme, viewport) for viewport in VIEWPORTS for theme in ("light", "dark")]
)


class ThemedPage(Protocol):
    """A blank page in a fresh browser context with ``theme`` chosen, at the size of ``viewport``."""

    def __call__(self, theme: str, viewport: str = ...) -> Page: ...


@pytest.fixture
def themed_page(browser: Browser, server: Server) -> Iterator[ThemedPage]:
    contexts = []

    def make(theme: str, viewport: str = "desktop") -> Page:
        context = open_context(browser, server, viewport=VIEWPORTS[viewport], theme=theme)  # type: ignore[arg-type]
        contexts.append(context)
        return new_page(context)

    yield make
    for context in contexts:
        close_context(context)


def visible_branding(page: Page) -> list[str]:
    """Places a visitor could see or hear "Chainlit": text, image names, the title and the share metadata."""
    return list(
        page.evaluate(
            """() => {
            const found = [];
            const say = (where, text) => { if (/chainlit/i.test(text || '')) found.push(`${where}: ${text}`); };
            say('text', document.body.innerText);
            say('title', document.title);
            document.querySelectorAll('img').forEach((img) => { say('img alt', img.alt); say('img src', img.src); });
            document.querySelectorAll('[aria-label]').forEach((el) => say('aria-label', el.getAttribute('aria-label')));
            document.querySelectorAll('meta[content]').forEach((m) => say('meta', m.getAttribute('content')));
            document.querySelectorAll('a[href]').forEach((a) => say('link', a.href));
            return found;
        }"""
        )
    )


def test_logo_favicon_and_avatar_are_ours(anonymous_page: Page, server: Server) -> None:
    request = anonymous_page.context.request
    for route, asset in (
        ("/logo?theme=light", "logo_light.svg"),
        ("/logo?theme=dark", "logo_dark.svg"),
        ("/favicon", "favicon.svg"),
        ("/avatars/Travel%20Assistant", "avatars/travel_assistant.svg"),
        ("/avatars/default", "avatars/travel_assistant.svg"),
    ):
        response = request.get(server.base_url + route)
        assert response.ok, (route, response.status)
        assert response.body() == (REPO / "public" / asset).read_bytes(), f"{route} is not public/{asset}"
        assert response.headers["content-type"].startswith("image/svg+xml"), route


@EVERY_LOOK
def test_the_login_page_is_ours_and_accessible(
    themed_page: ThemedPage, server: Server, shots: Shots, theme: str, viewport: str
) -> None:
    page = themed_page(theme, viewport)
    page.goto(server.base_url + "/login")
    expect(page.locator("#email")).to_be_visible()
    expect(page).to_have_title("Travel Assistant")
    expect(page.locator("html")).to_have_class(re.compile(rf"\b{theme}\b"))
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    expect(page.get_by_label("Username")).to_be_visible()
    expect(page.get_by_role("img", name="Travel Assistant")).to_be_visible()
    page.wait_for_load_state("networkidle")
    shots(page, f"ui-login-{theme}-{viewport}")
    assert visible_branding(page) == []
    found = axe_violations(page)
    assert not found, describe(found)


@EVERY_LOOK
def test_the_home_screen_explains_the_demo_and_offers_the_starters(
    themed_page: ThemedPage, server: Server, shots: Shots, theme: str, viewport: str
) -> None:
    page = themed_page(theme, viewport)
    submit_login(page, server.base_url, "bob", USERS["bob"])
    wait_until_connected(page)
    welcome = page.locator("#welcome-screen")
    expect(welcome.get_by_role("heading", level=1, name="Travel Assistant")).to_be_visible()
    expect(welcome).to_contain_text("See how an assistant should remember.")
    expect(welcome.locator("ol > li")).to_have_text(
        [
            re.compile(r"^Monday: find flights"),
            re.compile(r"^30 idle minutes: "),
            re.compile(r"^Thursday, in a new chat"),
        ]
    )
    for label in ("Find flights", "Book and mention a diet", "Dinner near my hotel"):
        expect(page.get_by_text(label, exact=True)).to_be_visible()
    # The home screen fades in; wait until it is fully drawn before the screenshot.
    page.wait_for_function(
        "() => getComputedStyle(document.querySelector('#welcome-screen')).opacity === '1'"
    )
    page.wait_for_load_state("networkidle")
    heading = welcome.get_by_role("heading", level=1).bounding_box()
    last_starter = page.get_by_text("What do you remember?", exact=True).bounding_box()
    header = page.locator("#header").bounding_box()
    assert heading and last_starter and header
    assert heading["y"] >= header["y"] + header["height"] - 1, "the welcome text is cut off at the top"
    assert last_starter["y"] + last_starter["height"] <= VIEWPORTS[viewport]["height"], (
        "the starters are cut off"
    )
    shots(page, f"ui-home-{theme}-{viewport}")
    assert visible_branding(page) == []
    found = axe_violations(page)
    assert not found, describe(found)


def test_the_demo_guide_replaces_the_readme(themed_page: ThemedPage, server: Server, shots: Shots) -> None:
    page = themed_page("light")
    submit_login(page, server.base_url, "bob", USERS["bob"])
    wait_until_connected(page)
    page.get_by_role("button", name="Demo guide").click()
    guide = page.get_by_role("dialog")
    expect(guide).to_have_accessible_name("Demo guide")
    expect(guide.get_by_role("heading", name="Try this (about five minutes)")).to_be_visible()
    expect(guide).to_contain_text("alice-demo-pass")
    expect(guide).to_contain_text("bob-demo-pass")
    expect(guide).to_contain_text("Any dinner suggestions near my hotel?")
    shots(page, "ui-demo-guide")
    assert visible_branding(page) == []
    found = axe_violations(page)
    assert not found, describe(found)


def test_a_conversation_has_no_serious_accessibility_violations(
    themed_page: ThemedPage, server: Server, shots: Shots
) -> None:
    page = themed_page("light")
    submit_login(page, server.base_url, "bob", USERS["bob"])
    wait_until_connected(page)
    # Not the worked example's wording: bob's sidebar must not hold a "Find me flights to Lisbon" thread, which
    # the isolation test reads as alice's conversation leaking.
    send(page, "Find me flights to Porto on the 20th")
    expect(tool_step(page, "search_flights")).to_be_visible()
    avatar = page.get_by_role("img", name="Avatar for Travel Assistant").first
    expect(avatar).to_be_visible()
    served = page.context.request.get(avatar.evaluate("img => img.src"))
    assert served.body() == (REPO / "public" / "avatars" / "travel_assistant.svg").read_bytes()
    shots(page, "ui-chat-light-desktop")
    assert visible_branding(page) == []
    found = axe_violations(page)
    assert not found, describe(found)
