"""The context meter under a reply: how full the model's window was on that turn (tokens of the usable
budget), amber from 75 %, the share of the prompt the provider read from its cache when it reported one, the
details on click. Rendered by ``public/elements/ContextMeter.jsx`` from the
props built here, live (``ui.LiveTurn``) and when a conversation is reopened (``render``); the numbers are
the turn's logged ``context`` record, so both show the same thing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

ELEMENT_NAME = "ContextMeter"
HIGH = 0.75  # the engine logs a warning from here on, too


def meter_props(body: Mapping[str, Any]) -> dict[str, Any] | None:
    """Props for one turn's meter; None when the turn made no model call (nothing to measure)."""
    if "prompt_tokens" not in body:
        return None
    tokens = int(body["prompt_tokens"])
    usable = max(int(body.get("budget", 0)) - int(body.get("reserve", 0)), 1)
    pressure = float(body.get("pressure", tokens / usable))
    high = pressure >= HIGH
    turns, in_log = body.get("turns_in_window", 0), body.get("turns_in_log", 0)
    details = (
        f"This reply's prompt took {tokens:,} of the {usable:,} tokens the model has room for "
        f"({pressure:.0%}). In it: {int(body.get('memory_tokens', 0)):,} tokens of facts remembered from "
        f"earlier chats, {int(body.get('summary_tokens', 0)):,} of summary of older messages, and {turns} of "
        f"this chat's {in_log} earlier messages in full. The first "
        f"{int(body.get('stable_prefix_tokens', 0)):,} tokens are the same as last time, so a provider can "
        "reuse them from its cache."
    )
    cache = cache_line(body.get("usage") or {})
    if cache:
        details += f" The provider reported {cache} (over this reply's model calls)."
    return {
        "tokens": tokens,
        "budget": usable,
        "percent": round(pressure * 100),
        "high": high,
        "label": f"{tokens:,}/{usable:,} tokens",
        "level": "high" if high else "",
        "details": details,
        "cache": cache,
    }


def cache_line(usage: Mapping[str, Any]) -> str:
    """The line "1,840 of 2,310 prompt tokens cached" from a turn's logged usage, as the provider reported it (the
    stable-prefix figure beside it is our own estimate); "" when the provider reported no caching."""
    cached, written = int(usage.get("cached_tokens", 0)), int(usage.get("cache_write_tokens", 0))
    prompt = int(usage.get("prompt_tokens", 0))
    if not (cached or written) or prompt <= 0:
        return ""
    line = f"{cached:,} of {prompt:,} prompt tokens cached"
    return f"{line}, {written:,} written to the cache" if written else line
