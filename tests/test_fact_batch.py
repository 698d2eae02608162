"""The batched write path: the same outcomes and rows as recording one draft after another, on every store,
in far fewer writes; the batch store methods keep each user's scope; the promotion pass claims per thread."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from assistant.errors import AccessDenied, InvalidId, InvalidInput
from assistant.fact_records import Authority, FactDraft, WriteOutcome
from assistant.facts.memory import FactMemory
from assistant.ids import UserScope
from memory.inmemory import InMemoryFactStore
from memory.lance_store import LanceFactStore
from tests.conftest import MONDAY
from tests.test_fact_store_contract import FactBackend, fact

if TYPE_CHECKING:
    from travel_assistant.container import Runtime

BatchStore = InMemoryFactStore | LanceFactStore  # the stores that write a whole batch at once
ALICE, BOB = UserScope.of("alice"), UserScope.of("bob")


@pytest.fixture(params=["memory", "lance"])
def make_store(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[str], BatchStore]:
    def make(name: str) -> BatchStore:
        if request.param == "memory":
            return InMemoryFactStore()
        return LanceFactStore(str(tmp_path / name), embedding="hash")

    return make


def d(
    ftype: str, value: str, turn: str, *, by: Authority = Authority.USER, retract: bool = False
) -> FactDraft:
    return FactDraft(ftype, value, "t1", turn, by, retract=retract)


# Supersedes within the batch, across earlier rows, a retraction, a duplicate of the same evidence, a lower
# authority refused, a multi-valued type accumulating, two users interleaved, and an unknown type.
EARLIER = [(ALICE, d("seat", "aisle", "e1", by=Authority.USER_CONFIRMED)), (BOB, d("dietary", "vegan", "e2"))]
BATCH = [
    (ALICE, d("seat", "window", "b1")),  # lower authority than the confirmed aisle: refused
    (ALICE, d("home_airport", "LHR", "b2")),
    (BOB, d("dietary", "nut allergy", "b3")),  # multi-valued: a second value
    (ALICE, d("home_airport", "MAN", "b4")),  # supersedes b2, written in this very batch
    (ALICE, d("home_airport", "MAN", "b4")),  # the same evidence again: a duplicate
    (BOB, d("dietary", "vegan", "b5", retract=True)),  # retracts e2, written before the batch
    (ALICE, d("mood", "happy", "b6")),  # not a fact type
    (BOB, d("seat", "aisle", "b7")),
]


def _run(memory: FactMemory, *, batched: bool) -> list[WriteOutcome | InvalidInput]:
    for scope, draft in EARLIER:
        memory.record(scope, draft, now=MONDAY)
    if batched:
        return memory.record_many(BATCH, now=MONDAY)
    results: list[WriteOutcome | InvalidInput] = []
    for scope, draft in BATCH:
        try:
            results.append(memory.record(scope, draft, now=MONDAY))
        except InvalidInput as exc:
            results.append(exc)
    return results


def _rows(store: FactBackend, scope: UserScope) -> list[tuple[Any, ...]]:
    facts = store.list_facts(scope, include_history=True)
    return sorted((f.id, f.key, f.value, f.version, f.current, f.retracted, f.supersedes) for f in facts)


def test_a_batch_records_exactly_what_one_write_after_another_would(
    make_store: Callable[[str], BatchStore],
) -> None:
    one, many = make_store("one"), make_store("many")
    sequential = _run(FactMemory(one, one), batched=False)
    batched = _run(FactMemory(many, many, many), batched=True)
    assert [type(r).__name__ for r in batched] == [type(r).__name__ for r in sequential]
    assert [r.status for r in batched if isinstance(r, WriteOutcome)] == [
        "lower_authority",
        "stored",
        "stored",
        "superseded",
        "duplicate",
        "retracted",
        "stored",
    ]
    for a, b in zip(sequential, batched, strict=True):
        if isinstance(a, WriteOutcome) and isinstance(b, WriteOutcome):
            assert (a.status, a.fact) == (b.status, b.fact)
    for scope in (ALICE, BOB):
        assert _rows(many, scope) == _rows(one, scope)
        assert FactMemory(many, many).current(scope) == FactMemory(one, one).current(scope)


def test_a_value_that_excludes_a_held_one_replaces_it_in_a_batch_as_one_by_one(
    make_store: Callable[[str], BatchStore],
) -> None:
    # One diet at a time: vegetarian retires the vegan held before, and a nut allergy stands beside it.
    drafts = [(BOB, d("dietary", "vegetarian", "x1")), (BOB, d("dietary", "nut allergy", "x2"))]
    results = []
    for name, batched in (("one", False), ("many", True)):
        store = make_store(name)
        memory = FactMemory(store, store, store if batched else None)
        memory.record(BOB, d("dietary", "vegan", "x0"), now=MONDAY)
        if batched:
            outcomes = memory.record_many(drafts, now=MONDAY)
        else:
            outcomes = [memory.record(scope, draft, now=MONDAY) for scope, draft in drafts]
        assert [o.status for o in outcomes if isinstance(o, WriteOutcome)] == ["superseded", "stored"]
        results.append(sorted(f.value for f in memory.current(BOB)))
    assert results == [["nut allergy", "vegetarian"]] * 2


def test_a_batch_is_one_append_and_one_retire_per_shard(tmp_path: Path) -> None:
    store = LanceFactStore(str(tmp_path / "lance"), embedding="hash")
    assert store.shards.of(ALICE.user) != store.shards.of(BOB.user)
    memory = FactMemory(store, store, store)
    for scope, draft in EARLIER:
        memory.record(scope, draft, now=MONDAY)
    before = {str(scope.user): store.data_version(scope) for scope in (ALICE, BOB)}
    memory.record_many(BATCH, now=MONDAY)
    assert store.data_version(ALICE) == before["alice"] + 1  # one add (what it supersedes is in the batch)
    assert store.data_version(BOB) == before["bob"] + 2  # one add, one flag update (the retraction of e2)


def test_batch_writes_keep_every_row_in_its_own_scope(make_store: Callable[[str], BatchStore]) -> None:
    store = make_store("s")
    mine, theirs = fact(ALICE, 1), fact(BOB, 2, type="seat", value="aisle")
    with pytest.raises(AccessDenied):
        store.add_many([(ALICE, mine), (ALICE, replace(theirs, user_id="bob"))])
    assert store.list_facts(ALICE) == [] and store.list_facts(BOB) == []  # all or none
    store.add_many([(ALICE, mine), (BOB, theirs)])
    store.retire_many([(BOB, mine.id), (ALICE, theirs.id)])  # ids named under the wrong owner: untouched
    assert [f.current for f in store.list_facts(ALICE, include_history=True)] == [True]
    assert [f.current for f in store.list_facts(BOB, include_history=True)] == [True]
    store.retire_many([(ALICE, mine.id)])
    assert store.list_facts(ALICE) == [] and len(store.list_facts(BOB)) == 1
    got = store.histories([ALICE, BOB, UserScope.of("carol")])
    assert {u: [f.id for f in fs] for u, fs in got.items()} == {
        "alice": [mine.id],
        "bob": [theirs.id],
        "carol": [],
    }


def test_histories_take_no_filter_text_from_ids(tmp_path: Path) -> None:
    store = LanceFactStore(str(tmp_path / "lance"), embedding="hash")
    store.add_many([(ALICE, fact(ALICE, 1))])
    with pytest.raises(InvalidId):  # an id that is not a fact id never reaches the filter text
        store.retire_many([(ALICE, "x' OR '1'='1")])
    assert store.histories([UserScope.of("bob")]) == {"bob": []}
    assert [f.current for f in store.list_facts(ALICE, include_history=True)] == [True]


def test_the_pass_claims_finishes_and_marks_each_thread_on_its_own(runtime: Runtime) -> None:
    from assistant.ids import ThreadId, TurnId, UserId
    from assistant.turns import TurnRequest
    from memory.claims import ClaimKey
    from scheduler.jobs import promote_idle

    for n in range(5):
        req = TurnRequest(
            user=UserId("alice"),
            thread=ThreadId(f"th{n}"),
            turn=TurnId("t1"),
            text="I'm vegetarian",
            now=MONDAY,
        )
        asyncio.run(runtime.engine.run_turn(req))
    deps = runtime.job_deps("w")
    deps.chunk = 2
    report = asyncio.run(promote_idle(deps, MONDAY.replace(hour=12)))
    assert (report.threads_due, report.threads_promoted, report.facts_kept) == (5, 5, 5)
    for thread in runtime.directory.threads_of(UserId("alice")):
        assert thread.promoted_through_seq == thread.last_seq
        report_of = deps.claims.report_of(ClaimKey("promote", thread.id, thread.last_seq))
        assert report_of is not None and report_of["kept"] == 1
    assert [f.value for f in runtime.fact_memory.current(UserScope.of("alice"))] == ["vegetarian"]
    assert asyncio.run(promote_idle(deps, MONDAY.replace(hour=13))).threads_due == 0
