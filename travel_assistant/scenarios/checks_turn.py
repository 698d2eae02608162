"""Expectations about one turn: its reply, its tool calls, what the model was sent, the recall block, the log."""

from __future__ import annotations

import json
from typing import Any

from assistant.prompts import MEMORY_CLOSE, MEMORY_OPEN
from assistant.turns import TurnResult
from travel_assistant.scenarios.expectations import RecalledSpec, ToolCallSpec, texts
from travel_assistant.scenarios.world import StepResult, World

Verdict = tuple[bool, str]


def _short(text: str) -> str:
    """On one line, and whole: a failing check shows everything that was there."""
    return " ".join(text.split())


def needs_turn(result: StepResult) -> TurnResult | str:
    if result.turn is not None:
        return result.turn
    if result.error:
        return f"the turn failed: {result.error}: {result.error_message}"
    return "this step has no turn (expectations about a reply belong to a say: step)"


def reply_text(result: StepResult) -> tuple[str | None, str]:
    """What the step's conversation said last: the turn's reply, an answer's acknowledgement, or the opening
    question (on an ``open:`` step); else (None, why there is nothing)."""
    said = result.said or (result.question.text if result.question and result.turn is None else None)
    if said is not None:
        return said, ""
    turn = needs_turn(result)
    return (None, turn) if isinstance(turn, str) else (turn.reply, "")


def reply_contains(result: StepResult, wanted: str | list[str], *, present: bool) -> Verdict:
    reply, why = reply_text(result)
    if reply is None:
        return False, why
    wrong = [t for t in texts(wanted) if (t in reply) != present]
    return not wrong, f"reply: {_short(reply)}"


def reply_is(result: StepResult, wanted: str) -> Verdict:
    reply, why = reply_text(result)
    if reply is None:
        return False, why
    if reply == wanted:
        return True, ""
    at = next((i for i, (a, b) in enumerate(zip(reply, wanted, strict=False)) if a != b), None)
    at = min(len(reply), len(wanted)) if at is None else at
    return False, f"differs at character {at}: got {reply[max(0, at - 20) :]!r} (whole reply: {reply!r})"


def _calls(result: StepResult) -> list[tuple[str, dict[str, Any]]]:
    found = []
    for turn in result.turns:
        for call in turn.tool_calls:
            try:
                arguments = json.loads(call.arguments or "{}")
            except json.JSONDecodeError:
                arguments = {"_raw": call.arguments}
            found.append((call.name, arguments if isinstance(arguments, dict) else {"_raw": arguments}))
    return found


def tool_called(result: StepResult, spec: ToolCallSpec) -> Verdict:
    calls = _calls(result)
    matching = [
        args
        for name, args in calls
        if name == spec.name and all(args.get(k) == v for k, v in spec.arguments.items())
    ]
    shown = "; ".join(f"{name} {json.dumps(args, sort_keys=True)}" for name, args in calls) or "no tool calls"
    if spec.times is not None:
        return len(matching) == spec.times, f"{len(matching)} matching call(s): {_short(shown)}"
    return bool(matching), _short(shown)


def tool_not_called(result: StepResult, name: str) -> Verdict:
    names = [n for n, _args in _calls(result)]
    return name not in names, ", ".join(names) or "no tool calls"


def replayed(result: StepResult, wanted: bool) -> Verdict:
    turn = needs_turn(result)
    if isinstance(turn, str):
        return False, turn
    return turn.replayed == wanted, f"replayed: {turn.replayed}"


def error_is(result: StepResult, wanted: str) -> Verdict:
    got = result.error or "none"
    return got == wanted, f"{got}: {result.error_message}" if result.error else "no error"


def pressure_below(result: StepResult, limit: float) -> Verdict:
    turn = needs_turn(result)
    if isinstance(turn, str):
        return False, turn
    pressure = float(turn.context.get("pressure", 0.0))
    tokens = turn.context.get("prompt_tokens")
    return pressure < limit, f"pressure {pressure:.1%} ({tokens} prompt tokens)"


def _prompt_text(result: StepResult) -> str:
    parts = []
    for prompt in result.prompts:
        for message in prompt:
            content = message.get("content")
            parts.append(content if isinstance(content, str) else json.dumps(content, ensure_ascii=False))
            if message.get("tool_calls"):
                parts.append(json.dumps(message["tool_calls"], ensure_ascii=False))
    return "\n".join(parts)


def prompt_contains(result: StepResult, wanted: str | list[str], *, present: bool) -> Verdict:
    if not result.prompts:
        return False, "the model was not called in this step"
    text = _prompt_text(result)
    wrong = [t for t in texts(wanted) if (t in text) != present]
    what = "missing" if present else "found"
    return not wrong, f"{what}: {wrong}" if wrong else f"{len(result.prompts)} model call(s) checked"


def recall_records(turn: TurnResult) -> list[dict[str, Any]]:
    """The memory block's facts, one JSON object per line between the marker lines."""
    block = turn.memory_block or ""
    rows = block.splitlines()
    if MEMORY_OPEN not in rows:
        return []
    inside = rows[rows.index(MEMORY_OPEN) + 1 : rows.index(MEMORY_CLOSE) if MEMORY_CLOSE in rows else None]
    return [json.loads(line) for line in inside if line.startswith("{")]


def _recalled_match(world: World, record: dict[str, Any], spec: RecalledSpec, user: str | None) -> bool:
    from assistant.fact_types import FACT_TYPES

    fact = str(record.get("fact", ""))
    label, _sep, value = fact.partition(": ")
    checks = [
        spec.type is None or (spec.type in FACT_TYPES and FACT_TYPES[spec.type].label == label),
        spec.value is None or spec.value == value,
        spec.recorded is None or spec.recorded == record.get("recorded"),
        spec.source is None
        or f"conversation {world.thread_of(world.session_key(spec.source, user))},"
        in str(record.get("source", "")),
        spec.stale is None or spec.stale == ("stale" in record),
        spec.age is None or spec.age == record.get("age"),
    ]
    return all(checks)


def recalled(world: World, result: StepResult, spec: RecalledSpec, *, present: bool) -> Verdict:
    turn = needs_turn(result)
    if isinstance(turn, str):
        return False, turn
    records = recall_records(turn)
    user = world.user_of(result.session) if result.session else None
    found = any(_recalled_match(world, r, spec, user) for r in records)
    shown = "; ".join(f"{r.get('fact')} ({r.get('recorded')}, {r.get('source')})" for r in records)
    return found == present, shown or "the memory block was empty"


def log_order(world: World, result: StepResult, kinds: list[str]) -> Verdict:
    turn = needs_turn(result)
    if isinstance(turn, str):
        return False, turn
    events = [e.kind for e in world.rt.thread_log.events(turn.thread_id) if e.turn_id == turn.turn_id]
    positions = [events.index(k) if k in events else -1 for k in kinds]
    ok = -1 not in positions and positions == sorted(positions)
    return ok, " ".join(events)
