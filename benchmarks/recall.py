"""Recall latency over a large LanceDB facts table (100k rows by default), with the real MiniLM embedding.

    python -m benchmarks.recall [--users 1000] [--facts 100] [--queries 200] [--data DIR]

The table is built through the real ``LanceFactStore`` (its schema, embedding-function metadata and indexes),
but bulk-loaded with precomputed vectors: a travel assistant's facts repeat a lot, so a vocabulary of a few
hundred distinct (fact text, evidence quote) pairs is embedded once with the bundled all-MiniLM-L6-v2 and the
vectors are reused across users. Every user gets ``--facts`` distinct current facts. Queries are embedded by
the real model at query time, inside ``LanceFactStore.search``, exactly as in a turn.

The build runs in a child process, so the measuring process starts cold (nothing imported, no model loaded,
table not opened) and its first calls show what the first turn after a restart costs. With ``--data DIR`` the
table is kept and reused by later runs with the same parameters; without it, a temp dir under /tmp is used and
removed at the end.

Measured, over random users and realistic queries:

* keyed path: ``Recaller.recall`` with ``keyed_max=1000`` (the user's whole current set, read by key in one
  query that also decides the path), and the raw ``LanceFactStore.list_facts(scope)`` for comparison;
* hybrid path: ``Recaller.recall`` with ``keyed_max=50``: it reads up to 51 current facts and counts them (to
  choose the path), embeds the query, runs hybrid (vector + BM25) search prefiltered to the user, and applies
  the recency blend; the embedding and the search are timed separately.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
# LanceDB's Rust side may log deprecation WARN lines to stderr per query; keep them out of the report.
os.environ.setdefault("LANCEDB_LOG", "error")

import numpy as np

from assistant.facts.recall import Recaller, RecallSettings
from assistant.ids import UserScope
from benchmarks._recall_report import Probe, Results, Series, print_report
from benchmarks._recall_table import NOW, BuildConfig, build, pin_torch_threads, read_marker, user_ids
from benchmarks._work_folder import add_folder_option, work_folder
from memory import embeddings
from memory.lance_store import LanceFactStore

KEYED = RecallSettings(keyed_max=1000)
HYBRID = RecallSettings(keyed_max=50)
WARMUP = 10

QUERIES = (
    "any dinner suggestions near my hotel?",
    "book me a window seat",
    "find me a flight to Berlin next Friday",
    "I need a hotel in Lisbon for three nights",
    "what should I eat in Rome?",
    "can you find a vegetarian restaurant close by?",
    "are there morning flights to Paris on Monday?",
    "add my frequent flyer number to the booking",
    "I'm travelling with my wheelchair, what do I need to know?",
    "which airport do I usually fly from?",
    "is there a quiet room available?",
    "recommend something to do in Amsterdam this weekend",
    "can I bring only hand luggage on this flight?",
    "what's the cheapest way to get to Madrid in December?",
    "I want to collect points on this trip",
    "please reply in Portuguese from now on",
    "find a direct flight home on Sunday evening",
    "is breakfast included at the hotel?",
    "any gluten-free bakeries near the station?",
    "book a table for two tonight",
    "should I take the train or fly to Porto?",
    "I'd like extra legroom on the long-haul leg",
    "show me hotels with a gym and a pool",
    "what are my travel preferences?",
)


def measure(data: Path, users: int, queries: int, seed: int) -> Results:
    res = Results(load_avg=os.getloadavg()[0])
    rng = random.Random(seed)
    ids = user_ids(users)
    embed, searches = Probe(), Probe()
    probes = (embed, searches)
    cls = embeddings.BundledMiniLM
    setattr(cls, "generate_embeddings", embed.wrap(cls.generate_embeddings))  # noqa: B010  (this process)

    t = time.perf_counter()
    store = LanceFactStore(str(data), embedding="minilm")
    read_all: Callable[[UserScope], list[Any]] = store.list_facts
    setattr(store, "search", searches.wrap(store.search))  # noqa: B010
    keyed, hybrid = Recaller(store, KEYED), Recaller(store, HYBRID)
    res.cold["store construct"] = (time.perf_counter() - t) * 1000.0

    def timed(fn: Callable[[], Any]) -> tuple[float, float, Any]:
        """(wall ms, process CPU ms, result)"""
        c0, t0 = time.process_time(), time.perf_counter()
        out = fn()
        return (time.perf_counter() - t0) * 1000.0, (time.process_time() - c0) * 1000.0, out

    def reset() -> None:
        for probe in probes:
            probe.take()

    # Each timed loop gets users no earlier call touched, so a per-user cache in the store (if any) cannot
    # serve them: "first recall of this user in the process". Repeat turns are measured separately.
    unseen = iter(rng.sample(ids, len(ids)))

    def next_user() -> UserScope:
        return UserScope.of(next(unseen, None) or rng.choice(ids))

    res.distinct_users = len(ids) >= 3 * queries + 2 * WARMUP + 3
    scope = next_user()
    ms, cpu, recall = timed(lambda: keyed.recall(scope, rng.choice(QUERIES), now=NOW))
    assert recall.path == "keyed", recall.path
    res.cold["keyed recall, first call (opens table)"] = ms
    reset()
    warm_up: Callable[[], None] | None = getattr(store, "warm_up", None)
    after = ""
    if warm_up is not None:  # what the app runs at start-up (Runtime.warm_up -> LanceFactStore.warm_up)
        ms, cpu, _none = timed(warm_up)
        res.cold["LanceFactStore.warm_up() (app start)"] = ms
        gc.freeze()  # as Runtime.warm_up does after the store's warm-up: start-up objects leave the collector
        reset()
        after = " after warm_up()"
    scope = next_user()
    ms, cpu, recall = timed(lambda: hybrid.recall(scope, rng.choice(QUERIES), now=NOW))
    assert recall.path == "hybrid", recall.path
    res.cold[f"hybrid recall, first call{after}"] = ms
    res.first_embed_ms = embed.take()
    what = "" if warm_up is not None else ", incl. import + model load"
    res.cold[f"  of which query embedding{what}"] = res.first_embed_ms
    res.cold["  of which search excl. embedding (first FTS)"] = searches.take() - res.first_embed_ms
    res.warmed = warm_up is not None
    reset()
    scope = next_user()
    ms, cpu, recall = timed(lambda: hybrid.recall(scope, rng.choice(QUERIES), now=NOW))
    res.cold["hybrid recall, second call"] = ms
    pin_torch_threads()  # production's model loader already did this; made explicit here
    for _ in range(WARMUP):
        keyed.recall(next_user(), rng.choice(QUERIES), now=NOW)
        hybrid.recall(next_user(), rng.choice(QUERIES), now=NOW)
    reset()

    names = ("list", "keyed", "keyed_again", "hybrid", "h_embed", "h_search", "h_rest", "embed_raw")
    res.rows = {name: Series() for name in names}
    func = embeddings.embedding_function("minilm")
    func.compute_query_embeddings("warm-up")  # a separate instance: make sure its model is loaded untimed
    reset()
    for _ in range(queries):
        scope = next_user()
        ms, cpu, facts = timed(lambda: read_all(scope))  # noqa: B023
        res.rows["list"].add(ms, cpu)
        res.total_current.add(len(facts))
    reset()
    recalled: list[UserScope] = []
    for _ in range(queries):
        scope = next_user()
        ms, cpu, recall = timed(lambda: keyed.recall(scope, rng.choice(QUERIES), now=NOW))  # noqa: B023
        assert recall.path == "keyed"
        assert len(recall.facts) == recall.total_current
        res.rows["keyed"].add(ms, cpu)
        recalled.append(scope)
    for scope in recalled:  # the same users' next turn (nothing was written in between)
        ms, cpu, recall = timed(lambda: keyed.recall(scope, rng.choice(QUERIES), now=NOW))  # noqa: B023
        assert recall.path == "keyed"
        res.rows["keyed_again"].add(ms, cpu)
    reset()
    for _ in range(queries):
        scope = next_user()
        query = rng.choice(QUERIES)
        ms, cpu, recall = timed(lambda: hybrid.recall(scope, query, now=NOW))  # noqa: B023
        assert recall.path == "hybrid"
        # Embedding happens inside search; whatever the path decision does (a read, a count, both at once on
        # a pool) happens outside it, so these three parts add up to the wall time whatever runs concurrently.
        e, s = embed.take(), searches.take()
        res.rows["hybrid"].add(ms, cpu)
        res.rows["h_embed"].add(e)
        res.rows["h_search"].add(s - e)
        res.rows["h_rest"].add(ms - s)
        res.hits.append(len(recall.facts))
    # The model alone, outside LanceDB, for comparison with the in-search embedding time.
    for _ in range(min(queries, 100)):
        query = rng.choice(QUERIES)
        ms, cpu, _vec = timed(lambda: func.compute_query_embeddings(query))  # noqa: B023
        res.rows["embed_raw"].add(ms, cpu)
    if res.warmed:
        steady = res.rows["h_embed"].pct(50)
        covered = res.first_embed_ms <= max(3 * steady, steady + 50.0)
        res.notes.append(
            f"first query embedding after warm_up() took {res.first_embed_ms:.0f} ms vs {steady:.0f} ms p50 "
            + (
                "afterwards: warm-up covered the model used for queries"
                if covered
                else "afterwards: warm-up did NOT cover the model instance used for queries (it was loaded again)"
            )
        )
    _reference(res, store, func, ids, queries, rng)
    return res


def _reference(
    res: Results, store: LanceFactStore, func: Any, ids: list[str], queries: int, rng: random.Random
) -> None:
    """What the hybrid path is made of, and a cheaper path decision, measured on the same table (interleaved).

    Same prefilter as ``LanceFactStore.search`` (the user's current facts) and its limit (k * 3)."""
    from lancedb.expr import col, lit
    from lancedb.rerankers import RRFReranker

    tables: dict[str, Any] = {u: store.table_of(UserScope.of(u)) for u in ids}  # each user's shard
    vectors = {q: np.asarray(func.generate_embeddings([q])[0], dtype=np.float32) for q in QUERIES}
    limit = HYBRID.k * 3

    def where(user: str) -> Any:
        return (col("user_id") == lit(user)) & (col("current") == lit(True))

    def literal(user: str) -> str:
        return f"user_id = '{UserScope.of(user).user}' AND current"

    probes: dict[str, Callable[[str, str], Any]] = {
        "r_count": lambda u, q: tables[u].count_rows(literal(u)),
        "r_hybrid": lambda u, q: (
            tables[u]
            .search(query_type="hybrid")
            .vector(vectors[q])
            .text(q)
            .where(where(u))
            .rerank(RRFReranker(return_score="all"))
            .limit(limit)
            .to_arrow()
        ),
        "r_vector": lambda u, q: tables[u].search(vectors[q]).where(where(u)).limit(limit).to_arrow(),
        "r_fts": lambda u, q: tables[u].search(q, query_type="fts").where(where(u)).limit(limit).to_arrow(),
    }
    for name in probes:
        res.rows[name] = Series()
    for _ in range(WARMUP):
        for fn in probes.values():
            fn(rng.choice(ids), rng.choice(QUERIES))
    for _ in range(queries):
        order = list(probes.items())
        rng.shuffle(order)
        for name, fn in order:
            user, query = rng.choice(ids), rng.choice(QUERIES)
            c0, t0 = time.process_time(), time.perf_counter()
            fn(user, query)
            res.rows[name].add((time.perf_counter() - t0) * 1000.0, (time.process_time() - c0) * 1000.0)


# -- report ------------------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.recall", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("--users", type=int, default=1000)
    parser.add_argument("--facts", type=int, default=100, help="current facts per user (default 100)")
    parser.add_argument("--queries", type=int, default=200, help="timed calls per measurement (default 200)")
    add_folder_option(parser, "--data", "the table")
    parser.add_argument(
        "--layout",
        choices=["clustered", "interleaved"],
        default="clustered",
        help="rows grouped by user (bulk load) or shuffled (facts arriving over time)",
    )
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--build-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.users < 1 or args.facts < 51 or args.queries < 1:
        parser.error("--users and --queries must be positive; --facts must exceed 50 so the hybrid path runs")
    cfg = BuildConfig(args.users, args.facts, args.seed, args.layout)

    if args.build_only:
        assert args.data is not None
        build(args.data, cfg)
        return 0

    with work_folder(args.data, "bench_recall_") as data:
        marker = read_marker(data)
        reused = marker is not None and cfg.matches(marker)
        build_wall: float | None = None
        if not reused:
            if data.exists() and any(data.iterdir()):
                parser.error(f"{data} is not empty and holds no matching benchmark table; use a new dir")
            data.mkdir(parents=True, exist_ok=True)
            print(f"building {cfg.users * cfg.facts:,} rows in {data} ...", file=sys.stderr, flush=True)
            command = [
                sys.executable,
                "-m",
                "benchmarks.recall",
                "--build-only",
                "--data",
                str(data),
                "--users",
                str(cfg.users),
                "--facts",
                str(cfg.facts),
                "--seed",
                str(cfg.seed),
                "--layout",
                cfg.layout,
            ]
            t = time.perf_counter()
            subprocess.run(command, check=True)
            build_wall = time.perf_counter() - t
            marker = read_marker(data)
        assert marker is not None
        print("measuring ...", file=sys.stderr, flush=True)
        res = measure(data, cfg.users, args.queries, cfg.seed + 1)
        print_report(
            res,
            marker,
            reused=reused,
            data=data,
            queries=args.queries,
            build_wall_s=build_wall,
            hybrid=HYBRID,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
