"""A scenario's world while it runs: the runtime, the clock, the model as the scenario sees it, and what each step
did (the turn's result, the prompts the model was sent, the job's report, promotion's decisions)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

from pydantic import BaseModel

from assistant.errors import ModelAuthError, ModelError, ModelOutputError, ModelUnavailable
from assistant.facts.asking import AskedFact, Question
from assistant.ids import ThreadId, UserId
from assistant.model.delegate import DelegatingModel
from assistant.model.llm import ChatModel
from assistant.turns import Message, TurnResult
from travel_assistant.container import Runtime
from travel_assistant.scenarios.loader import LoadedScenario
from travel_assistant.scenarios.references import resolve_session
from travel_assistant.scenarios.schema import Fault, Step
from travel_assistant.scenarios.sessions import session_thread

M = TypeVar("M", bound=BaseModel)


class ScenarioModel(DelegatingModel):
    """The runtime's model, observed: every prompt is kept (for ``prompt_contains``), and while ``fault`` is
    set every call fails the way a provider would (``model_fails:``)."""

    def __init__(self, inner: ChatModel) -> None:
        super().__init__(inner)
        self.prompts: list[list[Message]] = []
        self.fault: Fault | None = None

    def _fail(self, structured: bool) -> None:
        match self.fault:
            case None:
                return
            case "unavailable":
                raise ModelUnavailable("the provider is unavailable (scenario: model_fails: unavailable)")
            case "auth":
                raise ModelAuthError("the provider rejected the key (scenario: model_fails: auth)")
            case "malformed":
                if structured:
                    raise ModelOutputError(
                        "the model's JSON did not validate (scenario: model_fails: malformed)"
                    )
                raise ModelError("the model returned an empty stream (scenario: model_fails: malformed)")

    def sending(self, messages: Sequence[Message], *, structured: bool) -> None:
        self.prompts.append(list(messages))
        self._fail(structured=structured)


@dataclass
class StepResult:
    """What one step did, for its expectations."""

    index: int  # 0-based, as in the file
    step: Step
    now: datetime
    session: str | None = None
    turns: list[TurnResult] = field(default_factory=list)
    error: str | None = None  # the error's class name
    error_message: str = ""
    prompts: list[list[Message]] = field(default_factory=list)
    question: Question | None = None  # what the conversation opened by asking, in this step
    said: str | None = None  # what the conversation said back to an answer (keep:, discard:, a y/n)
    job: dict[str, Any] | None = None
    decisions: list[dict[str, Any]] = field(default_factory=list)

    @property
    def turn(self) -> TurnResult | None:
        return self.turns[-1] if self.turns else None


@dataclass
class World:
    loaded: LoadedScenario
    rt: Runtime
    model: ScenarioModel
    now: datetime
    results: list[StepResult] = field(default_factory=list)
    opened: set[str] = field(default_factory=set)  # sessions whose conversation has opened
    # Per session, the facts of its opening question still waiting for a y/n: a message that is not one
    # leaves them unanswered, as in the chat shell.
    waiting: dict[str, list[AskedFact]] = field(default_factory=dict)

    def session_key(self, name: str, user: str | None = None) -> str:
        """The session ``name`` (of ``user``) names; the loader has checked that it resolves."""
        return resolve_session(self.loaded.scenario, name, user)

    def user_of(self, session: str) -> UserId:
        return UserId(self.loaded.scenario.sessions[session].user)

    def thread_of(self, session: str) -> ThreadId:
        return session_thread(self.rt, self.user_of(session), self.loaded.scenario.sessions[session].name)

    def sessions_of(self, user: str) -> list[str]:
        return [name for name, spec in self.loaded.scenario.sessions.items() if spec.user == user]

    def session_named(self, thread: str) -> str | None:
        """The session whose thread this is (facts and recall blocks name threads; reports name sessions)."""
        return next((s for s in self.loaded.scenario.sessions if self.thread_of(s) == thread), None)

    def default_user(self, user: str | None) -> UserId:
        return UserId(user or self.loaded.scenario.users[0])
