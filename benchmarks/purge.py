"""What forgetting costs: one fact, and a whole user with 10k facts, purged from every version of their table.

    python -m benchmarks.purge [--rows 100000] [--heavy 10000] [--shards 64]

The real ``LanceFactStore`` (schema, MiniLM vectors, FTS and user-id indexes, compacted as the expiry job
leaves it) holds ``--rows`` facts: users of 100 facts each plus one user with ``--heavy`` facts. Texts come
from a vocabulary of a few hundred distinct facts and quotes (embedded once each, as ``add_many`` does). The
same rows are loaded into each layout: the sharded store (``--shards``, a comma-separated list to compare
counts) and an unsharded one (one table for everyone, the layout before sharding). Each measurement runs on a
fresh copy of its layout's folder:

* forget one fact: ``LanceFactStore.delete`` (the purge: delete, rewrite the touched fragments, rebuild the
  indexes, drop old versions, all in the user's shard); naive baseline: a plain ``table.delete`` of one fact
  on the unsharded table, which leaves the row readable in the older version and in its data file;
* erase the heavy user: ``LanceFactStore.erase``; naive baseline: a plain delete of the same rows.

After each purge the rows are looked for in every retained version of the user's table (they must be gone).
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, get_args

os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ.setdefault("LANCEDB_LOG", "error")

import numpy as np
from lancedb.expr import col, lit

from assistant.fact_records import Fact
from assistant.fact_types import FACT_TYPES, FactType, MenuDiet
from assistant.ids import UserScope
from benchmarks._recall_table import arrow_rows
from memory.fact_rows import fact_row
from memory.lance_shards import SHARDS
from memory.lance_store import LanceFactStore
from memory.lance_table import rebuild_indexes
from testkit.bench_results import record
from testkit.stored_facts import user_fact

MONDAY = datetime(2026, 11, 9, 9, 0, tzinfo=UTC)
HEAVY = UserScope.of("heavy")
TYPES = (
    ("dietary", get_args(MenuDiet)),
    ("seat", ("aisle", "window", "extra legroom", "exit row")),
    ("home_airport", ("LHR", "LGW", "MAN", "EDI", "DUB", "LIS", "MAD", "FRA", "CDG", "AMS")),
    ("loyalty", ("Avios", "Miles&More", "Flying Blue", "SkyMiles", "TAP Miles&Go")),
)
# A user here holds thousands of distinct facts, more than the app's closed vocabularies have values: the
# benchmark registers a type of its own whose values are "<a real value> <n>" (each its own key), so rows
# stay canonical records of the shape the app writes.
ITEM = "bench_item"


def register_items(count: int) -> None:
    values = frozenset(_item(i, offset) for offset in range(2) for i in range(count))
    FACT_TYPES[ITEM] = FactType(
        ITEM, "Saved item", "saved_item", True, timedelta(days=365), None, (), lambda _t: [], values
    )


def _item(i: int, offset: int) -> str:
    _name, values = TYPES[i % len(TYPES)]
    return f"{values[(i // len(TYPES) + offset) % len(values)]} {i}"


def facts_of(scope: UserScope, count: int, offset: int) -> list[Fact]:
    out = []
    for i in range(count):
        value = _item(i, min(offset, 1))
        n = offset * 1_000_000 + i
        out.append(
            user_fact(
                scope.user,
                ITEM,
                value,
                fact_id=f"{n:032x}",
                thread=f"th{i % 50}",
                turn=f"t{i}",
                at=MONDAY + timedelta(minutes=i),
                expires_at=MONDAY + timedelta(days=365),
            )
        )
    return out


def build(root: Path, rows: int, heavy: int, layouts: Sequence[int]) -> None:
    """The same rows, vectors embedded once per distinct text, into one folder per shard count; then each
    shard compacted, indexed and stripped of old versions."""
    from memory import embeddings

    func = embeddings.embedding_function("minilm")
    stores = [LanceFactStore(str(root / f"s{n}"), embedding="minilm", shards=n) for n in layouts]
    schema = stores[0].shards.schema
    vectors: dict[str, Any] = {}

    def load(batch: list[tuple[UserScope, Fact]]) -> None:
        made = [fact_row(f) for _, f in batch]
        new = [t for t in dict.fromkeys(r["search_text"] for r in made) if t not in vectors]
        vectors.update(zip(new, func.compute_source_embeddings(new), strict=True))
        matrix = np.asarray([vectors[r["search_text"]] for r in made], dtype=np.float32)
        table = arrow_rows(schema, made, matrix)
        for store in stores:
            store.shards.load(table)

    users = max(1, (rows - heavy) // 100)
    batch: list[tuple[UserScope, Fact]] = [(HEAVY, f) for f in facts_of(HEAVY, heavy, 0)]
    for u in range(users):
        scope = UserScope.of(f"user{u}")
        batch += [(scope, f) for f in facts_of(scope, 100, u + 1)]
        if len(batch) >= 20_000:
            load(batch)
            batch = []
    if batch:
        load(batch)
    warnings.filterwarnings("ignore", message=".*removes every version.*", category=UserWarning)
    for store in stores:
        for table in store.shards.tables().values():
            table.optimize(cleanup_older_than=timedelta(0), delete_unverified=True)
            rebuild_indexes(table)
            table.optimize(cleanup_older_than=timedelta(0), delete_unverified=True)


def in_any_version(store: LanceFactStore, scope: UserScope, where: Any) -> int:
    table = store.shards.db.open_table(store.shards.names[store.shards.of(scope.user)])
    total = 0
    for version in table.list_versions():
        table.checkout(version["version"])
        total += table.search().where(where).select(["id"]).limit(10_000_000).to_arrow().num_rows
    return total


def _copy(src: str, dst: str) -> object:
    """Data and index files are immutable in Lance (a rewrite writes new files): link them, copy the rest."""
    if "/data/" in src or "/_indices/" in src:
        os.link(src, dst)
        return dst
    return shutil.copy2(src, dst)


def timed(
    built: Path, shards: int, action: Callable[[LanceFactStore], Any], scope: UserScope, check: Any
) -> Measured:
    """(seconds, rows left in any version, rows in the user's table before) of ``action`` on a fresh copy of a
    layout."""
    work = Path(tempfile.mkdtemp(prefix="bench-purge-work-"))
    try:
        shutil.copytree(built, work, dirs_exist_ok=True, copy_function=_copy)
        store = LanceFactStore(str(work), embedding="minilm", shards=shards)
        table = store.table_of(scope)
        assert table is not None
        rows = int(table.count_rows())  # and the table is open, as in a running app
        started = time.perf_counter()
        action(store)
        seconds = time.perf_counter() - started
        return Measured(seconds, in_any_version(store, scope, check), rows)
    finally:
        shutil.rmtree(work, ignore_errors=True)


@dataclass(frozen=True)
class Measured:
    seconds: float
    left: int
    table_rows: int


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--heavy", type=int, default=10_000)
    parser.add_argument("--shards", default=str(SHARDS), help="shard counts to compare, e.g. 16,64,256")
    args = parser.parse_args(argv)
    counts = [int(n) for n in args.shards.split(",")]
    print(__doc__.split("\n\n")[0])
    root = Path(tempfile.mkdtemp(prefix="bench-purge-"))
    one = UserScope.of("user7")
    register_items(max(args.heavy, 100))
    key = f"{ITEM}:{_item(8, 1)}"
    one_where = (col("user_id") == lit(one.user)) & (col("key") == lit(key))
    heavy_where = col("user_id") == lit(HEAVY.user)
    forget: dict[int, Measured] = {}
    erase: dict[int, Measured] = {}
    try:
        started = time.perf_counter()
        build(root, args.rows, args.heavy, [1, *counts])
        print(
            f"built {args.rows:,} rows (one user with {args.heavy:,}) in {len([1, *counts])} layouts"
            f" in {time.perf_counter() - started:.0f} s"
        )
        for n in [1, *counts]:
            forget[n] = timed(root / f"s{n}", n, lambda s: s.delete(one, key), one, one_where)
            erase[n] = timed(root / f"s{n}", n, lambda s: s.erase(HEAVY), HEAVY, heavy_where)

        def plain(where: Any) -> Callable[[LanceFactStore], Any]:
            return lambda s: s.shards.tables()[0].delete(where)

        naive_forget = timed(root / "s1", 1, plain(one_where), one, one_where)
        naive_erase = timed(root / "s1", 1, plain(heavy_where), HEAVY, heavy_where)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"\n{args.rows:,} rows; load average {load}\n")
    print(
        "| layout | rows in the user's table | forget one fact | left | erase a "
        f"{args.heavy // 1000}k-fact user | rows in its table | left |"
    )
    print("|---|---|---|---|---|---|---|")
    for n in [1, *counts]:
        name = "one table (unsharded)" if n == 1 else f"{n} shards"
        f, e = forget[n], erase[n]
        print(
            f"| {name} | {f.table_rows:,} | {f.seconds * 1000:,.0f} ms | {f.left} | {e.seconds * 1000:,.0f} ms"
            f" | {e.table_rows:,} | {e.left} |"
        )
    print(
        f"| plain delete, one table | | {naive_forget.seconds * 1000:,.0f} ms | {naive_forget.left} |"
        f" {naive_erase.seconds * 1000:,.0f} ms | | {naive_erase.left} |"
    )
    print()
    for n in counts:
        for name, got, naive, target in (
            ("forget one fact", forget[n], naive_forget, 0.1),
            (f"erase a {args.heavy // 1000}k-fact user", erase[n], naive_erase, 1.0),
        ):
            met = got.seconds <= target and got.left == 0
            print(
                f"{n} shards, {name} (<= {target * 1000:.0f} ms): {'met' if met else 'NOT MET'}"
                f" ({got.seconds * 1000:.0f} ms, {got.left} rows left in any version)"
            )
            if n == SHARDS:
                record(
                    "purge",
                    f"{name} at {args.rows:,} rows",
                    f"{got.seconds * 1000:,.0f} ms",
                    target=f"≤ {target * 1000:,.0f} ms, gone from every version",
                    baseline=f"{naive.seconds * 1000:,.0f} ms (plain delete, stays readable)",
                    met=met,
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
