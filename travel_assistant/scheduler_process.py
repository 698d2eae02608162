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
    runner.register(runner.RUNTIME_KEY, lambda: rt.job_deps(owner), utc_now)
    scheduler = runner.build_scheduler(rt.db, schedule_from(rt.settings))
    scheduler.start()
    return scheduler


def stop_scheduler(scheduler: Any, *, wait: bool) -> None:
    """Stop the scheduler (``wait``: let a running job finish) and forget this process's registration."""
    try:
        scheduler.shutdown(wait=wait)
    finally:
        runner.unregister(runner.RUNTIME_KEY)


def run_forever(settings: Settings) -> None:
    """Run the scheduler until SIGINT or SIGTERM; a running job finishes before the process exits."""
    rt = build_runtime(settings)
    owner = f"scheduler:{socket.gethostname()}"

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        scheduler = start_scheduler(rt, owner=owner)
        logger.info("scheduler %s started", owner)
        try:
            await stop.wait()
        finally:
            stop_scheduler(scheduler, wait=True)

    try:
        asyncio.run(main())
    finally:
        rt.close()
