"""The app under concurrent users: the real server, real logins, Chainlit socket clients, the worked example.

    python -m benchmarks.load [--users 1,10,50] [--workload paced,burst] [--ramp-s 10] [--think-s 3-8]
                              [--turns search,book,dinner] [--profile-users 10]

One ``travel-assistant serve`` is started on a free port with a throw-away ``TRAVEL_DATA_DIR``, the offline
model, ``SCHEDULER_IN_APP=false`` and the bundled MiniLM embeddings (``--embeddings hash`` for a quick run).
Its users come from ``DEMO_USERS`` (one ``bench-N`` login per simulated user, hashed once at start-up);
``--facts`` current facts per user are written into the fact table before the server starts (default 1: the
worked example's "vegetarian", so the dinner turn recalls it; more than ``RECALL_KEYED_MAX`` (50) puts every
turn on the hybrid path, query embedding included).

Each simulated user, as a browser does it: ``POST /login`` (form) → ``access_token`` cookie; ``POST
/set-session-cookie``; a socket.io connection on ``/ws/socket.io`` with ``auth = {clientType: "webapp",
sessionId: <new uuid4>, threadId: "", userEnv: "{}"}``, the cookie and the page's ``Origin``;
``connection_successful``; then, once the chat has started (the server sends ``set_commands``), each turn as
a ``client_message``. ``dinner`` opens a new chat first (``clear_session``, new socket, new session id), as
the browser's "new chat" does.

Two workloads, each printed as a table of its own under its name (``benchmarks._load_workload`` says why
they are built as they are): **paced**, the target's, where users arrive over ``--ramp-s`` and think
``--think-s`` (uniform, seeded) before each turn, as people reading and typing do; and **burst**, a stress
test where every user starts every turn the moment it can. Every level has users of its own; a first turn
after start-up, on a user of its own, is reported apart (it pays one-off costs).

Per turn: **TTFT** = first ``stream_token`` event after the message was emitted; **turn time** = until
``task_end`` (the browser's stop button goes away). A turn is an **error** if it times out, the socket drops,
the server sends an error step, or the reply lacks what the offline model always says for it.

**Event-loop lag** is measured from outside: a separate process sends ``GET /auth/config`` (an ``async``
Chainlit route that only builds a small dict, so it runs entirely on the server's event loop) every 100 ms
over one keep-alive connection and times the round trip; the same probe on the idle server gives the floor.
A probe's time above the floor is time the request waited for the loop. It is in a separate process so the
load generator's own event loop cannot delay it.

``--profile-users N`` (default 10) runs one more level, always a burst (it packs the turns' work into the
fewest seconds), with ``py-spy record`` attached to the server (all threads, 100 Hz, non-blocking, active
samples only) and prints where its busy time went (``benchmarks/_server_profile.py``). py-spy counts a thread
as busy while it runs, waits for a core or sits in a system call such as fsync, so its total can differ from
the CPU time the kernel reports (printed next to it) on a loaded machine; the shares are the reliable part.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import platform
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks._app_server import BIN, LagProbe, Server, seed_facts
from benchmarks._chat_client import TURNS, TurnSpec
from benchmarks._load_report import TARGET, Level, ms, print_levels
from benchmarks._load_workload import (
    BURST,
    DEFAULT_RAMP_S,
    DEFAULT_THINK_S,
    PACED,
    Workload,
    drive,
    think_range,
    workloads,
)
from benchmarks._server_profile import print_profile, read_profile
from testkit.app_env import free_port

# -- one level of load ---------------------------------------------------------------------------------------


def run_level(
    server: Server,
    names: list[str],
    specs: Sequence[TurnSpec],
    workload: Workload,
    *,
    profile_to: Path | None,
) -> Level:
    spy = _start_py_spy(server, profile_to) if profile_to is not None else None
    cpu0, client0, load = server.cpu_seconds(), time.process_time(), os.getloadavg()[0]
    level_key = f"{workload.name}-{len(names)}-{names[0] if names else ''}"
    with LagProbe(server.base_url) as probe:
        d = asyncio.run(drive(server.base_url, server.users, names, specs, workload, level_key))
        lag = probe.stop()
    level = Level(
        len(names),
        workload,
        d.turns,
        [u.login_ms for u in d.users if not math.isnan(u.login_ms)],
        d.connect_errors,
        [v for t, v in lag if t < d.turns_started],
        [v for t, v in lag if d.turns_started <= t <= d.turns_ended],
        d.turns_ended - d.turns_started,
        server.cpu_seconds() - cpu0,
        time.process_time() - client0,
        load,
        max((u.logged_in_at for u in d.users if not math.isnan(u.logged_in_at)), default=math.nan),
    )
    if spy is not None and profile_to is not None:
        spy.send_signal(signal.SIGINT)
        try:
            _out, err = spy.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            spy.kill()
            _out, err = spy.communicate()
        if profile_to.is_file():
            level.profile = read_profile(profile_to, rate=100)
        else:
            print(f"py-spy wrote no profile: {err.decode(errors='replace')[-400:]}", file=sys.stderr)
    return level


def _start_py_spy(server: Server, out: Path) -> subprocess.Popen[bytes]:
    assert server.process is not None
    spy = subprocess.Popen(
        [
            str(_py_spy()),
            "record",
            "--pid",
            str(server.process.pid),
            "--rate",
            "100",
            "--format",
            "raw",
            "--threads",
            "--nonblocking",
            "--output",
            str(out),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    time.sleep(1.0)  # attached before the first turn
    return spy


def idle_floor(base_url: str, seconds: float = 3.0) -> list[float]:
    with LagProbe(base_url) as probe:
        time.sleep(seconds)
        return [v for _t, v in probe.stop()]


def _py_spy() -> Path:
    found = shutil.which("py-spy", path=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    if not found:
        raise SystemExit("profiling needs py-spy: .venv/bin/pip install -e '.[bench]' (or --profile-users 0)")
    return Path(found)


# -- main ----------------------------------------------------------------------------------------------------


def _levels(text: str) -> list[int]:
    try:
        values = [int(v) for v in text.split(",") if v.strip()]
    except ValueError as exc:
        raise argparse.ArgumentTypeError("--users takes numbers like 1,10,50") from exc
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError("--users takes positive numbers like 1,10,50")
    return values


def _turns(text: str) -> list[TurnSpec]:
    names = [v.strip() for v in text.split(",") if v.strip()]
    unknown = [n for n in names if n not in TURNS]
    if not names or unknown:
        raise argparse.ArgumentTypeError(
            f"--turns takes names from {', '.join(TURNS)}; got {unknown or text!r}"
        )
    return [TURNS[n] for n in names]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.load", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("--users", type=_levels, default=[1, 10, 50], help="concurrent users per level")
    parser.add_argument(
        "--workload",
        type=workloads,
        default=[PACED, BURST],
        help="paced (the target's: ramp and think time), burst (all at once, no think time), or both "
        "(default paced,burst: one table each)",
    )
    parser.add_argument(
        "--ramp-s",
        type=float,
        default=DEFAULT_RAMP_S,
        help=f"paced: users arrive evenly over this many seconds (default {DEFAULT_RAMP_S:g})",
    )
    parser.add_argument(
        "--think-s",
        type=think_range,
        default=DEFAULT_THINK_S,
        help="paced: pause before each turn, uniform in LOW-HIGH seconds, or one number (default "
        f"{DEFAULT_THINK_S[0]:g}-{DEFAULT_THINK_S[1]:g})",
    )
    parser.add_argument("--seed", type=int, default=1, help="paced: seed of the think-time draws (default 1)")
    parser.add_argument(
        "--turns",
        type=_turns,
        default=list(TURNS.values()),
        help="turns each user sends, in order (dinner opens a new chat); default search,book,dinner",
    )
    parser.add_argument(
        "--profile-users", type=int, default=10, help="users in the profiled burst level (0: none)"
    )
    parser.add_argument(
        "--facts", type=int, default=1, help="current facts per user before the run (default 1)"
    )
    parser.add_argument("--embeddings", default="minilm", help="EMBEDDINGS for the server (default minilm)")
    parser.add_argument(
        "--stream-delay-ms",
        type=int,
        default=None,
        help="OFFLINE_STREAM_DELAY_MS for the server (default: the app's, 25)",
    )
    parser.add_argument("--keep", action="store_true", help="keep the data dir (server log, profile)")
    return parser


@dataclass
class Run:
    server: Server
    load_before: float
    floor: list[float]
    first: Level
    tables: list[list[Level]]  # one per workload, in --workload order
    profiled: Level | None


def _run(args: argparse.Namespace, data_dir: Path) -> Run:
    paced = Workload(PACED, ramp_s=args.ramp_s, think_s=args.think_s, seed=args.seed)
    burst = Workload(BURST, seed=args.seed)
    plan: list[tuple[Workload, int]] = [
        (paced if name == PACED else burst, n) for name in args.workload for n in args.users
    ]
    if args.profile_users:
        plan.append((burst, args.profile_users))
    # Every level gets users of its own, so none starts with another level's threads or bookings.
    names = [[f"bench-{g}-{i + 1}" for i in range(n)] for g, (_w, n) in enumerate(plan)]
    users = {n: secrets.token_urlsafe(12) for group in [*names, ["bench-first"]] for n in group}
    server = Server(data_dir, free_port(), users, args.embeddings, args.stream_delay_ms)
    load_before = os.getloadavg()[0]
    try:
        if args.facts:
            print(
                f"seeding {args.facts} fact(s) for each of {len(users)} users ...",
                file=sys.stderr,
                flush=True,
            )
            seed_facts(data_dir, list(users), args.facts, args.embeddings)
        print(f"starting the app on {server.base_url} ...", file=sys.stderr, flush=True)
        server.start()
        floor = idle_floor(server.base_url)
        # The first turn after start-up pays one-off costs (first litellm stream, first SQL of each kind): it
        # is measured here, on a user of its own, and kept out of the levels.
        first = run_level(server, ["bench-first"], [TURNS["search"]], burst, profile_to=None)
        results: list[Level] = []
        for i, (group, (workload, n)) in enumerate(zip(names, plan, strict=True)):
            profiled = args.profile_users and i == len(plan) - 1
            print(
                f"{workload.name}: {n} user(s){' (profiled)' if profiled else ''} ...",
                file=sys.stderr,
                flush=True,
            )
            out = data_dir / "profile.txt" if profiled else None
            results.append(run_level(server, group, args.turns, workload, profile_to=out))
    finally:
        server.stop()
    n = len(args.users)
    tables = [results[i * n : (i + 1) * n] for i in range(len(args.workload))]
    return Run(server, load_before, floor, first, tables, results[-1] if args.profile_users else None)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.facts < 0 or args.profile_users < 0 or args.ramp_s < 0:
        parser.error("--facts, --profile-users and --ramp-s cannot be negative")
    if args.profile_users:
        _py_spy()
    data_dir = Path(tempfile.mkdtemp(prefix="bench_load_", dir="/tmp"))
    try:
        run = _run(args, data_dir)
    finally:
        if not args.keep:
            shutil.rmtree(data_dir, ignore_errors=True)
    _print_header(run, args)
    for table in run.tables:
        print_levels(table, run.floor, args.turns)
    if run.profiled is not None:
        print("profiled level:")
        print_levels([run.profiled], run.floor, args.turns)
        if run.profiled.profile is not None:
            print_profile(
                run.profiled.profile,
                turns=len(run.profiled.ok),
                wall_s=run.profiled.wall_s,
                cpu_s=run.profiled.server_cpu_s,
                label=f"{run.profiled.users} users, burst, logins included",
            )
    if args.keep:
        print(f"data dir kept: {data_dir} (server.log, profile.txt)")
    return 0


def _print_header(run: Run, args: argparse.Namespace) -> None:
    from importlib.metadata import version

    delay = args.stream_delay_ms if args.stream_delay_ms is not None else "25 (default)"
    print(
        f"env: {os.cpu_count()} CPUs, Python {platform.python_version()}, chainlit {version('chainlit')}; "
        f"1-min load avg {run.load_before:.2f} before, {os.getloadavg()[0]:.2f} at the end"
    )
    print(
        f"server: travel-assistant serve, SQLite + LanceDB in a temp dir, EMBEDDINGS={args.embeddings}, offline "
        f"model, OFFLINE_STREAM_DELAY_MS={delay}, SCHEDULER_IN_APP=false; started in {run.server.started_s:.1f} s;"
        f" {args.facts} fact(s) per user"
    )
    print(
        f"each user: login, socket, then {', '.join(t.name for t in args.turns)} (dinner in a new chat); "
        "the load generator runs on the same cores"
    )
    print(f"target: {TARGET}, with the offline model, on the paced workload")
    turn = run.first.turns[0] if run.first.turns else None
    if turn is not None:
        print(
            f"first turn after start-up (search, 1 user, not in the levels): TTFT {ms(turn.ttft_ms or math.nan)}"
            f" ms, turn {ms(turn.total_ms)} ms{'; error: ' + turn.error if turn.error else ''}"
        )
    print()


if __name__ == "__main__":
    raise SystemExit(main())
