"""``GET /healthz`` (the process is alive) and ``GET /readyz`` (it can serve), for load balancers and orchestrators.

Readiness means: the database answers and its schema is at the latest migration, the fact table is open and its
storage answers, the embedding model is loaded (``Runtime.warm_up`` has run), and, when this process runs the
scheduler, its heartbeat is recent. Both endpoints are unauthenticated and cheap: the checks run at most once a
second (concurrent probes share the answer), each with a time limit, off the event loop. The answer names the
checks and says ok or failing, nothing else: no data, no versions, no error messages.

The web app mounts the routes on Chainlit's FastAPI app (``travel_assistant.web.health_routes``); the standalone
scheduler serves them on ``SCHEDULER_HEALTH_PORT`` (:func:`serve_in_thread`).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from memory.db import Database

CHECK_TIMEOUT_SECONDS = 3.0
CACHE_SECONDS = 1.0
HEADERS = {"Cache-Control": "no-store"}


@dataclass
class Heartbeat:
    """Beats from a job of the process's own scheduler; ``expected`` once that scheduler has started."""

    expected: bool = False
    last: float | None = None

    def beat(self) -> None:
        self.last = time.monotonic()

    def age(self) -> float | None:
        return None if self.last is None else time.monotonic() - self.last


class _FactPing(Protocol):
    def is_open(self) -> bool: ...
    def ping(self) -> int: ...


class _HeartbeatSettings(Protocol):
    @property
    def scheduler_heartbeat_seconds(self) -> float: ...


class Probed(Protocol):
    """What readiness reads of a process's runtime (``container.Runtime`` has it), so this module needs nothing
    of the composition root."""

    @property
    def db(self) -> Database: ...
    @property
    def facts(self) -> _FactPing: ...
    @property
    def warmed(self) -> bool: ...
    @property
    def heartbeat(self) -> Heartbeat: ...
    @property
    def settings(self) -> _HeartbeatSettings: ...


@dataclass
class Readiness:
    """The readiness checks of one process, over its runtime (None while it is still being built)."""

    runtime_of: Callable[[], Probed | None]
    _cached: tuple[float, bool, dict[str, str]] | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _head: str | None = None
    # Seconds for the cache's age; a test passes its own to step past the cache instead of sleeping.
    clock: Callable[[], float] = time.monotonic

    def report(self) -> tuple[bool, dict[str, str]]:
        """(ready, {check: "ok" | "failing" | "starting"}), recomputed at most once per CACHE_SECONDS."""
        with self._lock:
            now = self.clock()
            if self._cached is not None and now - self._cached[0] < CACHE_SECONDS:
                return self._cached[1], dict(self._cached[2])
            checks = self._run()
            ready = all(v == "ok" for v in checks.values())
            self._cached = (self.clock(), ready, checks)
            return ready, dict(checks)

    def _run(self) -> dict[str, str]:
        rt = self.runtime_of()
        if rt is None:
            return {"runtime": "starting"}
        checks = {
            "database": _ok(lambda: self._schema_current(rt)),
            "facts": _ok(lambda: rt.facts.is_open() and rt.facts.ping() >= 0),
            "embeddings": "ok" if rt.warmed else "starting",
        }
        beat = rt.heartbeat
        if beat.expected:
            age = beat.age()
            fresh = age is not None and age <= rt.settings.scheduler_heartbeat_seconds * 3
            checks["scheduler"] = "ok" if fresh else "failing"
        return checks

    def _schema_current(self, rt: Probed) -> bool:
        from memory import migrate

        if self._head is None:
            self._head = migrate.head_revision()
        return migrate.current_revision(rt.db) == self._head

    # -- HTTP ------------------------------------------------------------------------------------------------

    async def readyz(self, request: Request) -> JSONResponse:
        try:
            ready, checks = await asyncio.wait_for(asyncio.to_thread(self.report), CHECK_TIMEOUT_SECONDS)
        except TimeoutError:
            ready, checks = False, {"checks": "timeout"}
        body = {"status": "ready" if ready else "not ready", "checks": checks}
        return JSONResponse(body, status_code=200 if ready else 503, headers=HEADERS)


async def healthz(request: Request) -> JSONResponse:
    return JSONResponse({"status": "alive"}, headers=HEADERS)


def _ok(check: Callable[[], bool]) -> str:
    try:
        return "ok" if check() else "failing"
    except Exception:  # any failure to answer is "not ready"; the reason is in the process's own log
        return "failing"


def routes(readiness: Readiness) -> list[Route]:
    return [
        Route("/healthz", healthz, methods=["GET"], name="healthz"),
        Route("/readyz", readiness.readyz, methods=["GET"], name="readyz"),
    ]


def mount_first(app: Any, readiness: Readiness) -> None:
    """Add the routes to a Starlette/FastAPI ``app`` *before* its existing ones (Chainlit ends with a catch-all
    ``/{full_path:path}`` that would otherwise answer these paths with its HTML page)."""
    app.router.routes[0:0] = routes(readiness)


class HealthServer:
    """The health routes on their own port, in a thread with its own event loop (the standalone scheduler).

    A thread, not a task on the scheduler's loop: uvicorn installs signal handlers when it runs in the main
    thread, which would take SIGTERM away from the scheduler's own clean shutdown.
    """

    def __init__(self, readiness: Readiness, *, host: str, port: int) -> None:
        import uvicorn
        from starlette.applications import Starlette

        app = Starlette(routes=routes(readiness))
        config = uvicorn.Config(app, host=host, port=port, log_config=None, access_log=False, lifespan="off")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name="health-server", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=5)
