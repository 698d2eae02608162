"""The offline model's answer to one call: text, tool calls, or both."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class OfflineToolCall:
    name: str
    arguments: dict[str, Any]


@dataclass(frozen=True, slots=True)
class OfflineReply:
    text: str = ""
    tool_calls: tuple[OfflineToolCall, ...] = ()


def call(name: str, **arguments: Any) -> OfflineReply:
    return OfflineReply(tool_calls=(OfflineToolCall(name, arguments),))


def calls(*pairs: tuple[str, dict[str, Any]]) -> OfflineReply:
    return OfflineReply(tool_calls=tuple(OfflineToolCall(name, args) for name, args in pairs))


def say(text: str) -> OfflineReply:
    return OfflineReply(text=text)
