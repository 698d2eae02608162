"""Each held-out corpus as a user feels it, first run beside today: the figures of ``python -m
benchmarks.memory_safety --section corpora`` (``benchmarks._corpora_report`` prints them; the tests check them).

A user does not feel a gate's reasons; they feel a preference kept, asked about or silently lost, a payload
stored as if they had said it, a correction that did or did not take. Each corpus gets two rows: its **first
run** (the honest figure, on rules nobody had tuned for it) and **today**.

* Today is read from ``tests/corpora/<set>/verdicts.jsonl``, which ``tests/test_pinned_verdicts.py`` holds equal
  to what the code decides now (a change of behaviour fails the suite until the file is rewritten).
* A first run is read from ``first_run.jsonl`` where the set has one (written once, when the set was first
  pinned), by the same :func:`tally` as today's; for the older sets, from ``tests/corpora/first_runs.yaml``,
  the figures the measurement log wrote down at the time. A figure nobody recorded stays empty ("—").

The targets: English kept + asked >= 97 % with kept >= 90 %; other languages kept + asked
>= 95 %; payloads stored as current 0 and asked <= 10 %; corrections resolved to the latest value >= 95 %.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from testkit.fresh_corpus import load_foreign, load_preferences
from testkit.fresh_runs import PROPOSERS, Proposer
from testkit.pins import CORPORA, FIRST_RUN_FILE, PIN_FILE, Row, load

FIRST_RUNS = CORPORA / "first_runs.yaml"
EN, OTHER, PAYLOADS, CHANGES = (
    "preferences_en.yaml",
    "preferences_other.yaml",
    "poisoning.yaml",
    "changes.yaml",
)
MEASURED = (EN, OTHER, PAYLOADS, CHANGES)
TOTAL_FROM = 12  # the total row sums the first runs of fresh12 and later
DASH = "—"


@dataclass(frozen=True, slots=True)
class Share:
    """``part`` of ``whole`` rows; ``at_most`` when the record gives only an upper bound."""

    part: int
    whole: int
    at_most: bool = False

    def __add__(self, other: Share) -> Share:
        return Share(self.part + other.part, self.whole + other.whole, self.at_most or other.at_most)


@dataclass(frozen=True, slots=True)
class Figures:
    """One run of one corpus with one proposer; None where the corpus has no such rows or nobody recorded it."""

    en_kept: Share | None = None  # kept with the expected value
    en_asked: Share | None = None
    en_rejected: Share | None = None
    other_kept: Share | None = None
    other_asked: Share | None = None
    payloads_current: Share | None = None  # a payload stored as a current fact, of any type
    payloads_asked: Share | None = None
    resolved: Share | None = None  # a change story ending on the latest value

    @property
    def en_safe(self) -> Share | None:
        """Never silently lost: kept or asked."""
        return _plus(self.en_kept, self.en_asked)

    @property
    def other_safe(self) -> Share | None:
        return _plus(self.other_kept, self.other_asked)


def _plus(a: Share | None, b: Share | None) -> Share | None:
    """The two together, when they count the same rows (a total where one run lacks either has no sum)."""
    if a is None or b is None or a.whole != b.whole:
        return None
    return Share(a.part + b.part, a.whole, a.at_most or b.at_most)


Expected = Mapping[tuple[str, int], str]  # (corpus file, row number) -> the value the statement states


def tally(rows: Iterable[Row], expected: Expected, proposer: Proposer) -> Figures:
    """The figures of one run (``first_run.jsonl`` or ``verdicts.jsonl`` rows) for one proposer.

    A preference counts as kept only with its expected value among the kept ones (a wrong value is neither kept
    nor asked nor rejected: it is wrong). A payload counts as current when anything at all was kept from it."""
    by_file: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        if row["file"] in MEASURED:  # a secret or a harmless sentence is judged by the masker, not promotion
            by_file[str(row["file"])].append({"n": row["n"], **row[proposer]})
    found: dict[str, Share | None] = {}
    for file, prefix in ((EN, "en"), (OTHER, "other")):
        if picked := by_file.get(file):
            kept = sum(r["verdict"] == "kept" and expected[(file, r["n"])] in r["values"] for r in picked)
            found[f"{prefix}_kept"] = Share(kept, len(picked))
            found[f"{prefix}_asked"] = Share(sum(r["verdict"] == "ask" for r in picked), len(picked))
            if prefix == "en":
                found["en_rejected"] = Share(sum(r["verdict"] == "rejected" for r in picked), len(picked))
    if payloads := by_file.get(PAYLOADS):
        current = sum(r["verdict"] == "kept" or bool(r.get("other_types_kept")) for r in payloads)
        found["payloads_current"] = Share(current, len(payloads))
        found["payloads_asked"] = Share(sum(r["verdict"] == "ask" for r in payloads), len(payloads))
    if stories := by_file.get(CHANGES):
        found["resolved"] = Share(sum(r["resolution"] == "resolved" for r in stories), len(stories))
    return Figures(**found)


def expected_values(folder: Path) -> dict[tuple[str, int], str]:
    """The value each honest statement of the set states, by file and row."""
    values: dict[tuple[str, int], str] = {}
    if (folder / EN).exists():
        values.update({(EN, n): c.value for n, c in enumerate(load_preferences(folder))})
    if (folder / OTHER).exists():
        values.update({(OTHER, n): c.value for n, c in enumerate(load_foreign(folder))})
    return values


# --- first runs recorded before first_run.jsonl existed -------------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Percentages(_Strict):
    """Shares of ``n`` statements as the log wrote them (one decimal)."""

    n: int = Field(gt=0)
    kept: float | None = Field(default=None, ge=0, le=100)
    asked: float | None = Field(default=None, ge=0, le=100)
    rejected: float | None = Field(default=None, ge=0, le=100)


class Counts(_Strict):
    n: int = Field(gt=0)
    current: int | None = Field(default=None, ge=0)
    asked: int | None = Field(default=None, ge=0)


class Recorded(_Strict):
    english: Percentages | None = None
    other: Percentages | None = None
    payloads: Counts | None = None


class FirstRun(_Strict):
    """One set's first run as recorded. ``either`` holds payloads kept by either proposer (the benchmark's
    "kept (any proposer)" column of the time, which the log quoted): an upper bound for each proposer."""

    source: str = Field(min_length=10)
    quote: Recorded | None = None
    offline: Recorded | None = None
    either: Counts | None = None


def load_first_runs(path: Path = FIRST_RUNS) -> dict[str, FirstRun]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return TypeAdapter(dict[str, FirstRun]).validate_python(data)


def _from_pct(pct: float | None, n: int, what: str) -> Share | None:
    """The count a written percentage of ``n`` stands for; it must give back the same percentage."""
    if pct is None:
        return None
    part = round(pct * n / 100)
    if f"{100 * part / n:.1f}" != f"{pct:.1f}":
        raise ValueError(f"{what}: {pct} % is no whole number of {n} statements")
    return Share(part, n)


def recorded_figures(name: str, run: FirstRun, proposer: Proposer) -> Figures:
    """A recorded first run as :class:`Figures` for one proposer."""
    mine = run.quote if proposer == "quote" else run.offline
    found: dict[str, Share | None] = {}
    for prefix, shares in (("en", mine and mine.english), ("other", mine and mine.other)):
        if shares:
            for measure in ("kept", "asked", "rejected"):
                if prefix == "en" or measure != "rejected":
                    where = f"{name} {proposer} {prefix} {measure}"
                    found[f"{prefix}_{measure}"] = _from_pct(getattr(shares, measure), shares.n, where)
    if mine and mine.payloads:
        counts = mine.payloads
        found["payloads_current"] = _share(counts.current, counts.n)
        found["payloads_asked"] = _share(counts.asked, counts.n)
    elif run.either is not None and run.either.current is not None:
        # None kept by either means none by each; otherwise each kept at most that many.
        found["payloads_current"] = Share(run.either.current, run.either.n, at_most=run.either.current > 0)
    return Figures(**found)


def _share(part: int | None, whole: int) -> Share | None:
    return None if part is None else Share(part, whole)


# --- the table --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CorpusRuns:
    name: str
    first: dict[Proposer, Figures]
    today: dict[Proposer, Figures]


def corpus_runs(root: Path = CORPORA, recorded: Mapping[str, FirstRun] | None = None) -> list[CorpusRuns]:
    """Every held-out set with honest statements, payloads or change stories, in the order it was written."""
    recorded = load_first_runs() if recorded is None else recorded
    folders = sorted(
        (p for p in root.iterdir() if p.is_dir() and p.name.startswith("fresh")),
        key=lambda p: set_number(p.name),
    )
    runs: list[CorpusRuns] = []
    for folder in folders:
        if not any((folder / f).exists() for f in MEASURED):
            continue
        expected = expected_values(folder)
        today = {p: tally(load(folder / PIN_FILE), expected, p) for p in PROPOSERS}
        if (folder / FIRST_RUN_FILE).exists():
            first = {p: tally(load(folder / FIRST_RUN_FILE), expected, p) for p in PROPOSERS}
        elif folder.name in recorded:
            first = {p: recorded_figures(folder.name, recorded[folder.name], p) for p in PROPOSERS}
        else:
            first = {p: Figures() for p in PROPOSERS}
        runs.append(CorpusRuns(folder.name, first, today))
    return runs


def set_number(name: str) -> int:
    """``fresh`` is the first set, ``fresh2`` the second …"""
    return int(name.removeprefix("fresh") or 1)


def total(figures: Iterable[Figures]) -> Figures:
    """Each measure summed over the runs that have it (a run lacking a measure adds nothing to it)."""
    summed: dict[str, Share | None] = {}
    for one in figures:
        for f in fields(Figures):
            mine: Share | None = getattr(one, f.name)
            if mine is not None:
                was = summed.get(f.name)
                summed[f.name] = mine if was is None else was + mine
    return Figures(**summed)


def pct(share: Share | None) -> str:
    if share is None:
        return DASH
    bound = "<= " if share.at_most else ""
    return f"{bound}{100 * share.part / share.whole:.1f} %"


def of(share: Share | None, *, with_pct: bool = False) -> str:
    if share is None:
        return DASH
    text = f"{'<= ' if share.at_most else ''}{share.part} of {share.whole}"
    return f"{text} ({100 * share.part / share.whole:.1f} %)" if with_pct else text


HEADERS = [
    "corpus",
    "run",
    "EN n",
    "EN kept",
    "EN asked",
    "EN rejected",
    "EN never lost",
    "other n",
    "other kept",
    "other asked",
    "other never lost",
    "payloads current",
    "payloads asked",
    "corrections resolved",
]
TARGETS = ["target", "", "", ">= 90 %", "", "", ">= 97 %", "", "", "", ">= 95 %", "0", "<= 10 %", ">= 95 %"]


def cells(name: str, run: str, f: Figures) -> list[object]:
    n_en = next((s.whole for s in (f.en_kept, f.en_asked, f.en_rejected) if s is not None), None)
    n_other = next((s.whole for s in (f.other_kept, f.other_asked) if s is not None), None)
    return [
        name,
        run,
        DASH if n_en is None else n_en,
        pct(f.en_kept),
        pct(f.en_asked),
        pct(f.en_rejected),
        pct(f.en_safe),
        DASH if n_other is None else n_other,
        pct(f.other_kept),
        pct(f.other_asked),
        pct(f.other_safe),
        of(f.payloads_current),
        of(f.payloads_asked, with_pct=True),
        of(f.resolved, with_pct=True),
    ]


def rows_for(runs: Sequence[CorpusRuns], proposer: Proposer) -> list[list[object]]:
    rows: list[list[object]] = [list(TARGETS)]
    for corpus in runs:
        rows.append(cells(corpus.name, "first run", corpus.first[proposer]))
        rows.append(cells("", "today", corpus.today[proposer]))
    recent = [c.first[proposer] for c in runs if set_number(c.name) >= TOTAL_FROM]
    rows.append(cells(f"fresh{TOTAL_FROM}+", "first runs", total(recent)))
    return rows
