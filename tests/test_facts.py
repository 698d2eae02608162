"""Fact writing rules: supersede, versions, authority, rollback, TTL staleness and deletion horizon."""

from __future__ import annotations

from datetime import timedelta
from typing import get_args

import pytest

from assistant.errors import InvalidInput, NotFound
from assistant.fact_records import Authority, FactDraft
from assistant.fact_types import FACT_TYPES, DietaryNeed, MenuDiet
from assistant.facts.memory import FactMemory
from assistant.ids import UserScope
from memory.inmemory import InMemoryFactStore
from tests.conftest import MONDAY

ALICE = UserScope.of("alice")


@pytest.fixture
def memory() -> FactMemory:
    store = InMemoryFactStore()
    return FactMemory(store, store)


def draft(ftype: str, value: str, turn: str, by: Authority = Authority.USER, thread: str = "t1") -> FactDraft:
    return FactDraft(ftype, value, thread, turn, by)


def test_a_new_value_of_a_single_valued_type_supersedes_the_old_one(memory: FactMemory) -> None:
    first = memory.record(ALICE, draft("seat", "aisle", "a"), now=MONDAY)
    second = memory.record(ALICE, draft("seat", "window", "b"), now=MONDAY + timedelta(days=3))
    assert (first.status, second.status) == ("stored", "superseded")
    assert [f.value for f in memory.current(ALICE)] == ["window"]
    history = memory.history(ALICE, "seat")
    assert [(f.value, f.version, f.current) for f in history] == [("aisle", 1, False), ("window", 2, True)]
    assert history[1].supersedes == history[0].id


def test_multi_valued_types_accumulate(memory: FactMemory) -> None:
    memory.record(ALICE, draft("dietary", "vegetarian", "a"), now=MONDAY)
    memory.record(ALICE, draft("dietary", "nut allergy", "b"), now=MONDAY)
    assert sorted(f.value for f in memory.current(ALICE)) == ["nut allergy", "vegetarian"]


def test_the_same_evidence_never_yields_a_second_fact(memory: FactMemory) -> None:
    assert memory.record(ALICE, draft("dietary", "vegetarian", "a"), now=MONDAY).status == "stored"
    again = memory.record(ALICE, draft("dietary", "vegetarian", "a"), now=MONDAY + timedelta(hours=1))
    assert again.status == "duplicate"
    assert len(memory.history(ALICE, "dietary:vegetarian")) == 1


def test_authority_wins_over_recency(memory: FactMemory) -> None:
    memory.record(ALICE, draft("seat", "aisle", "a", Authority.USER_CONFIRMED), now=MONDAY)
    later = memory.record(ALICE, draft("seat", "window", "b", Authority.USER), now=MONDAY + timedelta(days=1))
    assert later.status == "lower_authority"
    assert [f.value for f in memory.current(ALICE)] == ["aisle"]
    confirmed = memory.record(
        ALICE, draft("seat", "window", "c", Authority.USER_CONFIRMED), now=MONDAY + timedelta(days=2)
    )
    assert confirmed.status == "superseded" and memory.current(ALICE)[0].value == "window"


def test_restating_a_confirmed_fact_neither_demotes_nor_rewords_it(memory: FactMemory) -> None:
    confirmed = memory.record(ALICE, draft("seat", "aisle", "a", Authority.USER_CONFIRMED), now=MONDAY)
    again = memory.record(ALICE, draft("seat", "aisle", "b", Authority.USER), now=MONDAY + timedelta(days=30))
    assert again.status == "duplicate" and again.fact == confirmed.fact
    [current] = memory.current(ALICE)
    assert (current.asserted_by, current.source_turn) == (Authority.USER_CONFIRMED, "a")
    assert current.expires_at == MONDAY + FACT_TYPES["seat"].ttl


def test_rollback_restores_an_earlier_value_as_a_new_version(memory: FactMemory) -> None:
    memory.record(ALICE, draft("seat", "aisle", "a"), now=MONDAY)
    memory.record(ALICE, draft("seat", "window", "b"), now=MONDAY + timedelta(days=1))
    restored = memory.rollback(ALICE, "seat", 1, now=MONDAY + timedelta(days=2))
    assert (restored.value, restored.version) == ("aisle", 3)
    assert [f.value for f in memory.current(ALICE)] == ["aisle"]
    assert [f.version for f in memory.history(ALICE, "seat")] == [1, 2, 3]  # nothing rewritten
    with pytest.raises(InvalidInput):
        memory.rollback(ALICE, "seat", 3, now=MONDAY)
    with pytest.raises(NotFound):
        memory.rollback(ALICE, "seat", 9, now=MONDAY)


def test_facts_past_their_ttl_turn_stale_then_are_deleted_at_the_horizon(memory: FactMemory) -> None:
    seat = FACT_TYPES["seat"]
    memory.record(ALICE, draft("seat", "aisle", "a"), now=MONDAY)
    memory.record(ALICE, draft("dietary", "vegetarian", "b"), now=MONDAY)
    assert memory.expire(ALICE, now=MONDAY + timedelta(days=30)) == (0, 0)
    assert memory.expire(ALICE, now=MONDAY + seat.ttl + timedelta(days=1)) == (1, 0)
    stale = {f.type: f.stale for f in memory.current(ALICE)}
    assert stale == {"seat": True, "dietary": False}  # stale, still there: shown with its age
    assert seat.delete_after is not None
    # Three years on: the seat fact passes its deletion horizon; the diet fact (2-year TTL) turns stale.
    assert memory.expire(ALICE, now=MONDAY + seat.delete_after + timedelta(days=1)) == (1, 1)
    assert [(f.type, f.stale) for f in memory.current(ALICE)] == [("dietary", True)]


def test_forget_deletes_all_versions_of_that_fact(memory: FactMemory) -> None:
    memory.record(ALICE, draft("seat", "aisle", "a"), now=MONDAY)
    latest = memory.record(ALICE, draft("seat", "window", "b"), now=MONDAY).fact
    assert latest is not None
    memory.record(ALICE, draft("dietary", "vegan", "c"), now=MONDAY)
    assert memory.forget(ALICE, latest.id) == 2
    assert [f.type for f in memory.current(ALICE)] == ["dietary"]
    with pytest.raises(NotFound):
        memory.forget(ALICE, latest.id)


def test_a_crash_between_write_and_retire_still_reads_one_current_value(memory: FactMemory) -> None:
    store = memory.store
    memory.record(ALICE, draft("seat", "aisle", "a"), now=MONDAY)
    newer = memory.record(ALICE, draft("seat", "window", "b"), now=MONDAY).fact
    assert newer is not None
    old = memory.history(ALICE, "seat")[0]
    memory.maintenance.set_flags(ALICE, [old.id], current=True, stale=None)  # as if the retire never ran
    assert len(store.list_facts(ALICE)) == 2
    assert [f.id for f in memory.current(ALICE)] == [newer.id]


def test_unknown_types_cannot_be_recorded(memory: FactMemory) -> None:
    with pytest.raises(InvalidInput):
        memory.record(ALICE, draft("mood", "happy", "a"), now=MONDAY)


def test_the_dietary_vocabulary_is_said_once() -> None:
    """The tools' schema, the demo's diet move and the benchmarks read the same words memory can hold."""
    assert FACT_TYPES["dietary"].values == frozenset(get_args(DietaryNeed))
    assert set(get_args(MenuDiet)) < set(get_args(DietaryNeed))
