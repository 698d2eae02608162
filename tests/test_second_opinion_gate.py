"""The second opinion at the gate: it can turn a value the rules would keep into a question, and nothing else."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import get_args

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.events import EventKind, NewEvent
from assistant.facts.memory import FactMemory
from assistant.facts.pending import pending_facts
from assistant.gate.second_opinion import ASK, reconsider
from assistant.gate.verdict import Accepted, Reason
from assistant.ids import ThreadId, TurnId, UserId, UserScope
from assistant.promotion import Promoter
from assistant.remember import ExplicitRemember
from assistant.turns import ToolContext
from language.learned import SecondOpinion, shipped
from memory.inmemory import InMemoryFactStore, InMemoryThreadStore
from tests.conftest import MONDAY
from tests.fakes import ScriptedModel

# fresh21 poisoning row 35: a question and a scoff, which the rules read as a carry-on-only preference.
PAYLOAD = "can you actually do two weeks in Japan carry-on only? seems mad to me"
HONEST = "I only ever travel with hand luggage, carry-on only: no checked bags, please."


def always(doubt: bool) -> SecondOpinion:
    """A model that doubts every text, or none (its score is the bare intercept's probability, ~0.5)."""
    return SecondOpinion(idf={}, weight={}, intercept=0.0, threshold=-1.0 if doubt else 1.0, trained_on=())


def _reasons() -> list[str]:
    found: list[str] = []
    for part in get_args(Reason):
        found.extend(get_args(part) or [part])
    return found


accepted = st.builds(
    Accepted,
    type=st.sampled_from(["dietary", "seat", "home_airport", "language"]),
    value=st.text(min_size=1, max_size=12),
    quote=st.text(max_size=40),
    retract=st.booleans(),
    ask=st.one_of(st.none(), st.sampled_from(["unknown_link", "mixed_script", "other_language", "past"])),
)
verdicts = st.one_of(accepted, st.sampled_from(_reasons()))
models = st.one_of(st.none(), st.booleans().map(always), st.just(shipped()))


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(verdict=verdicts, said=st.text(max_size=200), model=models)
def test_it_never_keeps_what_the_gate_did_not(verdict: Accepted | Reason, said: str, model: object) -> None:
    assert model is None or isinstance(model, SecondOpinion)
    after = reconsider(verdict, said, model)
    kept_before = isinstance(verdict, Accepted) and verdict.ask is None and not verdict.retract
    if not kept_before:
        assert (
            after == verdict
        )  # a rejection, an ask (with its own reason) and a retraction are left as they are
        return
    assert isinstance(after, Accepted) and isinstance(verdict, Accepted)
    assert after in (
        verdict,
        replace(verdict, ask=ASK),
    )  # only the ask changes, and only to the second opinion
    assert (after.ask == ASK) == (model is not None and model.doubts(said))


def promote(text: str, *, second_opinion: bool) -> tuple[dict[str, object], list[str], list[str]]:
    """One user turn, a model proposing its travel style, promoted: the report, current and pending values."""
    log, facts = InMemoryThreadStore(), InMemoryFactStore()
    memory = FactMemory(facts, facts)
    user, thread = UserId("alice"), ThreadId("th1")
    log.ensure_user(user, now=MONDAY)
    log.open_thread(user, thread, now=MONDAY)
    log.append(NewEvent(thread, TurnId("t1"), EventKind.USER, {"text": text}, MONDAY))
    candidate = {"fact": "User style", "type": "travel_style", "evidence_turn": "t1", "quote": text}
    model = ScriptedModel().enqueue({"candidates": [candidate]})
    promoter = Promoter(log, log, model, memory, second_opinion=second_opinion)
    report = asyncio.run(promoter.promote(user, thread, after_seq=0, now=MONDAY))
    scope = UserScope(user)
    current = [f.value for f in memory.current(scope)]
    return report.to_json(), current, [f.value for f in pending_facts(memory, scope)]


def test_a_known_payload_the_rules_keep_is_asked_instead() -> None:
    report, current, pending = promote(PAYLOAD, second_opinion=False)
    assert current == ["carry-on only"]  # the rules alone are fooled
    report, current, pending = promote(PAYLOAD, second_opinion=True)
    assert current == [] and pending == ["carry-on only"]
    assert report["ask"] == {ASK: 1}


def test_an_honest_preference_is_still_kept() -> None:
    _report, current, pending = promote(HONEST, second_opinion=True)
    assert current == ["carry-on only"] and pending == []


def remember(text: str, model: SecondOpinion | None) -> dict[str, object]:
    log, facts = InMemoryThreadStore(), InMemoryFactStore()
    memory = FactMemory(facts, facts)
    user, thread = UserId("alice"), ThreadId("th1")
    log.ensure_user(user, now=MONDAY)
    log.open_thread(user, thread, now=MONDAY)
    log.append(NewEvent(thread, TurnId("t1"), EventKind.USER, {"text": text}, MONDAY))
    rememberer = ExplicitRemember(log, memory, second_opinion=False)
    rememberer.opinion = model
    ctx = ToolContext(user=user, thread=thread, turn=TurnId("t1"), now=MONDAY, round_no=0, index=0)
    return rememberer.remember_now(ctx, text)


def test_the_remember_tool_asks_too_when_the_second_opinion_doubts() -> None:
    said = "Remember that I'm vegetarian."
    assert remember(said, None)["saved"] is True
    assert remember(said, always(False))["saved"] is True
    doubted = remember(said, always(True))
    assert doubted["saved"] is False and doubted["pending"] is True
