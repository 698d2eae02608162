"""A streamed model reply put together from its deltas as they arrive (used by ``assistant.model.llm``)."""

from __future__ import annotations

from typing import Any

from assistant.turns import ToolCall


class Assembled:
    """A streamed reply put together from its deltas as they arrive: the text, the tool calls (their pieces
    joined by index, as OpenAI streams them) and the usage the stream ends with.

    Why not ``litellm.stream_chunk_builder``: litellm's stream wrapper already runs it once at the end of every
    stream (for its own logging and cost bookkeeping); running it again here doubled that work on every model
    call, on the event loop, for data we had already seen go by."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.calls: dict[int, dict[str, Any]] = {}
        self.usage: Any = None

    def add(self, delta: Any) -> None:
        if delta.content:
            self.parts.append(delta.content)
        for position, call in enumerate(getattr(delta, "tool_calls", None) or []):
            index = call.index if isinstance(getattr(call, "index", None), int) else position
            held = self.calls.setdefault(index, {"id": None, "name": None, "arguments": []})
            held["id"] = held["id"] or getattr(call, "id", None)
            function = getattr(call, "function", None)
            if function is not None:
                held["name"] = held["name"] or getattr(function, "name", None)
                if getattr(function, "arguments", None):
                    held["arguments"].append(function.arguments)

    @property
    def text(self) -> str:
        return "".join(self.parts)

    def tool_calls(self) -> tuple[ToolCall, ...]:
        return tuple(
            ToolCall(
                id=held["id"] or f"call_{i}", name=held["name"], arguments="".join(held["arguments"]) or "{}"
            )
            for i, (_index, held) in enumerate(sorted(self.calls.items()))
        )
