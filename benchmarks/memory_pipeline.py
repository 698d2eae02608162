"""The whole pipeline against the secrets corpus: is a secret stored anywhere, and is the preference kept?

Each statement of ``tests/corpora/secrets.yaml`` is said as the first turn of a conversation through the real
engine and the offline model (masking at the door, summaries every two turns, so a summary covers it), then the
thread is promoted through the real gate. Afterwards every place the app writes or sends text is searched for
the secret: the thread log, its summaries, the facts (values and quotes, every version), the promotion report,
and everything the model was sent (chat and structured calls). For statements that also state a preference,
the fact must be in memory afterwards, with its quote masked.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from pydantic import BaseModel

from assistant.events import EventKind
from assistant.facts.words import EvidenceWords
from assistant.ids import ThreadId, TurnId, UserId, UserScope
from assistant.model.llm import ChatModel, LiteLLMChatModel
from assistant.turn.parts import EngineSettings
from assistant.turns import Message, ModelReply, TurnRequest
from demo.provider import offline_config
from testkit.fresh_runs import strings
from travel_assistant.twins import Twins

M = TypeVar("M", bound=BaseModel)
STORES = ("log", "summaries", "facts", "quotes", "reports", "model input")
ALICE = UserId("alice")
START = datetime(2026, 11, 9, 9, 0, tzinfo=UTC)
FOLLOW_UPS = ("Find me flights to Lisbon on the 14th", "Thanks, that's all for now.")


@dataclass
class Capture:
    """A model wrapper that keeps every message list it is sent, chat and structured alike."""

    inner: ChatModel
    seen: list[list[Message]] = field(default_factory=list)

    @property
    def model_name(self) -> str:
        return self.inner.model_name

    async def complete(self, messages: Sequence[Message], **kwargs: Any) -> ModelReply:
        self.seen.append(list(messages))
        return await self.inner.complete(messages, **kwargs)

    async def structured(self, messages: Sequence[Message], schema: type[M], *, name: str) -> M:
        self.seen.append(list(messages))
        return await self.inner.structured(messages, schema, name=name)

    def count_tokens(self, messages: Sequence[Message]) -> int:
        return self.inner.count_tokens(messages)


@dataclass(frozen=True, slots=True, kw_only=True)
class Outcome:
    """What one statement left behind: the text of every store, and whether its preference (if any) stuck."""

    stores: dict[str, str]
    preference_kept: bool | None  # None: the statement states no preference


async def run_case(text: str, preference: tuple[str, str] | None, model: ChatModel) -> Outcome:
    """Say ``text``, two more turns, promote; then read every store."""
    world = Twins()
    capture = Capture(model)
    engine = world.engine(capture, settings=EngineSettings(summary_every=2))
    thread = ThreadId("thread")
    for i, said in enumerate((text, *FOLLOW_UPS)):
        at = START + timedelta(minutes=i)
        await engine.run_turn(TurnRequest(user=ALICE, thread=thread, turn=TurnId(f"t{i}"), text=said, now=at))
    report = await world.promoter(capture).promote(ALICE, thread, after_seq=0, now=START + timedelta(hours=1))
    events = world.threads.events(thread)
    facts = world.facts.list_facts(UserScope(ALICE), include_history=True)
    stores = {
        "log": [dict(e.body) for e in events],
        "summaries": [dict(e.body) for e in events if e.kind == EventKind.SUMMARY],
        "facts": [f.to_json() for f in facts],
        "quotes": [EvidenceWords(world.threads).of(f) for f in facts],
        "reports": report.to_json(),
        "model input": capture.seen,
    }
    kept = None if preference is None else any(f.current and (f.type, f.value) == preference for f in facts)
    return Outcome(
        stores={name: "\x00".join(strings(value)) for name, value in stores.items()}, preference_kept=kept
    )


def offline_model() -> ChatModel:
    return LiteLLMChatModel(offline_config(max_retries=0))


def run_all(cases: Sequence[tuple[str, tuple[str, str] | None]]) -> list[Outcome]:
    """Each (statement, its preference or None) through the pipeline, one fresh world each."""
    model = offline_model()

    async def go() -> list[Outcome]:
        return [await run_case(text, preference, model) for text, preference in cases]

    return asyncio.run(go())
