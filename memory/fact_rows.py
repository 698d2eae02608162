"""How one fact version is stored as a LanceDB row, and read back.

A row has narrow filter columns (scope, identity, lifecycle flags) and the fact itself as one immutable JSON
``record``: reading three columns (record, current, stale) is about half the cost of reading eighteen typed
ones, and the record never changes after the write, so only the lifecycle columns are ever updated: the two
flags, and a pending version's ask state (``asked``, ``asked_at``, ``lapsed``). Only a pending version has ask
state, and a pending version is never current, so reads of current facts leave those columns out
(:data:`ASK_COLUMNS`); a row read without them has none.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

import pyarrow as pa

from assistant.fact_records import Authority, Fact
from assistant.ids import FactId

# The immutable part of a fact: everything but the lifecycle state, which is in columns of its own.
ASK_COLUMNS = ("asked", "asked_at", "lapsed")
_FLAGS = ("current", "stale", *ASK_COLUMNS)
_NEVER = 0  # ``asked_at`` of a version never asked (integer microseconds, like every stored time)

# What reads need: the immutable record plus the two lifecycle flags. Every extra column costs a separate
# read in LanceDB (18 typed columns took twice as long to fetch as these three at 100k rows). Only a pending
# version has ask state, and it is never current: reads with history take those columns too, reads of current
# facts (every turn's) do not.
READ = ["record", "current", "stale"]
READ_HISTORY = [*READ, *ASK_COLUMNS]


def stored_us(moment: datetime) -> int:
    """A time as stored: integer microseconds since the epoch."""
    return int(moment.timestamp() * 1_000_000)


def _dt(us: int) -> datetime:
    return datetime.fromtimestamp(us / 1_000_000, tz=UTC)


def fact_row(fact: Fact) -> dict[str, Any]:
    """The stored row of one fact version. ``record`` never changes after the write; only the flags do."""
    record = {name: value for name, value in fact.to_json().items() if name not in _FLAGS}
    # Times are stored as integer microseconds (compact, and parsed back without a date parser).
    record["asserted_at"] = stored_us(fact.asserted_at)
    record["expires_at"] = stored_us(fact.expires_at)
    return {
        "id": fact.id,
        "user_id": fact.user_id,
        "key": fact.key,
        "type": fact.type,
        "version": fact.version,
        "current": fact.current,
        "stale": fact.stale,
        "asked": fact.asked,
        "asked_at": stored_us(fact.asked_at) if fact.asked_at is not None else _NEVER,
        "lapsed": fact.lapsed,
        "record": json.dumps(record, ensure_ascii=False),
        # What search reads: the fact as we word it from its canonical value, never the user's words.
        "search_text": fact.text,
    }


def facts_from_arrow(table: Any) -> list[Fact]:
    """Facts from a (record, current, stale[, ask columns]) Arrow table: one JSON parse for all records, not one
    per row."""
    records = json.loads("[" + ",".join(table.column("record").to_pylist()) + "]")
    names = ("current", "stale", *(c for c in ASK_COLUMNS if c in table.column_names))
    states = zip(*(table.column(name).to_pylist() for name in names), strict=True)
    return [
        _from_record(rec, dict(zip(names, state, strict=True)))
        for rec, state in zip(records, states, strict=True)
    ]


def arrow_rows(table: Any) -> list[dict[str, Any]]:
    """Arrow table → row dicts, column by column (several times faster than ``to_pylist`` per row)."""
    columns = {name: table.column(name).to_pylist() for name in table.column_names}
    return [dict(zip(columns, values, strict=True)) for values in zip(*columns.values(), strict=True)]


def fact_from_row(row: dict[str, Any]) -> Fact:
    return _from_record(json.loads(row["record"]), row)


def _from_record(record: dict[str, Any], state: dict[str, Any]) -> Fact:
    """A fact from its record and its lifecycle columns (``state``; ask columns absent: never asked)."""
    asked_at = state.get("asked_at") or _NEVER
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
        current=bool(state["current"]),
        stale=bool(state["stale"]),
        retracted=bool(record.get("retracted", False)),
        pending=bool(record.get("pending", False)),
        asked=int(state.get("asked") or 0),
        asked_at=_dt(asked_at) if asked_at != _NEVER else None,
        lapsed=bool(state.get("lapsed")),
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


def with_ask_columns(rows: pa.Table) -> pa.Table:
    """Rows of a layout before ask state (v4 and older) with its columns: never asked, not lapsed."""
    n = rows.num_rows
    defaults = {
        "asked": pa.array([0] * n, pa.int32()),
        "asked_at": pa.array([_NEVER] * n, pa.int64()),
        "lapsed": pa.array([False] * n, pa.bool_()),
    }
    for name, column in defaults.items():
        if name not in rows.column_names:
            rows = rows.append_column(name, column)
    return rows


def upgrade_rows(
    rows: pa.Table,
    *,
    locate: EvidenceLocator | None,
    embed: Callable[[list[str]], Sequence[Sequence[float]]],
    vector_type: pa.DataType,
) -> pa.Table:
    """Rows of an older layout in this one's shape: the ask state's columns (:func:`with_ask_columns`),
    canonical records (see :func:`canonical_record`), search text worded from the canonical value, and a vector
    of that text (the old vector embedded the user's words)."""
    rows = with_ask_columns(rows)
    records = [json.loads(r) for r in rows.column("record").to_pylist()]
    upgraded = [canonical_record(r, locate) for r in records]
    if all(new is old for new, old in zip(upgraded, records, strict=True)):
        return rows
    texts = [_from_record(r, {"current": True, "stale": False}).text for r in upgraded]
    distinct = list(dict.fromkeys(texts))
    by_text = dict(zip(distinct, embed(distinct), strict=True))
    columns = {name: rows.column(name) for name in rows.column_names}
    columns["record"] = pa.array([json.dumps(r, ensure_ascii=False) for r in upgraded], pa.string())
    columns["search_text"] = pa.array(texts, pa.string())
    columns["vector"] = pa.array([list(by_text[t]) for t in texts], vector_type)
    return pa.table(columns)
