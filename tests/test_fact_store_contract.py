"""One contract for long-term fact stores: the in-memory twin and LanceDB."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Protocol

import pytest

from assistant.errors import AccessDenied, InvalidId, InvalidInput, StorageError
from assistant.fact_records import Fact, pending_key
from assistant.fact_types import FACT_TYPES
from assistant.ids import UserId, UserScope
from assistant.ports import AskMarks, FactMaintenance, FactStore
from memory.inmemory import InMemoryFactStore
from memory.lance_store import LanceFactStore
from testkit.stored_facts import numbered_fact
from tests.conftest import MONDAY

ALICE, BOB = UserScope.of("alice"), UserScope.of("bob")


class FactBackend(FactStore, FactMaintenance, AskMarks, Protocol):
    """The fact ports: every fact store implements them, and this contract covers them all."""


# Distinct facts of the multi-valued types (each its own key), for tests that need many of one user's.
MULTI = [(t.name, v) for t in FACT_TYPES.values() if t.multi_valued for v in sorted(t.values)]


def fact(
    scope: UserScope,
    n: int,
    *,
    type: str = "dietary",
    value: str = "vegetarian",
    version: int = 1,
    current: bool = True,
) -> Fact:
    return numbered_fact(
        scope.user,
        n,
        type,
        value,
        start=MONDAY,
        version=version,
        expires_at=MONDAY + timedelta(days=365),
        current=current,
    )


@pytest.fixture(params=["memory", "lance"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> FactBackend:
    return (
        InMemoryFactStore()
        if request.param == "memory"
        else LanceFactStore(str(tmp_path / "lance"), embedding="hash")
    )


def test_added_facts_are_listed_in_their_own_scope_only(store: FactBackend) -> None:
    store.add(ALICE, fact(ALICE, 1))
    store.add(BOB, fact(BOB, 2, type="seat", value="aisle"))
    assert [f.value for f in store.list_facts(ALICE)] == ["vegetarian"]
    assert [f.value for f in store.list_facts(BOB)] == ["aisle"]
    assert store.list_facts(UserScope.of("carol")) == []
    listed = store.list_facts(ALICE)[0]
    assert listed == fact(ALICE, 1)  # every field round-trips, datetimes stay UTC-aware


def test_small_set_returns_a_small_set_whole_and_only_counts_a_large_one(store: FactBackend) -> None:
    """The keyed recall path's one call: whole when small, just the exact count when not; history never
    counts, and a current-only read never stands in for a later history listing."""
    old = fact(ALICE, 1, type="dietary", value="vegan", current=False)
    store.add(ALICE, old)
    for n, (ftype, value) in enumerate(
        [("seat", "aisle"), ("dietary", "vegetarian"), ("home_airport", "LHR")], 2
    ):
        store.add(ALICE, fact(ALICE, n, type=ftype, value=value))
    store.add(BOB, fact(BOB, 9))
    assert store.small_set(ALICE, 2) == (3, None)
    total, whole = store.small_set(ALICE, 3)
    assert total == 3 and whole is not None
    assert [f.value for f in whole] == ["vegetarian", "LHR", "aisle"]  # by key, like list_facts
    assert store.small_set(ALICE, 2) == (3, None)
    assert store.small_set(UserScope.of("carol"), 3) == (0, [])
    assert len(store.list_facts(ALICE, include_history=True)) == 4
    assert store.small_set(ALICE, 3) == (3, whole)


def test_a_fact_cannot_be_written_into_another_users_scope(store: FactBackend) -> None:
    with pytest.raises(AccessDenied):
        store.add(ALICE, fact(BOB, 1))
    assert store.list_facts(ALICE) == [] and store.list_facts(BOB) == []


@pytest.mark.parametrize(
    "hostile", ["x' OR '1'='1", "alice' --", "a\\' OR 1=1", "*", "", "alice/../bob", "al ice"]
)
def test_a_scope_cannot_be_built_from_a_hostile_id(hostile: str) -> None:
    with pytest.raises(InvalidId):
        UserScope.of(hostile)
    with pytest.raises(InvalidId):
        UserScope(UserId(hostile))  # even when someone casts past the validator


def test_history_holds_superseded_versions(store: FactBackend) -> None:
    store.add(ALICE, fact(ALICE, 1, type="seat", value="aisle", current=False))
    store.add(ALICE, fact(ALICE, 2, type="seat", value="window", version=2))
    assert [f.value for f in store.list_facts(ALICE)] == ["window"]
    assert [(f.value, f.version) for f in store.list_facts(ALICE, include_history=True)] == [
        ("aisle", 1),
        ("window", 2),
    ]


def test_flags_change_only_the_named_facts_of_the_scope(store: FactBackend) -> None:
    store.add(ALICE, fact(ALICE, 1))
    store.add(BOB, fact(BOB, 1))
    store.set_flags(ALICE, [fact(ALICE, 1).id], current=None, stale=True)
    assert store.list_facts(ALICE)[0].stale and not store.list_facts(BOB)[0].stale
    store.set_flags(ALICE, [fact(ALICE, 1).id], current=False, stale=None)
    assert store.list_facts(ALICE) == [] and len(store.list_facts(ALICE, include_history=True)) == 1


def pending(scope: UserScope, n: int, *, type: str = "seat", value: str = "window") -> Fact:
    """A pending version (the gate asked): never current, under its own key."""
    return replace(
        fact(scope, n, type=type, value=value, current=False),
        key=pending_key(FACT_TYPES[type], value),
        pending=True,
    )


def test_asking_is_counted_on_the_named_pending_versions_of_the_scope_only(store: FactBackend) -> None:
    store.add(ALICE, pending(ALICE, 1))
    store.add(ALICE, pending(ALICE, 2, type="dietary", value="vegan"))
    store.add(BOB, pending(BOB, 1))  # the same id under another user
    assert [(f.asked, f.asked_at, f.lapsed) for f in store.list_facts(ALICE, include_history=True)] == [
        (0, None, False),
        (0, None, False),
    ]
    first, second = MONDAY + timedelta(days=1), MONDAY + timedelta(days=9, microseconds=5)
    store.mark_asked(ALICE, [pending(ALICE, 1).id], at=first)
    store.mark_asked(ALICE, [pending(ALICE, 1).id], at=second)
    by_value = {f.value: f for f in store.list_facts(ALICE, include_history=True)}
    assert (by_value["window"].asked, by_value["window"].asked_at) == (2, second)
    assert by_value["window"].asked_at is not None and by_value["window"].asked_at.tzinfo is not None
    assert (by_value["vegan"].asked, by_value["vegan"].asked_at) == (0, None)
    [bobs] = store.list_facts(BOB, include_history=True)
    assert (bobs.asked, bobs.asked_at) == (0, None)
    assert store.list_facts(ALICE) == []  # asked about, still never current


def test_a_lapsed_version_stays_listed_as_lapsed_and_nothing_else_changes(store: FactBackend) -> None:
    store.add(ALICE, pending(ALICE, 1))
    store.add(ALICE, fact(ALICE, 2))
    store.add(BOB, pending(BOB, 1))
    store.mark_asked(ALICE, [pending(ALICE, 1).id], at=MONDAY)
    store.mark_lapsed(ALICE, [pending(ALICE, 1).id])
    lapsed = next(f for f in store.list_facts(ALICE, include_history=True) if f.pending)
    assert (lapsed.lapsed, lapsed.asked, lapsed.asked_at, lapsed.current) == (True, 1, MONDAY, False)
    assert [f.lapsed for f in store.list_facts(ALICE)] == [False]
    assert not store.list_facts(BOB, include_history=True)[0].lapsed


def test_only_a_pending_version_can_be_stored_with_ask_state(store: FactBackend) -> None:
    with pytest.raises(InvalidInput):
        store.add(ALICE, replace(fact(ALICE, 1), asked=1, asked_at=MONDAY))
    with pytest.raises(InvalidInput):
        store.add(ALICE, replace(pending(ALICE, 1), asked=-1))
    store.add(ALICE, replace(pending(ALICE, 1), asked=1, asked_at=MONDAY))
    assert store.list_facts(ALICE, include_history=True)[0].asked == 1


def test_lance_ask_state_survives_a_restart(tmp_path: Path) -> None:
    store = LanceFactStore(str(tmp_path / "lance"), embedding="hash")
    store.add(ALICE, pending(ALICE, 1))
    store.mark_asked(ALICE, [pending(ALICE, 1).id], at=MONDAY)
    reopened = LanceFactStore(str(tmp_path / "lance"), embedding="hash")
    [asked] = reopened.list_facts(ALICE, include_history=True)
    assert (asked.asked, asked.asked_at, asked.lapsed) == (1, MONDAY, False)


def test_search_ranks_the_users_current_facts_only(store: FactBackend) -> None:
    store.add(ALICE, fact(ALICE, 1))
    store.add(ALICE, fact(ALICE, 2, type="seat", value="aisle"))
    store.add(ALICE, fact(ALICE, 3, type="home_airport", value="MAN", current=False))
    store.add(BOB, fact(BOB, 4, type="dietary", value="vegan"))
    hits = store.search(ALICE, "vegetarian dinner", limit=5)
    assert hits and hits[0][0].value == "vegetarian"
    assert {f.user_id for f, _ in hits} == {"alice"} and "MAN" not in [f.value for f, _ in hits]
    assert all(0.0 <= score <= 1.0 for _, score in hits)
    assert [s for _, s in hits] == sorted((s for _, s in hits), reverse=True)


def test_delete_removes_every_version_of_one_fact_and_nothing_else(store: FactBackend) -> None:
    store.add(ALICE, fact(ALICE, 1, type="seat", value="aisle", current=False))
    store.add(ALICE, fact(ALICE, 2, type="seat", value="window", version=2))
    store.add(ALICE, fact(ALICE, 3))
    store.add(BOB, fact(BOB, 4, type="seat", value="aisle"))
    assert store.delete(ALICE, "seat") == 2
    assert [f.key for f in store.list_facts(ALICE, include_history=True)] == ["dietary:vegetarian"]
    assert [f.key for f in store.list_facts(BOB)] == ["seat"]


def test_erase_count_and_users_with_facts(store: FactBackend) -> None:
    store.add(ALICE, fact(ALICE, 1))
    store.add(ALICE, fact(ALICE, 2, type="seat", value="aisle"))
    store.add(BOB, fact(BOB, 3))
    assert store.users_with_facts() == ["alice", "bob"]
    assert store.count(ALICE) == 2
    assert store.erase(ALICE) == 2
    assert store.count(ALICE) == 0 and store.count(BOB) == 1 and store.users_with_facts() == ["bob"]


def test_lance_filters_are_not_injectable(tmp_path: Path) -> None:
    from lancedb.expr import col, lit

    store = LanceFactStore(str(tmp_path / "lance"), embedding="hash")
    store.add(ALICE, fact(ALICE, 1))
    hostile = col("user_id") == lit("x' OR '1'='1")
    table = store.table_of(ALICE)
    assert table is not None and table.search().where(hostile).limit(100).to_list() == []
    assert store.purge(ALICE, col("key") == lit("x' OR '1'='1")) == 0 and len(store.list_facts(ALICE)) == 1


def test_lance_erasure_leaves_no_copy_in_any_version_or_file(tmp_path: Path) -> None:
    canary = "zq9canary7x"
    folder = tmp_path / "lance"
    store = LanceFactStore(str(folder), embedding="hash")
    for n in range(25):  # several fragments and versions, like a real table
        store.add(
            BOB,
            fact(BOB, n + 100, type=MULTI[n][0], value=MULTI[n][1]),
        )
    secret = replace(fact(ALICE, 1), source_thread=canary)
    store.add(ALICE, secret)
    store.set_flags(ALICE, [secret.id], current=None, stale=True)  # one more version that holds the row
    store.compact()
    grep = ["grep", "-r", "-a", "-l", canary, str(folder)]
    assert subprocess.run(grep, capture_output=True, text=True).stdout  # the canary is on disk before erasure
    assert store.erase(ALICE) == 1
    assert store.rows_in_any_version(ALICE) == 0
    assert subprocess.run(grep, capture_output=True, text=True).stdout == ""
    seventh = MULTI[7][1]
    assert len(store.list_facts(BOB)) == 25 and store.search(BOB, seventh, limit=3)[0][0].value == seventh


def test_lance_reads_see_writes_from_another_handle_at_once(tmp_path: Path) -> None:
    """The app and a scheduler process hold separate handles; a cached read must never hide the other's write."""
    app = LanceFactStore(str(tmp_path / "lance"), embedding="hash")
    scheduler = LanceFactStore(str(tmp_path / "lance"), embedding="hash")
    app.add(ALICE, fact(ALICE, 1))
    assert [f.value for f in app.list_facts(ALICE)] == ["vegetarian"]  # now cached in the app's handle
    scheduler.add(ALICE, fact(ALICE, 2, type="seat", value="aisle"))
    assert sorted(f.value for f in app.list_facts(ALICE)) == ["aisle", "vegetarian"]
    scheduler.set_flags(ALICE, [fact(ALICE, 1).id], current=False, stale=None)
    assert [f.value for f in app.list_facts(ALICE)] == ["aisle"]
    assert app.small_set(ALICE, 1) == (1, app.list_facts(ALICE)) and app.small_set(ALICE, 0)[1] is None


def test_lance_ping_reads_storage_and_fails_when_a_shard_cannot_be_read(tmp_path: Path) -> None:
    """Readiness pings the store: a write by another process shows at once, and unreadable storage is an
    error (the probe reports "failing"), never a quiet success."""
    folder = tmp_path / "lance"
    app = LanceFactStore(str(folder), embedding="hash")
    assert app.ping() == 0  # nothing written yet: reachable, no shard
    LanceFactStore(str(folder), embedding="hash").add(ALICE, fact(ALICE, 1))
    before = app.ping()
    assert before > 0
    LanceFactStore(str(folder), embedding="hash").add(ALICE, fact(ALICE, 2, type="seat", value="aisle"))
    assert app.ping() > before
    [shard] = [p for p in folder.iterdir() if p.name.endswith(".lance")]
    shutil.rmtree(shard / "_versions")
    with pytest.raises(StorageError):
        app.ping()
