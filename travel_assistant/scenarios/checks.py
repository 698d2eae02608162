"""One expectation checked after its step: a pass or a fail, with what was actually there."""

from __future__ import annotations

import json

from pydantic import BaseModel

from travel_assistant.scenarios import checks_state as state
from travel_assistant.scenarios import checks_turn as turn
from travel_assistant.scenarios.checks_stores import nowhere
from travel_assistant.scenarios.expectations import (
    Asked,
    AskedSpec,
    Audited,
    Bookings,
    ErrorIs,
    JobReport,
    Kept,
    LogOrder,
    MemoryAbsent,
    MemoryCounted,
    MemoryHas,
    NotAsked,
    NotRecalled,
    Nowhere,
    PressureBelow,
    PromptContains,
    PromptNotContains,
    Recalled,
    Rejected,
    Replayed,
    ReplyContains,
    ReplyIs,
    ReplyNotContains,
    SeesNothing,
    ToolCalled,
    ToolNotCalled,
    UserGone,
    kind_of,
)
from travel_assistant.scenarios.world import StepResult, World

Verdict = tuple[bool, str]


def describe(expectation: BaseModel) -> str:
    """``kind: value`` in one short line, as the report's expectation column shows it."""
    kind = kind_of(expectation)
    value = expectation.model_dump(mode="json", exclude_none=True, exclude_defaults=True)[kind]
    shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return f"{kind}: {shown}"


def check(world: World, result: StepResult, expectation: BaseModel) -> Verdict:
    match expectation:
        case ReplyContains(reply_contains=wanted):
            return turn.reply_contains(result, wanted, present=True)
        case ReplyNotContains(reply_not_contains=wanted):
            return turn.reply_contains(result, wanted, present=False)
        case ReplyIs(reply=wanted):
            return turn.reply_is(result, wanted)
        case ToolCalled(tool_called=spec):
            return turn.tool_called(result, spec)
        case ToolNotCalled(tool_not_called=name):
            return turn.tool_not_called(result, name)
        case Replayed(replayed=wanted):
            return turn.replayed(result, wanted)
        case ErrorIs(error=wanted):
            return turn.error_is(result, wanted)
        case PressureBelow(pressure_below=limit):
            return turn.pressure_below(result, limit)
        case PromptContains(prompt_contains=wanted):
            return turn.prompt_contains(result, wanted, present=True)
        case PromptNotContains(prompt_not_contains=wanted):
            return turn.prompt_contains(result, wanted, present=False)
        case Recalled(recalled=spec):
            return turn.recalled(world, result, spec, present=True)
        case NotRecalled(not_recalled=spec):
            return turn.recalled(world, result, spec, present=False)
        case LogOrder(log_order=kinds):
            return turn.log_order(world, result, kinds)
        case _:
            return _check_state(world, result, expectation)


def asked(result: StepResult, spec: AskedSpec, *, present: bool) -> Verdict:
    """The step's conversation opened by asking about such a fact (or, not ``present``, about none)."""
    if result.question is None:
        return not present, "the conversation did not open with a question in this step"
    facts = result.question.facts
    found = any(spec.type in (None, f.type) and spec.value in (None, f.value) for f in facts)
    return found == present, f"asked: {'; '.join(f.name for f in facts)}"


def _check_state(world: World, result: StepResult, expectation: BaseModel) -> Verdict:
    match expectation:
        case MemoryHas(memory=spec):
            return state.memory(world, result, spec, present=True)
        case MemoryAbsent(memory_absent=spec):
            return state.memory(world, result, spec, present=False)
        case MemoryCounted(memory_count=spec):
            return state.memory_count(world, result, spec)
        case Rejected(rejected=spec):
            return state.rejected(world, result, spec)
        case Kept(kept=spec):
            return state.kept(world, result, spec)
        case JobReport(job=wanted):
            return state.job(world, result, wanted)
        case Bookings(bookings=spec):
            return state.bookings(world, spec)
        case SeesNothing(sees_nothing=user):
            return state.sees_nothing(world, user)
        case UserGone(user_gone=user):
            return state.user_gone(world, user)
        case Audited(audit=spec):
            return state.audit(world, spec)
        case Asked(asked=spec):
            return asked(result, spec, present=True)
        case NotAsked(not_asked=spec):
            return asked(result, spec, present=False)
        case Nowhere(nowhere=wanted):
            return nowhere(world, wanted)
    raise AssertionError(f"no check for {type(expectation).__name__}")  # every schema kind has a case above
