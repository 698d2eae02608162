"""The job scheduler in a process: inside the web app, or as a process of its own.

``travel-assistant scheduler`` runs :func:`run_forever` (one scheduler next to any number of app workers); the
web app calls :func:`start_scheduler` at start-up when ``SCHEDULER_IN_APP`` is on. Both register this process's
runtime with ``scheduler.runner`` (the pickled jobs find their dependencies by that name) and build the same
:class:`~scheduler.runner.Schedule` from the same settings, in :func:`schedule_from`.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import socket
from datetime import timedelta
from typing import Any

from scheduler import runner
from scheduler.runner import Schedule
from travel_assistant.container import Runtime, build_runtime, utc_now
from travel_assistant.settings import Settings

logger = logging.getLogger(__name__)


def schedule_from(settings: Settings) -> Schedule:
    return Schedule(
        promote_every=timedelta(seconds=settings.promote_every_seconds),
        expire_every=timedelta(minutes=settings.expire_every_minutes),
        wipe_every=timedelta(hours=settings.wipe_every_hours),
    )


def start_scheduler(rt: Runtime, *, owner: str | None = None) -> Any:
    """Register ``rt`` for the jobs and start an APScheduler on the running event loop (returned, to stop).

    ``owner`` names this worker in claims and job history; by default host and process id.
    """
    runner.register(runner.RUNTIME_KEY, lambda: rt.job_deps(owner), utc_now, rt.tel.job_pass)
    scheduler = runner.build_scheduler(rt.db, schedule_from(rt.settings))
    _add_heartbeat(scheduler, rt)
    scheduler.start()
    return scheduler


def _add_heartbeat(scheduler: Any, rt: Runtime) -> None:
    """A job that only records that the scheduler still dispatches jobs (the readiness probe reads it).

    It lives in a job store of its own in memory: the shared store in the database is pickled and seen by
    every scheduler process, and this beat is this process's alone.
    """
    from apscheduler.jobstores.memory import MemoryJobStore
    from apscheduler.triggers.interval import IntervalTrigger

    scheduler.add_jobstore(MemoryJobStore(), "local")
    scheduler.add_job(
        rt.heartbeat.beat,
        IntervalTrigger(seconds=rt.settings.scheduler_heartbeat_seconds),
        id="heartbeat",
        jobstore="local",
        next_run_time=utc_now(),
    )
    rt.heartbeat.expected = True


def stop_scheduler(scheduler: Any, *, wait: bool) -> None:
    """Stop the scheduler (``wait``: let a running job finish) and forget this process's registration."""
    try:
        scheduler.shutdown(wait=wait)
    finally:
        runner.unregister(runner.RUNTIME_KEY)


def run_forever(settings: Settings) -> None:
    """Run the scheduler until SIGINT or SIGTERM; a running job finishes before the process exits.

    With ``SCHEDULER_HEALTH_PORT`` set, ``/healthz`` answers from the first moment and ``/readyz`` once the
    runtime is built and warm and the scheduler's heartbeat runs.
    """
    from travel_assistant.ops.health import HealthServer, Readiness

    owner = f"scheduler:{socket.gethostname()}"
    built: list[Runtime] = []
    health = None
    if settings.scheduler_health_port:
        readiness = Readiness(lambda: built[0] if built else None)
        health = HealthServer(readiness, host=settings.host, port=settings.scheduler_health_port)
        health.start()

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        # Built off the loop, so the health port answers while the embedding model loads.
        built.append(await asyncio.to_thread(_warm_runtime, settings))
        scheduler = start_scheduler(built[0], owner=owner)
        logger.info("scheduler %s started", owner)
        try:
            await stop.wait()
        finally:
            stop_scheduler(scheduler, wait=True)

    try:
        asyncio.run(main())
    finally:
        if health is not None:
            health.stop()
        if built:
            built[0].close()


def _warm_runtime(settings: Settings) -> Runtime:
    rt = build_runtime(settings)
    rt.warm_up()
    return rt
