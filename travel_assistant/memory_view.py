"""How a user's facts are presented (CLI list and the web memory inspector share this)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from assistant.fact_records import Fact
from assistant.fact_types import FACT_TYPES
from assistant.facts.memory import FactMemory
from assistant.facts.recall import age_phrase
from assistant.facts.words import EvidenceWords
from assistant.ids import UserScope
from assistant.ports import FactStore

ASK_HEADING = (
    "Should I remember this?"  # where facts the write gate asked about are shown, with Keep / Discard
)


def fact_rows(
    memory: FactMemory,
    store: FactStore,
    scope: UserScope,
    *,
    now: datetime,
    history: bool = True,
    words: EvidenceWords,
) -> list[dict[str, Any]]:
    """One row per fact version, current versions first. ``status`` is current, stale, superseded, retracted,
    pending or lapsed (a pending one left unanswered); ``quote``
    is the user's words read from the log through the fact's evidence pointer (``words``)."""
    current_ids = {f.id for f in memory.current(scope)}
    rows: list[dict[str, Any]] = []
    for fact in store.list_facts(scope, include_history=history):
        status = "retracted" if fact.retracted else "superseded"
        if fact.pending:
            # The gate asked: shown under "Should I remember this?" with Keep / Discard, until it lapses
            # unanswered (``assistant.facts.asking``).
            status = "lapsed" if fact.lapsed else "pending"
        elif fact.id in current_ids:
            status = "stale" if fact.is_stale(now) else "current"
        rows.append(_row(fact, status, now, words.of(fact)))
    order = {"current": 0, "stale": 1, "superseded": 2, "retracted": 3, "lapsed": 4, "pending": 5}
    rows.sort(key=lambda r: (order[r["status"]], r["type"], -r["version"]))
    return rows


def _row(fact: Fact, status: str, now: datetime, quote: str) -> dict[str, Any]:
    """The fact's own record (``Fact.to_json``), plus what a reader needs: status, label, age."""
    record = fact.to_json()
    ftype = FACT_TYPES.get(fact.type)
    return {
        "id": record["id"],
        "status": status,
        "type": record["type"],
        "label": ftype.label if ftype else fact.type,
        "value": record["value"],
        "text": fact.text,
        "version": record["version"],
        "key": record["key"],
        "asserted_by": record["asserted_by"],
        "asserted_at": record["asserted_at"],
        "age": age_phrase(fact.asserted_at, now),
        "expires_at": record["expires_at"],
        "source_thread": record["source_thread"],
        "source_turn": record["source_turn"],
        "quote": quote,
        "supersedes": record["supersedes"],
    }
