"""A conversation had in the browser, saved as a scenario from the Account command, replays headless with the same
replies (``travel-assistant scenario run FILE`` in a fresh data directory)."""

from __future__ import annotations

import json
import re

import pytest
import yaml
from playwright.sync_api import expect

from tests.browser.conftest import LoginAs
from tests.browser.helpers import (
    BOOK,
    DOWNLOADS,
    SEARCH,
    Server,
    assistant_messages,
    cli,
    click_action,
    open_account,
    send,
    thread_id_of,
)

pytestmark = pytest.mark.browser


def _shown(reply: str) -> str:
    """A reply's words as the page shows them: markdown renders "1." as a list and joins soft line breaks."""
    return " ".join(re.sub(r"(?m)^\d+\.\s*", "", reply).split())


def test_a_conversation_saved_in_the_browser_replays_headless_with_the_same_replies(
    login_as: LoginAs, server: Server
) -> None:
    created = cli(server, "users", "add", "frank", "--password", "frank-demo-pass")
    assert created.returncode == 0, created.describe()
    page = login_as("frank", "frank-demo-pass")
    replies = [send(page, SEARCH), send(page, BOOK)]
    thread = thread_id_of(page)
    assert thread is not None and "I found 3 flights" in replies[0] and "Booked!" in replies[1], replies

    save = open_account(page).get_by_role("button", name="Save this conversation as a scenario")
    [note] = click_action(page, save)
    assert "travel-assistant scenario run FILE" in note, note
    link = assistant_messages(page).last.get_by_text(f"scenario-{thread[:8]}.yaml")
    expect(link).to_be_visible()
    with page.expect_download() as download_info:
        link.click()
    DOWNLOADS.mkdir(parents=True, exist_ok=True)
    saved = DOWNLOADS / download_info.value.suggested_filename
    download_info.value.save_as(saved)

    recorded = yaml.safe_load(saved.read_text(encoding="utf-8"))
    said = [s["say"] for s in recorded["steps"] if "say" in s]
    assert said == [SEARCH, BOOK]
    expected = [e["reply"] for s in recorded["steps"] for e in s.get("expect", []) if "reply" in e]
    # The file holds the replies the browser showed (as the page renders them).
    assert [_shown(r) for r in expected] == [_shown(r) for r in replies]

    # Replayed headless, in a data directory of its own (``scenario run`` makes one), with the same replies.
    replay = cli(server, "scenario", "run", str(saved), "--json")
    assert replay.returncode == 0, replay.describe()
    [report] = json.loads(replay.stdout)
    assert report["ok"] and report["failed"] == 0, report
