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
send each next turn as soon as the previous one ends (no think time: every user is mid-turn all the time).

Per turn: **TTFT** = first ``stream_token`` event after the message was emitted; **turn time** = until
``task_end`` (the browser's stop button goes away). A turn is an **error** if it times out, the socket drops,
the server sends an error step, or the reply lacks what the offline model always says for it.

**Event-loop lag** is measured from outside: a separate process sends ``GET /auth/config`` (an ``async``
Chainlit route that only builds a small dict, so it runs entirely on the server's event loop) every 100 ms
over one keep-alive connection and times the round trip; the same probe on the idle server gives the floor.
A probe's time above the floor is time the request waited for the loop. It is in a separate process so the
load generator's own event loop cannot delay it.

``--profile-users N`` (default 10) runs one more level with ``py-spy record`` attached to the server (all
threads, 100 Hz, active samples only) and prints where its CPU time went.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import multiprocessing
import os
import platform
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from benchmarks.server_profile import Profile, print_profile, read_profile
from benchmarks.stats import percentile

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
TARGET_USERS = 50
TARGET_TTFT_P95_MS = 300.0
PROBE_EVERY_S = 0.1
PROBE_PATH = "/auth/config"
STARTUP_TIMEOUT_S = 240.0
TURN_TIMEOUT_S = 120.0
CONNECT_TIMEOUT_S = 60.0
HOTEL = "Casa do Rio Lisboa"


@dataclass(frozen=True, slots=True)
class TurnSpec:
    name: str
    text: str
    new_chat: bool
    expect: tuple[str, ...]  # what the offline model's reply always contains


TURNS = {
    "search": TurnSpec("search", "Find me flights to Lisbon on the 14th", False, ("I found 3 flights",)),
    "book": TurnSpec("book", "Book option 1, please. By the way, I'm vegetarian.", False, ("Booked!", HOTEL)),
    "dinner": TurnSpec("dinner", "Any dinner suggestions near my hotel?", True, (HOTEL,)),
}


# -- the server ----------------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    data_dir: Path
    port: int
    users: dict[str, str]
    embeddings: str
    stream_delay_ms: int | None
    process: subprocess.Popen[bytes] | None = None
    started_s: float = 0.0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log_path(self) -> Path:
        return self.data_dir / "server.log"

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items()
               if k not in ("DATABASE_URL", "LANCEDB_URI", "LLM_API_BASE", "LLM_API_KEY", "HEADER_AUTH")}
        env.update({
            "APP_ENV": "development",
            "TRAVEL_DATA_DIR": str(self.data_dir),
            "EMBEDDINGS": self.embeddings,
            "LLM_MODEL": "offline/travel-agent",
            "SCHEDULER_IN_APP": "false",
            "DEMO_USERS": ",".join(f"{u}:{p}" for u, p in self.users.items()),
            "ADMIN_USERS": "",
            "PUBLIC_ORIGIN": self.base_url,
            "CHAINLIT_AUTH_SECRET": "bench-load-" + secrets.token_hex(24),
            "LITELLM_LOCAL_MODEL_COST_MAP": "True",
            "LITELLM_OFFLINE_MODE": "true",
            "HF_HUB_OFFLINE": "1",
            "TRANSFORMERS_OFFLINE": "1",
            "PYTHONUNBUFFERED": "1",
        })
        if self.stream_delay_ms is not None:
            env["OFFLINE_STREAM_DELAY_MS"] = str(self.stream_delay_ms)
        return env

    def start(self) -> None:
        import urllib.error
        import urllib.request

        t0 = time.perf_counter()
        log = self.log_path.open("wb")
        self.process = subprocess.Popen(
            [str(BIN / "travel-assistant"), "serve", "--host", "127.0.0.1", "--port", str(self.port)],
            cwd=self.data_dir, env=self.env(), stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        log.close()
        deadline = time.monotonic() + STARTUP_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the app exited with code {self.process.returncode}\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.base_url + "/", timeout=2) as response:
                    if response.status == 200:
                        self.started_s = time.perf_counter() - t0
                        return
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.5)
        raise RuntimeError(f"the app did not answer within {STARTUP_TIMEOUT_S:.0f} s\n{self.log_tail()}")

    def stop(self) -> None:
        """SIGTERM to the server's own process group (it was started in a new session), then SIGKILL."""
        if self.process is None or self.process.poll() is not None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        except ProcessLookupError:
            pass

    def cpu_seconds(self) -> float:
        """User + system CPU time of the server process so far (all its threads)."""
        assert self.process is not None
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no server log)"


def seed_facts(data_dir: Path, users: Sequence[str], per_user: int, embeddings: str) -> None:
    """``per_user`` current facts for every user, written in one batch through the store's row codec (the
    table's embedding function embeds them). Runs in a child process so this one never loads the model."""
    code = (
        "import sys, json; from benchmarks.load import _seed_in_process; "
        "_seed_in_process(sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3]), sys.argv[4])"
    )
    subprocess.run([sys.executable, "-c", code, str(data_dir / "lancedb"), json.dumps(list(users)),
                    str(per_user), embeddings], check=True, cwd=REPO)


def _seed_in_process(uri: str, users: list[str], per_user: int, embeddings: str) -> None:
    from datetime import timedelta

    from assistant.fact_types import FACT_TYPES
    from assistant.facts import Authority, Fact
    from assistant.ids import FactId
    from benchmarks.recall import vocabulary
    from memory.fact_rows import fact_row
    from memory.lance_store import LanceFactStore

    monday = datetime(2026, 11, 9, 9, 2, tzinfo=UTC)
    multi, single = vocabulary()
    veg = next(e for e in multi if e.type == "dietary" and e.value == "vegetarian")
    entries = [veg, *[e for e in multi if e is not veg], *single]
    seen: set[str] = set()
    chosen = []
    for entry in entries:  # distinct keys: each one is a current fact
        if entry.key not in seen:
            seen.add(entry.key)
            chosen.append(entry)
    if per_user > len(chosen):
        raise SystemExit(f"--facts can be at most {len(chosen)}")
    rows = []
    for user in users:
        for i, entry in enumerate(chosen[:per_user]):
            ftype = FACT_TYPES[entry.type]
            at = monday - timedelta(days=i)
            quote = "By the way, I'm vegetarian." if entry is veg else entry.quote
            fact = Fact(
                id=FactId(uuid.uuid4().hex), user_id=user, key=entry.key, type=entry.type, subject="user",
                predicate=ftype.predicate, value=entry.value, text=entry.text, source_thread=str(uuid.uuid4()),
                source_turn=uuid.uuid4().hex, evidence_quote=quote, asserted_by=Authority.USER,
                asserted_at=at, supersedes="", version=1, expires_at=at + ftype.ttl,
            )
            rows.append(fact_row(fact))
    store = LanceFactStore(uri, embedding=embeddings)
    store.table.add(rows)
    store.compact()


# -- the event-loop probe (a separate process) ---------------------------------------------------------------


def _probe(base_url: str, stop: Any, out: Any) -> None:
    """GET PROBE_PATH every PROBE_EVERY_S on one keep-alive connection; send [(t, ms)] when ``stop`` is set."""
    import http.client
    from urllib.parse import urlsplit

    host = urlsplit(base_url)
    conn = http.client.HTTPConnection(host.hostname or "127.0.0.1", host.port, timeout=30)
    samples: list[tuple[float, float]] = []
    start = time.perf_counter()
    n = 0
    while not stop.is_set():
        t0 = time.perf_counter()
        try:
            conn.request("GET", PROBE_PATH)
            conn.getresponse().read()
            samples.append((t0 - start, (time.perf_counter() - t0) * 1000.0))
        except (OSError, http.client.HTTPException):
            samples.append((t0 - start, math.nan))
            conn.close()
            conn = http.client.HTTPConnection(host.hostname or "127.0.0.1", host.port, timeout=30)
        n += 1
        time.sleep(max(0.0, start + n * PROBE_EVERY_S - time.perf_counter()))
    conn.close()
    out.send(samples)


class LagProbe:
    def __init__(self, base_url: str) -> None:
        ctx = multiprocessing.get_context("spawn")
        self._stop = ctx.Event()
        self._recv, send = ctx.Pipe(duplex=False)
        self._proc = ctx.Process(target=_probe, args=(base_url, self._stop, send), daemon=True)

    def __enter__(self) -> LagProbe:
        self._proc.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._proc.is_alive():
            self._stop.set()
            self._proc.join(timeout=10)

    def stop(self) -> list[float]:
        self._stop.set()
        samples: list[tuple[float, float]] = self._recv.recv() if self._recv.poll(35) else []
        self._proc.join(timeout=10)
        return [ms for _t, ms in samples]


# -- one simulated user --------------------------------------------------------------------------------------


@dataclass
class TurnResult:
    user: str
    turn: str
    ttft_ms: float | None
    total_ms: float
    error: str | None
    thread: str | None


@dataclass
class Chat:
    """One socket.io session with the events it received, timestamped on arrival."""

    client: Any
    events: list[tuple[float, str, Any]] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    thread: str | None = None

    async def on_event(self, event: str, *args: Any) -> None:
        data = args[0] if args else None
        self.events.append((time.perf_counter(), event, data))
        if event == "first_interaction" and isinstance(data, dict):
            self.thread = data.get("thread_id")
        self.changed.set()

    async def wait_for(self, event: str, *, after: int, timeout: float) -> int:
        """Index of the first ``event`` at position ``after`` or later; raises TimeoutError."""
        deadline = time.perf_counter() + timeout
        while True:
            for i in range(after, len(self.events)):
                if self.events[i][1] == event:
                    return i
            if not self.client.connected:
                raise ConnectionError("socket disconnected")
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), max(0.0, deadline - time.perf_counter()))


@dataclass
class User:
    name: str
    password: str
    base_url: str
    http: Any = None
    token: str = ""
    chat: Chat | None = None
    login_ms: float = math.nan

    async def login(self) -> None:
        import aiohttp

        self.http = aiohttp.ClientSession(base_url=self.base_url, headers={"Origin": self.base_url})
        t0 = time.perf_counter()
        async with self.http.post("/login", data={"username": self.name, "password": self.password}) as r:
            await r.read()
            if r.status != 200 or "access_token" not in r.cookies:
                raise PermissionError(f"login failed for {self.name}: HTTP {r.status}")
            self.token = r.cookies["access_token"].value
        self.login_ms = (time.perf_counter() - t0) * 1000.0

    async def open_chat(self) -> None:
        import socketio  # type: ignore[import-untyped]

        if self.chat is not None:  # "new chat": the browser tells the server to drop the old session
            await self.chat.client.emit("clear_session")
            await self.chat.client.disconnect()
        session_id = str(uuid.uuid4())
        async with self.http.post("/set-session-cookie", json={"session_id": session_id}) as r:
            await r.read()
        client = socketio.AsyncClient(reconnection=False)
        chat = Chat(client)
        client.on("*", chat.on_event)
        await client.connect(
            self.base_url,
            headers={"Cookie": f"access_token={self.token}", "Origin": self.base_url},
            auth={"clientType": "webapp", "sessionId": session_id, "threadId": "", "userEnv": "{}",
                  "chatProfile": ""},
            transports=["websocket"], socketio_path="/ws/socket.io", wait_timeout=CONNECT_TIMEOUT_S,
        )
        await client.emit("connection_successful")
        # on_chat_start runs as a task (task_start … set_commands … prefetch … task_end): the chat is ready at
        # that task_end, and a turn's own task_end comes only after it.
        commands = await chat.wait_for("set_commands", after=0, timeout=CONNECT_TIMEOUT_S)
        await chat.wait_for("task_end", after=commands, timeout=CONNECT_TIMEOUT_S)
        self.chat = chat

    async def turn(self, spec: TurnSpec) -> TurnResult:
        t0 = time.perf_counter()
        try:
            if spec.new_chat or self.chat is None:
                await self.open_chat()
                t0 = time.perf_counter()  # the turn starts when the message is sent, as in the browser
            chat = self.chat
            assert chat is not None
            start = len(chat.events)
            message = {
                "threadId": "", "id": str(uuid.uuid4()), "name": self.name, "type": "user_message",
                "output": spec.text, "createdAt": datetime.now(UTC).isoformat(), "metadata": {},
            }
            t0 = time.perf_counter()
            await chat.client.emit("client_message", {"message": message, "fileReferences": []})
            end = await chat.wait_for("task_end", after=start, timeout=TURN_TIMEOUT_S)
        except (TimeoutError, ConnectionError, OSError) as exc:
            return TurnResult(self.name, spec.name, None, (time.perf_counter() - t0) * 1000.0,
                              f"{type(exc).__name__}: {exc}", self.chat.thread if self.chat else None)
        window = chat.events[start:end + 1]
        first = next((t for t, e, _d in window if e == "stream_token"), None)
        return TurnResult(self.name, spec.name, None if first is None else (first - t0) * 1000.0,
                          (window[-1][0] - t0) * 1000.0, _check(window, spec), chat.thread)

    async def close(self) -> None:
        if self.chat is not None and self.chat.client.connected:
            await self.chat.client.disconnect()
        if self.http is not None:
            await self.http.close()


def _check(window: Sequence[tuple[float, str, Any]], spec: TurnSpec) -> str | None:
    """The reply's text (from its stream and its final update) must hold what the offline model always says."""
    texts: dict[str, str] = {}
    for _t, event, data in window:
        if not isinstance(data, dict):
            continue
        if event in ("new_message", "update_message", "stream_start") and data.get("isError"):
            return f"error step: {str(data.get('output'))[:120]}"
        if event in ("new_message", "update_message", "stream_start") and data.get("type") == "assistant_message":
            texts[data["id"]] = str(data.get("output") or texts.get(data["id"], ""))
        elif event == "stream_token" and not data.get("isInput"):
            texts[data["id"]] = texts.get(data["id"], "") + str(data.get("token", ""))
    reply = "\n".join(texts.values())
    if not reply:
        return "no reply"
    if reply.startswith("⚠️"):
        return f"error reply: {reply[:120]}"
    missing = [m for m in spec.expect if m not in reply]
    return f"reply lacks {missing}: {reply[:120]!r}" if missing else None


# -- one level of load ---------------------------------------------------------------------------------------


@dataclass
class Level:
    users: int
    turns: list[TurnResult]
    login_ms: list[float]
    connect_errors: list[str]
    lag_ms: list[float]
    wall_s: float
    server_cpu_s: float
    client_cpu_s: float
    load_avg: float
    profile: Profile | None = None

    @property
    def errors(self) -> int:
        return sum(1 for t in self.turns if t.error) + len(self.connect_errors)


async def _drive(server: Server, names: list[str], specs: list[TurnSpec]) -> tuple[list[User], list[str],
                                                                                   list[TurnResult], float]:
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
    t0 = time.perf_counter()

    async def run(u: User) -> list[TurnResult]:
        out = []
        for spec in specs:
            result = await u.turn(spec)
            out.append(result)
            if result.error and u.chat is not None and not u.chat.client.connected:
                break
        return out

    per_user = await asyncio.gather(*(run(u) for u in ready))
    wall = time.perf_counter() - t0
    await asyncio.gather(*(u.close() for u in users), return_exceptions=True)
    return users, connect_errors, [r for rs in per_user for r in rs], wall


def run_level(server: Server, names: list[str], specs: list[TurnSpec], *, profile_to: Path | None) -> Level:
    spy = None
    if profile_to is not None:
        assert server.process is not None
        spy = subprocess.Popen(
            [str(_py_spy()), "record", "--pid", str(server.process.pid), "--rate", "100", "--format", "raw",
             "--threads", "--nonblocking", "--output", str(profile_to)],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        time.sleep(1.0)  # attached before the first turn
    cpu0, client0, load = server.cpu_seconds(), time.process_time(), os.getloadavg()[0]
    with LagProbe(server.base_url) as probe:
        users, connect_errors, turns, wall = asyncio.run(_drive(server, names, specs))
        lag = probe.stop()
    level = Level(len(names), turns, [u.login_ms for u in users if not math.isnan(u.login_ms)],
                  connect_errors, lag, wall, server.cpu_seconds() - cpu0, time.process_time() - client0, load)
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
        return probe.stop()


def _py_spy() -> Path:
    found = shutil.which("py-spy", path=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    if not found:
        raise SystemExit("profiling needs py-spy: .venv/bin/pip install -e '.[bench]' (or --profile-users 0)")
    return Path(found)


# -- report --------------------------------------------------------------------------------------------------


def _pct(values: Sequence[float], p: float) -> float:
    return percentile([v for v in values if not math.isnan(v)], p)


def _ms(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:,.0f}"


def print_levels(levels: Sequence[Level], floor: list[float], specs: Sequence[TurnSpec]) -> None:
    header = (f"{'users':>5} {'turns':>5} {'err':>4} {'TTFT p50':>9} {'p95':>7} {'turn p50':>9} {'p95':>7} "
              f"{'max':>7} {'lag p50':>8} {'p95':>6} {'max':>7} {'login p95':>10} {'turns/s':>8} "
              f"{'srv CPU/turn':>13}  target")
    print(header)
    print("-" * len(header))
    for lv in levels:
        ok = [t for t in lv.turns if not t.error]
        ttft = [t.ttft_ms for t in ok if t.ttft_ms is not None]
        total = [t.total_ms for t in ok]
        verdict = ""
        if lv.users >= TARGET_USERS:
            met = lv.errors == 0 and _pct(ttft, 95) <= TARGET_TTFT_P95_MS
            verdict = (f"{TARGET_USERS} users, 0 errors, TTFT p95 <= {TARGET_TTFT_P95_MS:.0f} ms: "
                       f"{'PASS' if met else 'MISS'}")
        cpu_turn = lv.server_cpu_s * 1000.0 / max(1, len(ok))
        print(f"{lv.users:>5} {len(lv.turns):>5} {lv.errors:>4} {_ms(_pct(ttft, 50)):>9} {_ms(_pct(ttft, 95)):>7} "
              f"{_ms(_pct(total, 50)):>9} {_ms(_pct(total, 95)):>7} {_ms(max(total, default=math.nan)):>7} "
              f"{_ms(_pct(lv.lag_ms, 50)):>8} {_ms(_pct(lv.lag_ms, 95)):>6} "
              f"{_ms(max(lv.lag_ms, default=math.nan)):>7} {_ms(_pct(lv.login_ms, 95)):>10} "
              f"{len(ok) / lv.wall_s:>8.2f} {cpu_turn:>10.0f} ms  {verdict}")
    print(f"(ms; lag = round trip of GET {PROBE_PATH} every {PROBE_EVERY_S * 1000:.0f} ms from another process; "
          f"idle floor p50 {_ms(_pct(floor, 50))} ms, p95 {_ms(_pct(floor, 95))} ms, n={len(floor)})")
    print()
    print("per turn kind (TTFT p50 / p95, turn p50 / p95, ms):")
    for lv in levels:
        parts = []
        for spec in specs:
            ok = [t for t in lv.turns if t.turn == spec.name and not t.error]
            ttft = [t.ttft_ms for t in ok if t.ttft_ms is not None]
            parts.append(f"{spec.name} {_ms(_pct(ttft, 50))}/{_ms(_pct(ttft, 95))}, "
                         f"{_ms(_pct([t.total_ms for t in ok], 50))}/{_ms(_pct([t.total_ms for t in ok], 95))}")
        print(f"  {lv.users:>3} users: " + "; ".join(parts)
              + f"   [server CPU {lv.server_cpu_s:.1f} s, client CPU {lv.client_cpu_s:.1f} s in {lv.wall_s:.1f} s;"
              f" load avg {lv.load_avg:.2f} before]")
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
        raise argparse.ArgumentTypeError(f"--turns takes names from {', '.join(TURNS)}; got {unknown or text!r}")
    return [TURNS[n] for n in names]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--users", type=_levels, default=[1, 10, 50], help="concurrent users per level")
    parser.add_argument("--turns", type=_turns, default=list(TURNS.values()),
                        help="turns each user sends, in order (dinner opens a new chat); default search,book,dinner")
    parser.add_argument("--profile-users", type=int, default=10, help="users in the profiled level (0: none)")
    parser.add_argument("--facts", type=int, default=1, help="current facts per user before the run (default 1)")
    parser.add_argument("--embeddings", default="minilm", help="EMBEDDINGS for the server (default minilm)")
    parser.add_argument("--stream-delay-ms", type=int, default=None,
                        help="OFFLINE_STREAM_DELAY_MS for the server (default: the app's, 25)")
    parser.add_argument("--keep", action="store_true", help="keep the data dir (server log, profile)")
    args = parser.parse_args(argv)
    if args.profile_users:
        _py_spy()
    levels: list[int] = args.users
    groups = [*levels, *([args.profile_users] if args.profile_users else [])]
    # Every level gets users of its own, so none starts with another level's threads or bookings.
    names = [[f"bench-{g}-{i + 1}" for i in range(n)] for g, n in enumerate(groups)]
    users = {n: secrets.token_urlsafe(12) for group in [*names, ["bench-first"]] for n in group}
    data_dir = Path(tempfile.mkdtemp(prefix="bench_load_", dir="/tmp"))
    server = Server(data_dir, free_port(), users, args.embeddings, args.stream_delay_ms)
    try:
        if args.facts:
            print(f"seeding {args.facts} fact(s) for each of {len(users)} users ...", file=sys.stderr, flush=True)
            seed_facts(data_dir, list(users), args.facts, args.embeddings)
        print(f"starting the app on {server.base_url} ...", file=sys.stderr, flush=True)
        server.start()
        floor = idle_floor(server.base_url)
        # The first turn after start-up pays one-off costs (first litellm stream, first SQL of each kind): it
        # is measured here, on a user of its own, and kept out of the levels.
        first = run_level(server, ["bench-first"], [TURNS["search"]], profile_to=None)
        results: list[Level] = []
        for group, n in zip(names, groups, strict=True):
            profiled = args.profile_users and len(results) == len(levels)
            print(f"{n} user(s){' (profiled)' if profiled else ''} ...", file=sys.stderr, flush=True)
            results.append(run_level(server, group, args.turns,
                                     profile_to=data_dir / "profile.txt" if profiled else None))
    finally:
        server.stop()
        if not args.keep:
            shutil.rmtree(data_dir, ignore_errors=True)
    _print_header(server, args)
    turn = first.turns[0] if first.turns else None
    if turn is not None:
        ttft = _ms(turn.ttft_ms or math.nan)
        print(f"first turn after start-up (search, 1 user, not in the levels): TTFT {ttft} ms, "
              f"turn {_ms(turn.total_ms)} ms{'; error: ' + turn.error if turn.error else ''}")
        print()
    print_levels(results[: len(levels)], floor, args.turns)
    if args.profile_users:
        print()
        print_levels(results[len(levels):], floor, args.turns)
        last = results[-1]
        if last.profile is not None:
            print_profile(last.profile, turns=sum(1 for t in last.turns if not t.error), wall_s=last.wall_s,
                          label=f"{last.users} users")
    if args.keep:
        print(f"data dir kept: {data_dir} (server.log, profile.txt)")
    return 0


def _print_header(server: Server, args: argparse.Namespace) -> None:
    import chainlit

    delay = args.stream_delay_ms if args.stream_delay_ms is not None else "25 (default)"
    print(f"env: {os.cpu_count()} CPUs, Python {platform.python_version()}, chainlit {chainlit.__version__}; "
          f"1-min load avg {os.getloadavg()[0]:.2f} at the end")
    print(f"server: travel-assistant serve, SQLite + LanceDB in a temp dir, EMBEDDINGS={args.embeddings}, offline "
          f"model, OFFLINE_STREAM_DELAY_MS={delay}, SCHEDULER_IN_APP=false; started in {server.started_s:.1f} s; "
          f"{args.facts} fact(s) per user")
    print(f"workload: login, socket, then {', '.join(t.name for t in args.turns)} per user (dinner in a new chat), "
          "no think time, all users start together; the load generator runs on the same 2 cores")
    print(f"target (for information): {TARGET_USERS} concurrent users, 0 errors, p95 TTFT <= "
          f"{TARGET_TTFT_P95_MS:.0f} ms with the offline model")
    print()


if __name__ == "__main__":
    raise SystemExit(main())
