"""What the ask state costs a read: a user's facts with history, with and without its three columns.

    python -m benchmarks.ask_state [--users 1000] [--facts 40] [--samples 300] [--chunk 50]

A pending version's ask state (``asked``, ``asked_at``, ``lapsed``) lives in columns of its own, read only by
reads with history (the panel, ``memories list``, promotion's history read, the expiry pass); the read of
current facts every turn makes does not take them. This measures what they add where they are read, on the
real ``LanceFactStore`` (256 shards, indexed and compacted as the expiry job leaves them, hash vectors: vectors
are not read here): ``--users`` users of ``--facts`` versions each.

* one user's history (``list_facts(include_history=True)``'s read, cache bypassed): the 3 columns read before
  (record, current, stale: the same-run baseline) against the 6 read now, alternating, over ``--samples`` users;
* one promotion chunk's history read (``histories``: ``--chunk`` users in one trip), 3 against 6 columns.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial
from typing import Any

os.environ.setdefault("LANCEDB_LOG", "error")

from lancedb.expr import col, lit

from assistant.fact_types import FACT_TYPES
from assistant.ids import UserScope
from memory.lance_store import LanceFactStore
from testkit.stored_facts import numbered_fact

MONDAY = datetime(2026, 11, 9, 9, 0, tzinfo=UTC)
VALUES = [(t.name, v) for t in FACT_TYPES.values() if t.multi_valued for v in sorted(t.values)]


def load(store: LanceFactStore, users: int, facts: int) -> list[UserScope]:
    scopes = [UserScope.of(f"user{u:05d}") for u in range(users)]
    for start in range(0, users, 100):
        batch = []
        for scope in scopes[start : start + 100]:
            for n in range(facts):
                ftype, value = VALUES[n % len(VALUES)]
                batch.append(
                    (
                        scope,
                        numbered_fact(
                            scope.user,
                            n,
                            ftype,
                            value,
                            start=MONDAY,
                            fact_id=f"{hash((scope.user, n)) & (2**128 - 1):032x}",
                            version=1 + n // len(VALUES),
                            current=n >= facts - len(VALUES),
                        ),
                    )
                )
        store.add_many(batch)
    store.compact()
    return scopes


def read(store: LanceFactStore, wheres: dict[int, Any], history: bool) -> Any:
    """The store's read itself, without its cache: 6 columns with ``history``, else the 3 read before."""
    return store._read_many(wheres, limit=None, history=history)


def timed(call: Callable[[], Any]) -> float:
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1000


def summary(name: str, base: list[float], now: list[float]) -> str:
    def p95(xs: list[float]) -> float:
        return sorted(xs)[int(0.95 * (len(xs) - 1))]

    b, n = statistics.median(base), statistics.median(now)
    return (
        f"{name:<34} 3 columns median {b:6.2f} ms p95 {p95(base):6.2f} | "
        f"6 columns median {n:6.2f} ms p95 {p95(now):6.2f} | median x{n / b:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=1000)
    parser.add_argument("--facts", type=int, default=40)
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--chunk", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store = LanceFactStore(folder, embedding="hash")
        started = time.perf_counter()
        scopes = load(store, args.users, args.facts)
        print(
            f"{args.users * args.facts} rows ({args.users} users) loaded in {time.perf_counter() - started:.1f} s"
        )
        store.warm_up()
        rng = random.Random(7)
        one: dict[bool, list[float]] = {False: [], True: []}
        for scope in rng.choices(scopes, k=args.samples):
            wheres: dict[int, Any] = {store.shards.of(scope.user): col("user_id") == lit(scope.user)}
            for history in rng.sample([False, True], 2):  # alternating order, so drift hits both alike
                one[history].append(timed(partial(read, store, wheres, history)))
        chunked: dict[bool, list[float]] = {False: [], True: []}
        for _ in range(max(5, args.samples // 20)):
            group = rng.sample(scopes, args.chunk)
            by_shard: dict[int, list[str]] = {}
            for scope in group:
                by_shard.setdefault(store.shards.of(scope.user), []).append(scope.user)
            wheres = {s: col("user_id").isin(users) for s, users in by_shard.items()}
            for history in rng.sample([False, True], 2):
                chunked[history].append(timed(partial(read, store, wheres, history)))
        print(summary("one user's history", one[False], one[True]))
        print(summary(f"a chunk's histories ({args.chunk} users)", chunked[False], chunked[True]))
        print("the read of current facts (every turn) takes 3 columns, as before")


if __name__ == "__main__":
    main()
