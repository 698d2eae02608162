"""What the loopback provider server answers: scripted replies and failures, independent of wire format.

A :class:`Reply` says *what* the model answers (text, tool calls, an HTTP failure, a broken body); the wire
modules say *how* each provider spells it (``testkit.wire_openai``, ``testkit.wire_anthropic``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Shape = Literal["normal", "json", "empty", "no-choices", "garbage", "cut"]


@dataclass(frozen=True, slots=True)
class ToolUse:
    """One tool call of a scripted reply. ``arguments`` is JSON text, streamed in fragments as-is."""

    name: str
    arguments: str
    id: str = "call_abc"


@dataclass(frozen=True, kw_only=True)
class Reply:
    """One scripted answer.

    ``status`` other than 200 makes it an HTTP error in the provider's error format, with ``error_type``
    (the provider's error kind: "rate_limit", "overloaded", "context_length", "server", "auth") and
    ``error_message`` (the provider's own words, which must never reach a user). ``shape`` breaks a 200 on
    purpose: "json" a plain body to a streaming request, "empty" a stream with no content, "no-choices" chunks
    without choices (OpenAI), "garbage" a text/plain body, "cut" a stream that stops half-way through an
    event and closes the connection.
    """

    text: str = ""
    tool_calls: tuple[ToolUse, ...] = ()
    status: int = 200
    error_type: str = ""
    error_message: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    pieces: tuple[str, ...] | None = None  # explicit stream pieces; default: split after each space
    prompt_tokens: int | None = None  # None: the server counts the request's prompt itself
    completion_tokens: int = 7
    delay_seconds: float = 0.0  # wait this long before answering (timeout tests)
    shape: Shape = "normal"

    def stream_pieces(self) -> list[str]:
        if self.pieces is not None:
            return list(self.pieces)
        words = self.text.split(" ")
        return [w + " " for w in words[:-1]] + [words[-1]] if self.text else []


def rate_limited(*, retry_after: float = 1.0) -> Reply:
    """429 with a Retry-After header, as both providers send it."""
    return Reply(
        status=429,
        error_type="rate_limit",
        error_message="Rate limit reached for requests. Please try again in 1s. (org-4x9)",
        headers={"retry-after": f"{retry_after:g}"},
    )


def overloaded() -> Reply:
    """Anthropic's 529 (OpenAI-format servers answer 503 for the same thing)."""
    return Reply(status=529, error_type="overloaded", error_message="Overloaded")


def context_too_long(*, tokens: int = 210_000, limit: int = 200_000) -> Reply:
    return Reply(status=400, error_type="context_length", error_message=f"{tokens}/{limit}")


def cut_stream(text: str = "Half an ans") -> Reply:
    return Reply(text=text, shape="cut")


def split_fragments(text: str, parts: int = 3) -> list[str]:
    """``text`` in ``parts`` roughly equal fragments (how providers stream tool arguments)."""
    size = max(1, -(-len(text) // parts))
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]
