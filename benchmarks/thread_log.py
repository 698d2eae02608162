"""Append latency of the SQL thread log (``SqlThreadStore.append``) on SQLite (WAL) and on local Postgres.

Each append is its own durable transaction, exactly as the engine issues it: look up the thread, insert the
event with insert-or-ignore on (thread, turn, kind), bump the thread row and, for ``user`` events, the user's
last activity. The workload is a realistic turn mix (``user`` / ``model:1`` / ``tool:1.1`` with a ~2.5 KB flight
search result / ``assistant``) spread over a few threads of two users. Bodies are built before timing, so only
the store call is measured.

    python -m benchmarks.thread_log [--n 2000] [--postgres-url URL] [--skip-postgres]

``--postgres-url`` names an *admin* connection (any database on the server); the benchmark creates a throwaway
``bench_thread_log_<hex>`` database next to it and drops it afterwards. SQLite runs on a file in a temp dir
with the production pragmas (WAL, ``synchronous=FULL`` unless ``--sqlite-synchronous`` says otherwise).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import shutil
import sqlite3
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

from sqlalchemy import create_engine, text

from assistant.events import ASSISTANT, USER, NewEvent, model_kind, tool_kind
from assistant.ids import ThreadId, TurnId, UserId
from memory import migrate
from memory.db import Database
from memory.thread_log import SqlThreadStore

DEFAULT_PG_ADMIN_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
TARGETS_MS = {"sqlite": 2.0, "postgres": 5.0}  # p95 of a fresh (inserting) append
START = datetime(2026, 11, 9, 9, 0, tzinfo=timezone.utc)
USERS = (UserId("bench-alice"), UserId("bench-bob"))
THREADS_PER_USER = 3
KINDS = (USER, model_kind(1), tool_kind(1, 1), ASSISTANT)

_USER_TEXTS = (
    "Find me flights from Lisbon to Berlin next Friday, morning if possible.",
    "What about something cheaper, maybe the day after?",
    "Book the second option and a hotel near the Hauptbahnhof for three nights.",
    "I'm vegetarian, can you suggest somewhere for dinner near the hotel?",
    "Actually make it an aisle seat, and I only travel carry-on.",
    "Can you show me my bookings for November?",
)
_CARRIERS = (("TP", "TAP Air Portugal"), ("LH", "Lufthansa"), ("FR", "Ryanair"), ("U2", "easyJet"),
             ("IB", "Iberia"), ("BA", "British Airways"))


# -- workload ----------------------------------------------------------------------------------------------


def _flight_search_body(rng: random.Random, day: datetime, call_id: str) -> dict[str, Any]:
    """A ``tool:1.1`` body shaped like the engine's: call id, name, arguments and a search_flights result."""
    options = []
    for i in range(9):
        code, _name = rng.choice(_CARRIERS)
        depart = day.replace(hour=6 + i * 2 % 16, minute=rng.choice((0, 15, 30, 45)))
        arrive = depart + timedelta(hours=3, minutes=rng.randint(0, 50))
        options.append({
            "flight_id": f"{code}{rng.randint(100, 9999)}-{day:%Y%m%d}-{i}",
            "carrier": code, "flight_no": f"{code} {rng.randint(100, 9999)}",
            "origin": "LIS", "destination": "BER",
            "depart_at": depart.isoformat(), "arrive_at": arrive.isoformat(),
            "price_eur": rng.randint(39, 420), "seats_left": rng.randint(1, 60),
        })
    arguments = json.dumps({"origin": "Lisbon", "destination": "Berlin", "date": f"{day:%Y-%m-%d}"})
    return {
        "call_id": call_id, "name": "search_flights", "arguments": arguments, "ok": True,
        "result": {"origin": "LIS", "origin_assumed": False, "destination": "BER", "date": f"{day:%Y-%m-%d}",
                   "options": options},
    }


def _body(kind: str, rng: random.Random, at: datetime, call_id: str) -> dict[str, Any]:
    if kind == USER:
        return {"text": rng.choice(_USER_TEXTS)}
    if kind == model_kind(1):
        arguments = json.dumps({"origin": "Lisbon", "destination": "Berlin", "date": f"{at:%Y-%m-%d}"})
        return {"text": "", "tool_calls": [{"id": call_id, "name": "search_flights", "arguments": arguments}],
                "usage": {"prompt_tokens": rng.randint(1800, 4000), "completion_tokens": rng.randint(20, 60)}}
    if kind == tool_kind(1, 1):
        return _flight_search_body(rng, at + timedelta(days=7), call_id)
    return {"text": "I found nine flights from Lisbon to Berlin on that day. The cheapest is the 06:15 departure "
                    "at 39 EUR; the most convenient, leaving mid-morning, is 112 EUR. Shall I book one of them?",
            "model": "offline/demo", "usage": {"prompt_tokens": rng.randint(2500, 5000),
                                               "completion_tokens": rng.randint(40, 160)}}


def threads() -> list[tuple[UserId, ThreadId]]:
    return [(u, ThreadId(f"{u}-thread-{i}")) for u in USERS for i in range(THREADS_PER_USER)]


def workload(n: int, *, seed: int, prefix: str, start: datetime) -> list[NewEvent]:
    """``n`` events, whole turns of (user, model:1, tool:1.1, assistant), each turn on a random thread."""
    rng = random.Random(seed)
    pool = [t for _u, t in threads()]
    out: list[NewEvent] = []
    turn_no = 0
    while len(out) < n:
        thread = rng.choice(pool)
        turn = TurnId(f"{prefix}{turn_no:06d}")
        call_id = f"call_{uuid.UUID(int=rng.getrandbits(128)).hex[:24]}"
        for kind in KINDS:
            at = start + timedelta(seconds=len(out))
            out.append(NewEvent(thread, turn, kind, _body(kind, rng, at, call_id), at))
            if len(out) == n:
                break
        turn_no += 1
    return out


# -- measurement -------------------------------------------------------------------------------------------


@dataclass
class Series:
    label: str
    samples_ms: list[float] = field(default_factory=list)
    wall_s: float = 0.0

    def pct(self, p: float) -> float:
        """Nearest-rank percentile."""
        data = sorted(self.samples_ms)
        if not data:
            return float("nan")
        rank = max(1, min(len(data), int(-(-p * len(data) // 100))))
        return data[rank - 1]

    @property
    def rate(self) -> float:
        return len(self.samples_ms) / self.wall_s if self.wall_s else float("nan")


def timed_appends(store: SqlThreadStore, events: Sequence[NewEvent], *, expect_inserted: bool) -> Series:
    series = Series("")
    check: Callable[[bool], bool] = (lambda ok: ok) if expect_inserted else (lambda ok: not ok)
    clock = time.perf_counter
    wall = clock()
    for event in events:
        t0 = clock()
        result = store.append(event)
        series.samples_ms.append((clock() - t0) * 1000.0)
        if not check(result.inserted):
            raise AssertionError(f"append of {event.turn_id}/{event.kind}: inserted={result.inserted}")
    series.wall_s = clock() - wall
    return series


@dataclass
class BackendResult:
    backend: str
    fresh: Series
    duplicate: Series
    by_kind: dict[str, Series]
    notes: list[str]


def run_backend(backend: str, url: str, *, n: int, warmup: int, dupes: int, seed: int,
                sqlite_synchronous: str) -> BackendResult:
    db = Database(url, sqlite_synchronous=sqlite_synchronous) if backend == "sqlite" else Database(url)
    try:
        migrate.upgrade(db)
        store = SqlThreadStore(db)
        for user in USERS:
            store.ensure_user(user, now=START)
        for user, thread in threads():
            store.open_thread(user, thread, now=START)

        warm = workload(warmup, seed=seed + 1, prefix="warm", start=START)
        timed_appends(store, warm, expect_inserted=True)

        events = workload(n, seed=seed, prefix="turn", start=START + timedelta(days=1))
        gc.collect()
        fresh = timed_appends(store, events, expect_inserted=True)
        fresh.label = "append (insert)"

        rng = random.Random(seed + 2)
        replays = [rng.choice(events) for _ in range(dupes)]
        # A retried append carries the same key (the body may differ; first write wins).
        duplicate = timed_appends(store, replays, expect_inserted=False)
        duplicate.label = "re-append (duplicate key)"

        by_kind = {kind: Series(kind) for kind in KINDS}
        for event, ms in zip(events, fresh.samples_ms, strict=True):
            by_kind[event.kind].samples_ms.append(ms)

        stored = sum(len(store.events(t)) for _u, t in threads())
        if stored != warmup + n:
            raise AssertionError(f"{backend}: expected {warmup + n} events, found {stored}")
        return BackendResult(backend, fresh, duplicate, by_kind, _describe(db))
    finally:
        db.dispose()


def _describe(db: Database) -> list[str]:
    with db.engine.connect() as conn:
        if db.is_sqlite:
            sync = conn.exec_driver_sql("PRAGMA synchronous").scalar()
            mode = conn.exec_driver_sql("PRAGMA journal_mode").scalar()
            names = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}
            return [f"sqlite {sqlite3.sqlite_version} journal_mode={mode} synchronous={names.get(int(sync or 0))}"]
        version = conn.exec_driver_sql("SHOW server_version").scalar()
        sync_commit = conn.exec_driver_sql("SHOW synchronous_commit").scalar()
        fsync = conn.exec_driver_sql("SHOW fsync").scalar()
        return [f"postgres {version} synchronous_commit={sync_commit} fsync={fsync} "
                f"(pool_pre_ping=True: one extra round trip per transaction)"]


# -- Postgres scratch database -----------------------------------------------------------------------------


def create_pg_database(admin_url: str) -> str:
    name = f"bench_thread_log_{uuid.uuid4().hex[:10]}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        admin.dispose()
    return admin_url.rsplit("/", 1)[0] + "/" + name


def drop_pg_database(admin_url: str, url: str) -> None:
    name = url.rsplit("/", 1)[1]
    if not name.startswith("bench_"):
        raise ValueError(f"refusing to drop {name!r}")
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


# -- report ------------------------------------------------------------------------------------------------


def print_report(results: list[BackendResult], *, n: int, warmup: int, dupes: int, sqlite_synchronous: str) -> None:
    env = (f"env: {os.cpu_count()} CPUs, Python {platform.python_version()} ({sys.platform}), "
           f"sqlite {sqlite3.sqlite_version}, SQLite synchronous={sqlite_synchronous.upper()} "
           f"(production default FULL), WAL, BEGIN IMMEDIATE; n={n} (+{warmup} warm-up), "
           f"{dupes} duplicate re-appends")
    print(env)
    for result in results:
        for note in result.notes:
            print(f"  {note}")
    print()
    header = (f"{'backend':<9} {'operation':<26} {'n':>5} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} "
              f"{'max ms':>8} {'appends/s':>10}  target")
    print(header)
    print("-" * len(header))
    for result in results:
        target = TARGETS_MS[result.backend]
        for series, with_target in ((result.fresh, True), (result.duplicate, False)):
            p95 = series.pct(95)
            verdict = f"p95 <= {target:g} ms: {'PASS' if p95 <= target else 'MISS'}" if with_target else "-"
            print(f"{result.backend:<9} {series.label:<26} {len(series.samples_ms):>5} {series.pct(50):>8.2f} "
                  f"{p95:>8.2f} {series.pct(99):>8.2f} {max(series.samples_ms):>8.2f} {series.rate:>10.0f}  "
                  f"{verdict}")
    print()
    print("insert latency by event kind (same run):")
    header = f"{'backend':<9} {'kind':<10} {'n':>5} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8}"
    print(header)
    print("-" * len(header))
    for result in results:
        for kind, series in result.by_kind.items():
            print(f"{result.backend:<9} {kind:<10} {len(series.samples_ms):>5} {series.pct(50):>8.2f} "
                  f"{series.pct(95):>8.2f} {series.pct(99):>8.2f} {max(series.samples_ms):>8.2f}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.thread_log", description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=2000, help="timed appends per backend (default 2000)")
    parser.add_argument("--warmup", type=int, default=200, help="untimed appends first (default 200)")
    parser.add_argument("--dupes", type=int, default=500, help="timed duplicate re-appends (default 500)")
    parser.add_argument("--postgres-url", default=os.environ.get("BENCH_POSTGRES_URL", DEFAULT_PG_ADMIN_URL),
                        help="admin URL of the Postgres server; a bench_* database is created and dropped")
    parser.add_argument("--skip-postgres", action="store_true")
    parser.add_argument("--sqlite-synchronous", default="FULL", choices=["OFF", "NORMAL", "FULL", "EXTRA"],
                        help="SQLite synchronous pragma (production default FULL)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    if args.n < 1 or args.warmup < 0 or args.dupes < 0:
        parser.error("--n must be positive, --warmup and --dupes non-negative")

    kwargs: dict[str, Any] = {"n": args.n, "warmup": args.warmup, "dupes": args.dupes, "seed": args.seed,
                              "sqlite_synchronous": args.sqlite_synchronous}
    results: list[BackendResult] = []
    scratch = tempfile.mkdtemp(prefix="bench_thread_log_", dir="/tmp")
    try:
        results.append(run_backend("sqlite", f"sqlite:///{scratch}/travel.db", **kwargs))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if not args.skip_postgres:
        url = create_pg_database(args.postgres_url)
        try:
            results.append(run_backend("postgres", url, **kwargs))
        finally:
            drop_pg_database(args.postgres_url, url)
    print_report(results, n=args.n, warmup=args.warmup, dupes=args.dupes, sqlite_synchronous=args.sqlite_synchronous)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
