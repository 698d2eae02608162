"""The memory panel's data: the props contract of ``public/elements/Memories.jsx``, built from plain inputs.

``build_panel_props`` turns fact rows (as :func:`travel_assistant.memory_view.fact_rows` makes them, with
history), promotion reports, the user's live conversations and the demo clock into one JSON-able dict: the
component only lays it out. Every sentence the user reads is written here, so the component needs no
knowledge of fact types, outcomes or dates, and the contract is testable without a browser. The shape is
:class:`travel_assistant.web.panel.models.PanelProps` (pydantic models, unknown fields forbidden).

The panel's actions come back through ``callAction({name, payload})`` (names in :data:`ACTIONS`); a callback
answers with :func:`action_result`, whose ``panel`` (fresh props) the component shows at once.

Inputs are validated with pydantic at this edge: a row or report of the wrong shape raises
``pydantic.ValidationError`` naming the field, rather than rendering a half-empty panel. Reports never carry
fact text (a kept decision names its ``fact_id``, looked up among the rows; a rejected one shows its type's
label), so nothing a rejected candidate said is ever displayed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta
from typing import Any

from assistant.fact_types import FACT_TYPES
from assistant.facts.recall import age_phrase
from assistant.gate.words import ask_reason, outcome_words
from travel_assistant.memory_view import ASK_HEADING
from travel_assistant.web.panel.clock_view import day, demo_clock
from travel_assistant.web.panel.models import (
    ClockInput,
    ConversationVerdicts,
    DecisionIn,
    Expiry,
    FactGroup,
    FactRowIn,
    FactState,
    FactVersion,
    PanelFact,
    PanelProps,
    PendingAsk,
    PromotionReportIn,
    ReasonCount,
    SourceLink,
    Summary,
    Verdict,
)

__all__ = ["ACTIONS", "ELEMENT_NAME", "PANEL_TITLE", "ClockInput", "action_result", "build_panel_props"]

ELEMENT_NAME = "Memories"  # public/elements/Memories.jsx: the side bar shows the name as its title
PANEL_TITLE = "Memories"
PROPS_VERSION = 1
ACTIONS = (
    "forget_fact",  # {fact_id}: the fact's current version; every version of it is deleted
    "forget_all",  # {}
    "keep_fact",  # {fact_id}: a pending fact ("Should I remember this?") becomes the user's confirmed word
    "discard_fact",  # {fact_id}: a pending fact is deleted
    "rollback_fact",  # {fact_id, version}: the version to make current again (as a new version)
    "export",  # {}
    "refresh_memory",  # {}
    "promote_now",  # {} (admins)
    "clock_advance",  # {minutes}
    "clock_set",  # {iso}
    "clock_reset",  # {}
)
TITLE_CHARS = 60
LAPSED = "I asked you about it and heard nothing back, so it lapsed"  # a pending fact left unanswered


def build_panel_props(
    *,
    user: str,
    rows: Iterable[Mapping[str, Any]],
    reports: Iterable[Mapping[str, Any]],
    threads: Mapping[str, str],
    now: datetime,
    is_admin: bool,
    revision: int,
    clock: ClockInput | None = None,
    idle_minutes: int = 30,
) -> dict[str, Any]:
    """The panel's props. ``threads`` maps each of the user's *existing* conversations to its title; a source
    outside it reads "conversation deleted". ``now`` dates ages and expiry (the demo clock's now)."""
    every = [FactRowIn.model_validate(dict(r)) for r in rows]
    facts = [r for r in every if r.status != "pending"]
    checked = [PromotionReportIn.model_validate(dict(r)) for r in reports]
    by_key: dict[str, list[FactRowIn]] = {}
    for row in facts:
        by_key.setdefault(row.key, []).append(row)
    cards = [
        card
        for key, versions in by_key.items()
        if (card := _fact_card(key, versions, threads, now)) is not None
    ]
    props = PanelProps(
        version=PROPS_VERSION,
        revision=revision,
        title=PANEL_TITLE,
        user=user,
        is_admin=is_admin,
        generated_at=now.isoformat(),
        summary=_summary(cards, len(facts), len(checked)),
        groups=_groups(cards),
        verdicts=[
            _conversation(r, facts, threads)
            for r in sorted(checked, key=lambda r: (r.promoted_at, r.through_seq), reverse=True)
        ],
        demo_clock=demo_clock(clock, now),
        ask_heading=ASK_HEADING,
        asks=[_ask(r, threads, _doubts(checked)) for r in every if r.status == "pending"],
        empty_text=(
            f"Nothing yet. Facts are saved from a conversation after it has been idle for {idle_minutes} "
            "minutes, or at once when you say “remember that …”."
        ),
    )
    return props.model_dump(mode="json")


def action_result(
    *,
    ok: bool,
    message: str,
    panel: Mapping[str, Any] | None = None,
    download: tuple[str, str, str] | None = None,
) -> dict[str, Any]:
    """What an action callback returns to the component: an outcome sentence (announced to screen readers),
    optionally fresh props, optionally a file to save as ``(filename, mime type, text)``."""
    return {
        "ok": ok,
        "message": message,
        "panel": dict(panel) if panel is not None else None,
        "download": (
            {"filename": download[0], "mime": download[1], "content": download[2]} if download else None
        ),
    }


# -- facts --------------------------------------------------------------------------------------------------


def _source(thread: str, threads: Mapping[str, str]) -> SourceLink:
    if not thread:
        return SourceLink(thread_id=None, url=None, label="no conversation recorded", deleted=False)
    if thread not in threads:
        return SourceLink(thread_id=thread, url=None, label="conversation deleted", deleted=True)
    title = threads[thread].strip() or "untitled conversation"
    if len(title) > TITLE_CHARS:
        title = title[: TITLE_CHARS - 1].rstrip() + "…"
    return SourceLink(thread_id=thread, url=f"/thread/{thread}", label=title, deleted=False)


def _doubts(reports: Iterable[PromotionReportIn]) -> dict[str, str | None]:
    """Pending fact id -> the gate's doubt that made it ask, from the reports of the passes that stored it."""
    return {d.fact_id: d.ask for r in reports for d in r.decisions if d.fact_id and d.waiting}


def _ask(row: FactRowIn, threads: Mapping[str, str], doubts: Mapping[str, str | None]) -> PendingAsk:
    return PendingAsk(
        fact_id=row.id,
        label=row.label,
        value=row.value,
        recorded_on=day(row.asserted_at),
        source=_source(row.source_thread, threads),
        reason=f"I wasn't sure: {ask_reason(doubts.get(row.id))}.",
    )


def _how(asserted_by: str) -> str:
    return "you asked me to remember it" if asserted_by == "user_confirmed" else "you said it"


def _retracted(row: FactRowIn) -> bool:
    return row.retracted or row.status == "retracted"


def _fact_card(
    key: str, versions: list[FactRowIn], threads: Mapping[str, str], now: datetime
) -> PanelFact | None:
    """The card of one logical fact: its newest live version, and every version as history."""
    ordered = sorted(versions, key=lambda r: r.version)
    live = [r for r in ordered if r.status != "superseded"]
    if not live:
        return None  # only old versions are left (a crash between writes): nothing is current
    head = live[-1]
    state: FactState = "retracted" if _retracted(head) else ("stale" if head.status == "stale" else "current")
    state = "lapsed" if head.status == "lapsed" else state
    source = _source(head.source_thread, threads)
    history = _history(ordered, head, threads, now)
    earlier = len(ordered) - 1
    also = f" and its {earlier} earlier version{'s' if earlier != 1 else ''}" if earlier else ""
    return PanelFact(
        key=key,
        fact_id=head.id,
        type=head.type,
        label=head.label,
        value=head.value,
        text=head.text,
        state=state,
        how=_how(head.asserted_by),
        quote=head.quote,
        recorded_at=head.asserted_at.isoformat(),
        recorded_on=day(head.asserted_at),
        age=age_phrase(head.asserted_at, now),
        source=source,
        expiry=_expiry(head, state, now),
        version=head.version,
        history=history,
        delete_prompt=f"Delete “{head.text}”{also}? This cannot be undone.",
    )


def _history(
    ordered: list[FactRowIn], head: FactRowIn, threads: Mapping[str, str], now: datetime
) -> list[FactVersion]:
    version_of = {r.id: r.version for r in ordered}
    out: list[FactVersion] = []
    for i, row in enumerate(ordered):
        later = ordered[i + 1] if i + 1 < len(ordered) else None
        out.append(
            FactVersion(
                fact_id=row.id,
                version=row.version,
                value=row.value,
                status=row.status,
                is_current=row is head,
                how=_how(row.asserted_by),
                quote=row.quote,
                recorded_at=row.asserted_at.isoformat(),
                recorded_on=day(row.asserted_at),
                age=age_phrase(row.asserted_at, now),
                source=_source(row.source_thread, threads),
                change=_change(row, ordered[:i], version_of),
                superseded_by_version=later.version if later is not None else None,
                can_rollback=row is not head and not _retracted(row),
            )
        )
    return list(reversed(out))


def _change(row: FactRowIn, before: list[FactRowIn], version_of: Mapping[str, int]) -> str:
    if row.status == "lapsed":
        return LAPSED
    if _retracted(row):
        return "you took it back"
    if not before:
        return "first recorded"
    # A rollback copies an earlier version's evidence into a new version; promotion never records the same
    # evidence twice (its ids are derived from it), so equal evidence means "restored".
    restored = next(
        (
            b
            for b in reversed(before)
            if (b.value, b.source_thread, b.source_turn) == (row.value, row.source_thread, row.source_turn)
        ),
        None,
    )
    if restored is not None:
        return f"restored version {restored.version}"
    previous = next((b for b in before if b.id == row.supersedes), before[-1])
    if _retracted(previous):
        return "said again after you took it back"
    if previous.value == row.value:
        return f"said again (same as version {version_of.get(previous.id, previous.version)})"
    return f"replaced “{previous.value}” (version {previous.version})"


def _expiry(head: FactRowIn, state: FactState, now: datetime) -> Expiry:
    ftype = FACT_TYPES.get(head.type)
    delete_after: timedelta | None = ftype.delete_after if ftype else None
    delete_on = head.asserted_at + delete_after if delete_after is not None else None
    gone = f"; deleted on {day(delete_on)}" if delete_on is not None else ""
    if state == "retracted":
        summary = "Not used: you took it back" + gone
    elif state == "lapsed":
        summary = f"Not used: {LAPSED}" + gone
    elif state == "stale" or now >= head.expires_at:
        summary = f"May be out of date: recorded {age_phrase(head.asserted_at, now)}" + gone
    else:
        summary = f"Up to date until {day(head.expires_at)}" + gone
    return Expiry(
        stale=state == "stale" or now >= head.expires_at,
        review_after=head.expires_at.isoformat(),
        review_after_on=day(head.expires_at),
        delete_on=delete_on.isoformat() if delete_on is not None else None,
        delete_on_on=day(delete_on) if delete_on is not None else None,
        summary=summary,
    )


def _groups(cards: list[PanelFact]) -> list[FactGroup]:
    order = {name: i for i, name in enumerate(FACT_TYPES)}
    by_type: dict[str, list[PanelFact]] = {}
    for card in cards:
        by_type.setdefault(card.type, []).append(card)
    return [
        FactGroup(
            type=t,
            label=FACT_TYPES[t].label if t in FACT_TYPES else members[0].label,
            facts=sorted(members, key=lambda c: c.recorded_at, reverse=True),
        )
        for t, members in sorted(by_type.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0]))
    ]


def _summary(cards: list[PanelFact], versions: int, checked: int) -> Summary:
    live = [c for c in cards if c.state not in ("retracted", "lapsed")]
    stale = sum(1 for c in live if c.state == "stale")
    text = f"{len(live)} fact{'s' if len(live) != 1 else ''}"
    if stale:
        text += f", {stale} possibly out of date"
    return Summary(
        facts=len(live),
        stale=stale,
        retracted=sum(1 for c in cards if c.state == "retracted"),
        versions=versions,
        conversations_checked=checked,
        text=text,
    )


# -- promotion verdicts ---------------------------------------------------------------------------------------


def _type_label(name: str) -> str:
    ftype = FACT_TYPES.get(name)
    return ftype.label if ftype else (name.replace("_", " ").strip().capitalize() or "Unknown kind")


def _conversation(
    report: PromotionReportIn, facts: list[FactRowIn], threads: Mapping[str, str]
) -> ConversationVerdicts:
    rows = {r.id: r for r in facts}
    live_ids = {r.id for r in facts if r.status not in ("superseded", "lapsed") and not _retracted(r)}
    decisions = [_verdict(d, rows, live_ids) for d in report.decisions]
    kept = sum(1 for d in decisions if d.kept) if decisions else report.kept
    waiting = sum(1 for d in report.decisions if d.waiting)
    rejected_counts: dict[str, int] = {}
    for d in report.decisions:
        if not d.kept and not d.waiting:
            rejected_counts[d.reason] = rejected_counts.get(d.reason, 0) + 1
    if not report.decisions:
        rejected_counts = dict(report.rejected)
    rejected = sum(rejected_counts.values())
    said = [f"{kept} kept"] if kept or not waiting else []
    said += [f"{waiting} waiting for you"] if waiting else []
    said += [f"{rejected} not kept"] if rejected or not waiting else []
    return ConversationVerdicts(
        thread_id=report.thread_id,
        source=_source(report.thread_id, threads),
        through_seq=report.through_seq,
        promoted_at=report.promoted_at.isoformat(),
        promoted_on=f"{day(report.promoted_at)}, {report.promoted_at:%H:%M}",
        kept=kept,
        waiting=waiting,
        rejected=rejected,
        summary=", ".join(said) if kept or rejected or waiting else "nothing to remember",
        rejected_by_reason=[
            ReasonCount(reason=code, label=w.label, text=w.text, count=n)
            for code, n in sorted(rejected_counts.items(), key=lambda kv: (-kv[1], kv[0]))
            for w in [outcome_words(code, kept=False)]
        ],
        decisions=sorted(decisions, key=lambda d: (not d.kept, not d.waiting)),
    )


def _verdict(decision: DecisionIn, rows: Mapping[str, FactRowIn], live_ids: set[str]) -> Verdict:
    words = outcome_words(decision.reason, kept=decision.kept)
    if decision.waiting:
        words = words._replace(text=f"I wasn't sure: {ask_reason(decision.ask)}")
    row = rows.get(decision.fact_id) if decision.fact_id else None
    if decision.kept:
        fact_text = row.text if row is not None else f"{_type_label(decision.type)} (since deleted)"
    else:
        fact_text = _type_label(decision.type)
    return Verdict(
        kept=decision.kept,
        waiting=decision.waiting,
        outcome=decision.reason,
        outcome_label=words.label,
        outcome_text=words.text,
        type=decision.type,
        type_label=_type_label(decision.type),
        fact_id=decision.fact_id,
        fact_text=fact_text,
        still_remembered=decision.fact_id in live_ids if decision.fact_id else False,
        evidence_turn=decision.evidence_turn,
    )
