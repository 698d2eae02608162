"""Redacting a logged message: scrubbed in place everywhere it was copied, facts from it purged, audited."""

from __future__ import annotations

import asyncio
import json
import subprocess
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from assistant.errors import NotFound
from assistant.ids import ThreadId, TurnId, UserId, UserScope
from assistant.turns import TurnRequest
from memory.redaction import REDACTION, TITLE_REMOVED, RedactionReport, redact_message
from scheduler.jobs import promote_idle
from tests.conftest import MONDAY, run_cli

if TYPE_CHECKING:
    from travel_assistant.container import Runtime

ALICE, BOB = UserId("alice"), UserId("bob")
CANARY = "qx7redactme"
SAID = f"By the way, I'm vegetarian and my locker code is {CANARY} at the gym."


def chat(rt: Runtime, user: UserId, thread: str, turn: str, text: str, minutes: int = 0) -> None:
    at = MONDAY + timedelta(minutes=minutes)
    asyncio.run(
        rt.engine.run_turn(
            TurnRequest(user=user, thread=ThreadId(thread), turn=TurnId(turn), text=text, now=at)
        )
    )


def _grep(folder: Path, needle: str) -> list[str]:
    out = subprocess.run(["grep", "-r", "-a", "-l", needle, str(folder)], capture_output=True, text=True)
    return out.stdout.split()


def redact(rt: Runtime, user: UserId = ALICE, turn: str = "t1", actor: str = "user:alice") -> RedactionReport:
    return redact_message(
        db=rt.db,
        facts=rt.facts,
        registry=rt.registry,
        user=user,
        thread=ThreadId("mon"),
        turn=TurnId(turn),
        actor=actor,
        now=MONDAY + timedelta(days=1),
    )


@pytest.fixture
def told(runtime: Runtime) -> Runtime:
    """Alice's first message holds a canary; the assistant saw it, a fact was promoted from it."""
    chat(runtime, ALICE, "mon", "t1", SAID)
    chat(runtime, ALICE, "mon", "t2", "Find me flights to Lisbon on the 14th", 1)
    asyncio.run(promote_idle(runtime.job_deps("test"), MONDAY + timedelta(hours=1)))
    assert [f.value for f in runtime.fact_memory.current(UserScope(ALICE))] == ["vegetarian"]
    return runtime


def test_a_redacted_message_is_gone_from_the_log_the_title_and_facts(told: Runtime) -> None:
    rt = told
    report = redact(rt)
    assert not report.already_redacted and report.fact_versions_deleted == 1 and report.title_reset
    events = rt.thread_log.events(ThreadId("mon"))
    assert CANARY not in json.dumps([dict(e.body) for e in events])
    [user_event] = [e for e in events if e.turn_id == "t1" and e.kind == "user"]
    assert user_event.body == {"text": "[message removed]", "redacted": True}
    assert [e.body for e in events if e.kind == REDACTION] == [{"by": "user"}]
    thread = rt.directory.get_thread(ALICE, ThreadId("mon"))
    assert thread is not None and thread.title == TITLE_REMOVED
    assert rt.fact_memory.current(UserScope(ALICE)) == []
    assert rt.facts.rows_in_any_version(UserScope(ALICE)) == 0
    # Not in the SQLite file or its WAL, not in any LanceDB file or version.
    assert _grep(rt.settings.travel_data_dir, CANARY) == []
    trail = rt.registry.audit_trail(ALICE)
    assert trail[-1]["action"] == "redact_message" and trail[-1]["actor"] == "user:alice"
    assert CANARY not in json.dumps(trail) and "vegetarian" not in json.dumps(trail)


def test_the_thread_goes_on_after_a_redaction(told: Runtime) -> None:
    chat(told, ALICE, "mon", "t3", "Show me my bookings", 5)
    kinds = [e.kind for e in told.thread_log.events(ThreadId("mon")) if e.turn_id == "t3"]
    assert kinds[0] == "user" and "assistant" in kinds


def test_redaction_is_idempotent_and_owner_checked(told: Runtime) -> None:
    redact(told)
    again = redact(told)
    assert again.already_redacted and len(told.registry.audit_trail(ALICE)) == 1
    with pytest.raises(NotFound):
        redact(told, user=BOB)  # another user's thread looks like a missing one
    with pytest.raises(NotFound):
        redact(told, turn="nope")


def test_the_cli_redacts_a_message(cli_env: Path) -> None:
    assert run_cli("chat", "--user", "alice", "--thread", "mon", "--turn-id", "t1", SAID).exit_code == 0
    result = run_cli("log", "redact", "--user", "alice", "--thread", "mon", "--turn", "t1")
    assert result.exit_code == 0, result.output
    shown = run_cli("log", "--user", "alice", "--thread", "mon")
    assert CANARY not in shown.output and "[message removed]" in shown.output
    refused = run_cli("log", "redact", "--user", "bob", "--thread", "mon", "--turn", "t1")
    # Named as bob named it: the internal id of a thread name is never shown.
    assert refused.exit_code == 1 and "thread mon not found for user bob" in refused.output
    assert "n_" not in refused.output
