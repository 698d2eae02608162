"""One promotion pass shared by several worker processes: ``travel-assistant jobs promote --workers N``.

Why processes: with the offline model, promoting a thread is ~8 ms of CPU (the model call through litellm,
the write gate, claims), most of it Python holding the GIL, so one process promotes ~7k threads a minute on
this 2-core machine however many threads or chunks it overlaps. A backlog (an outage, an import, a first
start on old data) drains faster in parallel: each worker owns a :class:`~scheduler.jobs.Partition` of the
users (by fact shard), so no two write the same user's facts or the same shard, and each thread is still
claimed before it is promoted, as in any pass.

Each worker is a spawned process (never forked: LanceDB, ONNX Runtime and SQLAlchemy hold threads and
connections a fork would copy half-alive) that builds its own runtime from the same settings once, warms it,
and then runs a pass of its part per request, until it is closed. The parent only sends ``now`` and adds up
the reports.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
from collections.abc import Sequence
from dataclasses import fields
from datetime import datetime
from multiprocessing.connection import Connection
from types import TracebackType
from typing import Any

from assistant.errors import TravelAssistantError
from scheduler.jobs import Partition, PromoteReport, promote_idle
from travel_assistant.container import build_runtime
from travel_assistant.promote_workers_limits import MAX_WORKERS
from travel_assistant.settings import Settings


class PromotionWorkerError(TravelAssistantError):
    """A worker process could not start or its pass failed; the other parts' work stands (claims keep it)."""


class PromotionWorkers:
    """``count`` warm worker processes, each promoting its part of every pass it is asked for."""

    def __init__(self, settings: Settings, count: int, *, runner: str = "workers") -> None:
        if not 1 <= count <= MAX_WORKERS:
            raise ValueError(f"workers must be between 1 and {MAX_WORKERS}")
        context = multiprocessing.get_context("spawn")
        self._pipes: list[Connection] = []
        self._procs: list[Any] = []
        try:
            for index in range(count):
                mine, theirs = context.Pipe()
                proc = context.Process(
                    target=_serve,
                    args=(theirs, settings, Partition(index, count), f"{runner}-{index + 1}of{count}"),
                    name=f"promote-{index + 1}of{count}",
                    daemon=True,
                )
                proc.start()
                theirs.close()
                self._pipes.append(mine)
                self._procs.append(proc)
            for pipe in self._pipes:
                _checked(_receive(pipe))  # "ready": every worker has built and warmed its runtime
        except BaseException:
            self.close()
            raise

    def run_pass(self, now: datetime) -> PromoteReport:
        """One pass as of ``now``, all parts at once; the sum of the parts' reports."""
        asked = [_send(pipe, now) for pipe in self._pipes]
        # Every part's answer before any error is raised: a part that failed must not leave the others
        # unread (and killed mid-pass at close, their claims waiting out the lease).
        answers = [
            _receive(pipe) if ok else ("gone", None) for pipe, ok in zip(self._pipes, asked, strict=True)
        ]
        return merged(now, [PromoteReport(**_checked(a)) for a in answers])

    def close(self) -> None:
        for pipe in self._pipes:
            with contextlib.suppress(OSError):  # that worker is already gone
                pipe.send(None)
        for proc in self._procs:
            proc.join(timeout=30)
            if proc.is_alive():
                proc.kill()
        for pipe in self._pipes:
            pipe.close()
        self._pipes, self._procs = [], []

    def __enter__(self) -> PromotionWorkers:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def merged(now: datetime, reports: Sequence[PromoteReport]) -> PromoteReport:
    """The parts of one pass as one report: every count and every per-reason tally added up."""
    total = PromoteReport(as_of=now.isoformat())
    for report in reports:
        for f in fields(PromoteReport):
            mine, theirs = getattr(total, f.name), getattr(report, f.name)
            if isinstance(mine, int):
                setattr(total, f.name, mine + theirs)
            elif isinstance(mine, dict):
                for key, n in theirs.items():
                    mine[key] = mine.get(key, 0) + n
    return total


def _send(pipe: Connection, now: datetime) -> bool:
    try:
        pipe.send(now)
    except OSError:  # BrokenPipeError: the process is already gone
        return False
    return True


def _receive(pipe: Connection) -> tuple[str, Any]:
    try:
        kind, body = pipe.recv()
    except EOFError:  # the process died (killed, out of memory) without a word
        return "gone", None
    return kind, body


def _checked(answer: tuple[str, Any]) -> Any:
    kind, body = answer
    if kind == "gone":
        raise PromotionWorkerError("a promotion worker stopped unexpectedly")
    if kind == "error":
        raise PromotionWorkerError(f"a promotion worker failed ({body})")
    return body


def _serve(pipe: Connection, settings: Settings, part: Partition, runner: str) -> None:
    """The worker process: build and warm a runtime, then one pass of ``part`` per ``now`` received."""
    try:
        rt = build_runtime(settings, upgrade_schema=False)  # the parent's settings; migrations are its job
        rt.warm_up()
    except Exception as exc:
        pipe.send(("error", type(exc).__name__))
        return
    try:
        pipe.send(("ready", None))
        while (now := pipe.recv()) is not None:
            deps = rt.job_deps(runner)
            deps.partition = part
            try:
                report = asyncio.run(promote_idle(deps, now))
            except Exception as exc:  # its kind only: an exception's text can quote a user's words
                pipe.send(("error", type(exc).__name__))
            else:
                pipe.send(("done", report.to_json()))
    except (EOFError, KeyboardInterrupt):
        pass  # the parent is gone or interrupted: nothing left to report to
    finally:
        rt.close()
