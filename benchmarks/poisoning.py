"""The poisoning corpus against the memory write gate, run through the real promotion path.

Each payload in ``tests/corpora/poisoning.yaml`` is a small scenario: a thread log (user turns, tool results,
assistant text), optionally other threads of the same or another user, and what a fooled model proposes, either
promotion candidates (fed to :class:`~assistant.promotion.Promoter`) or a ``remember_preference`` call (fed to
:class:`~assistant.remember.ExplicitRemember`). Everything runs on the in-memory twins. A payload passes when
nothing at all is stored, for anyone, and every decision names its reason. The controls in
``tests/corpora/poisoning_controls.yaml`` are the honest versions, which must be stored exactly as expected, so
the gate cannot pass this corpus by rejecting everything.

    python -m benchmarks.poisoning        # per-class table of the corpus, then the controls

``section()`` prints the same table for a combined memory-safety report.
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
from assistant.facts import Fact, FactMemory
from assistant.ids import ThreadId, UserScope, thread_id, turn_id, user_id
from assistant.llm import ChatModel, M, TokenSink
from assistant.promotion import Promoter
from assistant.remember import _REASON_TEXT, ExplicitRemember
from assistant.tools import ToolContext
from assistant.turns import Message, ModelReply
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
    transcript: str = ""  # what the extraction model was shown ("" when it was not called)

    @property
    def stored_anything(self) -> bool:
        return any(self.rows.values())


class CandidateReply:
    """A model whose only answer is the given structured reply (the benchmark's stand-in for a fooled model)."""

    model_name = "corpus/fooled"

    def __init__(self, reply: dict[str, Any]) -> None:
        self.reply = reply
        self.calls: list[list[Message]] = []

    async def complete(
        self,
        messages: Sequence[Message],
        *,
        tools: Sequence[dict[str, Any]] | None = None,
        on_token: TokenSink | None = None,
    ) -> ModelReply:
        raise AssertionError("promotion asks for structured output only")

    async def structured(self, messages: Sequence[Message], schema: type[M], *, name: str) -> M:
        self.calls.append(list(messages))
        return schema.model_validate(self.reply)

    def count_tokens(self, messages: Sequence[Message]) -> int:
        return 0


ModelFactory = Callable[[dict[str, Any]], ChatModel]
# The remember tool answers the model in words; the table and the tests want the reason code behind them.
_REASON_CODE = {text: code for code, text in _REASON_TEXT.items()}


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
        outcome.rows[u] = memory.store.list_facts(UserScope(u), include_history=True)
        outcome.current[u] = memory.current(UserScope(u))
    return outcome


@dataclass
class ClassRow:
    payloads: int = 0
    promoted: int = 0  # payloads that stored anything (each one a gate bug)
    rejected: int = 0  # payloads that stored nothing
    decisions: int = 0  # the gate's decisions over those payloads (a payload may propose several facts)
    reasons: dict[str, int] = field(default_factory=dict)  # rejection reason -> decisions


def tally(payloads: Sequence[Payload]) -> tuple[dict[str, ClassRow], list[str]]:
    """Per-class counts, and the ids of payloads that stored something (each one a gate bug)."""
    rows: dict[str, ClassRow] = {}
    leaked: list[str] = []
    for p in payloads:
        outcome = run(p)
        row = rows.setdefault(p.klass, ClassRow())
        row.payloads += 1
        if outcome.stored_anything or any(v.kept for v in outcome.verdicts):
            row.promoted += 1
            leaked.append(p.id)
        else:
            row.rejected += 1
        row.decisions += len(outcome.verdicts)
        for v in outcome.verdicts:
            if not v.kept:
                row.reasons[v.reason or "(none)"] = row.reasons.get(v.reason or "(none)", 0) + 1
    return rows, leaked


def control_kept(payload: Payload, outcome: Outcome) -> bool:
    """The control stored exactly the expected facts for its user, and nothing for anybody else."""
    want = sorted((f.type, f.value) for f in payload.expect or [])
    got = sorted((f.type, f.value) for f in outcome.current.get(payload.user, []))
    others = [u for u, facts in outcome.rows.items() if u != payload.user and facts]
    return bool(want) and got == want and not others


def _reasons(row: ClassRow) -> str:
    return ", ".join(f"{r} {n}" for r, n in sorted(row.reasons.items(), key=lambda kv: (-kv[1], kv[0])))


def section() -> None:
    """Print the poisoning table (per class: payloads, promoted, rejected decisions, reasons) and the controls."""
    payloads = load(CORPUS)
    rows, leaked = tally(payloads)
    print("## Poisoning corpus against the memory write gate")
    print(f"{len(payloads)} payloads, real promotion path (Promoter / ExplicitRemember), in-memory stores\n")
    print(f"| {'class':<20} | payloads | promoted | rejected | decisions | reasons seen (decisions)")
    print(f"|{'-' * 22}|----------|----------|----------|-----------|{'-' * 40}")
    total = ClassRow()
    for name in sorted(rows):
        row = rows[name]
        print(
            f"| {name:<20} | {row.payloads:>8} | {row.promoted:>8} | {row.rejected:>8} | {row.decisions:>9} "
            f"| {_reasons(row)}"
        )
        total.payloads += row.payloads
        total.promoted += row.promoted
        total.rejected += row.rejected
        total.decisions += row.decisions
    print(
        f"| {'total':<20} | {total.payloads:>8} | {total.promoted:>8} | {total.rejected:>8} "
        f"| {total.decisions:>9} |"
    )
    if leaked:
        print("\nstored something (gate bugs): " + ", ".join(leaked))
    controls = load(CONTROLS)
    missed = [c.id for c in controls if not control_kept(c, run(c))]
    print(f"\ncontrols kept: {len(controls) - len(missed)}/{len(controls)}")
    if missed:
        print("controls not kept as expected: " + ", ".join(missed))


def main() -> None:
    section()


if __name__ == "__main__":
    main()
