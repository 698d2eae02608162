"""``travel-assistant jobs …`` and ``travel-assistant scheduler``: run background work now, or for ever."""

from __future__ import annotations

import asyncio
from typing import Annotated, Literal

import typer

from assistant.errors import NotFound
from assistant.ids import thread_id
from travel_assistant.cli.common import AtOption, JsonOption, emit_json, guarded, parse_at, runtime
from travel_assistant.promote_workers_limits import MAX_WORKERS
from travel_assistant.settings import build_settings

jobs = typer.Typer(no_args_is_help=True, help="Run one pass of a background job now, as of --at.")


def _print(report: dict[str, object], as_json: bool) -> None:
    if as_json:
        emit_json(report)
    else:
        for key, value in report.items():
            typer.echo(f"{key}: {value}")


WorkersOption = Annotated[
    int,
    typer.Option(
        "--workers",
        min=1,
        max=MAX_WORKERS,
        help="Share the pass among this many worker processes, each owning a part of the users (a backlog "
        "drains faster; each worker loads the model and the fact store first, which takes seconds).",
    ),
]


@jobs.command("promote")
def promote(at: AtOption = None, as_json: JsonOption = False, workers: WorkersOption = 1) -> None:
    """Promote threads idle for IDLE_MINUTES (use --at to "let thirty minutes pass")."""
    from scheduler.jobs import promote_idle
    from travel_assistant.promote_workers import PromotionWorkers

    def body() -> None:
        now = parse_at(at)
        with runtime() as rt:  # migrates first where MIGRATE_ON_START says so
            if workers == 1:
                report = asyncio.run(promote_idle(rt.job_deps(), now))
            else:
                with PromotionWorkers(rt.settings, workers) as pool:
                    report = pool.run_pass(now)
        _print(report.to_json(), as_json)

    guarded(body)


@jobs.command("expire")
def expire(at: AtOption = None, as_json: JsonOption = False) -> None:
    """Mark facts past their type's TTL stale; delete those past the deletion horizon."""
    _one_pass("expire", at, as_json)


@jobs.command("wipe-inactive")
def wipe(at: AtOption = None, as_json: JsonOption = False) -> None:
    """Erase users with no turn for INACTIVITY_DAYS."""
    _one_pass("wipe", at, as_json)


def _one_pass(job: Literal["expire", "wipe"], at: str | None, as_json: bool) -> None:
    """One pass of a job that runs in this process as of ``--at``, its report printed."""
    from scheduler.jobs import expire_facts, wipe_inactive

    run = expire_facts if job == "expire" else wipe_inactive

    def body() -> None:
        with runtime() as rt:
            report = run(rt.job_deps(), parse_at(at))
        _print(report.to_json(), as_json)

    guarded(body)


@jobs.command("history")
def history(
    job: Annotated[str | None, typer.Option(help="promote | expire | wipe")] = None,
    limit: Annotated[int, typer.Option(min=1, max=500)] = 20,
    as_json: JsonOption = False,
) -> None:
    """Recent job passes and their reports (counts only)."""

    def body() -> None:
        with runtime() as rt:
            runs = rt.job_runs.recent(job=job, limit=limit)
        if as_json:
            emit_json(runs)
        else:
            for run in runs:
                typer.echo(f"{run['as_of']}  {run['job']:<8} {run['runner']}  {run['report']}")

    guarded(body)


@jobs.command("failing")
def failing(at: AtOption = None, as_json: JsonOption = False) -> None:
    """Threads whose promotion keeps failing (or crashed): error kind, failures, next retry. They are retried
    by the scheduler with a growing backoff; ``jobs retry`` re-queues them now."""
    from scheduler.jobs import failing_promotions

    def body() -> None:
        with runtime() as rt:
            rows = [_failing_row(c.to_json()) for c in failing_promotions(rt.job_deps(), parse_at(at))]
        if as_json:
            emit_json(rows)
            return
        if not rows:
            typer.echo("(no failing promotions)")
        for r in rows:
            typer.echo(
                f"{r['thread']:<36} user {r['user_id']:<16} {r['error_kind']:<20} failures {r['failures']:<3} "
                f"next retry {r['retry_at'] or 'now'}  {str(r['last_error'])[:80]}"
            )

    guarded(body)


def _failing_row(claim: dict[str, object]) -> dict[str, object]:
    row = {"thread" if k == "item" else k: v for k, v in claim.items() if k != "job"}
    return {k: v for k, v in row.items() if k != "watermark"} | {"through_seq": claim["watermark"]}


@jobs.command("retry")
def retry(
    thread: Annotated[str | None, typer.Argument(help="The failing thread to re-queue")] = None,
    every: Annotated[bool, typer.Option("--all", help="Re-queue every failing promotion")] = False,
    at: AtOption = None,
) -> None:
    """Re-queue failing promotions: the next pass retries them without waiting for their backoff."""
    from scheduler.jobs import retry_promotions

    if (thread is None) == (not every):
        typer.echo("error: give one THREAD or --all", err=True)
        raise typer.Exit(2)

    def body() -> None:
        target = thread_id(thread) if thread is not None else None
        with runtime() as rt:
            count = retry_promotions(rt.job_deps(), target, parse_at(at))
        if target is not None and count == 0:
            raise NotFound(f"thread {target} has no failing promotion to re-queue")
        typer.echo(f"re-queued {count} failing promotion(s); the next promotion pass retries them")

    guarded(body)


def scheduler_command() -> None:
    """Run the job scheduler as its own process (for deployments with several app workers)."""
    from travel_assistant.ops.logs import configure_logging
    from travel_assistant.scheduler_process import run_forever

    def body() -> None:
        settings = build_settings()
        configure_logging(fmt=settings.resolved_log_format, level=settings.log_level)
        run_forever(settings)

    guarded(body)


def register(app: typer.Typer) -> None:
    app.add_typer(jobs, name="jobs")
    app.command("scheduler")(scheduler_command)
