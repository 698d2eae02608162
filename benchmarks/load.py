"""The app under concurrent users: the real server, real logins, Chainlit socket clients, the worked example.

    python -m benchmarks.load [--users 1,10,50] [--turns search,book,dinner] [--profile-users 10]

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
the browser's "new chat" does. All users log in and connect first, then start their first turn together and
send each next turn as soon as the previous one ends (no think time, unless ``--think-s``: every user is
mid-turn all the time). Every level has users of its own; a first turn after start-up, on a user of its own,
is reported apart (it pays one-off costs).

Per turn: **TTFT** = first ``stream_token`` event after the message was emitted; **turn time** = until
``task_end`` (the browser's stop button goes away). A turn is an **error** if it times out, the socket drops,
the server sends an error step, or the reply lacks what the offline model always says for it.

**Event-loop lag** is measured from outside: a separate process sends ``GET /auth/config`` (an ``async``
Chainlit route that only builds a small dict, so it runs entirely on the server's event loop) every 100 ms
over one keep-alive connection and times the round trip; the same probe on the idle server gives the floor.
A probe's time above the floor is time the request waited for the loop. It is in a separate process so the
load generator's own event loop cannot delay it. Probes during logins and during turns are reported apart.

``--profile-users N`` (default 10) runs one more level with ``py-spy record`` attached to the server (all
threads, 100 Hz, non-blocking, active samples only) and prints where its busy time went
(``benchmarks/_server_profile.py``). py-spy counts a thread as busy while it runs, waits for a core or sits in
a system call such as fsync, so its total can differ from the CPU time the kernel reports (printed next to
it) on a loaded machine; the shares are the reliable part.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import platform
import random
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

from benchmarks._app_server import BIN, PROBE_EVERY_S, PROBE_PATH, LagProbe, Server, free_port, seed_facts
from benchmarks._chat_client import TURNS, TurnResult, TurnSpec, User
from benchmarks._server_profile import Profile, print_profile, read_profile
from benchmarks.stats import percentile

TARGET_USERS = 50
TARGET_TTFT_P95_MS = 300.0


# -- one level of load ---------------------------------------------------------------------------------------


@dataclass
class Level:
    users: int
    turns: list[TurnResult]
    login_ms: list[float]
    connect_errors: list[str]
    lag_connect_ms: list[float]  # probes while the users logged in and connected
    lag_ms: list[float]  # probes while turns ran
    wall_s: float  # the turns phase
    server_cpu_s: float
    client_cpu_s: float
    load_avg: float
    profile: Profile | None = None

    @property
    def errors(self) -> int:
        return sum(1 for t in self.turns if t.error) + len(self.connect_errors)


@dataclass
class Drive:
    users: list[User]
    connect_errors: list[str]
    turns: list[TurnResult]
    turns_started: float  # perf_counter
    turns_ended: float


async def _drive(server: Server, names: list[str], specs: list[TurnSpec], think_s: float) -> Drive:
    users = [User(n, server.users[n], server.base_url) for n in names]
    connect_errors: list[str] = []

    async def prepare(u: User) -> None:
        try:
            await u.login()
            if not specs[0].new_chat:
                await u.open_chat()
        except Exception as exc:  # reported per user; the others go on
            connect_errors.append(f"{u.name}: {type(exc).__name__}: {exc}")

    await asyncio.gather(*(prepare(u) for u in users))
    ready = [u for u in users if u.token and (u.chat is not None or specs[0].new_chat)]
    rng = random.Random(len(names))
    t0 = time.perf_counter()

    async def run(u: User) -> list[TurnResult]:
        out = []
        for spec in specs:
            if think_s:  # reading and typing; before the first turn it spreads the users' starts
                await asyncio.sleep(think_s * rng.uniform(0.5, 1.5))
            result = await u.turn(spec)
            out.append(result)
            if result.error and u.chat is not None and not u.chat.client.connected:
                break
        return out

    per_user = await asyncio.gather(*(run(u) for u in ready))
    t1 = time.perf_counter()
    await asyncio.gather(*(u.close() for u in users), return_exceptions=True)
    return Drive(users, connect_errors, [r for rs in per_user for r in rs], t0, t1)


def run_level(
    server: Server, names: list[str], specs: list[TurnSpec], *, profile_to: Path | None, think_s: float = 0.0
) -> Level:
    spy = None
    if profile_to is not None:
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
                str(profile_to),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        time.sleep(1.0)  # attached before the first turn
    cpu0, client0, load = server.cpu_seconds(), time.process_time(), os.getloadavg()[0]
    with LagProbe(server.base_url) as probe:
        d = asyncio.run(_drive(server, names, specs, think_s))
        lag = probe.stop()
    level = Level(
        len(names),
        d.turns,
        [u.login_ms for u in d.users if not math.isnan(u.login_ms)],
        d.connect_errors,
        [ms for t, ms in lag if t < d.turns_started],
        [ms for t, ms in lag if d.turns_started <= t <= d.turns_ended],
        d.turns_ended - d.turns_started,
        server.cpu_seconds() - cpu0,
        time.process_time() - client0,
        load,
    )
    if spy is not None:
        spy.send_signal(signal.SIGINT)
        try:
            _out, err = spy.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            spy.kill()
            _out, err = spy.communicate()
        if profile_to is not None and profile_to.is_file():
            level.profile = read_profile(profile_to, rate=100)
        else:
            print(f"py-spy wrote no profile: {err.decode(errors='replace')[-400:]}", file=sys.stderr)
    return level


def idle_floor(base_url: str, seconds: float = 3.0) -> list[float]:
    with LagProbe(base_url) as probe:
        time.sleep(seconds)
        return [ms for _t, ms in probe.stop()]


def _py_spy() -> Path:
    found = shutil.which("py-spy", path=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    if not found:
        raise SystemExit("profiling needs py-spy: .venv/bin/pip install -e '.[bench]' (or --profile-users 0)")
    return Path(found)


# -- report --------------------------------------------------------------------------------------------------


def _pct(values: Sequence[float], p: float) -> float:
    return percentile([v for v in values if not math.isnan(v)], p)


def _max(values: Sequence[float]) -> float:
    return max((v for v in values if not math.isnan(v)), default=math.nan)


def _ms(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:,.0f}"


def print_levels(levels: Sequence[Level], floor: list[float], specs: Sequence[TurnSpec]) -> None:
    header = (
        f"{'users':>5} {'turns':>5} {'err':>4} {'TTFT p50':>9} {'p95':>7} {'turn p50':>9} {'p95':>7} "
        f"{'max':>7} {'lag p50':>8} {'p95':>6} {'max':>7} {'login p95':>10} {'lag max':>8} {'turns/s':>8} "
        f"{'CPU/turn':>9}  target"
    )
    print(header)
    print("-" * len(header))
    for lv in levels:
        ok = [t for t in lv.turns if not t.error]
        ttft = [t.ttft_ms for t in ok if t.ttft_ms is not None]
        total = [t.total_ms for t in ok]
        verdict = ""
        if lv.users >= TARGET_USERS:
            met = lv.errors == 0 and _pct(ttft, 95) <= TARGET_TTFT_P95_MS
            verdict = (
                f"{TARGET_USERS} users, 0 errors, TTFT p95 <= {TARGET_TTFT_P95_MS:.0f} ms: "
                f"{'PASS' if met else 'MISS'}"
            )
        cpu_turn = lv.server_cpu_s * 1000.0 / max(1, len(ok))
        print(
            f"{lv.users:>5} {len(lv.turns):>5} {lv.errors:>4} {_ms(_pct(ttft, 50)):>9} {_ms(_pct(ttft, 95)):>7} "
            f"{_ms(_pct(total, 50)):>9} {_ms(_pct(total, 95)):>7} {_ms(max(total, default=math.nan)):>7} "
            f"{_ms(_pct(lv.lag_ms, 50)):>8} {_ms(_pct(lv.lag_ms, 95)):>6} {_ms(_max(lv.lag_ms)):>7} "
            f"{_ms(_pct(lv.login_ms, 95)):>10} {_ms(_max(lv.lag_connect_ms)):>8} "
            f"{len(ok) / lv.wall_s:>8.2f} {cpu_turn:>9.0f}  {verdict}"
        )
    print(
        f"ms. TTFT: message sent -> first stream_token; turn: -> task_end. lag: round trip of GET {PROBE_PATH} "
        f"every {PROBE_EVERY_S * 1000:.0f} ms from another process while the turns ran (idle floor p50 "
        f"{_ms(_pct(floor, 50))}, p95 {_ms(_pct(floor, 95))}, n={len(floor)}); login p95 and lag max: while "
        "the users logged in and connected, before the turns; CPU/turn: server process CPU ms (all threads, "
        "logins included) per completed turn"
    )
    print()
    print("per turn kind (TTFT p50 / p95, turn p50 / p95, ms):")
    for lv in levels:
        parts = []
        for spec in specs:
            ok = [t for t in lv.turns if t.turn == spec.name and not t.error]
            ttft = [t.ttft_ms for t in ok if t.ttft_ms is not None]
            parts.append(
                f"{spec.name} {_ms(_pct(ttft, 50))}/{_ms(_pct(ttft, 95))}, "
                f"{_ms(_pct([t.total_ms for t in ok], 50))}/{_ms(_pct([t.total_ms for t in ok], 95))}"
            )
        print(
            f"  {lv.users:>3} users: "
            + "; ".join(parts)
            + f"   [server CPU {lv.server_cpu_s:.1f} s, client CPU {lv.client_cpu_s:.1f} s in {lv.wall_s:.1f} s;"
            f" load avg {lv.load_avg:.2f} before]"
        )
    errors = [f"{lv.users} users: {t.user} {t.turn}: {t.error}" for lv in levels for t in lv.turns if t.error]
    errors += [f"{lv.users} users: {e}" for lv in levels for e in lv.connect_errors]
    if errors:
        print()
        print(f"errors ({len(errors)}; first 10):")
        for line in errors[:10]:
            print(f"  {line}")


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
        "--turns",
        type=_turns,
        default=list(TURNS.values()),
        help="turns each user sends, in order (dinner opens a new chat); default search,book,dinner",
    )
    parser.add_argument(
        "--think-s",
        type=float,
        default=0.0,
        help="mean pause before each turn, uniform in [0.5, 1.5] x this (default 0: none)",
    )
    parser.add_argument("--profile-users", type=int, default=10, help="users in the profiled level (0: none)")
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
    levels: list[Level]
    profiled: Level | None


def _run(args: argparse.Namespace, data_dir: Path) -> Run:
    groups: list[int] = [*args.users, *([args.profile_users] if args.profile_users else [])]
    # Every level gets users of its own, so none starts with another level's threads or bookings.
    names = [[f"bench-{g}-{i + 1}" for i in range(n)] for g, n in enumerate(groups)]
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
        first = run_level(server, ["bench-first"], [TURNS["search"]], profile_to=None)
        results: list[Level] = []
        for i, (group, n) in enumerate(zip(names, groups, strict=True)):
            profiled = i == len(args.users)
            print(f"{n} user(s){' (profiled)' if profiled else ''} ...", file=sys.stderr, flush=True)
            results.append(
                run_level(
                    server,
                    group,
                    args.turns,
                    think_s=args.think_s,
                    profile_to=data_dir / "profile.txt" if profiled else None,
                )
            )
    finally:
        server.stop()
    n = len(args.users)
    return Run(server, load_before, floor, first, results[:n], results[n] if len(results) > n else None)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.facts < 0 or args.profile_users < 0 or args.think_s < 0:
        parser.error("--facts, --profile-users and --think-s cannot be negative")
    if args.profile_users:
        _py_spy()
    data_dir = Path(tempfile.mkdtemp(prefix="bench_load_", dir="/tmp"))
    try:
        run = _run(args, data_dir)
    finally:
        if not args.keep:
            shutil.rmtree(data_dir, ignore_errors=True)
    _print_header(run, args)
    print_levels(run.levels, run.floor, args.turns)
    if run.profiled is not None:
        print()
        print_levels([run.profiled], run.floor, args.turns)
        if run.profiled.profile is not None:
            print_profile(
                run.profiled.profile,
                turns=sum(1 for t in run.profiled.turns if not t.error),
                wall_s=run.profiled.wall_s,
                cpu_s=run.profiled.server_cpu_s,
                label=f"{run.profiled.users} users, logins included",
            )
    if args.keep:
        print(f"data dir kept: {data_dir} (server.log, profile.txt)")
    return 0


def _print_header(run: Run, args: argparse.Namespace) -> None:
    import chainlit

    delay = args.stream_delay_ms if args.stream_delay_ms is not None else "25 (default)"
    think = (
        f"think time {args.think_s:g} s x U(0.5, 1.5) before each turn"
        if args.think_s
        else ("no think time, all users start together")
    )
    print(
        f"env: {os.cpu_count()} CPUs, Python {platform.python_version()}, chainlit {chainlit.__version__}; "
        f"1-min load avg {run.load_before:.2f} before, {os.getloadavg()[0]:.2f} at the end"
    )
    print(
        f"server: travel-assistant serve, SQLite + LanceDB in a temp dir, EMBEDDINGS={args.embeddings}, offline "
        f"model, OFFLINE_STREAM_DELAY_MS={delay}, SCHEDULER_IN_APP=false; started in {run.server.started_s:.1f} s;"
        f" {args.facts} fact(s) per user"
    )
    print(
        f"workload: login, socket, then {', '.join(t.name for t in args.turns)} per user (dinner in a new chat); "
        f"{think}; the load generator runs on the same 2 cores"
    )
    print(
        f"target (for information): {TARGET_USERS} concurrent users, 0 errors, p95 TTFT <= "
        f"{TARGET_TTFT_P95_MS:.0f} ms with the offline model"
    )
    turn = run.first.turns[0] if run.first.turns else None
    if turn is not None:
        print(
            f"first turn after start-up (search, 1 user, not in the levels): TTFT {_ms(turn.ttft_ms or math.nan)}"
            f" ms, turn {_ms(turn.total_ms)} ms{'; error: ' + turn.error if turn.error else ''}"
        )
    print()


if __name__ == "__main__":
    raise SystemExit(main())
