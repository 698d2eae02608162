"""Hybrid search's own two legs rank exactly as LanceDB's hybrid query with its RRF reranker did, and the
turn's search over a copy of the user's vectors exactly as the query."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from lancedb.expr import col, lit
from lancedb.rerankers import RRFReranker

from assistant.fact_records import Authority, FactDraft
from assistant.facts.memory import FactMemory
from assistant.ids import UserScope
from memory import hybrid
from memory.fact_rows import arrow_rows
from memory.lance_store import LanceFactStore
from memory.vector_copies import VectorCopies
from tests.conftest import MONDAY
from tests.test_fact_store_contract import MULTI, fact

ALICE, BOB = UserScope.of("alice"), UserScope.of("bob")


def test_fusion_scores_by_reciprocal_rank_and_keeps_each_legs_score() -> None:
    nearest = [{"id": "a", "_distance": 0.1}, {"id": "b", "_distance": 0.2}, {"id": "c", "_distance": 0.3}]
    matched = [{"id": "c", "_score": 9.0}, {"id": "d", "_score": 4.0}]
    fused = hybrid.fuse(nearest, matched, limit=4)
    # c is third in one leg and first in the other: 1/63 + 1/61 beats a's 1/61 alone; b and d tie at 1/62,
    # and the vector leg's row comes first.
    assert [r["id"] for r in fused] == ["c", "a", "b", "d"]
    assert fused[0]["_distance"] == 0.3 and fused[0]["_score"] == 9.0
    assert fused[1]["_score"] is None and fused[3]["_distance"] is None
    assert [r["id"] for r in hybrid.fuse(nearest, matched, limit=2)] == ["c", "a"]


def _fixed(vector: Sequence[float]) -> Callable[[str], Sequence[float]]:
    return lambda _text: vector


def test_the_two_legs_rank_as_lancedbs_hybrid_query(tmp_path: Path) -> None:
    store = LanceFactStore(str(tmp_path / "lance"), embedding="hash")
    memory = FactMemory(store, store)
    facts = [
        ("dietary", "vegetarian", "I'm vegetarian, no meat please"),
        ("seat", "aisle", "aisle seat on long flights"),
        ("home_airport", "LHR", "I fly from Heathrow"),
        ("loyalty", "British Airways Avios", "my Avios number is on file"),
        ("accessibility", "step-free access", "I need step-free access at hotels"),
    ]
    for n, (ftype, value, _quote) in enumerate(facts):
        memory.record(ALICE, FactDraft(ftype, value, "t", f"a{n}", Authority.USER), now=MONDAY)
        memory.record(BOB, FactDraft(ftype, value, "t", f"b{n}", Authority.USER), now=MONDAY)
    where = (col("user_id") == lit("alice")) & (col("current") == lit(True))
    table, reader = store.table_of(ALICE), store.shards.reader(store.shards.of("alice"))  # alice's shard
    assert table is not None and reader is not None
    for query in ("dinner without meat", "seat", "hotel access", "nothing matches zzz", "Heathrow (LHR)"):
        vector = store._func.compute_query_embeddings(query)[0]
        expected = (
            table.search(query_type="hybrid")
            .vector(vector)
            .text(query)
            .where(where)
            .rerank(RRFReranker(return_score="all"))
            .limit(3)
            .to_arrow()
        )
        got = hybrid.search(reader, where, query, _fixed(vector), limit=3)
        assert [r["id"] for r in got] == [r["id"] for r in arrow_rows(expected)], query
        assert {r["user_id"] for r in got} <= {"alice"}


def _many(store: LanceFactStore, scope: UserScope, count: int, start: int = 0) -> None:
    for n in range(start, start + count):
        ftype, value = MULTI[n % len(MULTI)]
        store.add(scope, fact(scope, n, type=ftype, value=value))


def _ranked(hits: Sequence[tuple[object, float]]) -> list[tuple[str, float]]:
    return [(str(getattr(fact, "id")), round(relevance, 4)) for fact, relevance in hits]  # noqa: B009


def test_the_turns_search_ranks_a_copy_of_the_vectors_exactly_as_the_query_and_follows_every_write(
    tmp_path: Path,
) -> None:
    """Recall's every-turn search (``versioned_search``) ranks this process's copy of the user's vectors; it
    returns the query's facts in the query's order, and a write (a new fact, a purge) is seen at once."""
    store = LanceFactStore(str(tmp_path / "lance"), embedding="minilm")  # real vectors: no ties
    _many(store, ALICE, len(MULTI))
    _many(store, BOB, 10)
    queries = ("window seat", "vegetarian dinner", "guide dog", "Avios", "nothing like it zzz")
    for query in queries:
        version, hits = store.versioned_search(ALICE, query, 24)
        assert version == store.data_version(ALICE)
        assert _ranked(hits) == _ranked(store.search(ALICE, query, limit=24)), query
        assert {getattr(fact, "user_id") for fact, _ in hits} == {"alice"}  # noqa: B009
    store.add(ALICE, fact(ALICE, 999, type="seat", value="exit row"))  # a new version: the copy is read again
    newest = store.versioned_search(ALICE, "exit row", 24)[1]
    assert newest[0][0].value == "exit row"
    store.purge(ALICE, col("key") == lit(newest[0][0].key))
    assert all(f.value != "exit row" for f, _ in store.versioned_search(ALICE, "exit row", 24)[1])


def test_copies_are_bounded_by_rows_and_served_only_at_their_version(tmp_path: Path) -> None:
    store = LanceFactStore(str(tmp_path / "lance"), embedding="hash")
    _many(store, ALICE, 20)
    _many(store, BOB, 20)
    copies = VectorCopies(rows=30)
    where = {s: (col("user_id") == lit(s.user)) & (col("current") == lit(True)) for s in (ALICE, BOB)}
    for scope in (ALICE, BOB):
        reader = store.shards.reader(store.shards.of(scope.user))
        hybrid.copy_vectors(reader, where[scope], copies, scope.user)
    version = store.data_version(BOB)
    assert copies.get("bob", version) is not None and copies.get("bob", version + 1) is None
    assert copies.get("alice", store.data_version(ALICE)) is None  # the oldest copy made room for bob's
    copy = copies.get("bob", version)
    assert copy is not None and len(copy.nearest([0.0] * copy.vectors.shape[1], 100)) == 20
    copies.drop("bob")
    assert copies.get("bob", version) is None
