"""Removing one of your own messages from the browser: the Account answer (or ``/redact``) lists them, one click
redacts it everywhere it was copied, the page shows it removed at once and after a reload."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import LoginAs
from tests.browser.helpers import (
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

PRIVATE = "My sister Ines lives at Rua das Flores 12, can I stay near her?"


def test_a_user_removes_one_of_their_messages_from_the_record(login_as: LoginAs, server: Server) -> None:
    created = cli(server, "users", "add", "gina", "--password", "gina-demo-pass")
    assert created.returncode == 0, created.describe()
    page = login_as("gina", "gina-demo-pass")
    send(page, SEARCH)
    send(page, PRIVATE)
    thread = thread_id_of(page)
    assert thread is not None

    # From the Account command's answer (typing /redact lists the same).
    account = open_account(page)
    [listed] = click_action(page, account.get_by_role("button", name="Remove one of my messages"))
    assert listed.startswith("Which message should I remove?"), listed
    offer = assistant_messages(page).last
    # Newest first; each button names the message it removes.
    remove = offer.get_by_role("button", name="Remove “My sister Ines lives at Rua das Flores 12, can I")
    expect(offer.get_by_role("button", name=f"Remove “{SEARCH}”")).to_be_visible()
    [done] = click_action(page, remove)
    assert done.startswith("Removed your message from the record"), done
    expect(page.get_by_text("Rua das Flores")).to_have_count(0)  # replaced on the page at once
    expect(page.get_by_text("[message removed]").first).to_be_visible()

    logged = cli(server, "log", "--user", "gina", "--thread", thread, "--json").json()
    assert "Rua das Flores" not in str(logged) and "Ines" not in str(logged)
    assert any(e["kind"] == "redaction" for e in logged), [e["kind"] for e in logged]
    assert any(e["body"].get("text") == SEARCH for e in logged)  # the other message is untouched

    page.reload()
    page.wait_for_selector("#chat-input")
    expect(page.get_by_text("[message removed]").first).to_be_visible()
    expect(page.get_by_text("Rua das Flores")).to_have_count(0)
