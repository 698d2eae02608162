"""APScheduler wiring for the job bodies in ``scheduler.jobs``.

Choices, and why:

* A persistent ``SQLAlchemyJobStore`` in the app's own database, explicit job ids, ``replace_existing``,
  ``coalesce`` (one catch-up run after downtime, not one per missed interval), ``max_instances=1`` and a
  misfire grace time.
* Re-adding a job at boot with ``replace_existing`` would push its next run into the future and silently skip a
  run that fell due while the process was down; so a stored job that is overdue is re-added due *now*.
* Job state is pickled, so jobs are ``module:function`` references taking only the runtime's *name*; the live
  dependencies (stores, model, clock) are looked up in a process-local registry that the composition root
  fills at start-up (``travel_assistant.scheduler_process``). That registry is the one piece of module state,
  and it exists because of pickling.
* Correctness never depends on a single scheduler: two processes sharing the job store do run each job twice
  (APScheduler 3 has no cross-process locking); the job bodies claim each unit of work in the database.
* A promotion pass can be woken early (:func:`wake_promotion`: a demo clock moved). Bringing the job's next run
  forward is not enough on its own: with ``max_instances=1`` APScheduler skips a run that falls due while the
  previous one is still going, and that pass read the clocks before they moved, so the wake would wait a whole
  interval. A wake during a pass therefore asks the running pass to go round once more.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from apscheduler.jobstores.sqlalchemy import SQLAlchemyJobStore
from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.interval import IntervalTrigger
from sqlalchemy import Column, Float, LargeBinary, MetaData, String, Table, select

from memory.db import Database
from scheduler.jobs import EXPIRE, PROMOTE, WIPE, JobDeps, expire_facts, promote_idle, wipe_inactive

JOBSTORE_TABLE = "apscheduler_jobs"
PROMOTE_JOB_ID = "promote-idle-threads"
# Every process registers its runtime under this key: the pickled job args must mean the same thing in the app
# and in a separate scheduler process that share the job store.
RUNTIME_KEY = "runtime"
logger = logging.getLogger(__name__)


def _unobserved(job: str) -> AbstractContextManager[object]:
    return nullcontext()


@dataclass
class PassState:
    """Whether this process's promotion job is running, and whether it was woken since its pass read the
    clocks. Read and written only on the scheduler's event loop, so no lock."""

    running: bool = False
    woken: bool = False


@dataclass(frozen=True)
class Registered:
    deps: Callable[[], JobDeps]
    clock: Callable[[], datetime]
    # Wraps each pass (the composition root passes a telemetry span and the job's log context).
    observe: Callable[[str], AbstractContextManager[object]] = _unobserved
    promote: PassState = field(default_factory=PassState)


_REGISTRY: dict[str, Registered] = {}


def register(
    name: str,
    deps: Callable[[], JobDeps],
    clock: Callable[[], datetime],
    observe: Callable[[str], AbstractContextManager[object]] = _unobserved,
) -> None:
    _REGISTRY[name] = Registered(deps, clock, observe)


def unregister(name: str) -> None:
    _REGISTRY.pop(name, None)


def _lookup(name: str) -> Registered:
    found = _REGISTRY.get(name)
    if found is None:
        raise RuntimeError(f"no runtime registered as {name!r} in this process")
    return found


async def run_promote(name: str) -> dict[str, Any]:
    """One promotion pass, then another while the one before was woken after it read the clocks (wakes
    during one pass make one more pass). The last pass's report is returned; each records its own in the job
    history."""
    reg = _lookup(name)
    state = reg.promote
    state.running = True
    try:
        while True:
            # Cleared before the pass reads any clock: a wake from here on either moved a clock this pass
            # reads, or sets the flag again and gets a pass of its own.
            state.woken = False
            logger.info("promotion pass starts")
            with reg.observe(PROMOTE):
                report = (await promote_idle(reg.deps(), reg.clock())).to_json()
            if not state.woken:
                return report
    finally:
        state.running = False


def wake_promotion(scheduler: AsyncIOScheduler, now: datetime, *, name: str = RUNTIME_KEY) -> None:
    """Promote now rather than at the next interval (time has just moved for someone). Call it on the
    scheduler's event loop. A pass already running goes round once more; otherwise the job's next run is
    brought forward to ``now``."""
    reg = _REGISTRY.get(name)
    if reg is not None and reg.promote.running:
        reg.promote.woken = True
        logger.info("promotion woken during a pass: it goes round once more")
        return
    scheduler.modify_job(PROMOTE_JOB_ID, next_run_time=now)
    logger.info("promotion woken: the next pass is due now")


def run_expire(name: str) -> dict[str, Any]:
    reg = _lookup(name)
    with reg.observe(EXPIRE):
        return expire_facts(reg.deps(), reg.clock()).to_json()


def run_wipe(name: str) -> dict[str, Any]:
    reg = _lookup(name)
    with reg.observe(WIPE):
        return wipe_inactive(reg.deps(), reg.clock()).to_json()


@dataclass(frozen=True, kw_only=True)
class Schedule:
    """How often each job runs (built from settings by the composition root)."""

    promote_every: timedelta
    expire_every: timedelta
    wipe_every: timedelta
    misfire_grace: timedelta = timedelta(hours=1)


def _stored_next_runs(db: Database) -> dict[str, datetime | None]:
    """Next run times of jobs already in the store (read directly: the scheduler is not started yet)."""
    table = Table(
        JOBSTORE_TABLE,
        MetaData(),
        Column("id", String(191), primary_key=True),
        Column("next_run_time", Float(25)),
        Column("job_state", LargeBinary),
    )
    try:
        with db.engine.connect() as conn:
            rows = conn.execute(select(table.c.id, table.c.next_run_time)).all()
    except Exception:  # table not created yet (first boot)
        return {}
    return {
        row.id: datetime.fromtimestamp(row.next_run_time, UTC) if row.next_run_time else None for row in rows
    }


def build_scheduler(
    db: Database, schedule: Schedule, *, name: str = RUNTIME_KEY, now: datetime | None = None
) -> AsyncIOScheduler:
    scheduler = AsyncIOScheduler(
        jobstores={"default": SQLAlchemyJobStore(engine=db.engine, tablename=JOBSTORE_TABLE)},
        job_defaults={
            "coalesce": True,
            "max_instances": 1,
            "misfire_grace_time": int(schedule.misfire_grace.total_seconds()),
        },
        timezone=UTC,
    )
    stored = _stored_next_runs(db)
    moment = now or datetime.now(UTC)
    jobs = (
        (PROMOTE_JOB_ID, "scheduler.runner:run_promote", schedule.promote_every),
        ("expire-facts", "scheduler.runner:run_expire", schedule.expire_every),
        ("wipe-inactive-users", "scheduler.runner:run_wipe", schedule.wipe_every),
    )
    for job_id, func, every in jobs:
        overdue = stored.get(job_id)
        first = moment if overdue is not None and overdue <= moment else moment + every
        scheduler.add_job(
            func,
            IntervalTrigger(seconds=every.total_seconds(), timezone=UTC),
            id=job_id,
            name=job_id,
            args=[name],
            replace_existing=True,
            next_run_time=first,
        )
    return scheduler
