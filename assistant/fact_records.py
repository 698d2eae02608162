"""Fact records: what one version of a remembered fact holds, and what writing a draft came to.

A fact holds canonical values only: its type (from the closed registry), a value from that type's closed
vocabulary or a validated code, ids, dates, flags, and a pointer to its evidence (the thread, the user turn and
a character span of the logged, masked message). No text the user typed is copied into it (every store refuses
a record that holds any: :meth:`Fact.check`), so no secret the
masker missed and no instruction hidden in a message can reach long-term memory or the prompt through a fact.
The user's own words are read through the pointer from the log when a person asks to see them (the memory
panel, ``memories list``, the export), and a redacted or erased message reads as removed.

A fact is a record, not a string. Each row is one immutable *version* of a logical fact (its ``key``): a new
value of a single-valued type is a new version that supersedes the old one, and the old one stays retrievable
for audit and rollback. Only lifecycle state changes after a write (``current``, ``stale``, and a pending
version's ask state: ``asked``, ``asked_at``, ``lapsed``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any, Literal

from assistant.errors import InvalidInput
from assistant.fact_types import FACT_TYPES, FactType
from assistant.ids import FactId, fact_id, thread_id, turn_id, user_id


class Authority(StrEnum):
    """Who asserted a fact. Higher authority wins a contradiction; recency breaks ties."""

    USER = "user"  # stated by the user in conversation, found by promotion
    USER_CONFIRMED = "user_confirmed"  # the user explicitly asked us to remember it
    SYSTEM = "system_of_record"  # copied from a system of record (reserved; the demo has none)

    @property
    def rank(self) -> int:
        return {"user": 1, "user_confirmed": 2, "system_of_record": 3}[self.value]


@dataclass(frozen=True, slots=True)
class Fact:
    id: FactId
    user_id: str
    key: str
    type: str
    subject: str
    predicate: str
    value: str
    source_thread: str
    source_turn: str
    # Where the user said it: a character span of the logged (masked) user message of ``source_turn``.
    evidence_start: int
    evidence_end: int
    asserted_by: Authority
    asserted_at: datetime
    supersedes: str
    version: int
    expires_at: datetime
    current: bool = True
    stale: bool = False
    # A retraction is a version too: "I'm no longer vegetarian" supersedes the fact and is never current itself,
    # so history shows when and in whose words the fact stopped being true.
    retracted: bool = False
    # Said, but the write gate was unsure: kept aside (never current, so recall never sees it) until the user
    # keeps or discards it (see ``assistant.facts.pending``). Its key is its own (see ``pending_key``).
    pending: bool = False
    # A pending version's ask state (``assistant.facts.asking``): how many conversations opened by asking about it,
    # the last time one did, and whether it lapsed (asked as often as it may be and never answered). Lifecycle
    # state like ``current`` and ``stale``: the only fields of a pending version that change after the write.
    asked: int = 0
    asked_at: datetime | None = None
    lapsed: bool = False

    def check(self) -> None:
        """Refuse a record that holds anything but ids, registry names and a canonical value (every store calls
        this before it writes; reads trust what was checked on the way in).

        Ids are ids (validated patterns: no room for words), so every string field is an id, a registry name or
        a canonical value: nothing else can be stored."""
        fact_id(self.id)
        user_id(self.user_id)
        thread_id(self.source_thread)
        turn_id(self.source_turn)
        if self.supersedes:
            fact_id(self.supersedes)
        ftype = FACT_TYPES.get(self.type)
        if ftype is None:
            raise InvalidInput(f"unknown fact type {self.type!r}")
        if self.value not in ftype.values:
            raise InvalidInput(f"{self.value!r} is not a canonical value of the fact type {self.type!r}")
        key = pending_key(ftype, self.value) if self.pending else ftype.key_for(self.value)
        if self.subject != "user" or self.predicate != ftype.predicate or self.key != key:
            raise InvalidInput(f"fact {self.id}: subject, predicate and key follow from its type and value")
        if not 0 <= self.evidence_start <= self.evidence_end:
            raise InvalidInput(f"fact {self.id}: evidence span {self.evidence_start}-{self.evidence_end}")
        if self.asked < 0 or ((self.asked or self.asked_at or self.lapsed) and not self.pending):
            raise InvalidInput(f"fact {self.id}: only a pending version is asked about, a number of times")

    @property
    def text(self) -> str:
        """The fact as we word it ("Dietary needs: vegetarian"): derived from its type and canonical value."""
        return FACT_TYPES[self.type].render(self.value)

    def is_stale(self, now: datetime) -> bool:
        return self.stale or now >= self.expires_at

    def to_json(self) -> dict[str, Any]:
        """Every field, JSON-ready (the one serializer: export, the inspector and the row codec derive theirs
        from it)."""
        return {
            "id": self.id,
            "user_id": self.user_id,
            "key": self.key,
            "type": self.type,
            "subject": self.subject,
            "predicate": self.predicate,
            "value": self.value,
            "source_thread": self.source_thread,
            "source_turn": self.source_turn,
            "evidence_start": self.evidence_start,
            "evidence_end": self.evidence_end,
            "asserted_by": self.asserted_by.value,
            "asserted_at": self.asserted_at.isoformat(),
            "supersedes": self.supersedes,
            "version": self.version,
            "expires_at": self.expires_at.isoformat(),
            "current": self.current,
            "stale": self.stale,
            "retracted": self.retracted,
            "pending": self.pending,
            "asked": self.asked,
            "asked_at": self.asked_at.isoformat() if self.asked_at is not None else None,
            "lapsed": self.lapsed,
        }


@dataclass(frozen=True, slots=True)
class FactDraft:
    """A validated request to remember one value, with its evidence.

    ``said_at`` is when the user said it (the evidence turn's time). A fact is dated by that, not by when
    promotion happened to run, so "recorded Monday" stays true however late the job ran.
    """

    type: str
    value: str
    source_thread: str
    source_turn: str
    asserted_by: Authority
    said_at: datetime | None = None
    retract: bool = False
    pending: bool = False  # the gate asks: write a pending version for the user to keep or discard
    # The span of the logged user message that states it (see ``Fact.evidence_start``).
    evidence_start: int = 0
    evidence_end: int = 0


WriteStatus = Literal[
    "stored",
    "superseded",
    "refreshed",
    "duplicate",
    "lower_authority",
    "retracted",
    "nothing_to_retract",
    "pending",
]


def pending_key(ftype: FactType, value: str) -> str:
    """A pending version's key ("seat:pending window"): never a fact's key (no canonical value starts with
    "pending "), so it never joins a fact's history, and one per value, so each question is settled alone."""
    return f"{ftype.name}:pending {value}"


@dataclass(frozen=True, slots=True)
class WriteOutcome:
    status: WriteStatus
    fact: Fact | None  # the version written (or the one that decided the outcome); None if there is none

    @property
    def kept(self) -> bool:
        """Whether memory now reflects what the user said (a duplicate of it counts)."""
        return self.status not in ("lower_authority", "nothing_to_retract", "pending")
