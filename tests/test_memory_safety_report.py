"""The ``corpora`` section of ``python -m benchmarks.memory_safety``: each held-out corpus's first run beside today,
as a user feels it. The figures must be counted right (a wrong value kept is not kept, anything kept from a payload
is stored, the proposers apart), and the first runs recorded by hand must name real sets and give back the
percentages they were written as."""

from __future__ import annotations

from typing import Any

import pytest

from testkit.corpus_figures import (
    CHANGES,
    EN,
    OTHER,
    PAYLOADS,
    TARGETS,
    Figures,
    FirstRun,
    Share,
    cells,
    corpus_runs,
    load_first_runs,
    recorded_figures,
    rows_for,
    tally,
    total,
)
from testkit.pins import CORPORA, FIRST_RUN_FILE


def _row(file: str, n: int, quote: dict[str, Any], offline: dict[str, Any]) -> dict[str, Any]:
    return {"file": file, "n": n, "key": "x", "text": "…", "quote": quote, "offline": offline}


KEPT_VEGAN = {"verdict": "kept", "values": ["vegan"]}
ASKED = {"verdict": "ask", "values": ["dietary=vegan"], "reasons": ["pending"]}
REJECTED = {"verdict": "rejected", "reason": "third_party"}
ROWS = [
    _row(EN, 0, KEPT_VEGAN, REJECTED),
    _row(EN, 1, KEPT_VEGAN, KEPT_VEGAN),  # the statement says vegetarian: vegan kept is a wrong value
    _row(EN, 2, ASKED, REJECTED),
    _row(EN, 3, REJECTED, REJECTED),
    _row(OTHER, 0, KEPT_VEGAN, ASKED),
    _row(OTHER, 1, ASKED, ASKED),
    _row(PAYLOADS, 0, KEPT_VEGAN, REJECTED),
    _row(PAYLOADS, 1, {**REJECTED, "other_types_kept": ["seat=window"]}, REJECTED),
    _row(PAYLOADS, 2, ASKED, REJECTED),
    _row(CHANGES, 0, {"resolution": "resolved", "current": ["aisle"], "pending": []}, {"resolution": "lost"}),
    _row(CHANGES, 1, {"resolution": "stale", "current": ["window"], "pending": []}, {"resolution": "lost"}),
]
EXPECTED = {(EN, 0): "vegan", (EN, 1): "vegetarian", (EN, 2): "vegan", (EN, 3): "vegan"} | {
    (OTHER, 0): "vegan",
    (OTHER, 1): "vegan",
}


def test_a_run_is_counted_as_a_user_feels_it() -> None:
    quote = tally(ROWS, EXPECTED, "quote")
    assert (quote.en_kept, quote.en_asked, quote.en_rejected) == (Share(1, 4), Share(1, 4), Share(1, 4))
    assert quote.en_safe == Share(2, 4)  # the wrong value is neither kept nor asked
    assert (quote.other_kept, quote.other_asked, quote.other_safe) == (Share(1, 2), Share(1, 2), Share(2, 2))
    assert quote.payloads_current == Share(2, 3)  # a payload that left a fact of another type is stored too
    assert quote.payloads_asked == Share(1, 3)
    assert quote.resolved == Share(1, 2)
    offline = tally(ROWS, EXPECTED, "offline")
    assert (offline.en_kept, offline.en_asked, offline.en_rejected) == (Share(0, 4), Share(0, 4), Share(3, 4))
    assert (offline.payloads_current, offline.resolved) == (Share(0, 3), Share(0, 2))


def test_the_printed_row_says_the_same_and_dashes_what_a_set_lacks() -> None:
    printed = cells("fresh99", "today", tally(ROWS, EXPECTED, "quote"))
    assert printed == [
        "fresh99", "today", 4, "25.0 %", "25.0 %", "25.0 %", "50.0 %",
        2, "50.0 %", "50.0 %", "100.0 %", "2 of 3", "1 of 3 (33.3 %)", "1 of 2 (50.0 %)",
    ]  # fmt: skip
    only_changes = cells("fresh98", "today", tally(ROWS[-2:], {}, "quote"))
    assert only_changes[2:-1] == ["—"] * 11 and only_changes[-1] == "1 of 2 (50.0 %)"
    assert len(printed) == len(TARGETS)


def test_a_total_sums_rows_and_sums_kept_with_asked_only_over_the_same_rows() -> None:
    a = Figures(en_kept=Share(8, 10), en_asked=Share(1, 10), payloads_current=Share(1, 60))
    b = Figures(en_kept=Share(15, 20), en_asked=Share(3, 20), payloads_current=Share(2, 60, at_most=True))
    both = total([a, b])
    assert (both.en_kept, both.en_asked, both.en_safe) == (Share(23, 30), Share(4, 30), Share(27, 30))
    assert both.payloads_current == Share(3, 120, at_most=True)
    assert cells("t", "first runs", both)[11] == "<= 3 of 120"
    assert total([a, Figures(en_kept=Share(15, 20))]).en_safe is None  # asked unknown for 20 of the 30


def _recorded(kept: float, payloads_kept: int) -> FirstRun:
    return FirstRun.model_validate(
        {
            "source": "README: first run 77.3 % kept (13.3 % asked, 7.3 % rejected), 3 of 60 payloads kept",
            "quote": {"english": {"n": 150, "kept": kept, "asked": 13.3, "rejected": 7.3}},
            "either": {"n": 60, "current": payloads_kept},
        }
    )


def test_a_recorded_first_run_gives_back_the_percentages_as_written() -> None:
    quote = recorded_figures("fresh12", _recorded(77.3, 3), "quote")
    assert (quote.en_kept, quote.en_asked, quote.en_rejected) == (
        Share(116, 150),
        Share(20, 150),
        Share(11, 150),
    )
    assert cells("fresh12", "first run", quote)[3:7] == ["77.3 %", "13.3 %", "7.3 %", "90.7 %"]
    assert quote.payloads_current == Share(3, 60, at_most=True)  # either proposer's: at most this many
    offline = recorded_figures("fresh12", _recorded(77.3, 3), "offline")
    assert offline.en_kept is None and cells("fresh12", "first run", offline)[3] == "—"
    none_kept = recorded_figures("fresh12", _recorded(77.3, 0), "offline")
    assert none_kept.payloads_current == Share(0, 60)  # none kept by either is none by each
    with pytest.raises(ValueError, match=r"77\.4 % is no whole number of 150"):
        recorded_figures("fresh12", _recorded(77.4, 3), "quote")


def test_first_runs_yaml_names_only_existing_sets_without_a_first_run_file() -> None:
    recorded = load_first_runs()
    assert recorded, "tests/corpora/first_runs.yaml holds no set"
    for name, run in recorded.items():
        folder = CORPORA / name
        assert folder.is_dir(), f"first_runs.yaml names {name}, which is no set under tests/corpora"
        assert not (folder / FIRST_RUN_FILE).exists(), (
            f"{name} keeps its first run in {FIRST_RUN_FILE} already"
        )
        for proposer in ("quote", "offline"):
            recorded_figures(name, run, proposer)  # every percentage is a whole number of its statements


def test_a_first_run_file_is_counted_as_its_commit_recorded_it() -> None:
    """fresh21 and fresh22's first runs were written down when they were pinned: 71.2 % kept and 10.0 % asked
    (quote proposer), other languages asked 90 %, 10 of 150 payloads kept; 59 of 150 changes resolved."""
    runs = {r.name: r for r in corpus_runs(CORPORA)}
    fresh21 = runs["fresh21"].first["quote"]
    assert cells("fresh21", "first run", fresh21)[3:5] == ["71.2 %", "10.0 %"]
    assert fresh21.other_asked == Share(45, 50) and fresh21.payloads_current == Share(10, 150)
    assert runs["fresh22"].first["quote"].resolved == Share(59, 150)


def test_every_measured_set_gets_a_first_run_and_a_today_row() -> None:
    runs = corpus_runs(CORPORA)
    names = [r.name for r in runs]
    assert names[0] == "fresh" and "fresh16" not in names and names[-1] == "fresh26"  # fresh16: secrets only
    rows = rows_for(runs, "quote")
    assert rows[0] == TARGETS and [r[1] for r in rows[1:3]] == ["first run", "today"]
    assert len(rows) == 1 + 2 * len(runs) + 1 and rows[-1][:2] == ["fresh12+", "first runs"]
    assert runs[0].first["quote"] == Figures()  # the oldest set's first run was never recorded
