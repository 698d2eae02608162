"""An ask is one question in the conversation: what a conversation opens by asking, and what an answer does.

When the write gate is unsure of a fact, promotion stores a *pending* version (``assistant.facts.pending``).
Shown only in the memory panel, nobody answers it, and an asked preference is as good as lost. So the user's next
conversation opens by asking about it, once, in one message: a line naming the fact as the app names facts (its
type's label and canonical value, never the user's words), with Keep and Not now. Keep records it as the user's
confirmed word; Not now discards it. Several pending facts are asked together, one line each.

A question nobody answers (the user talks on, or closes the chat) is asked in at most ``AskPolicy.max_asks``
conversations; ``AskPolicy.lapse_after`` after the last of them it *lapses*: no longer asked, listed as lapsed, and
deleted at its type's deletion horizon like any fact. That is a retention rule, applied by the expiry job
(:meth:`Asker.lapse`).

The interfaces (the browser's buttons, the chat shell's y/n) render a :class:`Question` and relay an
:class:`Answer`; every decision is made here. The question and each answer are logged in the conversation's
thread (``EventKind.ASK``, ``EventKind.ANSWER``), so a resumed or replayed conversation, and a scenario saved from
it, show them. How often and when a version was asked is stored with the version (``Fact.asked``, ``asked_at``,
through :class:`assistant.ports.AskMarks`), so it survives restarts and holds across processes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any, Literal

from assistant.errors import InvalidInput, NotFound
from assistant.events import EventKind, NewEvent
from assistant.fact_records import Fact
from assistant.fact_types import FACT_TYPES
from assistant.facts.memory import FactMemory
from assistant.facts.pending import pending_facts
from assistant.ids import FactId, ThreadId, TurnId, UserId, UserScope, fact_id
from assistant.jsonable import JsonRecord, record_json
from assistant.ports import AskMarks, Directory, PendingDecisions, ThreadLog

# One question per conversation: the log's key (thread, turn, kind) lets a second opening of the same thread (a
# reconnect, the shell switching back) find it asked already.
ASK_TURN = TurnId("ask")


class Answer(StrEnum):
    KEEP = "keep"  # remember it, as the user's confirmed word
    NOT_NOW = "not_now"  # do not: the pending version is discarded


# A typed answer to the question, as the chat shell reads its "[y/n]" prompt (and a scenario its user's "yes").
ANSWER_WORDS: Mapping[str, Answer] = {
    "y": Answer.KEEP,
    "yes": Answer.KEEP,
    "n": Answer.NOT_NOW,
    "no": Answer.NOT_NOW,
}


def answer_said(line: str) -> Answer | None:
    """The answer a typed line gives (``y``, ``yes``, ``n``, ``no``), or None: the user is talking on."""
    return ANSWER_WORDS.get(line.strip().lower())


AnswerStatus = Literal[
    "kept", "discarded", "settled"
]  # settled: answered before (here, elsewhere, the panel)


@dataclass(frozen=True, slots=True, kw_only=True)
class AskPolicy:
    """How often an unanswered question is asked, and how long after the last asking it lapses."""

    max_asks: int = 2
    lapse_after: timedelta = timedelta(days=30)
    per_question: int = 5  # the oldest this many in one message; the others wait for a later conversation

    def __post_init__(self) -> None:
        if self.max_asks < 1 or self.per_question < 1 or self.lapse_after <= timedelta(0):
            raise InvalidInput("an ask policy asks at least once, about at least one fact, and lapses later")

    def due(self, fact: Fact) -> bool:
        """Whether a conversation opening now asks about ``fact``."""
        return fact.pending and not fact.lapsed and fact.asked < self.max_asks

    def lapses(self, fact: Fact, now: datetime) -> bool:
        """Whether ``fact`` was asked about as often as it may be and went unanswered for ``lapse_after``."""
        return (
            fact.pending
            and not fact.lapsed
            and fact.asked >= self.max_asks
            and fact.asked_at is not None
            and now >= fact.asked_at + self.lapse_after
        )


# -- the wording (said once: the browser, the shell and the log all show these) ------------------------------

SEVERAL = "Last time you mentioned a few things I wasn't sure about. Shall I remember them?"
ALREADY_SETTLED = "That one is already settled, so nothing changed."


def fact_name(fact_type: str, value: str) -> str:
    """A fact as a sentence names it: the panel's words for it (``FactType.render``: its type's label and its
    canonical value), inside a sentence ("seat preference: window")."""
    text = FACT_TYPES[fact_type].render(value)
    return text[:1].lower() + text[1:]


@dataclass(frozen=True, slots=True, kw_only=True)
class AskedFact:
    """One fact of a question, with what its two buttons (or the shell's prompt) say."""

    fact_id: FactId
    type: str
    value: str
    retracted: bool
    name: str  # "seat preference: window"
    keep_label: str  # "Keep" when it is asked alone, "Keep seat preference: window" among several
    not_now_label: str

    def to_json(self) -> dict[str, Any]:
        """As logged: the fact by id and canonical value (the words are derived from them when read)."""
        return record_json(self, leave_out=("name", "keep_label", "not_now_label"))


@dataclass(frozen=True, slots=True, kw_only=True)
class Question:
    """What a conversation opens with: one line for one fact, or a sentence and one line per fact."""

    text: str
    facts: tuple[AskedFact, ...]

    def to_json(self) -> dict[str, Any]:
        """The logged ``ask`` event's body: the text shown and the facts by id and canonical value."""
        return {"text": self.text, "facts": [f.to_json() for f in self.facts]}


def _asked(fact: FactId, fact_type: str, value: str, *, retracted: bool, alone: bool) -> AskedFact:
    name = fact_name(fact_type, value)
    return AskedFact(
        fact_id=fact,
        type=fact_type,
        value=value,
        retracted=retracted,
        name=name,
        keep_label="Keep" if alone else f"Keep {name}",
        not_now_label="Not now" if alone else f"Not now: {name}",
    )


def question_for(facts: Sequence[Fact]) -> Question | None:
    """The question about ``facts`` (oldest first), or None when there is nothing to ask."""
    if not facts:
        return None
    alone = len(facts) == 1
    asked = tuple(_asked(f.id, f.type, f.value, retracted=f.retracted, alone=alone) for f in facts)
    if alone:
        said = "took back" if asked[0].retracted else "mentioned"
        text = f"Last time you {said} your {asked[0].name} — shall I remember that?"
    else:
        lines = (f"- {f.text}{' (you took it back)' if f.retracted else ''}" for f in facts)
        text = "\n".join([SEVERAL, *lines])
    return Question(text=text, facts=asked)


@dataclass(frozen=True, slots=True, kw_only=True)
class AnswerOutcome(JsonRecord):
    """What an answer did; as JSON, the logged ``answer`` event's body."""

    fact_id: FactId
    answer: Answer
    status: AnswerStatus
    text: str  # what the conversation says back


def _reply(status: AnswerStatus, name: str) -> str:
    match status:
        case "kept":
            return f"Kept: I'll remember your {name}."
        case "discarded":
            return f"Not kept: I won't remember your {name}."
        case "settled":
            return ALREADY_SETTLED


def answer_turn(fact: FactId) -> TurnId:
    """The turn an answer about ``fact`` is logged under: one answer per fact per conversation."""
    return TurnId(f"answer-{fact}")


def asked_in(body: Mapping[str, Any]) -> dict[FactId, AskedFact]:
    """The facts a logged ``ask`` event asked about, by id (named as the question named them)."""
    facts = [f for f in body.get("facts", []) if f.get("type") in FACT_TYPES]
    alone = len(facts) == 1
    return {
        FactId(f["fact_id"]): _asked(
            FactId(f["fact_id"]), f["type"], f["value"], retracted=bool(f.get("retracted")), alone=alone
        )
        for f in facts
    }


# -- the unit the interfaces call ----------------------------------------------------------------------------


class Asker:
    """Opens a conversation with its question and carries out the answers, over the narrow ports."""

    def __init__(
        self,
        thread_log: ThreadLog,
        directory: Directory,
        memory: FactMemory,
        marks: AskMarks,
        decisions: PendingDecisions,
        *,
        policy: AskPolicy,
    ) -> None:
        self.log = thread_log
        self.directory = directory
        self.memory = memory
        self.marks = marks
        self.decisions = decisions
        self.policy = policy

    def opening(self, user: UserId, thread: ThreadId, *, now: datetime) -> Question | None:
        """What this conversation opens by asking, or None. Asking is recorded: the question in the thread's
        log first, then one more asking on each fact. In that order: a crash between the two leaves a question
        shown but not counted (asked once more at worst), never one counted that nobody saw.

        A conversation asks once: opened again (a reconnect, the shell switching back), it asks nothing. The
        thread is created when it has something to ask (as the first turn would), and only then."""
        scope = UserScope(user)
        due = [f for f in pending_facts(self.memory, scope) if self.policy.due(f)]
        question = question_for(due[: self.policy.per_question])
        if question is None:
            return None
        if self.directory.get_thread(user, thread) is None:
            self.directory.ensure_user(user, now=now)
            self.directory.open_thread(user, thread, now=now)  # AccessDenied for another user's thread
        logged = self.log.append(NewEvent(thread, ASK_TURN, EventKind.ASK, question.to_json(), now))
        if not logged.inserted:
            return None
        self.marks.mark_asked(scope, [f.fact_id for f in question.facts], at=now)
        return question

    def answer(
        self, user: UserId, thread: ThreadId, fact: FactId, answer: Answer, *, now: datetime
    ) -> AnswerOutcome:
        """Carry out the user's answer about ``fact``, asked in this conversation, and log it there.

        Done first, logged after: the log then says what happened. A fact answered before (a second click, the
        panel, another conversation) is *settled*: nothing changes, and the answer is logged as such.
        Raises :class:`InvalidInput` for a fact this conversation did not ask about."""
        asked = self._asked_here(user, thread, fact_id(fact))
        status: AnswerStatus
        try:
            if answer is Answer.KEEP:
                self.decisions.keep_pending(user, asked.fact_id, actor=f"user:{user}", now=now)
                status = "kept"
            else:
                self.decisions.discard_pending(user, asked.fact_id, actor=f"user:{user}", now=now)
                status = "discarded"
        except NotFound:
            status = "settled"
        outcome = AnswerOutcome(
            fact_id=asked.fact_id, answer=answer, status=status, text=_reply(status, asked.name)
        )
        event = NewEvent(thread, answer_turn(asked.fact_id), EventKind.ANSWER, outcome.to_json(), now)
        self.log.append(event)
        return outcome

    def _asked_here(self, user: UserId, thread: ThreadId, fact: FactId) -> AskedFact:
        if self.directory.get_thread(user, thread) is not None:
            for event in self.log.events(thread):
                if event.kind == EventKind.ASK:
                    found = asked_in(event.body).get(fact)
                    if found is not None:
                        return found
        raise InvalidInput("this conversation did not ask about that fact")

    # -- the retention rule ------------------------------------------------------------------------------------

    def lapse(self, scope: UserScope, *, now: datetime) -> tuple[int, int]:
        """Unanswered questions lapse (the expiry job runs this): a pending version asked ``policy.max_asks``
        times and unanswered ``policy.lapse_after`` after the last asking is marked lapsed (never asked again,
        listed as lapsed); a lapsed version past its type's deletion horizon is deleted, like any fact. Returns
        (newly lapsed, deleted)."""
        rows = [f for f in self.memory.store.list_facts(scope, include_history=True) if f.pending]
        newly = [f.id for f in rows if self.policy.lapses(f, now)]
        if newly:
            self.marks.mark_lapsed(scope, newly)
        doomed = {
            f.key
            for f in rows
            if f.lapsed
            and (horizon := FACT_TYPES[f.type].delete_after) is not None
            and now >= f.asserted_at + horizon
        }
        return len(newly), sum(self.memory.store.delete(scope, key) for key in sorted(doomed))
