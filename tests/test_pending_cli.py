"""``memories list`` shows what the gate asked about under "Should I remember this?"; keep and discard settle it."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import run_cli

UNSURE = "Remember that I'm weirdly devoted to the window seat"


def pending_rows(user: str) -> list[dict[str, str]]:
    rows = json.loads(run_cli("memories", "list", "--user", user, "--json").stdout)
    return [r for r in rows if r["status"] == "pending"]


def test_an_unsure_statement_is_listed_to_confirm_and_kept_on_request(cli_env: Path) -> None:
    said = run_cli("chat", "--user", "alice", "--thread", "a", UNSURE)
    assert said.exit_code == 0, said.output
    [row] = pending_rows("alice")
    assert (row["type"], row["value"]) == ("seat", "window")
    listed = run_cli("memories", "list", "--user", "alice").stdout
    assert "(nothing remembered)" in listed and "Should I remember this?" in listed
    assert run_cli("memories", "keep", "--user", "bob", row["id"]).exit_code == 1  # not bob's
    assert run_cli("memories", "keep", "--user", "alice", row["id"]).exit_code == 0
    rows = json.loads(run_cli("memories", "list", "--user", "alice", "--json").stdout)
    assert [(r["value"], r["status"], r["asserted_by"]) for r in rows] == [
        ("window", "current", "user_confirmed")
    ]


def test_discard_forgets_the_question_and_keeps_nothing(cli_env: Path) -> None:
    assert run_cli("chat", "--user", "alice", "--thread", "a", UNSURE).exit_code == 0
    [row] = pending_rows("alice")
    assert run_cli("memories", "discard", "--user", "alice", row["id"]).exit_code == 0
    assert json.loads(run_cli("memories", "list", "--user", "alice", "--json").stdout) == []
    assert run_cli("memories", "discard", "--user", "alice", row["id"]).exit_code == 1  # already gone
