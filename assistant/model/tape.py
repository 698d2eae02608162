"""Record a model's exchanges to a folder, and serve them back: a run with a real provider, replayed offline.

``LLM_RECORD=DIR`` wraps whatever model the settings name in :class:`TapeRecorder`, which writes one JSON file
per exchange (the request and its fingerprint, the reply, every streamed chunk, tool calls, or the error) and
the token counts the engine asked for. ``LLM_MODEL=replay/DIR`` builds :class:`ReplayModel`, which serves them
back in order and checks each request against the recorded one: the first request that differs fails with
:class:`~assistant.errors.ReplayMismatch`, naming the exchange and the first differing field.

:class:`RecordingModel` is the in-memory kind: it keeps the prompts sent, for a test or benchmark to read.

All three work at the ``ChatModel`` level, so none imports litellm: a replay needs no provider, no key and no
network, and the same recording gives the same replies byte for byte.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from assistant import errors
from assistant.errors import ConfigurationError, ModelError, ReplayMismatch
from assistant.jsonable import JsonRecord
from assistant.model.delegate import DelegatingModel
from assistant.model.llm import ChatModel, TokenSink
from assistant.turns import Message, ModelReply, ToolCall, Usage

M = TypeVar("M", bound=BaseModel)

REPLAY_PREFIX = "replay/"
META = "tape.json"
COUNTS = "token-counts.jsonl"
FORMAT = 1


def replay_folder(model: str) -> Path | None:
    """The folder an ``LLM_MODEL=replay/DIR`` setting names, or None for any other model string."""
    return Path(model[len(REPLAY_PREFIX) :]) if model.startswith(REPLAY_PREFIX) else None


def complete_request(messages: Sequence[Message], tools: Sequence[dict[str, Any]] | None) -> dict[str, Any]:
    return {"kind": "complete", "messages": list(messages), "tools": list(tools or [])}


def structured_request(messages: Sequence[Message], schema: type[BaseModel], name: str) -> dict[str, Any]:
    return {
        "kind": "structured",
        "messages": list(messages),
        "schema_name": name,
        "schema": schema.model_json_schema(),
    }


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)


def fingerprint(request: dict[str, Any]) -> str:
    return hashlib.sha256(canonical(request).encode()).hexdigest()


def _exchange_file(folder: Path, seq: int) -> Path:
    return folder / f"{seq:05d}.json"


@dataclass(frozen=True, slots=True, kw_only=True)
class Exchange(JsonRecord):
    """One recorded model call."""

    seq: int
    request: dict[str, Any]
    fingerprint: str
    reply: dict[str, Any] | None
    chunks: tuple[str, ...]
    error: dict[str, str] | None

    @property
    def kind(self) -> str:
        return str(self.request.get("kind", "?"))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Exchange:
        return cls(
            seq=int(data["seq"]),
            request=dict(data["request"]),
            fingerprint=str(data["fingerprint"]),
            reply=data.get("reply"),
            chunks=tuple(data.get("chunks") or ()),
            error=data.get("error"),
        )


def reply_json(reply: ModelReply) -> dict[str, Any]:
    return {
        "text": reply.text,
        "tool_calls": [{"id": c.id, "name": c.name, "arguments": c.arguments} for c in reply.tool_calls],
        "usage": reply.usage.to_json(),
        "model": reply.model,
    }


def reply_from_json(data: dict[str, Any]) -> ModelReply:
    usage = data.get("usage") or {}
    return ModelReply(
        text=str(data.get("text", "")),
        tool_calls=tuple(
            ToolCall(id=c["id"], name=c["name"], arguments=c["arguments"]) for c in data["tool_calls"]
        ),
        usage=Usage.from_json(usage),
        model=str(data.get("model", "")),
    )


class TapeRecorder:
    """Wraps a model and writes every exchange to ``folder`` as it completes (a crash keeps what came before).

    Exchanges are numbered when the request is made, so concurrent calls keep the order they were asked in.
    The folder must be new or empty: two runs in one folder would interleave into a tape nothing can replay.
    """

    def __init__(self, inner: ChatModel, folder: Path) -> None:
        self.inner = inner
        self.folder = folder
        self._lock = threading.Lock()
        self._next = 1
        self._counted: set[str] = set()
        folder.mkdir(parents=True, exist_ok=True)
        if any(folder.iterdir()):
            raise ConfigurationError(
                f"LLM_RECORD folder {folder} is not empty; record into a new folder (or delete the old recording)"
            )
        (folder / META).write_text(
            json.dumps({"format": FORMAT, "model": inner.model_name}, indent=2) + "\n", encoding="utf-8"
        )

    @property
    def model_name(self) -> str:
        return self.inner.model_name

    def _number(self) -> int:
        with self._lock:
            seq, self._next = self._next, self._next + 1
            return seq

    def _write(self, exchange: Exchange) -> None:
        text = json.dumps(exchange.to_json(), indent=1, ensure_ascii=False, sort_keys=True)
        _exchange_file(self.folder, exchange.seq).write_text(text + "\n", encoding="utf-8")

    async def complete(
        self,
        messages: Sequence[Message],
        *,
        tools: Sequence[dict[str, Any]] | None = None,
        on_token: TokenSink | None = None,
    ) -> ModelReply:
        request = complete_request(messages, tools)
        seq = self._number()
        chunks: list[str] = []

        async def sink(piece: str) -> None:
            chunks.append(piece)
            if on_token is not None:
                await on_token(piece)

        try:
            reply = await self.inner.complete(messages, tools=tools, on_token=sink)
        except ModelError as exc:
            self._write(_failed(seq, request, chunks, exc))
            raise
        self._write(
            Exchange(
                seq=seq,
                request=request,
                fingerprint=fingerprint(request),
                reply=reply_json(reply),
                chunks=tuple(chunks),
                error=None,
            )
        )
        return reply

    async def structured(self, messages: Sequence[Message], schema: type[M], *, name: str) -> M:
        request = structured_request(messages, schema, name)
        seq = self._number()
        try:
            value = await self.inner.structured(messages, schema, name=name)
        except ModelError as exc:
            self._write(_failed(seq, request, [], exc))
            raise
        reply = {"value": value.model_dump(mode="json")}
        self._write(
            Exchange(
                seq=seq, request=request, fingerprint=fingerprint(request), reply=reply, chunks=(), error=None
            )
        )
        return value

    def count_tokens(self, messages: Sequence[Message]) -> int:
        count = self.inner.count_tokens(messages)
        key = fingerprint({"count": list(messages)})
        with self._lock:
            if key not in self._counted:
                self._counted.add(key)
                with (self.folder / COUNTS).open("a", encoding="utf-8") as out:
                    out.write(json.dumps({"key": key, "tokens": count}) + "\n")
        return count


def _failed(seq: int, request: dict[str, Any], chunks: list[str], exc: ModelError) -> Exchange:
    return Exchange(
        seq=seq,
        request=request,
        fingerprint=fingerprint(request),
        reply=None,
        chunks=tuple(chunks),
        error={"type": type(exc).__name__, "message": str(exc)},
    )


class ReplayModel:
    """Serves a recording back in order; a request that differs from the recorded one fails, by name."""

    def __init__(self, folder: Path) -> None:
        meta_file = folder / META
        if not meta_file.is_file():
            raise ConfigurationError(f"LLM_MODEL=replay/{folder}: no recording there (missing {META})")
        meta = json.loads(meta_file.read_text(encoding="utf-8"))
        self.folder = folder
        self._name = str(meta.get("model", "replay"))
        self.exchanges = [
            Exchange.from_json(json.loads(p.read_text(encoding="utf-8")))
            for p in sorted(folder.glob("[0-9]*.json"))
        ]
        self.counts = _read_counts(folder / COUNTS)
        self._next = 0
        self._lock = threading.Lock()

    @property
    def model_name(self) -> str:
        return self._name

    @property
    def remaining(self) -> int:
        return len(self.exchanges) - self._next

    async def complete(
        self,
        messages: Sequence[Message],
        *,
        tools: Sequence[dict[str, Any]] | None = None,
        on_token: TokenSink | None = None,
    ) -> ModelReply:
        exchange = self._take(complete_request(messages, tools))
        for piece in exchange.chunks:
            if on_token is not None:
                await on_token(piece)
        assert exchange.reply is not None
        return reply_from_json(exchange.reply)

    async def structured(self, messages: Sequence[Message], schema: type[M], *, name: str) -> M:
        exchange = self._take(structured_request(messages, schema, name))
        assert exchange.reply is not None
        return schema.model_validate(exchange.reply["value"])

    def count_tokens(self, messages: Sequence[Message]) -> int:
        """The recorded count; for a message the recording never saw, an estimate (the request that carries
        it will then fail the replay with a precise mismatch, which is the more useful error)."""
        recorded = self.counts.get(fingerprint({"count": list(messages)}))
        if recorded is not None:
            return recorded
        return 3 + sum(4 + len(canonical(m)) // 4 for m in messages)

    def _take(self, request: dict[str, Any]) -> Exchange:
        with self._lock:
            if self._next >= len(self.exchanges):
                raise ReplayMismatch(
                    f"replay {self.folder}: the recording holds {len(self.exchanges)} exchange(s), but this run "
                    f"made another {request['kind']} request (#{self._next + 1}); "
                    f"its last message: {_short(canonical(request['messages'][-1:]))}"
                )
            exchange = self.exchanges[self._next]
            if exchange.fingerprint != fingerprint(request):
                raise ReplayMismatch(
                    f"replay {self.folder}: request #{exchange.seq} ({request['kind']}) differs from the recording: "
                    + first_difference(exchange.request, request)
                )
            self._next += 1
        if exchange.error is not None:
            raise _error_from(exchange.error)
        return exchange


def _read_counts(path: Path) -> dict[str, int]:
    counts: dict[str, int] = {}
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                entry = json.loads(line)
                counts[str(entry["key"])] = int(entry["tokens"])
    return counts


def _error_from(recorded: dict[str, str]) -> ModelError:
    """The recorded failure as the same error type (anything unknown becomes a plain ModelError)."""
    kind = getattr(errors, recorded.get("type", ""), ModelError)
    if not (isinstance(kind, type) and issubclass(kind, ModelError)):
        kind = ModelError
    return kind(recorded.get("message", "recorded model failure"))


def _short(text: str, limit: int = 120) -> str:
    return json.dumps(text if len(text) <= limit else text[: limit - 1] + "…", ensure_ascii=False)


def first_difference(recorded: Any, now: Any, path: str = "") -> str:
    """The first place two JSON values differ, as ``path: recorded … but this run sent …``."""
    where = path or "request"
    if isinstance(recorded, dict) and isinstance(now, dict):
        for key in sorted(set(recorded) | set(now), key=_key_order):
            sub = f"{path}.{key}" if path else str(key)
            if key not in now:
                return f"{sub}: recorded {_short(canonical(recorded[key]))}, missing in this run"
            if key not in recorded:
                return f"{sub}: not in the recording, this run sent {_short(canonical(now[key]))}"
            if canonical(recorded[key]) != canonical(now[key]):
                return first_difference(recorded[key], now[key], sub)
    elif isinstance(recorded, list) and isinstance(now, list):
        for i, (old, new) in enumerate(zip(recorded, now, strict=False)):
            if canonical(old) != canonical(new):
                return first_difference(old, new, f"{where}[{i}]")
        return f"{where}: recorded {len(recorded)} item(s), this run sent {len(now)}"
    elif isinstance(recorded, str) and isinstance(now, str):
        at = next((i for i, (a, b) in enumerate(zip(recorded, now, strict=False)) if a != b), None)
        at = min(len(recorded), len(now)) if at is None else at
        start = max(0, at - 30)
        return (
            f"{where} differs at character {at}: recorded {_short(recorded[start : at + 50])}, "
            f"this run sent {_short(now[start : at + 50])}"
        )
    return f"{where}: recorded {_short(canonical(recorded))}, this run sent {_short(canonical(now))}"


def _key_order(key: str) -> tuple[int, str]:
    # The parts a reader recognises first: what kind of call, then its messages, then the rest.
    return ({"kind": 0, "schema_name": 1, "messages": 2}.get(key, 3), key)


class RecordingModel(DelegatingModel):
    """Wraps a model and keeps the prompts it is sent, so a demo or benchmark can prove what the model saw.

    ``keep`` bounds how many prompts are retained (the newest); None keeps all.
    """

    def __init__(self, inner: ChatModel, *, keep: int | None = None) -> None:
        super().__init__(inner)
        self.prompts: deque[list[Message]] = deque(maxlen=keep)

    @property
    def last_prompt(self) -> list[Message]:
        return self.prompts[-1] if self.prompts else []

    def sending(self, messages: Sequence[Message], *, structured: bool) -> None:
        if not structured:  # the conversation's prompts; promotion and summary requests are not kept
            self.prompts.append(list(messages))
