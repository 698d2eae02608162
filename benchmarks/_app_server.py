"""The app as a benchmark drives it: a ``travel-assistant serve`` process on a throw-away data dir, facts
seeded before it starts, and an event-loop probe that times a cheap route from a process of its own.

Used by ``benchmarks.load``.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import secrets
import subprocess
import sys
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from testkit.app_env import offline_env, start_app, stop_app, wait_until_ready

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
PROBE_EVERY_S = 0.1
PROBE_PATH = "/auth/config"
STARTUP_TIMEOUT_S = 240.0


@dataclass
class Server:
    data_dir: Path
    port: int
    users: dict[str, str]
    embeddings: str
    stream_delay_ms: int | None
    process: subprocess.Popen[bytes] | None = None
    started_s: float = 0.0
    extra_env: dict[str, str] = field(default_factory=dict)  # settings a benchmark varies

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log_path(self) -> Path:
        return self.data_dir / "server.log"

    def env(self) -> dict[str, str]:
        env = offline_env(
            self.data_dir,
            APP_ENV="development",
            EMBEDDINGS=self.embeddings,
            SCHEDULER_IN_APP="false",
            DEMO_USERS=",".join(f"{u}:{p}" for u, p in self.users.items()),
            ADMIN_USERS="",
            PUBLIC_ORIGIN=self.base_url,
            CHAINLIT_AUTH_SECRET="bench-load-" + secrets.token_hex(24),
        )
        if self.stream_delay_ms is not None:
            env["OFFLINE_STREAM_DELAY_MS"] = str(self.stream_delay_ms)
        return {**env, **self.extra_env}

    def start(self) -> None:
        t0 = time.perf_counter()
        with self.log_path.open("wb") as log:
            self.process = start_app(
                [str(BIN / "travel-assistant"), "serve", "--host", "127.0.0.1", "--port", str(self.port)],
                cwd=self.data_dir,
                env=self.env(),
                log=log,
            )
        failed = wait_until_ready(self.process, self.base_url, STARTUP_TIMEOUT_S)
        if failed:
            raise RuntimeError(f"{failed}\n{self.log_tail()}")
        self.started_s = time.perf_counter() - t0

    def stop(self) -> None:
        """SIGTERM to the server's own process group (it was started in a new session), then SIGKILL."""
        stop_app(self.process, wait_s=20)

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
        "import sys, json; from benchmarks._app_server import _seed_in_process; "
        "_seed_in_process(sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3]), sys.argv[4])"
    )
    subprocess.run(
        [
            sys.executable,
            "-c",
            code,
            str(data_dir / "lancedb"),
            json.dumps(list(users)),
            str(per_user),
            embeddings,
        ],
        check=True,
        cwd=REPO,
    )


def _seed_in_process(uri: str, users: list[str], per_user: int, embeddings: str) -> None:
    from datetime import timedelta

    from assistant.ids import UserScope
    from benchmarks._recall_vocabulary import vocabulary
    from memory.lance_store import LanceFactStore

    monday = datetime(2026, 11, 9, 9, 2, tzinfo=UTC)
    multi, single = vocabulary()
    veg = next(e for e in multi if e.type == "dietary" and e.value == "vegetarian")
    # One dietary fact, as in the worked example; the rest are other types. (Several dietary facts would send
    # values such as "nut allergy" to find_restaurants, which accepts only six diets: a tool error, measured
    # as a failed turn.)
    entries = [veg, *[e for e in multi if e.type != "dietary"], *single]
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
            fact = entry.fact(
                user=user,
                fact_id=uuid.uuid4().hex,
                thread=str(uuid.uuid4()),
                turn=uuid.uuid4().hex,
                at=monday - timedelta(days=i),
                quote="By the way, I'm vegetarian." if entry is veg else None,
            )
            rows.append((UserScope.of(user), fact))
    store = LanceFactStore(uri, embedding=embeddings)
    store.add_many(rows)  # each user's shard; texts embedded once each
    store.compact()


# -- the event-loop probe (a separate process) ---------------------------------------------------------------


def _probe(base_url: str, stop: Any, out: Any) -> None:
    """GET PROBE_PATH every PROBE_EVERY_S on one keep-alive connection; send [(t, ms)] when ``stop`` is set.

    One request at a time: a stall of several seconds is one long sample (so the max shows it; percentiles
    under-weight it), and the next probe goes out at the next 100 ms slot after it returns."""
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
            samples.append((t0, (time.perf_counter() - t0) * 1000.0))
        except (OSError, http.client.HTTPException):
            samples.append((t0, math.nan))
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

    def stop(self) -> list[tuple[float, float]]:
        """(when sent, on this machine's perf_counter clock; round trip ms, NaN if it failed) per probe.

        perf_counter is CLOCK_MONOTONIC on Linux, shared by all processes, so the times line up with the
        caller's own phase boundaries."""
        self._stop.set()
        samples: list[tuple[float, float]] = self._recv.recv() if self._recv.poll(35) else []
        self._proc.join(timeout=10)
        return samples
