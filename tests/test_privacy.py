"""Export and erasure across every store, verified gone; the registry cannot miss a table; an audit trail."""

from __future__ import annotations

import asyncio
import json
import subprocess
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from sqlalchemy import inspect

from assistant.ids import ThreadId, TurnId, UserId, UserScope
from assistant.turns import TurnRequest
from memory.registry import FACTS_STORE, NOT_USER_DATA, registered_sql_tables
from scheduler.jobs import promote_idle
from tests.conftest import MONDAY, run_cli

if TYPE_CHECKING:
    from memory.db import Database
    from travel_assistant.container import Runtime

ALICE, BOB = UserId("alice"), UserId("bob")
CANARY = "zq9canary7x"


def chat(rt: Runtime, user: UserId, thread: str, turn: str, text: str, minutes: int = 0) -> None:
    at = MONDAY + timedelta(minutes=minutes)
    request = TurnRequest(user=user, thread=ThreadId(thread), turn=TurnId(turn), text=text, now=at)
    asyncio.run(rt.engine.run_turn(request))


def populate(rt: Runtime) -> None:
    """Alice and Bob each have threads, tool results, a booking, a promoted fact and an explicit fact."""
    for user in (ALICE, BOB):
        chat(rt, user, f"{user}-1", "t1", "Find me flights to Lisbon on the 14th")
        chat(
            rt,
            user,
            f"{user}-1",
            "t2",
            f"Book option 1, please. By the way, I'm vegetarian. {CANARY}-{user}",
            2,
        )
        chat(rt, user, f"{user}-2", "t1", f"Remember that I prefer aisle seats {CANARY}-{user}", 3)
    asyncio.run(promote_idle(rt.job_deps("test"), MONDAY + timedelta(hours=1)))


def test_every_table_with_user_data_is_registered(database: Database) -> None:
    """Fails the build when someone adds a table holding user data without registering it for export/erasure."""
    registered = registered_sql_tables()
    for table in inspect(database.engine).get_table_names():
        columns = {c["name"] for c in inspect(database.engine).get_columns(table)}
        if table in registered:
            assert registered[table] in columns
            continue
        assert table in NOT_USER_DATA, f"table {table!r} is neither registered nor declared free of user data"
        assert not columns & {"user_id", "owner", "owner_id", "author", "identifier"}, table


def test_export_holds_all_of_the_users_data_and_nothing_of_anyone_else(runtime: Runtime) -> None:
    populate(runtime)
    export = runtime.registry.export(ALICE, now=MONDAY)
    text = json.dumps(export)
    assert f"{CANARY}-alice" in text and f"{CANARY}-bob" not in text and '"bob' not in text
    stores = export["stores"]
    assert set(stores) == {*registered_sql_tables(), FACTS_STORE}
    assert {t["id"] for t in stores["threads"]} == {"alice-1", "alice-2"}
    assert len(stores["bookings"]) == 1 and stores["users"][0]["id"] == "alice"
    assert "password_hash" not in stores["users"][0]
    assert {f["value"] for f in stores[FACTS_STORE]} == {"vegetarian", "aisle"}
    assert any(e["kind"] == "tool:1.1" for e in stores["events"])


def _grep(folder: Path, needle: str) -> list[str]:
    out = subprocess.run(["grep", "-r", "-a", "-l", needle, str(folder)], capture_output=True, text=True)
    return out.stdout.split()


def test_erasure_leaves_no_trace_of_the_user_in_any_store_version_or_file(runtime: Runtime) -> None:
    populate(runtime)
    data = runtime.settings.travel_data_dir
    runtime.db.checkpoint()
    assert _grep(data, f"{CANARY}-alice")  # on disk before erasure: SQL file and LanceDB data files
    report = runtime.registry.erase(ALICE, actor="test", now=MONDAY + timedelta(days=1))
    assert report.verified and report.counts["users"] == 1 and report.counts[FACTS_STORE] >= 2
    assert all(n == 0 for n in runtime.registry.counts(ALICE).values())
    assert runtime.facts.rows_in_any_version(UserScope(ALICE)) == 0
    assert _grep(data, f"{CANARY}-alice") == []  # SQLite pages, WAL, LanceDB versions and indexes
    assert _grep(data, f"{CANARY}-bob")  # bob is untouched
    assert (
        runtime.registry.counts(BOB)["events"] > 0 and len(runtime.fact_memory.current(UserScope(BOB))) == 2
    )


def test_an_interrupted_erasure_completes_on_retry(runtime: Runtime, monkeypatch: pytest.MonkeyPatch) -> None:
    populate(runtime)
    registry = runtime.registry
    original = registry.db.write

    def crash_in_sql_phase() -> Any:
        raise RuntimeError("power cut after the fact store was purged")

    monkeypatch.setattr(registry.db, "write", crash_in_sql_phase)
    with pytest.raises(RuntimeError):
        registry.erase(ALICE, actor="test", now=MONDAY)
    monkeypatch.setattr(registry.db, "write", original)
    assert runtime.facts.count(UserScope(ALICE)) == 0 and registry.counts(ALICE)["events"] > 0  # half done
    assert registry.audit_trail(ALICE) == []  # no audit claims success before it is true
    report = registry.erase(ALICE, actor="test", now=MONDAY)
    assert report.verified and all(n == 0 for n in registry.counts(ALICE).values())
    assert [a["action"] for a in registry.audit_trail(ALICE)] == ["erase_user"]


def test_the_audit_record_survives_erasure_and_holds_no_content(runtime: Runtime) -> None:
    populate(runtime)
    runtime.registry.erase(ALICE, actor="admin:cli", now=MONDAY + timedelta(days=2))
    [record] = runtime.registry.audit_trail(ALICE)
    assert record["actor"] == "admin:cli" and record["action"] == "erase_user"
    assert record["details"]["deleted"]["users"] == 1 and record["details"]["deleted"]["events"] > 0
    dumped = json.dumps(record)
    assert (
        CANARY not in dumped and "vegetarian" not in dumped and "alice" not in dumped.replace("admin:cli", "")
    )
    assert runtime.registry.audit_trail(BOB) == []


def test_deleting_a_thread_keeps_the_facts_it_sourced(runtime: Runtime) -> None:
    populate(runtime)
    runtime.directory.delete_thread(ALICE, ThreadId("alice-1"))
    assert runtime.thread_log.events(ThreadId("alice-1")) == []
    facts = runtime.fact_memory.current(UserScope(ALICE))
    assert {f.value for f in facts} == {
        "vegetarian",
        "aisle",
    }  # the user chose them; deleting them is explicit
    assert next(f for f in facts if f.value == "vegetarian").source_thread == "alice-1"


def test_forgetting_one_fact_purges_it_from_every_version(runtime: Runtime) -> None:
    populate(runtime)
    scope = UserScope(ALICE)
    veg = next(f for f in runtime.fact_memory.current(scope) if f.value == "vegetarian")
    assert runtime.fact_memory.forget(scope, veg.id) == 1
    assert [f.value for f in runtime.fact_memory.current(scope)] == ["aisle"]
    remaining = runtime.facts.rows_in_any_version(scope)
    assert remaining == 1  # only the aisle fact, in the single retained version
    assert (
        _grep(
            runtime.settings.travel_data_dir / "lancedb", "By the way, I'm vegetarian. " + CANARY + "-alice"
        )
        == []
    )


def test_cli_export_forget_and_erase(cli_env: Path) -> None:
    assert (
        run_cli("chat", "--user", "alice", "--thread", "a", "Remember that I prefer aisle seats").exit_code
        == 0
    )
    assert (
        run_cli("chat", "--user", "bob", "--thread", "b", "Remember that I prefer window seats").exit_code
        == 0
    )
    listed = json.loads(run_cli("memories", "list", "--user", "alice", "--json").stdout)
    assert [(r["value"], r["status"], r["version"]) for r in listed] == [("aisle", "current", 1)]
    out = cli_env / "alice.json"
    assert run_cli("memories", "export", "--user", "alice", "--out", str(out)).exit_code == 0
    exported = json.loads(out.read_text())
    assert exported["user"] == "alice" and "window seats" not in out.read_text()
    assert run_cli("memories", "forget", "--user", "bob", listed[0]["id"]).exit_code == 1  # not bob's fact
    assert run_cli("memories", "forget", "--user", "alice", listed[0]["id"]).exit_code == 0
    assert json.loads(run_cli("memories", "list", "--user", "alice", "--json").stdout) == []
    erased = run_cli("users", "erase", "bob", "--json")
    assert erased.exit_code == 0 and json.loads(erased.stdout)["verified"] is True
    assert json.loads(run_cli("memories", "export", "--user", "bob").stdout)["stores"]["events"] == []
