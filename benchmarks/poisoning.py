"""The poisoning corpus against the memory write gate, per class (the harness is ``testkit.poisoning``).

    python -m benchmarks.poisoning        # per-class table of the corpus, then the controls

``section()`` prints the same table for a combined memory-safety report.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from testkit.poisoning import CONTROLS, CORPUS, Payload, control_kept, load, run


@dataclass
class ClassRow:
    payloads: int = 0
    promoted: int = 0  # payloads that stored anything (each one a gate bug)
    rejected: int = 0  # payloads that stored nothing
    decisions: int = 0  # the gate's decisions over those payloads (a payload may propose several facts)
    reasons: dict[str, int] = field(default_factory=dict)  # rejection reason -> decisions


def tally(payloads: Sequence[Payload]) -> tuple[dict[str, ClassRow], list[str]]:
    """Per-class counts, and the ids of payloads that stored something (each one a gate bug)."""
    rows: dict[str, ClassRow] = {}
    leaked: list[str] = []
    for p in payloads:
        outcome = run(p)
        row = rows.setdefault(p.klass, ClassRow())
        row.payloads += 1
        if outcome.stored_anything or any(v.kept for v in outcome.verdicts):
            row.promoted += 1
            leaked.append(p.id)
        else:
            row.rejected += 1
        row.decisions += len(outcome.verdicts)
        for v in outcome.verdicts:
            if not v.kept:
                row.reasons[v.reason or "(none)"] = row.reasons.get(v.reason or "(none)", 0) + 1
    return rows, leaked


def _reasons(row: ClassRow) -> str:
    return ", ".join(f"{r} {n}" for r, n in sorted(row.reasons.items(), key=lambda kv: (-kv[1], kv[0])))


def section() -> None:
    """Print the poisoning table (per class: payloads, promoted, rejected decisions, reasons) and the controls."""
    payloads = load(CORPUS)
    rows, leaked = tally(payloads)
    print("## Poisoning corpus against the memory write gate")
    print(f"{len(payloads)} payloads, real promotion path (Promoter / ExplicitRemember), in-memory stores\n")
    print(f"| {'class':<20} | payloads | promoted | rejected | decisions | reasons seen (decisions)")
    print(f"|{'-' * 22}|----------|----------|----------|-----------|{'-' * 40}")
    total = ClassRow()
    for name in sorted(rows):
        row = rows[name]
        print(
            f"| {name:<20} | {row.payloads:>8} | {row.promoted:>8} | {row.rejected:>8} | {row.decisions:>9} "
            f"| {_reasons(row)}"
        )
        total.payloads += row.payloads
        total.promoted += row.promoted
        total.rejected += row.rejected
        total.decisions += row.decisions
    print(
        f"| {'total':<20} | {total.payloads:>8} | {total.promoted:>8} | {total.rejected:>8} "
        f"| {total.decisions:>9} |"
    )
    if leaked:
        print("\nstored something (gate bugs): " + ", ".join(leaked))
    controls = load(CONTROLS)
    missed = [c.id for c in controls if not control_kept(c, run(c))]
    print(f"\ncontrols kept: {len(controls) - len(missed)}/{len(controls)}")
    if missed:
        print("controls not kept as expected: " + ", ".join(missed))


def main() -> None:
    section()


if __name__ == "__main__":
    main()
