"""What forgetting costs: one fact, and a whole user with 10k facts, purged from every version of the table.

    python -m benchmarks.purge [--rows 100000] [--heavy 10000]

A LanceDB fact table (the real ``LanceFactStore``: schema, MiniLM vectors, FTS and user-id indexes, compacted
as the expiry job leaves it) holds ``--rows`` facts: users of 100 facts each plus one user with ``--heavy``
facts. Texts come from a vocabulary of a few hundred distinct facts and quotes (embedded once each, as
``add_many`` does). Each measurement runs on a fresh copy of that table:

* forget one fact: ``LanceFactStore.delete`` (the purge: delete, rewrite the touched fragments, rebuild the
  indexes, drop old versions); naive baseline: a plain ``table.delete`` of one fact, which leaves the row
  readable in the older version and in its data file;
* erase the heavy user: ``LanceFactStore.erase``; naive baseline: a plain delete of the same rows.

After each purge the rows are looked for in every retained table version (they must be gone).
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ.setdefault("LANCEDB_LOG", "error")

from lancedb.expr import col, lit
from lancedb.index import FTS, BTree

from assistant.facts import Authority, Fact
from assistant.ids import FactId, UserScope
from memory.lance_store import LanceFactStore

MONDAY = datetime(2026, 11, 9, 9, 0, tzinfo=UTC)
HEAVY = UserScope.of("heavy")
TYPES = (
    ("dietary", "Dietary needs", ("vegetarian", "vegan", "halal", "kosher", "gluten-free", "pescatarian")),
    ("seat", "Seat preference", ("aisle", "window", "extra legroom", "front row")),
    ("home_airport", "Home airport", ("LHR", "LGW", "MAN", "EDI", "DUB", "LIS", "MAD", "FRA", "CDG", "AMS")),
    ("loyalty", "Loyalty programme", ("Avios", "Miles&More", "Flying Blue", "SkyMiles", "TAP Miles&Go")),
)
OPENERS = ("By the way, I'm", "Just so you know, I'm", "For the record, I'm", "Oh and I'm", "Note: I'm")


def facts_of(scope: UserScope, count: int, offset: int) -> list[Fact]:
    out = []
    for i in range(count):
        name, label, values = TYPES[i % len(TYPES)]
        value = values[(i // len(TYPES) + offset) % len(values)]
        n = offset * 1_000_000 + i
        out.append(
            Fact(
                id=FactId(f"{n:032x}"),
                user_id=scope.user,
                key=f"{name}:{value} {i}",
                type=name,
                subject="user",
                predicate=name,
                value=value,
                text=f"{label}: {value}",
                source_thread=f"th{i % 50}",
                source_turn=f"t{i}",
                evidence_quote=f"{OPENERS[(i + offset) % len(OPENERS)]} {value}",
                asserted_by=Authority.USER,
                asserted_at=MONDAY + timedelta(minutes=i),
                supersedes="",
                version=1,
                expires_at=MONDAY + timedelta(days=365),
            )
        )
    return out


def build(folder: Path, rows: int, heavy: int) -> None:
    store = LanceFactStore(str(folder), embedding="minilm")
    users = max(1, (rows - heavy) // 100)
    batch: list[tuple[UserScope, Fact]] = [(HEAVY, f) for f in facts_of(HEAVY, heavy, 0)]
    for u in range(users):
        scope = UserScope.of(f"user{u}")
        batch += [(scope, f) for f in facts_of(scope, 100, u + 1)]
        if len(batch) >= 20_000:
            store.add_many(batch)
            batch = []
    if batch:
        store.add_many(batch)
    table = store.table
    table.optimize(cleanup_older_than=timedelta(0), delete_unverified=True)
    table.create_index("search_text", config=FTS(with_position=False), replace=True)
    table.create_index("user_id", config=BTree(), replace=True)
    table.optimize(cleanup_older_than=timedelta(0), delete_unverified=True)


def in_any_version(store: LanceFactStore, where: Any) -> int:
    table = store._db.open_table(store._name)
    total = 0
    for version in table.list_versions():
        table.checkout(version["version"])
        total += table.search().where(where).select(["id"]).limit(10_000_000).to_arrow().num_rows
    return total


def timed(built: Path, action: Callable[[LanceFactStore], Any], check: Any) -> tuple[float, int, int]:
    """(seconds, rows left in any version, fragments) of ``action`` on a fresh copy of the built table."""
    work = Path(tempfile.mkdtemp(prefix="bench-purge-work-"))
    try:
        shutil.copytree(built, work, dirs_exist_ok=True)
        store = LanceFactStore(str(work), embedding="minilm")
        store.table.count_rows()  # opened, as in a running app
        started = time.perf_counter()
        action(store)
        seconds = time.perf_counter() - started
        return (
            seconds,
            in_any_version(store, check),
            int(store.table.stats()["fragment_stats"]["num_fragments"]),
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--heavy", type=int, default=10_000)
    args = parser.parse_args(argv)
    print(__doc__.split("\n\n")[0])
    built = Path(tempfile.mkdtemp(prefix="bench-purge-"))
    try:
        started = time.perf_counter()
        build(built, args.rows, args.heavy)
        print(
            f"built {args.rows:,} rows (one user with {args.heavy:,}) in {time.perf_counter() - started:.0f} s"
        )
        one = UserScope.of("user7")
        key = "dietary:" + TYPES[0][2][8 % len(TYPES[0][2])] + " 0"
        one_where = (col("user_id") == lit(one.user)) & (col("key") == lit(key))
        heavy_where = col("user_id") == lit(HEAVY.user)
        results = {
            "forget one fact": (
                timed(built, lambda s: s.delete(one, key), one_where),
                timed(built, lambda s: s.table.delete(one_where), one_where),
                0.1,
            ),
            f"erase a user ({args.heavy:,} facts)": (
                timed(built, lambda s: s.erase(HEAVY), heavy_where),
                timed(built, lambda s: s.table.delete(heavy_where), heavy_where),
                1.0,
            ),
        }
    finally:
        shutil.rmtree(built, ignore_errors=True)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"\n{args.rows:,} rows; load average {load}\n")
    print(
        f"| {'':32} | {'purge':>10} | {'left in any version':>19} | {'plain delete':>12} | {'left':>6} | target |"
    )
    print(f"|{'-' * 34}|{'-' * 12}|{'-' * 21}|{'-' * 14}|{'-' * 8}|--------|")
    for name, ((secs, left, _), (naive, naive_left, _), target) in results.items():
        print(
            f"| {name:32} | {secs * 1000:>7.0f} ms | {left:>19} | {naive * 1000:>9.0f} ms | {naive_left:>6} |"
            f" {'<= %.0f ms' % (target * 1000) if target < 1 else '<= 1 s'} |"
        )
    for name, ((secs, left, _), _, target) in results.items():
        verdict = "met" if secs <= target and left == 0 else "NOT MET"
        print(f"{name}: {verdict} ({secs * 1000:.0f} ms, {left} rows left in any version)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
