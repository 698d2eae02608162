"""``travel-assistant jobs …`` and ``travel-assistant scheduler``: run background work now, or for ever."""

from __future__ import annotations

import asyncio
from typing import Annotated

import typer

from travel_assistant.cli import AtOption, JsonOption, emit_json, guarded, parse_at, runtime
from travel_assistant.settings import build_settings

jobs = typer.Typer(no_args_is_help=True, help="Run one pass of a background job now, as of --at.")


def _print(report: dict[str, object], as_json: bool) -> None:
    if as_json:
        emit_json(report)
    else:
        for key, value in report.items():
            typer.echo(f"{key}: {value}")


@jobs.command("promote")
def promote(at: AtOption = None, as_json: JsonOption = False) -> None:
    """Promote threads idle for IDLE_MINUTES (use --at to "let thirty minutes pass")."""
    from scheduler.jobs import promote_idle

    def body() -> None:
        with runtime() as rt:
            report = asyncio.run(promote_idle(rt.job_deps(), parse_at(at)))
        _print(report.to_json(), as_json)

    guarded(body)


@jobs.command("expire")
def expire(at: AtOption = None, as_json: JsonOption = False) -> None:
    """Mark facts past their type's TTL stale; delete those past the deletion horizon."""
    from scheduler.jobs import expire_facts

    def body() -> None:
        with runtime() as rt:
            report = expire_facts(rt.job_deps(), parse_at(at))
        _print(report.to_json(), as_json)

    guarded(body)


@jobs.command("wipe-inactive")
def wipe(at: AtOption = None, as_json: JsonOption = False) -> None:
    """Erase users with no turn for INACTIVITY_DAYS."""
    from scheduler.jobs import wipe_inactive

    def body() -> None:
        with runtime() as rt:
            report = wipe_inactive(rt.job_deps(), parse_at(at))
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


def scheduler_command() -> None:
    """Run the job scheduler as its own process (for deployments with several app workers)."""
    from travel_assistant.logs import configure_logging
    from travel_assistant.scheduler_process import run_forever

    def body() -> None:
        settings = build_settings()
        configure_logging(fmt=settings.resolved_log_format, level=settings.log_level)
        run_forever(settings)

    guarded(body)


def register(app: typer.Typer) -> None:
    app.add_typer(jobs, name="jobs")
    app.command("scheduler")(scheduler_command)
