"""Hybrid search's own two legs rank exactly as LanceDB's hybrid query with its RRF reranker did."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from lancedb.expr import col, lit
from lancedb.rerankers import RRFReranker

from assistant.facts.memory import FactMemory
from assistant.facts.values import Authority, FactDraft
from assistant.ids import UserScope
from memory import hybrid
from memory.fact_rows import arrow_rows
from memory.lance_store import LanceFactStore
from tests.conftest import MONDAY

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
