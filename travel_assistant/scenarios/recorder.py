"""A conversation found by hand, written down as a scenario that replays it: one step in one go.

From the thread log of each named session: every user message with its time (the first as ``at:``, then the
gaps as ``after:``) and its turn id, the reply it got (exact) and the tools it called; a turn the provider
failed becomes a step where the model fails the same way. From the work claims: every promotion pass over
these threads, at its time, with what it kept and rejected. At the end: every fact those threads left in
memory, with its status. Replayed headless with the same model (the offline one, or a recording of a real
one), it gives the same replies, and the expectations say so.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import yaml
from sqlalchemy import select
from sqlmodel import col

from assistant.errors import InvalidInput, NotFound
from assistant.events import Event, EventKind
from assistant.facts.words import EvidenceWords
from assistant.ids import UserId, UserScope
from memory.tables import ClaimRow
from scheduler.jobs import PROMOTE
from travel_assistant.container import Runtime
from travel_assistant.memory_view import fact_rows
from travel_assistant.scenarios.sessions import session_thread

_FAULTS = {"ModelUnavailable": "unavailable", "ModelAuthError": "auth", "ModelOutputError": "malformed"}


@dataclass(frozen=True, slots=True, kw_only=True)
class _Said:
    at: datetime
    seq: int
    session: str
    step: dict[str, Any]


def format_duration(gap: timedelta) -> str:
    """A gap as the scenario format writes it: '2m', '1d3h', '45s', '0s'."""
    seconds = max(0, int(gap.total_seconds()))
    parts = []
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60), ("s", 1)):
        if seconds >= size:
            parts.append(f"{seconds // size}{unit}")
            seconds %= size
    return "".join(parts) or "0s"


def record_scenario(
    rt: Runtime, user: UserId, sessions: list[str], *, name: str | None = None
) -> dict[str, Any]:
    """The scenario (as data) that replays ``user``'s sessions, in the order things happened."""
    if not sessions:
        raise InvalidInput("name at least one thread to record")
    said: list[_Said] = []
    for session in dict.fromkeys(sessions):
        thread = session_thread(rt, user, session)
        if rt.directory.get_thread(user, thread) is None:
            raise NotFound(f"thread {session} not found for user {user}")
        said += _turns(session, rt.thread_log.events(thread))
    if not said:
        raise InvalidInput("those threads hold no messages yet")
    idle = timedelta(minutes=rt.settings.idle_minutes)
    steps = _timeline(said, _promotions(rt, user, sessions), idle)
    steps.append({"label": "what memory holds at the end", "expect": _facts(rt, user, sessions, steps)})
    return {
        "name": name or f"Recorded conversation of {user}",
        "about": f"Recorded from {user}'s thread(s) {', '.join(sessions)}; replays with the same replies.",
        "users": [user],
        "sessions": {s: user for s in dict.fromkeys(sessions)},
        "steps": _with_times(steps),
    }


def _turns(session: str, events: list[Event]) -> list[_Said]:
    by_turn: dict[str, list[Event]] = {}
    for event in events:
        by_turn.setdefault(event.turn_id, []).append(event)
    found = []
    for turn, mine in by_turn.items():
        user = next((e for e in mine if e.kind == EventKind.USER), None)
        if user is not None:
            step = {"say": user.text, "session": session, "turn": turn, "expect": _turn_expectations(mine)}
            fault = _fault(mine)
            if fault:
                step["model_fails"] = fault
            found.append(_Said(at=user.created_at, seq=user.seq, session=session, step=step))
    return found


def _fault(events: list[Event]) -> str | None:
    """How the provider failed a turn that never finished (a failure later retried to a reply is no fault)."""
    if any(e.kind == EventKind.ASSISTANT for e in events):
        return None
    failure = next((e for e in events if e.kind == EventKind.FAILURE), None)
    return None if failure is None else _FAULTS.get(str(failure.body.get("error")), "unavailable")


def _turn_expectations(events: list[Event]) -> list[dict[str, Any]]:
    expect: list[dict[str, Any]] = []
    for event in events:
        if event.parsed_kind.kind is EventKind.TOOL:
            arguments = _arguments(str(event.body.get("arguments", "{}")))
            expect.append({"tool_called": {"name": event.body.get("name"), "arguments": arguments}})
    reply = next((e for e in events if e.kind == EventKind.ASSISTANT), None)
    failure = next((e for e in events if e.kind == EventKind.FAILURE), None)
    if reply is not None:
        expect.append({"reply": reply.text})
    elif failure is not None:
        expect.append({"error": str(failure.body.get("error", "ModelError"))})
    return expect


def _arguments(raw: str) -> dict[str, Any]:
    import json

    try:
        value = json.loads(raw or "{}")
    except json.JSONDecodeError:
        return {}
    return value if isinstance(value, dict) else {}


def _promotions(
    rt: Runtime, user: UserId, sessions: list[str]
) -> list[tuple[datetime, list[dict[str, Any]]]]:
    """Finished promotion passes over these threads: (when, decisions), one entry per pass time."""
    threads = {session_thread(rt, user, s): s for s in sessions}
    with rt.db.read() as db:
        rows = db.execute(
            select(ClaimRow).where(
                col(ClaimRow.job) == PROMOTE,
                col(ClaimRow.item).in_(list(threads)),
                col(ClaimRow.done_at).is_not(None),
            )
        ).scalars()
        claims = [(row.done_at, list((row.report or {}).get("decisions", []))) for row in rows if row.done_at]
    passes: dict[datetime, list[dict[str, Any]]] = {}
    for done_at, decisions in claims:
        passes.setdefault(done_at, []).extend(decisions)
    return sorted(passes.items())


def _timeline(
    said: list[_Said], passes: list[tuple[datetime, list[dict[str, Any]]]], idle: timedelta
) -> list[dict[str, Any]]:
    entries: list[tuple[datetime, int, int, dict[str, Any]]] = [(s.at, 0, s.seq, s.step) for s in said]
    for i, (when, decisions) in enumerate(passes):
        # The idle job if every thread had been quiet long enough at the time, else the "promote now" button.
        quiet = all(s.at <= when - idle for s in said if s.at <= when)
        job = "promote" if quiet else "promote_now"
        entries.append((when, 1, i, {"run": job, "expect": _decisions(decisions)}))
    entries.sort(key=lambda e: (e[0], e[1], e[2]))
    for when, _order, _seq, step in entries:
        step["at_time"] = when
    return [step for _when, _order, _seq, step in entries]


def _decisions(decisions: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    kept: dict[str, int] = {}
    rejected: dict[tuple[str, str], int] = {}
    for d in decisions:
        if d.get("kept"):
            kept[d["type"]] = kept.get(d["type"], 0) + 1
        else:
            key = (str(d.get("reason")), str(d.get("type")))
            rejected[key] = rejected.get(key, 0) + 1
    expect: list[dict[str, Any]] = [{"kept": {"type": t, "count": n}} for t, n in kept.items()]
    expect += [{"rejected": {"reason": r, "type": t, "count": n}} for (r, t), n in rejected.items()]
    return expect


def _facts(
    rt: Runtime, user: UserId, sessions: list[str], steps: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    threads = {session_thread(rt, user, s): s for s in sessions}
    last = max(step["at_time"] for step in steps)
    rows = fact_rows(rt.fact_memory, rt.facts, UserScope(user), now=last, words=EvidenceWords(rt.thread_log))
    expect = [
        {
            "memory": {
                "type": r["type"],
                "value": r["value"],
                "status": r["status"],
                "source": threads[r["source_thread"]],
            }
        }
        for r in rows
        if r["source_thread"] in threads
    ]
    return expect or [{"memory_absent": {"source": s}} for s in threads.values()]


def _with_times(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Replace each step's absolute time by ``at:`` (the first) or ``after:`` (the gap since the one before),
    in whole seconds, so the replay's clock is the recorded one."""
    previous: datetime | None = None
    timed = []
    for step in steps:
        when = step.pop("at_time", None)
        ordered: dict[str, Any] = {key: step.pop(key) for key in ("label", "say", "run") if key in step}
        if when is not None:
            when = when.replace(microsecond=0)
            if previous is None:
                ordered["at"] = when.isoformat()
            else:
                ordered["after"] = format_duration(when - previous)
            previous = when
        timed.append({**ordered, **step})
    return timed


class _Literal(str):
    """A multi-line string, written as a YAML block (``|``) so a long reply stays readable."""


def _literal(dumper: yaml.SafeDumper, value: _Literal) -> yaml.Node:
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|")


class _Dumper(yaml.SafeDumper):
    """Safe YAML, with multi-line strings as blocks."""


_Dumper.add_representer(_Literal, _literal)


def to_yaml(scenario: dict[str, Any]) -> str:
    body = yaml.dump(_blocks(scenario), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=110)
    return (
        "# Recorded with `travel-assistant scenario record`; run it with `travel-assistant scenario run`.\n"
        + body
    )


def _blocks(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _blocks(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_blocks(v) for v in value]
    if (
        isinstance(value, str)
        and "\n" in value
        and not any(line != line.rstrip() for line in value.splitlines())
    ):
        return _Literal(value)
    return value


def record_yaml(rt: Runtime, user: UserId, sessions: list[str], *, name: str | None = None) -> str:
    return to_yaml(record_scenario(rt, user, sessions, name=name))
