"""Headline figures of the benchmarks, kept in one file, and the README table made from them.

Each benchmark prints its full report and also records its headline figures with :func:`record`: the
measured value, the target and the naive baseline measured in the same run, the machine's load average and the
date. They go to ``benchmarks/results.json`` (one entry per figure, the latest run's). ``python -m
testkit.bench_results`` (run by ``make bench`` at the end) rewrites the README's table between its two marker
comments from that file, so the README's numbers are always the last measured ones, never typed by hand.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(os.environ.get("BENCH_RESULTS", ROOT / "benchmarks" / "results.json"))
README = ROOT / "README.md"
START, END = "<!-- bench:start -->", "<!-- bench:end -->"


@dataclass(frozen=True)
class Figure:
    benchmark: str
    figure: str
    measured: str
    target: str
    baseline: str
    met: bool | None  # None: no target, reported for context
    load: float
    date: str


def record(
    benchmark: str,
    figure: str,
    measured: str,
    *,
    target: str = "",
    baseline: str = "",
    met: bool | None = None,
) -> None:
    """Store one headline figure of this run (replacing the previous run's figure of the same name)."""
    load, date = round(os.getloadavg()[0], 1), datetime.now(UTC).date().isoformat()
    entry = Figure(benchmark, figure, measured, target, baseline, met, load, date)
    found = _load()
    found[f"{benchmark}:{figure}"] = asdict(entry)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(found, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _load() -> dict[str, dict[str, object]]:
    if not RESULTS.exists():
        return {}
    loaded: dict[str, dict[str, object]] = json.loads(RESULTS.read_text(encoding="utf-8"))
    return loaded


def table() -> str:
    rows = [
        "| benchmark | figure | measured | target | naive baseline (same run) | met | load avg | date |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for entry in _load().values():
        met = {True: "yes", False: "**no**", None: ""}[entry["met"]]  # type: ignore[index]
        rows.append(
            f"| `{entry['benchmark']}` | {entry['figure']} | {entry['measured']} | {entry['target']} | "
            f"{entry['baseline']} | {met} | {entry['load']} | {entry['date']} |"
        )
    return "\n".join(rows)


def write_readme(readme: Path = README) -> bool:
    """Replace the README's table between the markers; whether anything changed."""
    text = readme.read_text(encoding="utf-8")
    if START not in text or END not in text:
        raise SystemExit(f"{readme} has no {START} … {END} block")
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    updated = f"{head}{START}\n{table()}\n{END}{tail}"
    if updated != text:
        readme.write_text(updated, encoding="utf-8")
    return updated != text


if __name__ == "__main__":
    changed = write_readme()
    print(table())
    print(f"README.md {'updated' if changed else 'already up to date'} from {RESULTS}", file=sys.stderr)
