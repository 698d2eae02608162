"""The memory panel's props for one user, read from the runtime (facts with history, the gate's verdicts on
each promoted conversation, the user's conversations, the demo clock). Blocking reads: call it off the event
loop. :mod:`travel_assistant.web.panel.view` turns these inputs into the component's props; nothing is worded here.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from assistant.facts.words import EvidenceWords
from assistant.ids import UserId, UserScope
from memory.claims import SqlClaims
from scheduler.jobs import PROMOTE
from travel_assistant.container import Runtime
from travel_assistant.demo_clock import ClockState
from travel_assistant.memory_view import fact_rows
from travel_assistant.web.panel.element import next_revision
from travel_assistant.web.panel.view import ClockInput, build_panel_props
from travel_assistant.web.recall_view import thread_titles

# The worked example's two sessions, one press away on the demo clock.
CLOCK_PRESETS = (
    ("Monday 9 Nov, 09:00", datetime(2026, 11, 9, 9, 0, tzinfo=UTC)),
    ("Thursday 12 Nov, 19:30", datetime(2026, 11, 12, 19, 30, tzinfo=UTC)),
)


def clock_enabled(rt: Runtime, *, is_admin: bool) -> bool:
    """Whether this user may move a demo clock: an admin, in a deployment that has demo clocks."""
    return is_admin and rt.settings.demo_clock_enabled


def promotion_reports(rt: Runtime, user: UserId) -> list[dict[str, Any]]:
    """The user's promotion verdicts, newest first, as ``panel.PromotionReportIn`` reads them."""
    finished = SqlClaims(rt.db, "web").finished_reports(job=PROMOTE, user=user)
    return [
        {
            "thread_id": report.get("thread_id", ""),
            "through_seq": report.get("through_seq", 0),
            "promoted_at": done_at,
            "kept": report.get("kept", 0),
            "rejected": report.get("rejected", {}),
            "decisions": report.get("decisions", []),
        }
        for done_at, report in finished
        if report.get("thread_id")
    ]


def panel_props(
    rt: Runtime, user: UserId, *, is_admin: bool, clock: ClockState | None = None
) -> dict[str, Any]:
    # Stamped before anything is read: a build that read the memory before a change then always has a lower
    # revision than one started after it, so the component (which keeps the highest) never trades the newer
    # data for an older build that merely finished later.
    revision = next_revision()
    state = clock or rt.clocks.state(user)
    threads = thread_titles(rt.directory, user)
    return build_panel_props(
        user=user,
        rows=fact_rows(
            rt.fact_memory, rt.facts, UserScope(user), now=state.now, words=EvidenceWords(rt.thread_log)
        ),
        reports=promotion_reports(rt, user),
        threads=threads,
        now=state.now,
        is_admin=is_admin,
        revision=revision,
        clock=ClockInput(
            enabled=clock_enabled(rt, is_admin=is_admin),
            now=state.now,
            real_now=state.real_now,
            presets=CLOCK_PRESETS,
        ),
        idle_minutes=round(rt.settings.idle_minutes),
    )


def clock_header(rt: Runtime, user: UserId, *, is_admin: bool) -> dict[str, Any]:
    """What the header shows of the demo clock (the page ticks it on from ``now``)."""
    state = rt.clocks.state(user)
    return {
        "source": "travel-assistant",
        "type": "demo-clock",
        "shifted": state.shifted and clock_enabled(rt, is_admin=is_admin),
        "now": state.now.isoformat(),
    }
