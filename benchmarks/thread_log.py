"""Append latency of the SQL thread log (``SqlThreadLog.append``) on SQLite (WAL) and on local Postgres.

Each append is its own durable transaction, exactly as the engine issues it: look up the thread, insert the
event with insert-or-ignore on (thread, turn, kind), bump the thread row and, for ``user`` events, the user's
last activity. The workload is a realistic turn mix (``user`` / ``model:1`` / ``tool:1.1`` with a ~2.4 KB
flight search result / ``assistant``) spread over a few threads of two users. Bodies are built before timing,
so only the store call is measured.

    python -m benchmarks.thread_log [--n 2000] [--postgres-url URL] [--skip-postgres] [--compare]

``--compare`` also runs, interleaved with production on their own databases, variants that are *not*
production code: a candidate ``append`` on SQLAlchemy Core (same statements, no ORM Session), SQLite
``synchronous=NORMAL`` and Postgres without ``pool_pre_ping``, so the cost of each layer can be read off.
Every variant's log is checked afterwards (event count, thread ``last_seq``/``last_*_at``, user activity).

``--postgres-url`` names an *admin* connection (any database on the server); the benchmark creates a throwaway
``bench_thread_log_<hex>`` database next to it and drops it afterwards. SQLite runs on a file in a temp dir
with the production pragmas (WAL, ``synchronous=FULL`` unless ``--sqlite-synchronous`` says otherwise).
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import shutil
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import create_engine

from assistant.events import AppendResult, EventKind, NewEvent
from assistant.ids import UserId
from benchmarks._thread_log_core import core_append
from benchmarks._thread_log_workload import KINDS, START, USERS, threads, workload
from benchmarks.stats import percentile
from memory import migrate
from memory.db import Database
from memory.tables import EventRow  # noqa: F401  (registers the tables on SQLModel.metadata)
from memory.thread_log import SqlThreadLog
from memory.users import SqlDirectory
from testkit.scratch_pg import PG_ADMIN_URL, create_database, drop_database

TARGETS_MS = {"sqlite": 2.0, "postgres": 5.0}  # p95 of a fresh (inserting) append


# -- measurement -------------------------------------------------------------------------------------------


@dataclass
class Series:
    samples_ms: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)  # this thread's CPU time (Python + driver), same calls

    def add(self, sample: tuple[float, float]) -> None:
        self.samples_ms.append(sample[0])
        self.cpu_ms.append(sample[1])

    @property
    def cpu_p50(self) -> float:
        return percentile(self.cpu_ms, 50)

    def pct(self, p: float) -> float:
        return percentile(self.samples_ms, p)

    @property
    def rate(self) -> float:
        """Appends per second of one writer, from the time spent inside append."""
        total = sum(self.samples_ms)
        return len(self.samples_ms) / (total / 1000.0) if total else float("nan")


@dataclass
class Variant:
    backend: str  # "sqlite" | "postgres"
    label: str
    url: str
    synchronous: str = "FULL"
    pre_ping: bool = True
    core: bool = False
    production: bool = True
    db: Any = None
    log: Any = None
    directory: Any = None
    append: Callable[[NewEvent], AppendResult] | None = None
    fresh: Series = field(default_factory=Series)
    duplicate: Series = field(default_factory=Series)
    by_kind: dict[str, Series] = field(default_factory=lambda: {k: Series() for k in KINDS})
    notes: list[str] = field(default_factory=list)

    def open(self) -> None:
        sqlite_only = {"sqlite_synchronous": self.synchronous} if self.backend == "sqlite" else {}
        db = Database(self.url, **sqlite_only)
        if not self.pre_ping:  # what Database.__init__ would build with pool_pre_ping=False
            db.engine.dispose()
            db.engine = create_engine(self.url, pool_size=5, max_overflow=5, pool_pre_ping=False)
            db.write_engine = db.engine.execution_options(sqlite_begin="IMMEDIATE")
        self.db = db
        migrate.upgrade(db)
        self.log, self.directory = SqlThreadLog(db), SqlDirectory(db)
        for user in USERS:
            self.directory.ensure_user(user, now=START)
        for user, thread in threads():
            self.directory.open_thread(user, thread, now=START)
        self.append = core_append(db) if self.core else self.log.append
        self.notes = _describe(db, pre_ping=self.pre_ping)

    def close(self) -> None:
        if self.db is not None:
            self.db.dispose()


def _call(variant: Variant, event: NewEvent, *, expect_inserted: bool) -> tuple[float, float]:
    """(wall ms, CPU ms of this thread) of one append."""
    assert variant.append is not None
    c0 = time.thread_time()
    t0 = time.perf_counter()
    result = variant.append(event)
    ms = (time.perf_counter() - t0) * 1000.0
    cpu = (time.thread_time() - c0) * 1000.0
    if result.inserted != expect_inserted:
        raise AssertionError(f"{variant.label}: {event.turn_id}/{event.kind} inserted={result.inserted}")
    return ms, cpu


def run_variants(variants: list[Variant], *, n: int, warmup: int, dupes: int, seed: int) -> None:
    """Variants of one backend run interleaved (round robin, rotating order): machine noise hits all alike."""
    for v in variants:
        for event in workload(warmup, seed=seed + 1, prefix="warm", start=START):
            _call(v, event, expect_inserted=True)
    events = workload(n, seed=seed, prefix="turn", start=START + timedelta(days=1))
    rng = random.Random(seed + 2)
    # A retried append carries the same key (the body may differ; first write wins).
    replays = [rng.choice(events) for _ in range(dupes)]
    gc.collect()
    for i, event in enumerate(events):
        for j in range(len(variants)):
            v = variants[(i + j) % len(variants)]
            sample = _call(v, event, expect_inserted=True)
            v.fresh.add(sample)
            v.by_kind[event.kind].add(sample)
    for i, event in enumerate(replays):
        for j in range(len(variants)):
            v = variants[(i + j) % len(variants)]
            v.duplicate.add(_call(v, event, expect_inserted=False))
    for v in variants:
        verify(v.log, v.directory, expected=warmup + n)


def verify(log: SqlThreadLog, directory: SqlDirectory, *, expected: int) -> None:
    """The log holds every event once, and thread/user bookkeeping matches the events."""
    total = 0
    last_user: dict[UserId, datetime] = {}
    for user, thread in threads():
        evs = log.events(thread)
        total += len(evs)
        record = directory.get_thread(user, thread)
        assert record is not None
        users_events = [e.created_at for e in evs if e.kind == EventKind.USER]
        if evs and (
            record.last_seq != max(e.seq for e in evs)
            or record.last_event_at != max(e.created_at for e in evs)
            or record.last_user_at != max(users_events, default=None)
        ):
            raise AssertionError(f"thread {thread}: bookkeeping does not match its events")
        if users_events:
            last_user[user] = max(max(users_events), last_user.get(user, START))
    if total != expected:
        raise AssertionError(f"expected {expected} events, found {total}")
    for user, when in last_user.items():
        record_user = directory.get_user(user)
        if record_user is None or record_user.last_active_at != when:
            raise AssertionError(f"user {user}: last_active_at does not match the last user event")


def _describe(db: Database, *, pre_ping: bool) -> list[str]:
    with db.engine.connect() as conn:
        if db.is_sqlite:
            sync = conn.exec_driver_sql("PRAGMA synchronous").scalar()
            mode = conn.exec_driver_sql("PRAGMA journal_mode").scalar()
            names = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}
            return [
                f"sqlite {sqlite3.sqlite_version}: journal_mode={mode}, "
                f"synchronous={names.get(int(sync or 0))} (read back from a pooled connection)"
            ]
        version = conn.exec_driver_sql("SHOW server_version").scalar()
        sync_commit = conn.exec_driver_sql("SHOW synchronous_commit").scalar()
        fsync = conn.exec_driver_sql("SHOW fsync").scalar()
        ping = "on (a SELECT 1 round trip per checkout)" if pre_ping else "off"
        return [f"postgres {version}: synchronous_commit={sync_commit}, fsync={fsync}, pool_pre_ping {ping}"]


# -- report ------------------------------------------------------------------------------------------------


def _titles(width: int, third: str, tail: str = "") -> None:
    """A latency table's column titles (the third column is ``third``, ``tail`` adds columns) and a rule."""
    header = (
        f"{'backend':<9} {'variant':<{width}} {third:<10} {'n':>5} {'p50 ms':>7} {'p95 ms':>7} "
        f"{'p99 ms':>7} {'max ms':>7} {'cpu p50':>7}{tail}"
    )
    print(header)
    print("-" * len(header))


def _cells(v: Variant, width: int, name: str, series: Series) -> str:
    """A latency row's cells under the titles of :func:`_titles`."""
    return (
        f"{v.backend:<9} {v.label:<{width}} {name:<10} {len(series.samples_ms):>5} "
        f"{series.pct(50):>7.2f} {series.pct(95):>7.2f} {series.pct(99):>7.2f} "
        f"{max(series.samples_ms):>7.2f} {series.cpu_p50:>7.2f}"
    )


def print_report(variants: list[Variant], *, n: int, warmup: int, dupes: int) -> None:
    print(
        f"env: {os.cpu_count()} CPUs, 1-min load avg {os.getloadavg()[0]:.2f}, Python "
        f"{platform.python_version()} ({sys.platform}), sqlite {sqlite3.sqlite_version}; "
        f"n={n} appends (+{warmup} warm-up), {dupes} duplicate re-appends per variant; one writer"
    )
    seen: set[str] = set()
    for v in variants:
        for note in v.notes:
            if note not in seen:
                seen.add(note)
                print(f"  {note}")
    width = max(len(v.label) for v in variants) + 2
    print()
    _titles(width, "operation", f" {'appends/s':>9}  target")
    for v in variants:
        target = TARGETS_MS[v.backend]
        for op, series in (("insert", v.fresh), ("duplicate", v.duplicate)):
            if not series.samples_ms:
                continue
            p95 = series.pct(95)
            verdict = "-"
            if op == "insert":
                verdict = f"p95 <= {target:g} ms: {'PASS' if p95 <= target else 'MISS'}"
                verdict += "" if v.production else " (not production)"
            print(f"{_cells(v, width, op, series)} {series.rate:>9.0f}  {verdict}")
    print("cpu p50 = CPU time of the calling thread per append (Python, SQLAlchemy, driver), without waits")
    print("for fsync, the server or a busy CPU; appends/s = one writer, from the time spent inside append")
    print()
    print("insert latency by event kind (same runs):")
    _titles(width, "kind")
    for v in variants:
        for kind, series in v.by_kind.items():
            print(_cells(v, width, kind, series))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.thread_log", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("--n", type=int, default=2000, help="timed appends per backend (default 2000)")
    parser.add_argument("--warmup", type=int, default=200, help="untimed appends first (default 200)")
    parser.add_argument("--dupes", type=int, default=500, help="timed duplicate re-appends (default 500)")
    parser.add_argument(
        "--postgres-url",
        default=os.environ.get("BENCH_POSTGRES_URL", PG_ADMIN_URL),
        help="admin URL of the Postgres server; bench_* databases are created and dropped",
    )
    parser.add_argument("--skip-postgres", action="store_true")
    parser.add_argument(
        "--sqlite-synchronous",
        default="FULL",
        choices=["OFF", "NORMAL", "FULL", "EXTRA"],
        help="SQLite synchronous pragma (production default FULL)",
    )
    parser.add_argument(
        "--compare",
        action="store_true",
        help="also run, interleaved with production: a Core (no ORM Session) append, SQLite "
        "synchronous=NORMAL, Postgres without pool_pre_ping",
    )
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    if args.n < 1 or args.warmup < 0 or args.dupes < 0:
        parser.error("--n must be positive, --warmup and --dupes non-negative")

    sync = args.sqlite_synchronous
    prod_label = "production" if sync == "FULL" else f"production, synchronous={sync}"
    variants: list[Variant] = []
    scratch = tempfile.mkdtemp(prefix="bench_thread_log_", dir="/tmp")
    pg_urls: list[str] = []
    try:
        sqlite_plan = [Variant("sqlite", prod_label, "", synchronous=sync, production=sync == "FULL")]
        if args.compare:
            sqlite_plan += [
                Variant("sqlite", "Core append", "", synchronous=sync, core=True, production=False),
                Variant(
                    "sqlite", "production, synchronous=NORMAL", "", synchronous="NORMAL", production=False
                ),
                Variant(
                    "sqlite",
                    "Core append, synchronous=NORMAL",
                    "",
                    synchronous="NORMAL",
                    core=True,
                    production=False,
                ),
            ]
        for i, v in enumerate(sqlite_plan):
            v.url = f"sqlite:///{scratch}/travel-{i}.db"
        pg_plan: list[Variant] = []
        if not args.skip_postgres:
            pg_plan = [Variant("postgres", "production", "")]
            if args.compare:
                pg_plan += [
                    Variant("postgres", "Core append", "", core=True, production=False),
                    Variant(
                        "postgres", "production, pool_pre_ping=False", "", pre_ping=False, production=False
                    ),
                    Variant(
                        "postgres",
                        "Core append, pool_pre_ping=False",
                        "",
                        pre_ping=False,
                        core=True,
                        production=False,
                    ),
                ]
        for plan in (sqlite_plan, pg_plan):
            if not plan:
                continue
            try:
                for v in plan:
                    if v.backend == "postgres":
                        v.url = create_database("bench_thread_log_", admin_url=args.postgres_url)
                        pg_urls.append(v.url)
                    v.open()
                run_variants(plan, n=args.n, warmup=args.warmup, dupes=args.dupes, seed=args.seed)
            finally:
                for v in plan:
                    v.close()
            variants += plan
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        for url in pg_urls:
            drop_database(url, admin_url=args.postgres_url)
    print_report(variants, n=args.n, warmup=args.warmup, dupes=args.dupes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
