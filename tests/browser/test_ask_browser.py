"""An ask is one question in the conversation: a fact the write gate was unsure of is asked about when the
user's next chat opens, with Keep and Not now; Keep makes it a current fact (the panel shows it), Not now
discards it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import LoginAs
from tests.browser.helpers import Server, Shots, assistant_messages, cli, click_action, send
from tests.browser.panel_helpers import fact_card, open_panel

pytestmark = pytest.mark.browser

# Statements the gate is unsure of ("weirdly devoted": an unknown linking phrase; "haha": maybe a joke).
WINDOW = "Remember that I'm weirdly devoted to the window seat"
VEGAN = "Remember that I'm vegan haha"


def _facts(server: Server, user: str) -> list[tuple[str, str, str]]:
    rows: list[dict[str, Any]] = cli(server, "memories", "list", "--user", user, "--json").json()
    return [(r["value"], r["status"], r["asserted_by"]) for r in rows]


def _unsure(server: Server, user: str, *texts: str) -> None:
    """A new user who said ``texts`` (preferences the gate is unsure of) in one conversation of the shell."""
    created = cli(server, "users", "add", user, "--password", f"{user}-demo-pass")
    assert created.returncode == 0, created.describe()
    for text in texts:
        _say(server, user, "a", text)


def _say(server: Server, user: str, thread: str, text: str) -> None:
    said = cli(server, "chat", "--user", user, "--thread", thread, text)
    assert said.returncode == 0, said.describe()


def _question(page: Page, text: str) -> Locator:
    question = assistant_messages(page).filter(has_text=text)
    expect(question).to_have_count(1)
    return question


def test_a_new_chat_asks_about_an_unsure_fact_and_keep_or_not_now_settles_it(
    login_as: LoginAs, server: Server, shots: Shots
) -> None:
    _unsure(server, "ivy", WINDOW)
    assert _facts(server, "ivy") == [("window", "pending", "user_confirmed")]

    page = login_as("ivy", "ivy-demo-pass")
    question = _question(
        page, "Last time you mentioned your seat preference: window — shall I remember that?"
    )
    keep = question.get_by_role("button", name="Keep", exact=True)
    not_now = question.get_by_role("button", name="Not now", exact=True)
    expect(keep).to_be_visible()
    expect(not_now).to_be_visible()
    expect(question.get_by_role("button")).to_have_count(2)
    shots(page, "ask-01-question")

    assert click_action(page, keep) == ["Kept: I'll remember your seat preference: window."]
    expect(keep).to_have_count(0)  # answered: both buttons go
    expect(not_now).to_have_count(0)
    assert _facts(server, "ivy") == [("window", "current", "user_confirmed")]
    # The conversation is listed, named as any new one until the user's first message names it.
    threads = page.locator('a[href^="/thread/"]')
    expect(threads.filter(has_text="New conversation")).to_have_count(1)
    expect(threads.filter(has_text="answer_ask")).to_have_count(0)
    panel = open_panel(page)
    expect(fact_card(panel, "window")).to_contain_text("you asked me to remember it")
    shots(page, "ask-02-kept")

    # Another unsure fact: the next chat asks about it alone, and Not now discards it.
    _say(server, "ivy", "b", VEGAN)
    page.goto(server.base_url + "/")
    question = _question(page, "Last time you mentioned your dietary needs: vegan — shall I remember that?")
    not_now = question.get_by_role("button", name="Not now", exact=True)
    assert click_action(page, not_now) == ["Not kept: I won't remember your dietary needs: vegan."]
    expect(question.get_by_role("button")).to_have_count(0)
    assert _facts(server, "ivy") == [("window", "current", "user_confirmed")]
    # The conversation goes on as any other, and is named by the user's first message; opened again, it
    # shows the question and the answer as they were said.
    assert "TP1343" in send(page, "Find me flights to Lisbon on the 14th")
    expect(page).to_have_url(re.compile(r"/thread/[0-9a-f-]{36}$"))
    page.reload()
    expect(page.locator('a[href^="/thread/"]').filter(has_text="Find me flights to Lisbon")).to_have_count(1)
    said = assistant_messages(page)
    expect(said.first).to_contain_text("Last time you mentioned your dietary needs: vegan")
    expect(said.nth(1)).to_contain_text("Not kept: I won't remember your dietary needs: vegan.")
    expect(page.get_by_role("button", name="Not now", exact=True)).to_have_count(0)

    # Nothing is left to ask: the next chat opens as usual.
    page.goto(server.base_url + "/")
    page.wait_for_selector("#command-Memories", state="attached")
    page.wait_for_timeout(1500)  # the question, had there been one, follows the commands within a moment
    expect(assistant_messages(page)).to_have_count(0)


def test_several_unsure_facts_are_asked_in_one_message_each_with_its_own_buttons(
    login_as: LoginAs, server: Server, shots: Shots
) -> None:
    _unsure(server, "jo", WINDOW, VEGAN)

    page = login_as("jo", "jo-demo-pass")
    question = _question(page, "Shall I remember them?")
    expect(question).to_contain_text("Seat preference: window")
    expect(question).to_contain_text("Dietary needs: vegan")
    expect(question.get_by_role("button")).to_have_count(4)
    shots(page, "ask-03-several")
    keep_vegan = question.get_by_role("button", name="Keep dietary needs: vegan", exact=True)
    assert click_action(page, keep_vegan) == ["Kept: I'll remember your dietary needs: vegan."]
    expect(question.get_by_role("button")).to_have_count(2)  # the window's two are still there
    assert ("vegan", "current", "user_confirmed") in _facts(server, "jo")
    assert ("window", "pending", "user_confirmed") in _facts(server, "jo")
