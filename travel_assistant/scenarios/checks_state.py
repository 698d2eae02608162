"""Expectations about the stores after a step: facts, promotion's decisions, bookings, jobs, erasure, isolation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistant.facts.words import EvidenceWords
from assistant.ids import UserId, UserScope
from travel_assistant.memory_view import fact_rows
from travel_assistant.scenarios.expectations import (
    AuditSpec,
    BookingsSpec,
    FactSpec,
    KeptSpec,
    MemoryCount,
    RejectedSpec,
)
from travel_assistant.scenarios.steps import thread_ids
from travel_assistant.scenarios.world import StepResult, World

Verdict = tuple[bool, str]


def _rows(world: World, user: UserId, result: StepResult) -> list[dict[str, Any]]:
    words = EvidenceWords(world.rt.thread_log)
    return fact_rows(world.rt.fact_memory, world.rt.facts, UserScope(user), now=result.now, words=words)


def _matches(world: World, row: dict[str, Any], spec: FactSpec, user: str) -> bool:
    how = {"said": "user", "asked": "user_confirmed"}
    checks = [
        spec.type is None or row["type"] == spec.type,
        spec.value is None or row["value"] == spec.value,
        not spec.statuses() or row["status"] in spec.statuses(),
        spec.asserted is None or row["asserted_at"][:10] == spec.asserted.isoformat(),
        spec.source is None or row["source_thread"] == world.thread_of(world.session_key(spec.source, user)),
        spec.how is None or row["asserted_by"] == how[spec.how],
        spec.quote_contains is None or spec.quote_contains in row["quote"],
        spec.age is None or row["age"] == spec.age,
    ]
    return all(checks)


def _show(world: World, rows: list[dict[str, Any]]) -> str:
    shown = [
        f"{r['type']}={r['value']} {r['status']} {r['asserted_at'][:10]} "
        f"from {world.session_named(r['source_thread']) or r['source_thread'] or '-'}"
        for r in rows
    ]
    return "; ".join(shown) or "no facts"


def memory(world: World, result: StepResult, spec: FactSpec, *, present: bool) -> Verdict:
    user = world.default_user(spec.user)
    rows = _rows(world, user, result)
    found = any(_matches(world, r, spec, user) for r in rows)
    return found == present, _show(world, rows)


def memory_count(world: World, result: StepResult, spec: MemoryCount) -> Verdict:
    rows = _rows(world, world.default_user(spec.user), result)
    current = [r for r in rows if r["status"] in ("current", "stale")]
    return len(current) == spec.current, _show(world, current)


def _promotion(world: World, result: StepResult) -> StepResult | None:
    """This step's promotion pass, else the latest one before it."""
    passes = [r for r in world.results[: result.index + 1] if r.step.run in ("promote", "promote_now")]
    return passes[-1] if passes else None


def _decisions_shown(decisions: list[dict[str, Any]]) -> str:
    return "; ".join(_decision_shown(d) for d in decisions) or "no decisions"


def _decision_shown(d: dict[str, Any]) -> str:
    if d.get("ask"):
        return f"pending {d['type']} (asked: {d['ask']})"
    return f"{'kept' if d['kept'] else 'rejected'} {d['type']} ({d['reason']})"


def rejected(world: World, result: StepResult, spec: RejectedSpec) -> Verdict:
    def wanted(d: dict[str, Any]) -> bool:
        asked = bool(d.get("ask"))  # stored as pending, to be asked: not a rejection
        return not d["kept"] and not asked and d["reason"] == spec.reason and spec.type in (None, d["type"])

    return _decided(world, result, wanted, spec.count)


def kept(world: World, result: StepResult, spec: KeptSpec) -> Verdict:
    def wanted(d: dict[str, Any]) -> bool:
        said = str(d.get("fact") or "")
        return (
            d["kept"]
            and spec.type in (None, d["type"])
            and (spec.value is None or said.endswith(f": {spec.value}"))
        )

    return _decided(world, result, wanted, spec.count)


def _decided(
    world: World, result: StepResult, wanted: Callable[[dict[str, Any]], bool], count: int | None
) -> Verdict:
    """Whether the latest promotion pass made ``count`` decisions ``wanted`` describes (any, without a count);
    every decision of the pass is shown either way."""
    run = _promotion(world, result)
    if run is None:
        return False, "no promotion has run yet"
    hits = sum(1 for d in run.decisions if wanted(d))
    return (hits == count if count is not None else hits > 0), _decisions_shown(run.decisions)


def job(world: World, result: StepResult, wanted: dict[str, Any]) -> Verdict:
    reports = [r.job for r in world.results[: result.index + 1] if r.job is not None]
    if not reports:
        return False, "no job has run yet"
    report = reports[-1]
    wrong = {k: report.get(k) for k, v in wanted.items() if report.get(k) != v}
    return not wrong, f"got {wrong}" if wrong else ", ".join(f"{k}={report.get(k)}" for k in wanted)


def bookings(world: World, spec: BookingsSpec) -> Verdict:
    held = world.rt.bookings.bookings_of(world.default_user(spec.user))
    confirmed = sum(1 for b in held if b.cancelled_at is None)
    cancelled = len(held) - confirmed
    ok = (spec.confirmed is None or spec.confirmed == confirmed) and (
        spec.cancelled is None or spec.cancelled == cancelled
    )
    return ok, f"{confirmed} confirmed, {cancelled} cancelled"


def user_gone(world: World, raw: str) -> Verdict:
    user = UserId(raw)
    counts = world.rt.registry.counts(user)
    left = {store: n for store, n in counts.items() if n}
    gone = not left and world.rt.directory.get_user(user) is None
    return gone, f"left: {left}" if left else "every store counts 0"


def audit(world: World, spec: AuditSpec) -> Verdict:
    trail = world.rt.registry.audit_trail(UserId(spec.user))
    actions = [entry["action"] for entry in trail]
    return spec.action in actions, ", ".join(actions) or "no audit records"


def sees_nothing(world: World, raw: str) -> Verdict:
    """Nothing of anyone else reaches this user: no other user's thread opens for them, and every fact, booking
    and exported row they have comes from their own sessions."""
    user = UserId(raw)
    own = thread_ids(world, user)
    others = [s for s in world.loaded.scenario.sessions if world.user_of(s) != user]
    # Another user's session of the same name is another thread: it must not open for this user either.
    problems = [f"opens {s}" for s in others if world.rt.directory.get_thread(user, world.thread_of(s))]
    facts = world.rt.facts.list_facts(UserScope(user), include_history=True)
    problems += [f"fact {f.text} from {f.source_thread}" for f in facts if f.source_thread not in own]
    booked = _booked_in(world, own)
    problems += [
        f"booking {b.booking_id}" for b in world.rt.bookings.bookings_of(user) if b.booking_id not in booked
    ]
    stores = world.rt.registry.export(user, now=world.now)["stores"]
    problems += [f"thread {t['id']}" for t in stores.get("threads", []) if t["id"] not in own]
    problems += [f"event #{e['seq']}" for e in stores.get("events", []) if e["thread_id"] not in own]
    return not problems, "; ".join(problems[:5]) or f"{len(facts)} own fact(s), nothing of anyone else"


def _booked_in(world: World, threads: set[Any]) -> set[str]:
    booked: set[str] = set()
    for thread in threads:
        for event in world.rt.thread_log.events(thread):
            booking = (event.body.get("result") or {}).get("booking") if event.body.get("ok") else None
            if isinstance(booking, dict):
                booked.add(str(booking.get("booking_id")))
    return booked
