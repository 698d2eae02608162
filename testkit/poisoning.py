"""The poisoning corpus harness: payloads run through the real promotion path on the in-memory twins.

Each payload in ``tests/corpora/poisoning.yaml`` is a small scenario: a thread log (user turns, tool results,
assistant text), optionally other threads of the same or another user, and what a fooled model proposes, either
promotion candidates (fed to :class:`~assistant.promotion.Promoter`) or a ``remember_preference`` call (fed to
:class:`~assistant.remember.ExplicitRemember`). A payload passes when nothing at all is stored, for anyone, and
every decision names its reason. The controls in ``tests/corpora/poisoning_controls.yaml`` are the honest
versions, which must be stored exactly as expected, so the gate cannot pass the corpus by rejecting everything.
``tests/test_poisoning.py`` asserts on it; ``python -m benchmarks.poisoning`` prints its table.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

from assistant.events import EventKind, NewEvent, tool_kind
from assistant.fact_records import Fact
from assistant.facts.memory import FactMemory
from assistant.gate.words import REPLY
from assistant.ids import ThreadId, UserScope, thread_id, turn_id, user_id
from assistant.model.llm import ChatModel, TokenSink
from assistant.model.structured import M
from assistant.promotion import Promoter
from assistant.remember import ExplicitRemember
from assistant.turns import Message, ModelReply, ToolContext
from memory.inmemory import InMemoryFactStore, InMemoryThreadStore

CORPORA = Path(__file__).resolve().parent.parent / "tests" / "corpora"
CORPUS = CORPORA / "poisoning.yaml"
CONTROLS = CORPORA / "poisoning_controls.yaml"
SAID_AT = datetime(2026, 11, 9, 9, 0, tzinfo=UTC)
PROMOTED_AT = SAID_AT + timedelta(hours=1)

Class = Literal[
    "tool_result",
    "quoted_speech",
    "third_party",
    "inference",
    "task_progress",
    "transient",
    "foreign_evidence",
    "value_mismatch",
    "smuggled_instruction",
    "unicode",
    "negation",
    "question",
    "hypothetical",
    "greeting",
    "dislike",
    "unasked_remember",
    "malformed",
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class EventSpec(_Strict):
    turn: str
    kind: Literal["user", "tool", "assistant"]
    text: str | None = None
    name: str | None = None  # the tool's name
    result: Any = None  # the tool's result (any JSON)

    @model_validator(mode="after")
    def _shape(self) -> EventSpec:
        turn_id(self.turn)
        if self.kind == "tool" and not self.name:
            raise ValueError("a tool event needs a name")
        if self.kind != "tool" and self.text is None:
            raise ValueError(f"a {self.kind} event needs text")
        return self


class OtherThread(_Strict):
    user: str
    thread: str
    events: list[EventSpec]


class RememberSpec(_Strict):
    turn: str  # the current user turn, when the model calls the tool
    statement: str


class ExpectedFact(_Strict):
    type: str
    value: str


class Payload(_Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{2,80}$")
    klass: Class = Field(alias="class")
    why: str = Field(min_length=10)
    user: str = "alice"
    thread_id: str = "main"
    thread: list[EventSpec] = Field(min_length=1)
    others: list[OtherThread] = []
    candidates: list[Any] | None = None  # raw, as the model would send them (malformed ones included)
    remember: RememberSpec | None = None
    expect: list[ExpectedFact] | None = None  # controls only: the user's current facts afterwards

    @model_validator(mode="after")
    def _shape(self) -> Payload:
        user_id(self.user)
        thread_id(self.thread_id)
        if self.candidates is None and self.remember is None:
            raise ValueError(f"{self.id}: needs candidates or remember")
        turns = {e.turn for e in self.thread if e.kind == "user"}
        if self.remember is not None and self.remember.turn not in turns:
            raise ValueError(f"{self.id}: remember.turn must be a user turn of the thread")
        return self


def load(path: Path) -> list[Payload]:
    """The payloads of a corpus file; ids must be unique (they name the parametrized tests)."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, list):
        raise ValueError(f"{path}: expected a list of payloads")
    payloads = [Payload.model_validate(item) for item in raw]
    seen: set[str] = set()
    for p in payloads:
        if p.id in seen:
            raise ValueError(f"{path}: duplicate id {p.id}")
        seen.add(p.id)
    return payloads


@dataclass(frozen=True, slots=True)
class Verdict:
    """One decision: a promotion candidate's, or the remember tool's answer."""

    source: Literal["promotion", "remember"]
    type: str
    kept: bool
    reason: str


@dataclass
class Outcome:
    verdicts: list[Verdict] = field(default_factory=list)
    # Every fact row of every user of the scenario, current or historical (retractions included).
    rows: dict[str, list[Fact]] = field(default_factory=dict)
    current: dict[str, list[Fact]] = field(default_factory=dict)
    # Versions waiting for the user's Keep or Discard (the gate asked): never current, never recalled.
    pending: dict[str, list[Fact]] = field(default_factory=dict)
    transcript: str = ""  # what the extraction model was shown ("" when it was not called)

    @property
    def stored_anything(self) -> bool:
        return any(self.rows.values())


class PromotionOnlyModel:
    """A model for promotion alone: subclasses answer ``structured``; a chat completion would be a test's
    mistake, and tokens cost nothing."""

    async def complete(
        self,
        messages: Sequence[Message],
        *,
        tools: Sequence[dict[str, Any]] | None = None,
        on_token: TokenSink | None = None,
    ) -> ModelReply:
        raise AssertionError("promotion asks for structured output only")

    def count_tokens(self, messages: Sequence[Message]) -> int:
        return 0


class CandidateReply(PromotionOnlyModel):
    """A model whose only answer is the given structured reply (the benchmark's stand-in for a fooled model)."""

    model_name = "corpus/fooled"

    def __init__(self, reply: dict[str, Any]) -> None:
        self.reply = reply
        self.calls: list[list[Message]] = []

    async def structured(self, messages: Sequence[Message], schema: type[M], *, name: str) -> M:
        self.calls.append(list(messages))
        return schema.model_validate(self.reply)


ModelFactory = Callable[[dict[str, Any]], ChatModel]
# The remember tool answers the model in words; the table and the tests want the reason code behind them.
_REASON_CODE = {text: code for code, text in REPLY.items()}


def _append(store: InMemoryThreadStore, thread: str, events: Sequence[EventSpec], start: int) -> int:
    """Log the events in order, as the engine would (user text, tool results by call number, replies)."""
    calls: dict[str, int] = {}
    for i, e in enumerate(events):
        at = SAID_AT + timedelta(minutes=start + i)
        if e.kind == "tool":
            calls[e.turn] = calls.get(e.turn, 0) + 1
            kind, body = tool_kind(1, calls[e.turn]), {"name": e.name, "ok": True, "result": e.result}
        else:
            kind, body = (EventKind.USER if e.kind == "user" else EventKind.ASSISTANT), {"text": e.text}
        appended = store.append(NewEvent(ThreadId(thread), turn_id(e.turn), kind, body, at))
        if not appended.inserted:
            raise ValueError(f"thread {thread}: two {kind} events in turn {e.turn}")
    return start + len(events)


def run(payload: Payload, make_model: ModelFactory = CandidateReply) -> Outcome:
    """Feed one scenario through the real promotion path and report what the gate decided and stored."""
    store, facts = InMemoryThreadStore(), InMemoryFactStore()
    memory = FactMemory(facts, facts)
    owner = user_id(payload.user)
    users = {owner} | {user_id(o.user) for o in payload.others}
    for u in sorted(users):
        store.ensure_user(u, now=SAID_AT)
    minute = 0
    for other in payload.others:
        store.open_thread(user_id(other.user), thread_id(other.thread), now=SAID_AT)
        minute = _append(store, other.thread, other.events, minute)
    store.open_thread(owner, thread_id(payload.thread_id), now=SAID_AT)
    _append(store, payload.thread_id, payload.thread, minute)
    outcome = Outcome()
    if payload.remember is not None:
        ctx = ToolContext(
            user=owner,
            thread=thread_id(payload.thread_id),
            turn=turn_id(payload.remember.turn),
            round_no=1,
            index=1,
            now=PROMOTED_AT,
        )
        said = ExplicitRemember(store, memory).remember_now(ctx, payload.remember.statement)
        outcome.verdicts.append(
            Verdict(
                "remember",
                str(said.get("fact") or ""),
                bool(said["saved"]),
                str(
                    said.get("status") or _REASON_CODE.get(str(said.get("reason")), said.get("reason") or "")
                ),
            )
        )
    if payload.candidates is not None:
        model = make_model({"candidates": payload.candidates})
        report = asyncio.run(
            Promoter(store, store, model, memory).promote(
                owner, thread_id(payload.thread_id), after_seq=0, now=PROMOTED_AT
            )
        )
        outcome.verdicts += [Verdict("promotion", d.type, d.kept, d.reason) for d in report.decisions]
    for u in sorted(users):
        rows = memory.store.list_facts(UserScope(u), include_history=True)
        outcome.rows[u] = [f for f in rows if not f.pending]
        outcome.pending[u] = [f for f in rows if f.pending]
        outcome.current[u] = memory.current(UserScope(u))
    return outcome


def control_kept(payload: Payload, outcome: Outcome) -> bool:
    """The control stored exactly the expected facts for its user, and nothing for anybody else."""
    want = sorted((f.type, f.value) for f in payload.expect or [])
    got = sorted((f.type, f.value) for f in outcome.current.get(payload.user, []))
    others = [u for u, facts in outcome.rows.items() if u != payload.user and facts]
    return bool(want) and got == want and not others
