"""Logs: one line per event, JSON (production) or text (development), with the turn's context attached.

What a line may hold: time, level, logger, the event's message, and the context of the work in progress: the
turn id, the thread id, the job, and the user as a *keyed hash* (never the raw id). Our own log calls never
pass message text, quotes or facts; library loggers (uvicorn, chainlit, litellm, alembic, lancedb, …) are
routed through the same handler so nothing bypasses the formatter, and litellm is kept at ERROR so its debug
output (which echoes prompts) cannot reach the log.

The context lives in :data:`contextvars` so concurrent turns on one event loop each carry their own, and
every record logged inside a turn (by any library) is tagged with it.
"""

from __future__ import annotations

import contextvars
import hashlib
import hmac
import json
import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any, Literal

_CONTEXT_FIELDS = ("turn_id", "thread_id", "user", "job")
_CONTEXT: contextvars.ContextVar[dict[str, str]] = contextvars.ContextVar("travel_log_context", default={})  # noqa: B039
_HANDLER_MARK = "_travel_assistant_handler"

# Library loggers that get their own handlers or formats: stripped and re-routed to the root handler.
LIBRARY_LOGGERS = (
    "uvicorn",
    "uvicorn.error",
    "uvicorn.access",
    "chainlit",
    "LiteLLM",
    "LiteLLM Router",
    "LiteLLM Proxy",
    "litellm",
    "alembic",
    "lancedb",
    "apscheduler",
    "httpx",
    "engineio",
    "socketio",
    "opentelemetry",
)
# Loggers whose INFO/DEBUG output may echo request content: kept at WARNING or above whatever LOG_LEVEL says.
_QUIET = {
    "LiteLLM": logging.ERROR,
    "LiteLLM Router": logging.ERROR,
    "LiteLLM Proxy": logging.ERROR,
    "litellm": logging.ERROR,
    "httpx": logging.WARNING,
    "engineio": logging.WARNING,
    "socketio": logging.WARNING,
}


def subject_hash(key: bytes, user: str) -> str:
    """The user as logs and traces show them: a keyed hash, stable per deployment, useless without the key."""
    return hmac.new(key, user.encode(), hashlib.sha256).hexdigest()[:16]


def log_key(app_secret: str) -> bytes:
    """The key for :func:`subject_hash`, derived from the app secret (so it is never stored anywhere)."""
    return hashlib.sha256(b"log-subject:" + app_secret.encode()).digest()


@contextmanager
def log_context(**fields: str) -> Iterator[None]:
    """Tag every record logged inside the block with ``fields`` (turn_id, thread_id, user hash, job)."""
    unknown = set(fields) - set(_CONTEXT_FIELDS)
    if unknown:
        raise ValueError(f"unknown log context fields: {sorted(unknown)}")
    token = _CONTEXT.set({**_CONTEXT.get(), **fields})
    try:
        yield
    finally:
        _CONTEXT.reset(token)


def current_context() -> dict[str, str]:
    return dict(_CONTEXT.get())


class JsonFormatter(logging.Formatter):
    """One JSON object per line."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "event": record.getMessage(),
            **_CONTEXT.get(),
        }
        if record.exc_info and record.exc_info[0] is not None:
            line["error"] = record.exc_info[0].__name__
            line["traceback"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    """``time level logger [turn=… thread=…] message`` for a terminal."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)-7s %(name)s%(context)s %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        context = _CONTEXT.get()
        record.context = " [" + " ".join(f"{k}={v}" for k, v in context.items()) + "]" if context else ""
        return super().format(record)


def configure_logging(*, fmt: Literal["json", "text"], level: str = "INFO") -> logging.Handler:
    """Send every logger through one stderr handler with ``fmt``; idempotent (a second call replaces it)."""
    root = logging.getLogger()
    # Ours from an earlier call, and plain stream handlers such as Chainlit's ``basicConfig`` one (which
    # would print every record a second time, unformatted). Test harness handlers are subclasses and stay.
    for handler in [
        h for h in root.handlers if getattr(h, _HANDLER_MARK, False) or type(h) is logging.StreamHandler
    ]:
        root.removeHandler(handler)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if fmt == "json" else TextFormatter())
    setattr(handler, _HANDLER_MARK, True)
    root.addHandler(handler)
    root.setLevel(level)
    logging.captureWarnings(True)  # warnings become records of "py.warnings", formatted like the rest
    route_library_loggers()
    return handler


def route_library_loggers() -> None:
    """Strip the handlers libraries install for themselves so their records reach the root handler.

    Called again after warm-up: litellm adds its handlers when it is first imported, which is after start-up
    configured logging. A no-op when :func:`configure_logging` has not run (tests, library use)."""
    if not any(getattr(h, _HANDLER_MARK, False) for h in logging.getLogger().handlers):
        return
    for name in LIBRARY_LOGGERS:
        logger = logging.getLogger(name)
        logger.handlers.clear()
        logger.propagate = True
        if name in _QUIET:
            logger.setLevel(_QUIET[name])


def route_uvicorn() -> None:
    """Make the uvicorn server Chainlit starts log through our handler.

    Chainlit builds ``uvicorn.Config`` without a ``log_config``, so uvicorn applies its module-level default
    with ``dictConfig`` (own handlers, ``propagate: False``). That default is replaced, in place, by one that
    only sets levels and lets records propagate to the root handler.
    """
    import uvicorn.config

    config = uvicorn.config.LOGGING_CONFIG
    config.clear()
    config.update(
        {
            "version": 1,
            "disable_existing_loggers": False,
            "loggers": {
                name: {"level": "INFO", "handlers": [], "propagate": True}
                for name in ("uvicorn", "uvicorn.error", "uvicorn.access")
            },
        }
    )
