"""The headless command line, run in-process with typer's runner against a temp data dir."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from assistant.events import EventKind
from tests.conftest import run_cli


def chat(*args: str) -> dict[str, Any]:
    result = run_cli("chat", "--json", *args)
    assert result.exit_code == 0, result.output
    reply: dict[str, Any] = json.loads(result.stdout)
    return reply


def log_of(user: str, thread: str) -> list[dict[str, Any]]:
    result = run_cli("log", "--user", user, "--thread", thread, "--json")
    assert result.exit_code == 0, result.output
    events: list[dict[str, Any]] = json.loads(result.stdout)
    return events


def test_chat_runs_the_monday_conversation_and_a_retry_books_once(cli_env: Path) -> None:
    found = chat(
        "--user",
        "alice",
        "--thread",
        "mon",
        "--turn-id",
        "t1",
        "--at",
        "2026-11-09T09:00",
        "Find me flights to Lisbon on the 14th",
    )
    assert found["tool_calls"][0]["name"] == "search_flights" and "TP1343" in found["reply"]
    assert found["tokens"]["prompt"] > 0 and found["context"]["policy"] == "summary-block"
    args = [
        "--user",
        "alice",
        "--thread",
        "mon",
        "--turn-id",
        "t2",
        "--at",
        "2026-11-09T09:02",
        "Book option 1, please. By the way, I'm vegetarian.",
    ]
    booked = chat(*args)
    events_after_booking = log_of("alice", "mon")
    retried = chat(*args)
    assert retried["replayed"] and retried["reply"] == booked["reply"]
    assert log_of("alice", "mon") == events_after_booking  # the retry wrote nothing
    booking_results = [e for e in events_after_booking if e["body"].get("name") == "book_flight"]
    assert len(booking_results) == 1
    kinds = [e["kind"] for e in events_after_booking if e["turn"] == "t2"]
    assert kinds.index("user") < kinds.index("tool:1.1") < kinds.index("assistant")


def test_text_mode_prints_the_reply(cli_env: Path) -> None:
    result = run_cli("chat", "--user", "alice", "--thread", "hello", "Hello there")
    assert result.exit_code == 0 and "Where would you like to go?" in result.stdout


@pytest.mark.parametrize(
    "bad", ["../etc", "a/b", "a b", "x' OR '1'='1", "tab\there", "nul\x00", "", "é" * 3, "a" * 65]
)
def test_bad_ids_are_refused_with_a_clear_error_and_nothing_written(cli_env: Path, bad: str) -> None:
    for args in (
        ["--user", bad, "--thread", "t"],
        ["--user", "alice", "--thread", bad],
        ["--user", "alice", "--thread", "t", "--turn-id", bad],
    ):
        result = run_cli("chat", *args, "Hello")
        assert result.exit_code == 2, result.output
        assert "invalid" in result.stderr and "id" in result.stderr
    assert not (cli_env / "data" / "travel.db").exists() or log_of_missing(cli_env)


def log_of_missing(cli_env: Path) -> bool:
    import sqlite3

    con = sqlite3.connect(cli_env / "data" / "travel.db")
    try:
        count: int = con.execute("select count(*) from events").fetchone()[0]
        return count == 0
    finally:
        con.close()


@pytest.mark.parametrize("message", ["", "   ", "x" * 4001])
def test_empty_or_oversized_messages_are_refused(cli_env: Path, message: str) -> None:
    result = run_cli("chat", "--user", "alice", "--thread", "t", message)
    assert result.exit_code == 2 and "message" in result.stderr
    assert log_of_missing(cli_env)


def said(user: str, thread: str) -> list[str]:
    return [e["body"]["text"] for e in log_of(user, thread) if e["kind"] == EventKind.USER]


def test_thread_names_are_each_users_own_so_nobody_can_claim_one_first(cli_env: Path) -> None:
    bobs = chat("--user", "bob", "--thread", "tue", "Mine now")  # bob takes the name first
    alices = chat("--user", "alice", "--thread", "tue", "Hello")  # and alice's "tue" still works
    assert bobs["thread_id"] != alices["thread_id"]
    assert all(t["thread_id"].startswith("n_") for t in (bobs, alices))  # never a UUID the web accepts
    assert said("alice", "tue") == ["Hello"] and said("bob", "tue") == ["Mine now"]


def test_another_user_naming_a_web_thread_gets_a_clear_error(cli_env: Path) -> None:
    web_thread = "7c0a8a4e-5f0e-4c51-9a55-0f8d1c2b3a4d"  # a browser's id is taken as it is
    chat("--user", "alice", "--thread", web_thread, "Hello")
    result = run_cli("chat", "--user", "bob", "--thread", web_thread, "Let me in")
    assert result.exit_code == 1 and "not available to user bob" in result.stderr
    assert said("alice", web_thread) == ["Hello"]
    assert run_cli("log", "--user", "bob", "--thread", web_thread).exit_code == 1


def test_at_sets_the_clock_of_the_turn(cli_env: Path) -> None:
    chat("--user", "alice", "--thread", "t", "--at", "2026-11-09T09:00:00", "Hello")
    assert all(e["created_at"].startswith("2026-11-09T09:00") for e in log_of("alice", "t"))
    assert run_cli("chat", "--user", "alice", "--thread", "t", "--at", "next tuesday", "Hi").exit_code == 2


@pytest.mark.slow
def test_a_reader_that_stops_early_does_not_fail_the_turn(cli_env: Path) -> None:
    """``chat … | head -c 5``: the rest of the reply goes nowhere, the command still succeeds, and the turn is
    logged whole (the same turn id replays it)."""
    message = "Find me flights to Lisbon on the 14th"
    argv = ["chat", "--user", "alice", "--thread", "lisbon", "--turn-id", "t1", message]
    env = {**os.environ, "OFFLINE_STREAM_DELAY_MS": "30"}  # the reply streams for a second or so
    proc = subprocess.Popen(
        [sys.executable, "-m", "travel_assistant.cli.main", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=cli_env,
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.read(5).decode()
    proc.stdout.close()  # the reader goes away mid-reply
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0, err
    assert "error" not in err.lower()
    replay = chat("--user", "alice", "--thread", "lisbon", "--turn-id", "t1", message)
    assert replay["replayed"] is True
    assert replay["reply"].startswith(first) and len(replay["reply"]) > 40


def test_lists_show_the_thread_name_and_short_fact_ids(cli_env: Path) -> None:
    said = run_cli("chat", "--user", "alice", "--thread", "h1", "Remember that I prefer aisle seats")
    assert said.exit_code == 0, said.output
    listed = run_cli("memories", "list", "--user", "alice")
    [fact] = json.loads(run_cli("memories", "list", "--user", "alice", "--json").stdout)
    assert "source h1 " in listed.stdout and f"[{fact['id'][:8]}]" in listed.stdout
    assert fact["source"] == "h1" and fact["source_thread"] not in listed.stdout
    assert fact["id"] not in listed.stdout
    exported = json.loads(run_cli("memories", "export", "--user", "alice").stdout)
    assert exported["stores"]["facts (LanceDB)"][0]["source_thread_title"] == "h1"
    forgot = run_cli("memories", "forget", "--user", "alice", fact["id"][:8])  # the short id, as listed
    assert forgot.exit_code == 0 and "forgot 1 version(s)" in forgot.stdout
    assert run_cli("memories", "forget", "--user", "alice", fact["id"][:8]).exit_code == 1  # gone


def test_a_home_airport_outside_the_demo_catalogue_is_remembered_and_searched_from(cli_env: Path) -> None:
    chat("--user", "bo", "--thread", "t", "--at", "2026-11-09T09:00", "Remember that my home airport is BOS.")
    found = chat(
        "--user", "bo", "--thread", "t2", "--at", "2026-11-10T09:00", "Find me flights to Lisbon on the 14th"
    )
    search = found["tool_calls"][0]
    assert search["name"] == "search_flights" and json.loads(search["arguments"]).get("origin") == "BOS", (
        found
    )
    assert "BOS" in found["reply"] and "unknown origin" not in found["reply"]
