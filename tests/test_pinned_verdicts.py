"""Every corpus's verdicts are pinned (``tests/corpora/**/verdicts.jsonl``, written by ``python -m testkit.pin``):
the language layer's decision on each row (kept, asked or rejected and why; what the masker hid; the intent read)
must be what the file says. A change of behaviour is a reviewed diff of those files: this test prints the rows
that changed, and ``python -m testkit.pin --set NAME`` rewrites a set once the change is meant."""

from __future__ import annotations

import pytest

from testkit.pins import changed, compute, pinned_rows, pinned_sets

PARTS = [(s, part) for s in pinned_sets() for part in s.parts]


@pytest.mark.parametrize(("pinned", "part"), PARTS, ids=[f"{s.name}/{part}" for s, part in PARTS])
def test_the_corpus_verdicts_are_the_pinned_ones(pinned, part) -> None:  # type: ignore[no-untyped-def]
    was = pinned_rows(pinned, part)
    assert was, f"{pinned.path} has no rows for {part}: run python -m testkit.pin --set {pinned.name}"
    lines = changed(was, compute(pinned, part))
    assert not lines, (
        f"{len(lines) // 2} rows of {pinned.name}/{part} changed (python -m testkit.pin --set {pinned.name} "
        "rewrites the file once the change is meant):\n" + "\n".join(lines[:80])
    )


def test_every_corpus_file_is_pinned() -> None:
    from testkit.pins import CORPORA

    pinned = {(s.folder, part) for s, part in PARTS}
    corpus_files = [
        p
        for p in CORPORA.rglob("*")
        if p.suffix in {".yaml", ".txt"}
        and p.name not in {"verdicts.jsonl", "first_runs.yaml"}
        and p.parent.name != "cases"
    ]
    missing = [p for p in corpus_files if (p.parent, p.name) not in pinned]
    assert not missing, f"corpus files with no pinned verdicts: {missing}"
