"""A fact version as the stores hold it, for tests and benchmarks that write facts without the write gate."""

from __future__ import annotations

from datetime import datetime, timedelta

from assistant.fact_records import Authority, Fact
from assistant.fact_types import FACT_TYPES
from assistant.ids import FactId


def user_fact(
    user: str,
    type_name: str,
    value: str,
    *,
    fact_id: str,
    thread: str,
    turn: str,
    at: datetime,
    by: Authority = Authority.USER,
    evidence: tuple[int, int] = (0, 0),
    version: int = 1,
    expires_at: datetime | None = None,
    current: bool = True,
) -> Fact:
    """``user``'s own fact of a registered type, said in ``thread``/``turn`` at ``at``: its key and predicate
    from the registry, superseding nothing, expiring after the type's lifetime unless ``expires_at`` is given."""
    ftype = FACT_TYPES[type_name]
    return Fact(
        id=FactId(fact_id),
        user_id=user,
        key=ftype.key_for(value),
        type=type_name,
        subject="user",
        predicate=ftype.predicate,
        value=value,
        source_thread=thread,
        source_turn=turn,
        evidence_start=evidence[0],
        evidence_end=evidence[1],
        asserted_by=by,
        asserted_at=at,
        supersedes="",
        version=version,
        expires_at=at + ftype.ttl if expires_at is None else expires_at,
        current=current,
    )


def numbered_fact(
    user: str,
    n: int,
    type_name: str,
    value: str,
    *,
    start: datetime,
    fact_id: str | None = None,
    version: int = 1,
    expires_at: datetime | None = None,
    current: bool = True,
) -> Fact:
    """The ``n``-th of a series of ``user``'s facts written straight to a store: said in turn ``turn{n}`` of
    thread ``t1``, ``n`` minutes after ``start``, so a series sorts by ``n``; its id is ``n`` in hex unless
    ``fact_id`` is given (ids must differ across users sharing one table)."""
    return user_fact(
        user,
        type_name,
        value,
        fact_id=fact_id or f"{n:032x}",
        thread="t1",
        turn=f"turn{n}",
        at=start + timedelta(minutes=n),
        version=version,
        expires_at=expires_at,
        current=current,
    )
