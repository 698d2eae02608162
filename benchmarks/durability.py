"""The durability table: SIGKILLs mid-turn and mid-promotion, concurrent retries, a faulty model server.

    python -m benchmarks.durability [--users 3] [--no-postgres] [--json]

Per database (SQLite, and Postgres on 127.0.0.1:5432 when it answers) and per fault kind it prints how many
faults were tried, how many processes were killed, how many survived (every invariant held and the retry
completed), and how many events were lost, duplicated or left stuck. The same code is the slow test suite
``tests/test_durability_crash.py``, which asserts lost = duplicated = stuck = 0.

Commands run as forked ``travel-assistant`` processes (``benchmarks.forkcli``), killed at the points
``assistant.faults`` marks; the model is the offline demo model, or for the races and the model faults a
local OpenAI-compatible server (``benchmarks.faulty_server``) that is non-deterministic or broken on purpose.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks.durability_checks import State, Tally, duplicates, unlogged_bookings
from benchmarks.durability_crashes import T0, Crashes, timeline
from benchmarks.faulty_server import FaultyServer, Reply, has_tool_result
from benchmarks.forkcli import ForkCli

MODEL_FAULTS: dict[str, Reply] = {
    "model: HTTP 500": Reply(kind="error", status=500),
    "model: HTTP 400": Reply(kind="error", status=400),
    "model: empty 200": Reply(kind="json", text=""),
    "model: stream cut": Reply(kind="cut", text="Half an ans"),
    "model: too slow": Reply(text="too late", delay=6.0),
}
FRIENDLY = "error: The assistant's language model is not available right now."


def base_env(db_url: str, data_dir: Path) -> dict[str, str]:
    return {
        "TRAVEL_DATA_DIR": str(data_dir),
        "DATABASE_URL": db_url,
        "EMBEDDINGS": "hash",
        "OFFLINE_STREAM_DELAY_MS": "0",
        "LLM_MAX_RETRIES": "0",
        "CLAIM_LEASE_SECONDS": "5",
        "CLAIM_RETRY_BASE_SECONDS": "1",
        "CLAIM_RETRY_MAX_SECONDS": "10",
        "LOG_LEVEL": "ERROR",
    }


class RacePlan:
    """Round one answers differently per delivery (search, then book one flight or another); later rounds
    answer in text. The answers are held back a moment so the deliveries overlap."""

    FLIGHTS = ("TP1343-20261114-LHRLIS", "BA643-20261114-LHRLIS", "U2290-20261114-LHRLIS")

    def __init__(self) -> None:
        self.asked = 0

    def __call__(self, body: dict[str, Any]) -> Reply:
        if has_tool_result(body):
            return Reply(text="All done: your Lisbon trip is in order.")
        self.asked += 1
        if self.asked % 4 == 1:
            return Reply(
                kind="tool", tool=("search_flights", {"destination": "LIS", "date": "2026-11-14"}), delay=0.2
            )
        flight = self.FLIGHTS[self.asked % 3]
        return Reply(kind="tool", tool=("book_flight", {"flight_id": flight}), delay=0.2)


def model_env(env: dict[str, str], server: FaultyServer) -> dict[str, str]:
    return {
        **env,
        "LLM_MODEL": "openai/gpt-4o-mini",
        "LLM_API_BASE": server.base_url,
        "LLM_API_KEY": "sk-test",
    }


def race_check(state: State, user: str, thread: str, turn: str, printed: list[str]) -> Tally:
    tally = Tally(tried=1)
    events = state.events(thread)
    replies = [e.text for e in events if e.turn_id == turn and e.kind == "assistant"]
    tally.duplicated += duplicates(events) + unlogged_bookings(state, user, [thread])
    tally.duplicated += max(0, len(state.bookings(user)) - 1)
    if len(replies) != 1:
        tally.stuck += 1
        tally.notes.append(f"{thread}: {len(replies)} replies after the race")
    elif any(p != replies[0] for p in printed):
        tally.lost += 1
        tally.notes.append(f"{thread}: a delivery printed a reply that is not the logged one")
    if not (tally.lost or tally.duplicated or tally.stuck):
        tally.survived = 1
    return tally


def process_race(fork: ForkCli, env: dict[str, str], state: State, *, rounds: int, width: int) -> Tally:
    """``width`` processes deliver the same turn at once; the model answers each differently."""
    tally = Tally()
    with FaultyServer(RacePlan()) as server:
        for n in range(rounds):
            user, thread = f"procrace{n}", f"procrace{n}-th"
            argv = ["chat", "--user", user, "--thread", thread, "--turn-id", "t1", "--at", T0.isoformat()]
            argv += ["--json", "Book me a Lisbon flight on the 14th"]
            results = fork.run([(argv, model_env(env, server))] * width)
            failed = [r for r in results if r.code != 0]
            printed = [json.loads(r.stdout)["reply"] for r in results if r.code == 0]
            one = race_check(state, user, thread, "t1", printed)
            if failed:
                one.stuck += 1
                one.survived = 0
                one.notes.append(f"{thread}: {len(failed)} deliveries failed: {failed[0].stderr[-200:]}")
            tally.add(one)
    return tally


def loop_race(db_url: str, data_dir: Path, *, rounds: int, width: int) -> Tally:
    """The same in one process: ``width`` deliveries of one turn on one event loop, through the real engine."""
    from assistant.ids import ThreadId, TurnId, UserId
    from assistant.turns import TurnRequest
    from travel_assistant.container import build_runtime
    from travel_assistant.settings import Settings

    tally = Tally()
    with FaultyServer(RacePlan()) as server:
        settings = Settings(
            _env_file=None,
            travel_data_dir=data_dir,
            database_url=db_url,
            embeddings="hash",
            llm_model="openai/gpt-4o-mini",
            llm_api_base=server.base_url,
            llm_api_key="sk-test",
            llm_max_retries=0,
        )
        rt = build_runtime(settings)
        state = State(db_url)
        try:
            for n in range(rounds):
                user, thread = f"looprace{n}", f"looprace{n}-th"
                request = TurnRequest(
                    user=UserId(user),
                    thread=ThreadId(thread),
                    turn=TurnId("t1"),
                    text="Book me Lisbon",
                    now=T0,
                )

                async def deliveries(request: TurnRequest = request) -> list[Any]:
                    return list(await asyncio.gather(*(rt.engine.run_turn(request) for _ in range(width))))

                results = asyncio.run(deliveries())
                tally.add(race_check(state, user, thread, "t1", [r.reply for r in results]))
        finally:
            state.close()
            rt.close()
    return tally


def model_faults(fork: ForkCli, env: dict[str, str], state: State, name: str, fault: Reply) -> Tally:
    """A turn against a broken model server: one friendly line, a failure event, no answer; then a retry of
    the same turn against a healthy server completes."""
    tally = Tally()
    mode = {"broken": True}

    def plan(body: dict[str, Any]) -> Reply:
        return fault if mode["broken"] else Reply(text="Hello! Where would you like to go?")

    slug = name.split(": ")[1].replace(" ", "")
    with FaultyServer(plan) as server:
        # A fresh process's first call takes a second or two (client set-up), so the time limits stay above that.
        fenv = {**model_env(env, server), "LLM_TIMEOUT_SECONDS": "3", "LLM_DEADLINE_SECONDS": "5"}
        for n in range(2):
            tally.tried += 1
            user, thread = f"fault{slug}{n}", f"fault{slug}{n}-th"
            argv = [
                "chat",
                "--user",
                user,
                "--thread",
                thread,
                "--turn-id",
                "t1",
                "--at",
                T0.isoformat(),
                "Hello",
            ]
            mode["broken"] = True
            broken = fork.one(argv, fenv)
            lines = broken.stderr.strip().splitlines()
            if broken.code != 1 or len(lines) != 1 or not lines[0].startswith(FRIENDLY):
                tally.lost += 1
                tally.notes.append(f"{name}: the user saw {broken.code} {broken.stderr[-300:]!r}")
            kinds = [e.kind for e in state.events(thread)]
            if "failure" not in kinds or "assistant" in kinds:
                tally.lost += 1
                tally.notes.append(f"{name}: log after the fault: {kinds}")
            mode["broken"] = False
            healed = fork.one(argv, fenv)
            replies = [e for e in state.events(thread) if e.kind == "assistant"]
            if healed.code != 0 or len(replies) != 1:
                tally.stuck += 1
                tally.notes.append(
                    f"{name}: the retry did not complete ({healed.code}) {healed.stderr[-200:]}"
                )
            else:
                tally.survived += 1
    return tally


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
    from benchmarks._scratch_pg import create_database, drop_database  # sqlalchemy only when asked

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
