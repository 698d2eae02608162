"""What a promotion decided, per candidate and per thread: the gate's three verdicts (kept, ask, rejected).

Reports are kept on the thread's claim row and shown in the memory panel: types, turn ids, reasons and counts
only, never text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from assistant.jsonable import record_json


@dataclass(frozen=True, slots=True, kw_only=True)
class Decision:
    type: str
    evidence_turn: str
    kept: bool
    reason: str  # a rejection reason, or the write outcome ("stored", "superseded", "retracted", …)
    fact_id: str | None = None
    masked: bool = False  # the kept quote holds a masked secret
    # The stored fact's rendered text ("Dietary needs: vegetarian"), for the caller's display only: it is
    # derived from the registry, not from the model, and it is never written into a report.
    fact: str | None = None
    # The gate's doubt when it asks the user instead of keeping ("unknown_link", …): stored as pending.
    ask: str | None = None

    @property
    def verdict(self) -> str:
        """One of the gate's three verdicts: kept, ask or rejected."""
        return "kept" if self.kept else "ask" if self.ask else "rejected"

    def to_json(self) -> dict[str, Any]:
        return record_json(self, leave_out={"fact"})  # display text is never written into a report


@dataclass
class PromotionReport:
    thread_id: str
    from_seq: int
    through_seq: int
    decisions: list[Decision] = field(default_factory=list)

    @property
    def kept(self) -> list[Decision]:
        return [d for d in self.decisions if d.kept]

    @property
    def asked(self) -> list[Decision]:
        """Decisions stored as pending: the user is asked to keep or discard them."""
        return [d for d in self.decisions if d.verdict == "ask"]

    def counts(self) -> dict[str, int]:
        """How many candidates got each of the three verdicts."""
        found = {"kept": 0, "ask": 0, "rejected": 0}
        for d in self.decisions:
            found[d.verdict] += 1
        return found

    def rejected_by_reason(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for d in self.decisions:
            if d.verdict == "rejected":
                counts[d.reason] = counts.get(d.reason, 0) + 1
        return counts

    def asked_by_reason(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for d in self.asked:
            counts[d.ask or ""] = counts.get(d.ask or "", 0) + 1
        return counts

    def to_json(self) -> dict[str, Any]:
        return {
            "thread_id": self.thread_id,
            "from_seq": self.from_seq,
            "through_seq": self.through_seq,
            "kept": len(self.kept),
            "ask": self.asked_by_reason(),
            "rejected": self.rejected_by_reason(),
            "decisions": [d.to_json() for d in self.decisions],
        }
