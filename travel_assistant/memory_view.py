"""How a user's facts are presented (CLI list and the web memory inspector share this)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from assistant.fact_types import FACT_TYPES
from assistant.facts import FactMemory
from assistant.ids import UserScope
from assistant.ports import FactStore
from assistant.recall import age_phrase


def fact_rows(
    memory: FactMemory, store: FactStore, scope: UserScope, *, now: datetime, history: bool = True
) -> list[dict[str, Any]]:
    """One row per fact version, current versions first. ``status`` is current, stale or superseded."""
    current_ids = {f.id for f in memory.current(scope)}
    rows: list[dict[str, Any]] = []
    for fact in store.list_facts(scope, include_history=history):
        status = "retracted" if fact.retracted else "superseded"
        if fact.id in current_ids:
            status = "stale" if fact.is_stale(now) else "current"
        ftype = FACT_TYPES.get(fact.type)
        rows.append(
            {
                "id": fact.id,
                "status": status,
                "type": fact.type,
                "label": ftype.label if ftype else fact.type,
                "value": fact.value,
                "text": fact.text,
                "version": fact.version,
                "key": fact.key,
                "asserted_by": fact.asserted_by.value,
                "asserted_at": fact.asserted_at.isoformat(),
                "age": age_phrase(fact.asserted_at, now),
                "expires_at": fact.expires_at.isoformat(),
                "source_thread": fact.source_thread,
                "source_turn": fact.source_turn,
                "quote": fact.evidence_quote,
                "supersedes": fact.supersedes,
            }
        )
    order = {"current": 0, "stale": 1, "superseded": 2, "retracted": 3}
    rows.sort(key=lambda r: (order[r["status"]], r["type"], -r["version"]))
    return rows
