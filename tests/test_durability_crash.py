"""The crash and fault suite: SIGKILLed ``travel-assistant`` processes, concurrent deliveries, a broken model.

On SQLite and on Postgres: every turn of three users is killed at each injected point of the turn (after the
user message, the recall, the model step, between a booking and its log entry, after the tool result, the
token accounting and the reply) and every promotion at each of its points (after the claim, before finishing,
before moving the watermark, between the chunk's new fact versions and the old ones' retirement): at least 50
kills per database. After each kill nothing appended is lost; after the retries nothing is duplicated (events,
bookings, current fact versions) and nothing is stuck. ``python -m benchmarks.durability`` prints the same
runs as a table. The commands are forked from a server that has already imported everything
(``testkit.forkcli``); one test kills the installed ``travel-assistant`` executable itself.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from testkit.durability import MODEL_FAULTS, base_env, loop_race, model_faults, process_race
from testkit.durability_checks import State, Tally, unlogged_bookings
from testkit.durability_crashes import T0, Crashes, timeline
from testkit.forkcli import ForkCli

pytestmark = pytest.mark.slow


@pytest.fixture
def fork(fork_cli: ForkCli) -> ForkCli:
    return fork_cli


@pytest.fixture
def setup(db_url: str, tmp_path: Path, fork: ForkCli) -> Iterator[tuple[dict[str, str], State]]:
    env = base_env(db_url, tmp_path / "data")
    assert fork.one(["db-upgrade"], env).code == 0
    state = State(db_url)
    try:
        yield env, state
    finally:
        state.close()


def assert_clean(tally: Tally) -> None:
    assert (tally.lost, tally.duplicated, tally.stuck) == (0, 0, 0), tally.notes
    assert tally.survived == tally.killed or tally.killed == 0, tally.notes


def test_sigkills_mid_turn_and_mid_promotion_lose_nothing_and_leave_nothing_stuck(
    setup: tuple[dict[str, str], State], fork: ForkCli, tmp_path: Path
) -> None:
    from memory.lance_store import LanceFactStore

    env, state = setup
    facts = LanceFactStore(str((tmp_path / "data" / "lancedb").resolve()), embedding="hash")
    turns, promotions = timeline(Crashes(fork, env, state), facts, ["u0", "u1", "u2"])
    assert_clean(turns)
    assert_clean(promotions)
    assert turns.killed == turns.tried == 63, turns.notes  # every injected point was reached
    assert promotions.killed == promotions.tried == 4, promotions.notes
    assert turns.killed + promotions.killed >= 50


def test_concurrent_deliveries_of_one_turn_book_once_and_only_what_the_log_shows(
    setup: tuple[dict[str, str], State], fork: ForkCli, db_url: str, tmp_path: Path
) -> None:
    env, state = setup
    across = process_race(fork, env, state, rounds=2, width=6)
    assert_clean(across)
    assert across.survived == 2
    within = loop_race(db_url, tmp_path / "data", rounds=2, width=8)
    assert_clean(within)
    assert within.survived == 2


def test_a_faulty_model_server_gives_one_friendly_line_and_a_turn_that_can_be_retried(
    tmp_path: Path, fork: ForkCli
) -> None:
    # The model's faults do not depend on the database (the benchmark runs them on both): SQLite only here.
    url = f"sqlite:///{tmp_path / 'data' / 'travel.db'}"
    env = base_env(url, tmp_path / "data")
    assert fork.one(["db-upgrade"], env).code == 0
    state = State(url)
    try:
        for name, fault in MODEL_FAULTS.items():
            tally = model_faults(fork, env, state, name, fault)
            assert_clean(tally)
            assert tally.survived == tally.tried == 2, (name, tally.notes)
    finally:
        state.close()


def test_the_installed_executable_killed_between_booking_and_logging_books_once(
    tmp_path: Path, fork: ForkCli
) -> None:
    url = f"sqlite:///{tmp_path / 'data' / 'travel.db'}"
    env = base_env(url, tmp_path / "data")
    state = State(url)
    try:
        search = ["chat", "--user", "eve", "--thread", "eve-th", "--turn-id", "t1", "--at", T0.isoformat()]
        assert fork.one([*search, "Find me flights to Lisbon on the 14th"], env).code == 0
        book = [
            "chat",
            "--user",
            "eve",
            "--thread",
            "eve-th",
            "--turn-id",
            "t2",
            "--at",
            T0.isoformat(),
            "--json",
        ]
        book.append("Book option 2, please.")
        exe = str(Path(sys.executable).with_name("travel-assistant"))
        killed = subprocess.run(
            [exe, *book],
            env={**os.environ, **env, "TRAVEL_CRASH_AT": "turn.tool_ran:1.1"},
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert killed.returncode == -9, killed.stderr[-500:]
        assert len(state.bookings("eve")) == 1  # booked, and the log does not show it yet
        assert "tool:1.1" not in state.turn_kinds("eve-th", "t2")
        retried = fork.one(book, env)
        assert retried.code == 0, retried.stderr
        assert len(state.bookings("eve")) == 1 and unlogged_bookings(state, "eve", ["eve-th"]) == 0
        assert "BA643" in json.loads(retried.stdout)["reply"]
    finally:
        state.close()
