"""The chat shell (``travel-assistant chat --user U`` with no message), driven through a pseudo-terminal."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from assistant.errors import InvalidInput
from travel_assistant.cli.shell import ShellState, parse_shift

PROMPT = re.compile(r"\[([\w-]+)\]> ")


class Terminal:
    """One ``travel-assistant`` process on a pseudo-terminal: type a line, read until the next prompt."""

    def __init__(self, args: list[str], env: dict[str, str], cwd: Path) -> None:
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "travel_assistant.cli.main", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            cwd=cwd,
            close_fds=True,
        )
        os.close(slave)
        self.seen = ""

    def read_until_prompt(self, timeout: float = 120) -> str:
        deadline = time.monotonic() + timeout
        start = len(self.seen)
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(self.master, 65536).decode("utf-8", "replace")
                except OSError:
                    break
                self.seen += chunk
                if PROMPT.search(self.seen[start:].rsplit("\n", 1)[-1]):
                    return self.seen[start:]
            elif self.proc.poll() is not None:
                break
        raise AssertionError(f"no prompt; output so far:\n{self.seen[start:]}")

    def type(self, line: str) -> str:
        os.write(self.master, (line + "\n").encode())
        return self.read_until_prompt()

    def close(self) -> int:
        os.write(self.master, b"/quit\n")
        code = self.proc.wait(timeout=60)
        os.close(self.master)
        return code


def test_durations_parse_and_bad_clock_input_keeps_the_clock() -> None:
    assert parse_shift("+31m") == timedelta(minutes=31)
    assert parse_shift("-1d2h") == -timedelta(days=1, hours=2)
    assert parse_shift("31m") is None and parse_shift("+") is None
    real = datetime(2026, 11, 9, 9, 0, tzinfo=UTC)
    state = ShellState(user="alice", thread="mon", real=lambda: real)  # type: ignore[arg-type]
    state.set_clock("+31m")
    assert state.now() == real + timedelta(minutes=31)
    with pytest.raises(InvalidInput):
        state.set_clock("next tuesday")
    assert state.now() == real + timedelta(minutes=31)
    state.set_clock("2026-11-12T19:30")
    assert state.now() == datetime(2026, 11, 12, 19, 30, tzinfo=UTC)
    state.set_clock("reset")
    assert state.now() == real


@pytest.mark.slow
def test_shell_runs_the_worked_example_and_saves_a_scenario_that_replays(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "TRAVEL_DATA_DIR": str(tmp_path / "data"),
        "EMBEDDINGS": "hash",
        "OFFLINE_STREAM_DELAY_MS": "0",
        "LLM_MAX_RETRIES": "0",
        "TERM": "dumb",
    }
    term = Terminal(["chat", "--user", "alice", "--thread", "mon", "--at", "2026-11-09T09:00"], env, tmp_path)
    try:
        assert "/help" in term.read_until_prompt()
        assert "TP1343" in term.type("Find me flights to Lisbon on the 14th")
        booked = term.type("Book option 1, please. By the way, I'm vegetarian.")
        assert "Booked! Reference BK-" in booked and "vegetarian meal" in booked
        assert "2026-11-09 09:31" in term.type("/clock +31m")
        promoted = term.type("/promote")
        assert "kept 1 fact(s)" in promoted and "inference" in promoted
        assert "task_progress" in promoted and "Dietary needs: vegetarian" in promoted
        assert "2026-11-12 19:30" in term.type("/clock 2026-11-12T19:30")
        assert "[thu]>" in term.type("/new thu")
        dinner = term.type("Any dinner suggestions near my hotel?")
        assert "because you told me you're vegetarian (recorded Mon 9 Nov 2026)" in dinner
        assert "error: unknown command /nope" in term.type("/nope")
        assert "[thu]>" in term.type("/clock sometime")  # refused, the shell goes on
        assert "find_restaurants" in term.type("/log")
        assert "wrote x.yaml (mon, thu)" in term.type("/save x.yaml")
    finally:
        assert term.close() == 0
    replay = subprocess.run(
        [sys.executable, "-m", "travel_assistant.cli.main", "scenario", "run", "--quiet", "x.yaml"],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert replay.returncode == 0, replay.stdout + replay.stderr
    assert "1 of 1 scenario(s) passed" in replay.stdout
