"""The durability table: SIGKILLs mid-turn and mid-promotion, concurrent retries, a faulty model server.

    python -m benchmarks.durability [--users 3] [--no-postgres] [--json]

Per database (SQLite, and Postgres on 127.0.0.1:5432 when it answers) and per fault kind it prints how many
faults were tried, how many processes were killed, how many survived (every invariant held and the retry
completed), and how many events were lost, duplicated or left stuck. The same code is the slow test suite
``tests/test_durability_crash.py``, which asserts lost = duplicated = stuck = 0.

Commands run as forked ``travel-assistant`` processes (``testkit.forkcli``), killed at the points
``assistant.faults`` marks; the model is the offline demo model, or for the races and the model faults a
loopback provider server (``testkit.provider_server``) that is non-deterministic or broken on purpose.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from testkit.durability import MODEL_FAULTS, base_env, loop_race, model_faults, process_race
from testkit.durability_checks import State, Tally
from testkit.durability_crashes import Crashes, timeline
from testkit.forkcli import ForkCli


def run_database(label: str, db_url: str, data_dir: Path, fork: ForkCli, *, users: int) -> dict[str, Tally]:
    from memory.lance_store import LanceFactStore

    env = base_env(db_url, data_dir)
    state = State(db_url)
    rows: dict[str, Tally] = {"kill mid-turn": Tally(), "kill mid-promotion": Tally()}
    try:
        crashes = Crashes(fork, env, state)
        fork.one(["db-upgrade"], env)
        facts = LanceFactStore(str((data_dir / "lancedb").resolve()), embedding="hash")
        turns, promotions = timeline(crashes, facts, [f"u{n}" for n in range(users)])
        rows["kill mid-turn"].add(turns)
        rows["kill mid-promotion"].add(promotions)
        rows["concurrent retries (processes)"] = process_race(fork, env, state, rounds=2, width=6)
        rows["concurrent retries (one process)"] = loop_race(db_url, data_dir, rounds=2, width=8)
        for name, fault in MODEL_FAULTS.items():
            rows[name] = model_faults(fork, env, state, name, fault)
    finally:
        state.close()
    return rows


@contextmanager
def postgres_database() -> Iterator[str | None]:
    from testkit.scratch_pg import create_database, drop_database  # sqlalchemy only when asked

    try:
        url = create_database("travel_durability_")
    except Exception:  # no server: the Postgres rows are left out
        yield None
        return
    try:
        yield url
    finally:
        drop_database(url)


def run_all(*, users: int, postgres: bool) -> dict[str, dict[str, Tally]]:
    table: dict[str, dict[str, Tally]] = {}
    with ForkCli() as fork, tempfile.TemporaryDirectory(prefix="durability-") as tmp:
        sqlite_dir = Path(tmp) / "sqlite"
        url = f"sqlite:///{(sqlite_dir / 'travel.db').resolve()}"
        table["SQLite"] = run_database("SQLite", url, sqlite_dir, fork, users=users)
        if postgres:
            with postgres_database() as pg_url:
                if pg_url is not None:
                    table["Postgres"] = run_database("Postgres", pg_url, Path(tmp) / "pg", fork, users=users)
    return table


def render(table: dict[str, dict[str, Tally]]) -> str:
    lines = [
        "| database | fault | tried | killed | survived | lost | duplicated | stuck |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for db, rows in table.items():
        for kind, t in rows.items():
            lines.append(
                f"| {db} | {kind} | {t.tried} | {t.killed} | {t.survived} | {t.lost} | {t.duplicated} | {t.stuck} |"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--users", type=int, default=3, help="users per database (22 kills each)")
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    started = time.monotonic()
    table = run_all(users=args.users, postgres=not args.no_postgres)
    if args.json:
        print(
            json.dumps(
                {db: {k: t.to_json() for k, t in rows.items()} for db, rows in table.items()}, indent=2
            )
        )
    else:
        print(render(table))
        for db, rows in table.items():
            for kind, t in rows.items():
                for note in t.notes[:5]:
                    print(f"note ({db}, {kind}): {note}")
        print(f"\n{time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
