"""The ``corpora`` section of ``python -m benchmarks.memory_safety``: every held-out corpus, first run beside
today, once per proposer, with the memory's targets on the first line (counted in ``testkit.corpus_figures``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from testkit.corpus_figures import HEADERS, corpus_runs, rows_for
from testkit.fresh_runs import PROPOSERS
from testkit.pins import CORPORA

Printer = Callable[[str, Sequence[str], Sequence[Sequence[object]]], None]


def section(table: Printer, root: Path = CORPORA) -> None:
    runs = corpus_runs(root)
    for proposer in PROPOSERS:
        who = (
            "a model quoting the user's whole turn"
            if proposer == "quote"
            else "the offline model's extraction"
        )
        table(
            f"Held-out corpora as a user feels them, {proposer} proposer ({who}): first run and today",
            HEADERS,
            rows_for(runs, proposer),
        )
    print(
        "  today: the pinned verdicts (verdicts.jsonl), held equal to the code by tests/test_pinned_verdicts.py;"
        " first run: first_run.jsonl, else tests/corpora/first_runs.yaml (— where nothing was recorded;"
        " '<=' a payload count recorded for either proposer)"
    )
