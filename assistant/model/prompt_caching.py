"""Prompt caching across providers: the cache counts in a provider's usage, and Anthropic's breakpoints.

The window policy keeps a cache-stable prefix (``assistant.turn.context``); whether a provider reuses it shows only
in the usage it reports, so that is what is kept (``Usage.cached_tokens`` / ``cache_write_tokens``), logged
with the turn and shown in the context meter. No litellm import: this reads litellm's usage objects by
attribute and shapes request dicts that ``assistant.model.llm`` hands to litellm.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from assistant.turns import Message, Usage

CACHE_BREAKPOINT_PROVIDERS = frozenset({"anthropic"})
MAX_BREAKPOINTS = 4  # Anthropic refuses a request with more
EPHEMERAL = {"type": "ephemeral"}


def stable_head(messages: Sequence[Message]) -> int:
    """How many messages open the prompt as its cache-stable head: the leading system messages (system
    prompt, memory block, summary block, in that order; see :func:`assistant.turn.context.assemble`). A
    provider that caches only at explicit breakpoints (Anthropic's ``cache_control``) is given one after each
    of them."""
    head = 0
    for message in messages:
        if message.get("role") != "system":
            break
        head += 1
    return head


def provider_usage(usage: Any, *, fallback_prompt_tokens: Callable[[], int]) -> Usage:
    """Our :class:`Usage` from litellm's. litellm folds each provider's cache counts into one shape:
    ``prompt_tokens`` is the whole prompt (for Anthropic, whose ``input_tokens`` leaves the cached part out,
    litellm adds it back), ``prompt_tokens_details.cached_tokens`` what was read from the cache (OpenAI's own
    field; Anthropic's ``cache_read_input_tokens``; Gemini's and DeepSeek's cache hits) and
    ``prompt_tokens_details.cache_creation_tokens`` what was written (Anthropic's
    ``cache_creation_input_tokens``, also kept top-level). A provider that reports no usage is counted here."""
    details = getattr(usage, "prompt_tokens_details", None)
    cached = getattr(details, "cached_tokens", None) or getattr(usage, "cache_read_input_tokens", None)
    written = getattr(details, "cache_creation_tokens", None) or getattr(
        usage, "cache_creation_input_tokens", None
    )
    return Usage(
        prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or fallback_prompt_tokens()),
        completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0),
        cached_tokens=int(cached or 0),
        cache_write_tokens=int(written or 0),
    )


def with_cache_breakpoints(
    messages: list[Message], tools: list[dict[str, Any]]
) -> tuple[list[Message], list[dict[str, Any]]]:
    """The request with Anthropic ``cache_control`` breakpoints, at most four (Anthropic's limit), in order:

    - each message of the stable head (system prompt, memory block, summary block;
      ``assistant.context.stable_head``): a changed memory block costs only what follows the system prompt;
    - the conversation's last message before the trailing trip state (the newest user message or tool
      result): the next call finds this prefix within Anthropic's 20-block lookback, so the earlier turns are
      read from the cache too (measured by ``benchmarks.windows``: without it only the head was cached);
    - the last tool definition, when a mark is left: tools open Anthropic's prompt, so the system prompt's
      mark already covers them and this one only helps when the system prompt changes (at midnight).

    litellm moves the marks onto Anthropic's ``system`` blocks, message blocks and ``tools``."""
    head = min(stable_head(messages), MAX_BREAKPOINTS)
    tail = _conversation_end(messages, after=head) if head < MAX_BREAKPOINTS else None
    marked = [_marked(m) if i < head or i == tail else m for i, m in enumerate(messages)]
    used = head + (tail is not None)
    if tools and used < MAX_BREAKPOINTS:
        return marked, [*tools[:-1], {**tools[-1], "cache_control": dict(EPHEMERAL)}]
    return marked, list(tools)


def _conversation_end(messages: list[Message], *, after: int) -> int | None:
    """The index of the last user or tool message past the head (the trip state, a system message, may
    follow it and changes whenever a tool moves the trip)."""
    for i in range(len(messages) - 1, after - 1, -1):
        if messages[i].get("role") in ("user", "tool") and isinstance(messages[i].get("content"), str):
            return i
    return None


def _marked(message: Message) -> Message:
    """A message with a breakpoint: a tool result carries it on the message (litellm's rule), any other
    message on its one text block."""
    if message.get("role") == "tool":
        return {**message, "cache_control": dict(EPHEMERAL)}
    return {
        **message,
        "content": [{"type": "text", "text": message["content"], "cache_control": dict(EPHEMERAL)}],
    }
