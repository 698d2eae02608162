"""The third verdict end to end: an *ask* is stored as a pending version that recall never sees, and the
user's Keep or Discard settles it, on the in-memory twin and on LanceDB alike."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

import pytest

from assistant.errors import InvalidInput, NotFound
from assistant.events import EventKind, NewEvent
from assistant.fact_records import Authority, FactDraft
from assistant.facts.memory import FactMemory
from assistant.facts.pending import discard, keep, pending_facts
from assistant.ids import FactId, ThreadId, TurnId, UserId, UserScope
from assistant.promotion import Promoter
from memory.inmemory import InMemoryFactStore, InMemoryThreadStore
from memory.lance_store import LanceFactStore
from tests.conftest import MONDAY
from tests.fakes import ScriptedModel

ALICE, BOB = UserScope.of("alice"), UserScope.of("bob")


@pytest.fixture(params=["memory", "lance"])
def memory(request: pytest.FixtureRequest, tmp_path: Path) -> FactMemory:
    store = (
        InMemoryFactStore()
        if request.param == "memory"
        else LanceFactStore(str(tmp_path / "lance"), embedding="hash")
    )
    return FactMemory(store, store)


def ask(memory: FactMemory, value: str = "window", *, turn: str = "t1") -> FactId:
    draft = FactDraft("seat", value, "th1", turn, Authority.USER, MONDAY)
    outcome = memory.record(ALICE, replace_pending(draft), now=MONDAY)
    assert outcome.status == "pending" and outcome.fact is not None
    return outcome.fact.id


def replace_pending(draft: FactDraft) -> FactDraft:
    return FactDraft(
        draft.type,
        draft.value,
        draft.source_thread,
        draft.source_turn,
        draft.asserted_by,
        draft.said_at,
        pending=True,
    )


def test_a_pending_fact_is_listed_but_never_current(memory: FactMemory) -> None:
    fact_id = ask(memory)
    assert memory.current(ALICE) == []
    assert [(f.id, f.value, f.pending) for f in pending_facts(memory, ALICE)] == [(fact_id, "window", True)]
    assert pending_facts(memory, BOB) == []
    assert memory.store.search(ALICE, "window seat", limit=5) == []


def test_keep_makes_it_a_confirmed_current_fact_and_clears_the_question(memory: FactMemory) -> None:
    fact_id = ask(memory)
    outcome = keep(memory, ALICE, fact_id, now=MONDAY + timedelta(days=1))
    assert outcome.status == "stored"
    [current] = memory.current(ALICE)
    assert (current.value, current.asserted_by, current.pending) == (
        "window",
        Authority.USER_CONFIRMED,
        False,
    )
    assert pending_facts(memory, ALICE) == []


def test_discard_deletes_only_the_pending_version(memory: FactMemory) -> None:
    held = FactDraft("seat", "aisle", "th0", "t0", Authority.USER, MONDAY)
    memory.record(ALICE, held, now=MONDAY)
    fact_id = ask(memory)
    assert discard(memory, ALICE, fact_id) == 1
    assert pending_facts(memory, ALICE) == []
    assert [f.value for f in memory.current(ALICE)] == ["aisle"]


def test_another_users_pending_fact_cannot_be_kept_or_discarded(memory: FactMemory) -> None:
    fact_id = ask(memory)
    with pytest.raises(NotFound):
        keep(memory, BOB, fact_id, now=MONDAY)
    with pytest.raises(NotFound):
        discard(memory, BOB, fact_id)
    assert len(pending_facts(memory, ALICE)) == 1


def test_a_fact_that_is_not_pending_cannot_be_kept(memory: FactMemory) -> None:
    stored = memory.record(ALICE, FactDraft("seat", "aisle", "th", "t", Authority.USER), now=MONDAY)
    assert stored.fact is not None
    with pytest.raises(InvalidInput):
        keep(memory, ALICE, stored.fact.id, now=MONDAY)


def test_nothing_is_asked_about_what_memory_already_holds(memory: FactMemory) -> None:
    memory.record(ALICE, FactDraft("seat", "window", "th0", "t0", Authority.USER), now=MONDAY)
    draft = replace_pending(FactDraft("seat", "window", "th1", "t1", Authority.USER, MONDAY))
    assert memory.record(ALICE, draft, now=MONDAY).status == "duplicate"
    assert pending_facts(memory, ALICE) == []


def test_promotion_counts_kept_ask_and_rejected() -> None:
    log, facts = InMemoryThreadStore(), InMemoryFactStore()
    memory = FactMemory(facts, facts)
    user, thread = UserId("alice"), ThreadId("th1")
    log.ensure_user(user, now=MONDAY)
    log.open_thread(user, thread, now=MONDAY)
    for n, text in enumerate(
        ["I'm vegetarian", "I'm weirdly devoted to the window", "I hate red-eye flights"]
    ):
        log.append(NewEvent(thread, TurnId(f"t{n}"), EventKind.USER, {"text": text}, MONDAY))
    model = ScriptedModel().enqueue(
        {
            "candidates": [
                {"fact": "vegetarian", "type": "dietary", "evidence_turn": "t0", "quote": "vegetarian"},
                {"fact": "window", "type": "seat", "evidence_turn": "t1", "quote": "window"},
                {"fact": "red-eye", "type": "flight_times", "evidence_turn": "t2", "quote": "red-eye"},
            ]
        }
    )
    report = asyncio.run(Promoter(log, log, model, memory).promote(user, thread, after_seq=0, now=MONDAY))
    assert report.counts() == {"kept": 1, "ask": 1, "rejected": 1}
    assert report.to_json()["ask"] == {"unknown_link": 1}
    assert [f.value for f in memory.current(UserScope(user))] == ["vegetarian"]
    assert [f.value for f in pending_facts(memory, UserScope(user))] == ["window"]
