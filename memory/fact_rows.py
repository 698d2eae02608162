"""How one fact version is stored as a LanceDB row, and read back.

A row has narrow filter columns (scope, identity, lifecycle flags) and the fact itself as one immutable JSON
``record``: reading three columns (record, current, stale) is about half the cost of reading eighteen typed
ones, and the record never changes after the write, so only the two flags are ever updated.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

import pyarrow as pa

from assistant.fact_records import Authority, Fact
from assistant.ids import FactId

# The immutable part of a fact: everything but the lifecycle flags, which are columns of their own.
_FLAGS = ("current", "stale")


def _us(moment: datetime) -> int:
    return int(moment.timestamp() * 1_000_000)


def _dt(us: int) -> datetime:
    return datetime.fromtimestamp(us / 1_000_000, tz=UTC)


def fact_row(fact: Fact) -> dict[str, Any]:
    """The stored row of one fact version. ``record`` never changes after the write; only the flags do."""
    record = {name: value for name, value in fact.to_json().items() if name not in _FLAGS}
    # Times are stored as integer microseconds (compact, and parsed back without a date parser).
    record["asserted_at"] = _us(fact.asserted_at)
    record["expires_at"] = _us(fact.expires_at)
    return {
        "id": fact.id,
        "user_id": fact.user_id,
        "key": fact.key,
        "type": fact.type,
        "version": fact.version,
        "current": fact.current,
        "stale": fact.stale,
        "record": json.dumps(record, ensure_ascii=False),
        # What search reads: the fact as we word it from its canonical value, never the user's words.
        "search_text": fact.text,
    }


def facts_from_arrow(table: Any) -> list[Fact]:
    """Facts from a (record, current, stale) Arrow table: one JSON parse for all records, not one per row."""
    records = json.loads("[" + ",".join(table.column("record").to_pylist()) + "]")
    flags = zip(table.column("current").to_pylist(), table.column("stale").to_pylist(), strict=True)
    return [
        _from_record(rec, bool(current), bool(stale))
        for rec, (current, stale) in zip(records, flags, strict=True)
    ]


def arrow_rows(table: Any) -> list[dict[str, Any]]:
    """Arrow table → row dicts, column by column (several times faster than ``to_pylist`` per row)."""
    columns = {name: table.column(name).to_pylist() for name in table.column_names}
    return [dict(zip(columns, values, strict=True)) for values in zip(*columns.values(), strict=True)]


def fact_from_row(row: dict[str, Any]) -> Fact:
    return _from_record(json.loads(row["record"]), bool(row["current"]), bool(row["stale"]))


def _from_record(record: dict[str, Any], current: bool, stale: bool) -> Fact:
    return Fact(
        id=FactId(record["id"]),
        user_id=record["user_id"],
        key=record["key"],
        type=record["type"],
        subject=record["subject"],
        predicate=record["predicate"],
        value=record["value"],
        source_thread=record["source_thread"],
        source_turn=record["source_turn"],
        evidence_start=int(record["evidence_start"]),
        evidence_end=int(record["evidence_end"]),
        asserted_by=Authority(record["asserted_by"]),
        asserted_at=_dt(record["asserted_at"]),
        supersedes=record["supersedes"],
        version=int(record["version"]),
        expires_at=_dt(record["expires_at"]),
        current=current,
        stale=stale,
        retracted=bool(record.get("retracted", False)),
        pending=bool(record.get("pending", False)),
    )


# A pointer to the evidence, found by the composition root from the log: (user, thread, turn, old quote) →
# (start, end) in the logged message, or None when the message is gone.
EvidenceLocator = Callable[[str, str, str, str], tuple[int, int] | None]


def canonical_record(record: dict[str, Any], locate: EvidenceLocator | None) -> dict[str, Any]:
    """A record of an older layout (the fact's wording and the user's quote stored in it) as this layout keeps
    it: the copied words dropped, a pointer to them in the log instead. A quote that cannot be located (no
    locator, or the message was redacted or erased since) points at the whole message: an empty span."""
    if "evidence_quote" not in record and "text" not in record:
        return record
    upgraded = {k: v for k, v in record.items() if k not in ("evidence_quote", "text")}
    quote = str(record.get("evidence_quote", ""))
    span = None
    if locate is not None and quote:
        span = locate(record["user_id"], record["source_thread"], record["source_turn"], quote)
    upgraded["evidence_start"], upgraded["evidence_end"] = span or (0, 0)
    upgraded.setdefault("pending", False)
    return upgraded


def upgrade_rows(
    rows: pa.Table,
    *,
    locate: EvidenceLocator | None,
    embed: Callable[[list[str]], Sequence[Sequence[float]]],
    vector_type: pa.DataType,
) -> pa.Table:
    """Rows of an older layout in this one's shape: canonical records (see :func:`canonical_record`), search
    text worded from the canonical value, and a vector of that text (the old vector embedded the user's words)."""
    records = [json.loads(r) for r in rows.column("record").to_pylist()]
    upgraded = [canonical_record(r, locate) for r in records]
    if all(new is old for new, old in zip(upgraded, records, strict=True)):
        return rows
    texts = [_from_record(r, True, False).text for r in upgraded]
    distinct = list(dict.fromkeys(texts))
    by_text = dict(zip(distinct, embed(distinct), strict=True))
    columns = {name: rows.column(name) for name in rows.column_names}
    columns["record"] = pa.array([json.dumps(r, ensure_ascii=False) for r in upgraded], pa.string())
    columns["search_text"] = pa.array(texts, pa.string())
    columns["vector"] = pa.array([list(by_text[t]) for t in texts], vector_type)
    return pa.table(columns)
