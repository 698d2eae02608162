"""Run ``travel-assistant`` commands as forked processes, to SIGKILL hundreds of them in minutes.

A fresh ``travel-assistant`` process spends 10–30 s on this machine importing litellm, LanceDB and the rest
before it does anything. The crash suite needs hundreds of processes, so a server process (``python -m
testkit.forkcli``) imports all of that once and then forks one child per command: each child is a new
process running the real command line (``travel_assistant.cli.main``) with its own argv and environment, from
the same code and the same start-up path, in well under a second, and it can be SIGKILLed (``TRAVEL_CRASH_AT``,
see ``assistant.faults``) like any other process. A batch of commands is forked at once, for concurrency.

Protocol: one JSON object per line on stdin, ``{"runs": [{"argv": [...], "env": {...}}, ...]}``; one line back,
``{"results": [{"code": int, "killed": bool, "stdout": str, "stderr": str, "seconds": float}, ...]}``.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True, slots=True)
class Result:
    code: int
    killed: bool
    stdout: str
    stderr: str
    seconds: float


class ForkCli:
    """The client side: starts the server and runs batches through it."""

    def __init__(self, env: dict[str, str] | None = None, *, inherit: bool = True) -> None:
        """``env`` is added to this process's environment, or with ``inherit=False`` is the whole of it (so
        a variable left out of ``env`` is unset in the commands too)."""
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "testkit.forkcli"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**(os.environ if inherit else {}), **(env or {})},
        )
        ready = self.proc.stdout.readline() if self.proc.stdout else ""
        if ready.strip() != "ready":
            raise RuntimeError(f"the fork server did not start: {ready!r}")

    def run(self, runs: list[tuple[list[str], dict[str, str]]]) -> list[Result]:
        assert self.proc.stdin is not None
        assert self.proc.stdout is not None
        request = {"runs": [{"argv": argv, "env": env} for argv, env in runs]}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        return [Result(**r) for r in answer["results"]]

    def one(self, argv: list[str], env: dict[str, str]) -> Result:
        return self.run([(argv, env)])[0]

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def __enter__(self) -> ForkCli:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# -- the server -----------------------------------------------------------------------------------------------


def _preload() -> None:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("LITELLM_OFFLINE_MODE", "true")
    import lancedb  # noqa: F401 - the commands import it lazily: every child would pay ~2 s for it

    from assistant.model import llm
    from demo.provider import OFFLINE_MODEL
    from travel_assistant.cli import main as cli

    lib = llm._litellm()
    lib.token_counter(model=OFFLINE_MODEL, messages=[{"role": "user", "content": "warm up the tokenizer"}])
    cli.full_app()
    _rehearse(cli.main)
    with contextlib.suppress(ImportError):  # the rehearsal runs on SQLite; the suites also fork onto Postgres
        importlib.import_module("sqlalchemy.dialects.postgresql.psycopg")


REHEARSAL = (
    ["db-upgrade"],
    [
        "chat",
        "--user",
        "rehearsal",
        "--thread",
        "r",
        "--at",
        "2026-11-09T09:00",
        "Flights to Lisbon on the 14th",
    ],
    ["chat", "--user", "rehearsal", "--thread", "r", "--at", "2026-11-09T09:01", "Book option 2, please."],
    ["jobs", "promote", "--at", "2026-11-09T12:00"],
)


def _rehearse(main: Callable[[], None]) -> None:
    """Import what the commands import when they first need it (SQLAlchemy's ORM and dialects, Alembic, litellm's
    call path, the rate limiter: about 400 modules, 2 s of every child otherwise).

    The commands are rehearsed in a child of their own, on a scratch folder, which lists the modules it
    imported; the server then imports those. The server never runs a command itself: a LanceDB table opened
    here would start native threads that its forked children cannot use (they crash on it)."""
    scratch = Path(tempfile.mkdtemp(prefix="forkcli-rehearsal-"))
    listing = scratch / "modules.txt"
    pid = os.fork()
    if pid == 0:
        before = set(sys.modules)
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
        os.environ.pop("TRAVEL_CRASH_AT", None)
        os.environ.update(
            {
                "DATABASE_URL": f"sqlite:///{scratch / 'rehearsal.db'}",
                "TRAVEL_DATA_DIR": str(scratch),
                "EMBEDDINGS": "hash",
                "OFFLINE_STREAM_DELAY_MS": "0",
            }
        )
        for argv in REHEARSAL:
            sys.argv = ["travel-assistant", *argv]
            with contextlib.suppress(SystemExit):
                main()
        listing.write_text("\n".join(name for name in list(sys.modules) if name not in before))
        os._exit(0)
    os.waitpid(pid, 0)
    names = listing.read_text().split() if listing.exists() else []
    shutil.rmtree(scratch, ignore_errors=True)
    for name in names:
        # Some modules only import in the state the command had built (a driver's optional part): skipped.
        with contextlib.suppress(Exception):
            importlib.import_module(name)


def _child(argv: list[str], env: dict[str, str], out: Path, err: Path) -> None:
    """In the forked child: become the command. Never returns."""
    import lancedb.background_loop as background

    # LanceDB's event-loop thread does not survive fork; give every module that holds it a new one. A module's
    # own namespace is read, not getattr: a module with a lazy ``__getattr__`` would import more for the name.
    stale, fresh = background.LOOP, background.BackgroundEventLoop()
    for module in list(sys.modules.values()):
        namespace = getattr(module, "__dict__", None)
        if isinstance(namespace, dict) and namespace.get("LOOP") is stale:
            namespace["LOOP"] = fresh
    os.environ.update(env)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)  # the server's stdin carries its requests: a child must never read it
    os.close(devnull)
    for fd, path in ((1, out), (2, err)):
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(handle, fd)
        os.close(handle)
    sys.argv = ["travel-assistant", *argv]
    code = 0
    try:
        from travel_assistant.cli import main as cli

        cli.main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:  # a traceback is a finding: print it where the suite reads stderr
        import traceback

        traceback.print_exc()
        code = 70
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def _serve() -> None:
    warnings.filterwarnings("ignore", message=".*fork.*")
    _preload()
    print("ready", flush=True)
    scratch = Path(tempfile.mkdtemp(prefix="forkcli-"))
    for line in sys.stdin:
        runs: list[dict[str, Any]] = json.loads(line)["runs"]
        started, children = time.monotonic(), []
        for n, run in enumerate(runs):
            out, err = scratch / f"{n}.out", scratch / f"{n}.err"
            pid = os.fork()
            if pid == 0:
                _child(run["argv"], run["env"], out, err)
            children.append((pid, out, err))
        results = []
        for pid, out, err in children:
            _, status = os.waitpid(pid, 0)
            killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
            results.append(
                {
                    "code": os.waitstatus_to_exitcode(status),
                    "killed": killed,
                    "stdout": out.read_text(errors="backslashreplace"),
                    "stderr": err.read_text(errors="backslashreplace"),
                    "seconds": round(time.monotonic() - started, 3),
                }
            )
        print(json.dumps({"results": results}), flush=True)


if __name__ == "__main__":
    _serve()
