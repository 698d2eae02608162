"""What every command of the ``travel-assistant`` command line shares: the runtime, ``--at`` and ``--json``,
and the one place the project's errors become a one-line message and an exit code (2 for bad input, 1 for
everything else). Each command module imports this one, never another command module.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from assistant.errors import InvalidInput, ModelError, TravelAssistantError
from language.text import json_text, readable, text_problem
from travel_assistant.settings import build_settings

if TYPE_CHECKING:  # the runtime is imported when a command builds one: `--help` and parsing stay light
    from travel_assistant.container import Runtime

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
        return datetime.now(UTC)
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
    from travel_assistant.container import build_runtime

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
        # A provider's words (and a traceback quoting them) stay out of the log: they may carry account ids.
        logger.info(
            "command failed: %s", error_detail(exc), exc_info=None if isinstance(exc, ModelError) else exc
        )
        typer.echo(f"error: {readable(exc.user_message())}", err=True)
        raise typer.Exit(2 if isinstance(exc, InvalidInput) else 1) from exc


def error_detail(exc: BaseException) -> str:
    """An error and its causes in one line, for the log; what a model error came from is named by class only
    (the provider's message is not ours to log)."""
    parts, seen, provider = [], 0, False
    current: BaseException | None = exc
    while current is not None and seen < 4:
        said = type(current).__name__ if provider else f"{type(current).__name__}: {str(current)[:300]}"
        parts.append(said)
        provider = provider or isinstance(current, ModelError)
        current, seen = current.__cause__, seen + 1
    return readable(" <- ".join(parts))


def emit_json(payload: Any) -> None:
    typer.echo(json_text(payload, indent=2))


class StdoutStream:
    """Prints reply tokens as they stream, and tool calls as they happen (text mode only).

    A reader that goes away mid-reply (``chat … | head -c 80``) is not the model failing: the rest of the reply
    goes nowhere, and the turn still ends and is logged, so the same turn id replays it in full."""

    async def recalled(self, recall: Any, block: str | None) -> None:
        return None

    started = False  # some reply text was printed

    async def token(self, text: str) -> None:
        self.started = True
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
