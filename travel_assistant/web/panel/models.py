"""The memory panel's props contract: what ``public/elements/Memories.jsx`` reads, and what the builder in
:mod:`travel_assistant.web.panel.view` accepts. Output models forbid unknown fields, so a renamed field fails the
build (and its tests) instead of silently reaching the component as ``undefined``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict

RowStatus = Literal["current", "stale", "superseded", "retracted", "pending", "lapsed"]
FactState = Literal["current", "stale", "retracted", "lapsed"]


class _In(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class FactRowIn(_In):
    """One fact version, as ``memory_view.fact_rows`` returns it. ``retracted`` marks a version recording that
    the user took the fact back (a row may also say so with ``status="retracted"``)."""

    id: str
    key: str
    status: RowStatus
    type: str
    label: str
    value: str
    text: str
    version: int
    asserted_by: str
    asserted_at: datetime
    expires_at: datetime
    source_thread: str = ""
    source_turn: str = ""
    quote: str = ""
    supersedes: str = ""
    retracted: bool = False


class DecisionIn(_In):
    type: str
    evidence_turn: str = ""
    kept: bool
    reason: str
    fact_id: str | None = None
    ask: str | None = None  # why the gate asked instead of keeping (the decision's reason is then "pending")

    @property
    def waiting(self) -> bool:
        """Stored as pending: it waits for the user's Keep or Discard."""
        return not self.kept and (self.ask is not None or self.reason == "pending")


class PromotionReportIn(_In):
    thread_id: str
    through_seq: int
    promoted_at: datetime
    kept: int = 0
    rejected: dict[str, int] = {}
    decisions: list[DecisionIn] = []


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SourceLink(_Out):
    thread_id: str | None
    url: str | None  # "/thread/<id>" while the conversation exists
    label: str  # its title, "conversation deleted", or "no conversation recorded"
    deleted: bool


class FactVersion(_Out):
    fact_id: str
    version: int
    value: str
    status: RowStatus
    is_current: bool
    how: str  # "you said it" | "you asked me to remember it"
    quote: str
    recorded_at: str
    recorded_on: str  # "Mon 9 Nov 2026"
    age: str
    source: SourceLink
    change: str  # how this version came about, in words
    superseded_by_version: int | None
    can_rollback: bool


class Expiry(_Out):
    stale: bool
    review_after: str  # after this the fact is shown as possibly out of date
    review_after_on: str
    delete_on: str | None  # the type's deletion horizon
    delete_on_on: str | None
    summary: str


class PanelFact(_Out):
    key: str
    fact_id: str  # the current version: what forget_fact deletes (with every earlier version)
    type: str
    label: str
    value: str
    text: str
    state: FactState
    how: str
    quote: str
    recorded_at: str
    recorded_on: str
    age: str
    source: SourceLink
    expiry: Expiry
    version: int
    history: list[FactVersion]  # newest first, the current version included
    delete_prompt: str


class FactGroup(_Out):
    type: str
    label: str
    facts: list[PanelFact]


class ReasonCount(_Out):
    reason: str
    label: str
    text: str
    count: int


class Verdict(_Out):
    kept: bool
    waiting: bool
    outcome: str  # the engine's code
    outcome_label: str
    outcome_text: str
    type: str
    type_label: str
    fact_id: str | None
    fact_text: str  # the kept fact ("Dietary needs: vegetarian") or, when rejected, the type's label
    still_remembered: bool
    evidence_turn: str


class ConversationVerdicts(_Out):
    thread_id: str
    source: SourceLink
    through_seq: int
    promoted_at: str
    promoted_on: str
    kept: int
    waiting: int  # stored as pending: waiting for the user's Keep or Discard
    rejected: int
    summary: str
    rejected_by_reason: list[ReasonCount]
    decisions: list[Verdict]


class ClockStep(_Out):
    label: str
    minutes: int


class ClockPreset(_Out):
    label: str
    iso: str


class DemoClock(_Out):
    enabled: bool
    now: str
    now_label: str
    offset_label: str
    steps: list[ClockStep]
    presets: list[ClockPreset]


class Summary(_Out):
    facts: int
    stale: int
    retracted: int
    versions: int
    conversations_checked: int
    text: str


class PendingAsk(_Out):
    """A fact the write gate was unsure of, waiting under "Should I remember this?" for Keep or Discard."""

    fact_id: str  # the pending version: what keep_fact and discard_fact act on
    label: str
    value: str
    recorded_on: str
    source: SourceLink
    reason: str  # why the assistant asks, in words: the gate's own doubt


class PanelProps(_Out):
    version: int
    revision: int  # increases with every build: the component keeps the newest it has seen
    title: str
    user: str
    is_admin: bool
    generated_at: str
    summary: Summary
    groups: list[FactGroup]
    verdicts: list[ConversationVerdicts]
    demo_clock: DemoClock
    empty_text: str
    ask_heading: str = ""
    asks: list[PendingAsk] = []


@dataclass(frozen=True)
class ClockInput:
    """The demo clock as the panel shows it; ``enabled`` False hides the controls."""

    enabled: bool
    now: datetime
    real_now: datetime
    presets: Sequence[tuple[str, datetime]] = field(default_factory=tuple)
