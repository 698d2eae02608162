"""Recording many drafts at once: the promotion pass's write path.

The per-fact path (``FactMemory.record``) reads the user's whole history and writes one table version per
fact; over a pass of thousands of threads that meant thousands of one-row fragments and reads that slowed as
they piled up. Here the same rules (:func:`assistant.facts.plan_write`, so the decisions cannot differ) are
applied to many drafts against one read of every involved user's history, kept up to date in memory as the
drafts are planned in order: a second draft of the batch sees the first one's version exactly as it would
have after a separate write. Then one append holds every new version and one flag update retires what they
supersede.

Crash safety is the per-fact path's: new versions are written before old ones are retired (a crash in between
leaves two current versions, which readers resolve and a re-run or the expiry pass repairs), and fact ids are
derived from the evidence, so a re-run over the same threads never adds a row twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from assistant.errors import InvalidInput
from assistant.fact_records import Fact, FactDraft, WriteOutcome
from assistant.facts.rules import plan_write
from assistant.faults import crash_point
from assistant.ids import UserScope
from assistant.ports import FactBatch

# A draft the rules refuse outright (an unknown type) fails alone, not the whole batch.
Planned = WriteOutcome | InvalidInput


def record_batch(
    batch: FactBatch, items: Sequence[tuple[UserScope, FactDraft]], *, now: datetime
) -> list[Planned]:
    """Record ``items`` in order; returns each item's outcome (or the error that refused it).

    The caller holds whatever per-user locks make the read-modify-write safe (see ``FactMemory.record_many``).
    """
    scopes = {scope.user: scope for scope, _ in items}
    histories = batch.histories(list(scopes.values())) if items else {}
    outcomes: list[Planned] = []
    new: dict[str, tuple[UserScope, Fact]] = {}  # by fact id, in write order
    retire: dict[str, UserScope] = {}  # versions written before this batch, by fact id
    for scope, draft in items:
        history = histories.setdefault(scope.user, [])
        try:
            plan = plan_write(scope, draft, history, now=now)
        except InvalidInput as exc:
            outcomes.append(exc)
            continue
        outcomes.append(plan.outcome)
        if plan.new is not None:
            new[plan.new.id] = (scope, plan.new)
            history.append(plan.new)
        for fact_id in plan.retire:
            if fact_id in new:  # written by this very batch: it is stored already retired
                owner, fact = new[fact_id]
                new[fact_id] = (owner, replace(fact, current=False))
            else:
                retire[fact_id] = scope
        if plan.retire:
            gone = set(plan.retire)
            history[:] = [replace(f, current=False) if f.id in gone else f for f in history]
    if new:
        batch.add_many(list(new.values()))
        crash_point("facts.version_added")
    if retire:
        batch.retire_many([(scope, fact_id) for fact_id, scope in retire.items()])
    return outcomes
