"""The ``travel-assistant`` command line (typer).

Every command builds the runtime through the composition root, validates ids at the edge, and turns the
project's errors into a one-line message and a non-zero exit code (2 for bad input, 1 for everything else).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Annotated, Any, TypeVar

import typer

from assistant.errors import InvalidInput, TravelAssistantError
from assistant.ids import new_turn_id, turn_id, user_id
from assistant.text import json_text, readable, text_problem
from travel_assistant.container import Runtime, build_runtime, utc_now
from travel_assistant.settings import build_settings

app = typer.Typer(
    no_args_is_help=True, add_completion=False, help="The travel assistant: chat, memory, jobs, app."
)
T = TypeVar("T")
logger = logging.getLogger(__name__)

# --at is bounded: the jobs add and subtract years (TTLs, the inactivity window, leases) and store timestamps,
# and Python's datetime overflows at year 1 and 9999.
AT_MIN = datetime(1970, 1, 1, tzinfo=UTC)
AT_MAX = datetime(2999, 12, 31, 23, 59, 59, tzinfo=UTC)

AtOption = Annotated[
    str | None, typer.Option("--at", help="Clock for this command (ISO time, UTC if no zone)")
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON")]


def parse_at(raw: str | None) -> datetime:
    """``--at`` as an aware UTC datetime between AT_MIN and AT_MAX (a clear InvalidInput otherwise)."""
    if raw is None:
        return utc_now()
    shown = repr(raw) if len(raw) <= 40 else repr(raw[:40]) + "…"
    if text_problem(raw) is not None:  # CPython's parser stops at a NUL and would accept what precedes it
        raise InvalidInput(f"--at must be an ISO time such as 2026-11-09T10:00, not {shown}")
    try:
        moment = datetime.fromisoformat(raw)
        moment = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    except ValueError as exc:
        raise InvalidInput(f"--at must be an ISO time such as 2026-11-09T10:00, not {shown}") from exc
    except OverflowError as exc:  # year 1 or 9999 with an offset falls off the calendar in UTC
        raise InvalidInput(_at_range(shown)) from exc
    if not AT_MIN <= moment <= AT_MAX:
        raise InvalidInput(_at_range(shown))
    return moment


def _at_range(shown: str) -> str:
    return f"--at must be between {AT_MIN:%Y-%m-%d} and {AT_MAX:%Y-%m-%d} (UTC), not {shown}"


@contextmanager
def runtime() -> Iterator[Runtime]:
    rt = build_runtime(build_settings())
    try:
        yield rt
    finally:
        rt.close()


def guarded(fn: Callable[[], T]) -> T:
    """Run a command body; our errors become a clear message and an exit code, never a traceback.

    The user reads the error's user message (a provider's "InternalServerError … Retried 2 times" is for the
    log, not for them); the details, with the chained cause, go to the log (``LOG_LEVEL=INFO`` shows them)."""
    try:
        return fn()
    except TravelAssistantError as exc:
        logger.info("command failed: %s", error_detail(exc), exc_info=exc)
        typer.echo(f"error: {readable(exc.user_message())}", err=True)
        raise typer.Exit(2 if isinstance(exc, InvalidInput) else 1) from exc


def error_detail(exc: BaseException) -> str:
    """An error and its causes in one line, for the log."""
    parts, seen = [], 0
    current: BaseException | None = exc
    while current is not None and seen < 4:
        parts.append(f"{type(current).__name__}: {str(current)[:300]}")
        current, seen = current.__cause__, seen + 1
    return readable(" <- ".join(parts))


def emit_json(payload: Any) -> None:
    typer.echo(json_text(payload, indent=2))


class _StdoutStream:
    """Prints reply tokens as they stream, and tool calls as they happen (text mode only).

    A reader that goes away mid-reply (``chat … | head -c 80``) is not the model failing: the rest of the reply
    goes nowhere, and the turn still ends and is logged, so the same turn id replays it in full."""

    async def recalled(self, recall: Any, block: str | None) -> None:
        return None

    async def token(self, text: str) -> None:
        try:
            sys.stdout.write(readable(text))
            sys.stdout.flush()
        except BrokenPipeError:
            # Python's own advice: point stdout at /dev/null, or the flush at exit raises again.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)

    async def tool_started(self, call: Any) -> None:
        typer.echo(readable(f"[tool] {call.name} {call.arguments}"), err=True)

    async def tool_finished(self, record: Any) -> None:
        return None

    async def context(self, stats: Any) -> None:
        return None


@app.command()
def chat(
    message: Annotated[str, typer.Argument(help="The user's message")],
    user: Annotated[str, typer.Option("--user", help="User id (created on first use)")],
    thread: Annotated[
        str,
        typer.Option(
            "--thread",
            help="Thread name (created on first use; each user's names are their own) or a web UUID",
        ),
    ],
    turn: Annotated[
        str | None, typer.Option("--turn-id", help="Turn id; a retried id returns the logged reply")
    ] = None,
    at: AtOption = None,
    as_json: JsonOption = False,
) -> None:
    """Run one conversation turn headless and print the reply."""
    from assistant.turns import TurnRequest

    def body() -> None:
        uid = user_id(user)
        turn_key = turn_id(turn) if turn is not None else new_turn_id()
        with runtime() as rt:
            request = TurnRequest(
                user=uid,
                thread=rt.thread_for_name(uid, thread),
                turn=turn_key,
                text=message,
                now=parse_at(at),
            )
            result = asyncio.run(rt.engine.run_turn(request, None if as_json else _StdoutStream()))
        if as_json:
            context = {
                k: v for k, v in result.context.items() if k not in ("message_hashes", "prefix_tokens")
            }
            emit_json(
                {
                    "reply": result.reply,
                    "thread_id": result.thread_id,
                    "turn_id": result.turn_id,
                    "replayed": result.replayed,
                    "tool_calls": [r.to_json() for r in result.tool_calls],
                    "tokens": {
                        "prompt": result.usage.prompt_tokens,
                        "completion": result.usage.completion_tokens,
                    },
                    "context": context,
                    "recalled": {"path": result.recall_path, "block": result.memory_block},
                    "state": result.state.model_dump(mode="json", exclude_defaults=True),
                }
            )
        elif result.replayed:
            typer.echo(readable(result.reply))
        else:
            typer.echo()

    guarded(body)


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Bind address (default from settings)")] = None,
    port: Annotated[int | None, typer.Option(help="Port (default from settings)")] = None,
) -> None:
    """Start the Chainlit web app (what ``make run`` does)."""
    from travel_assistant.web.launch import launch

    guarded(lambda: launch(build_settings(), host=host, port=port))


@app.command("db-upgrade")
def db_upgrade() -> None:
    """Apply database migrations (also at start-up, unless MIGRATE_ON_START=false: then run this once per
    release, before the workers start)."""

    def body() -> None:
        build_runtime(build_settings(), upgrade_schema=True).close()
        typer.echo("database is at the latest schema")

    guarded(body)


@functools.cache
def full_app() -> typer.Typer:
    """The command line with every sub-command, registered once (the sub-command modules import this one,
    so they cannot be registered at import time)."""
    from travel_assistant import cli_admin, cli_jobs, cli_scenarios

    cli_admin.register(app)
    cli_jobs.register(app)
    cli_scenarios.register(app)
    return app


def invalid_argument(args: list[str]) -> str | None:
    """The first command-line argument that is not valid UTF-8 text, described (never echoed), or None.

    Python decodes argv with ``surrogateescape``: invalid bytes arrive as lone surrogates, which nothing
    downstream can store or print (click's own usage errors included), so they are refused before parsing."""
    for position, arg in enumerate(args, 1):
        if any("\udc80" <= ch <= "\udcff" or "\ud800" <= ch <= "\udfff" for ch in arg):
            return f"argument {position} is not valid UTF-8 text; pass text in UTF-8"
    return None


def main() -> None:
    level = logging.getLevelName(os.environ.get("LOG_LEVEL", "WARNING").strip().upper())
    logging.basicConfig(
        level=level if isinstance(level, int) else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
    )
    problem = invalid_argument(sys.argv[1:])
    if problem is not None:
        sys.stderr.write(f"error: {problem}\n")
        raise SystemExit(2)
    full_app()()


if __name__ == "__main__":
    main()
