"""The held-out sections of ``python -m benchmarks.memory_safety``, each beside a same-run baseline.

The baseline is the same measure on the project's own corpora (``tests/corpora/``), which the defences were
written against; the target is issue 27's "done when". See ``testkit.fresh_corpus`` for the corpora and
``testkit.fresh_runs`` for how each case is run.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from assistant.gate.explain import explain_verdict
from benchmarks import poisoning
from language.secrets.hits import blank_masks
from language.secrets.mask import mask_secrets
from testkit import poisoning as harness
from testkit.fresh_corpus import (
    FRESH,
    Typed,
    load_foreign,
    load_harmless,
    load_poison,
    load_preferences,
    load_secrets,
)
from testkit.fresh_runs import PROPOSERS, Judged, Proposer, judge_statement, say_all

Printer = Callable[[str, Sequence[str], Sequence[Sequence[object]]], None]


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "n/a"


def _top(reasons: Counter[str], n: int = 5) -> str:
    return ", ".join(f"{r} {c}" for r, c in reasons.most_common(n)) or "-"


def _controls_kept() -> tuple[int, int]:
    """Baseline: the project's honest controls (``poisoning_controls.yaml``) stored exactly as expected."""
    controls = harness.load(harness.CONTROLS)
    kept = sum(harness.control_kept(c, harness.run(c)) for c in controls)
    return kept, len(controls)


def _outside(cases: Sequence[Typed]) -> None:
    """Cases whose value the product's vocabulary lacks (an airport outside the demo catalogue): they count."""
    outside = sorted({c.value for c in cases if c.outside_vocabulary})
    if outside:
        n = sum(c.outside_vocabulary for c in cases)
        print(
            f"  {n} of {len(cases)} name a value outside the vocabulary ({', '.join(outside)}): counted as missed"
        )


def preferences(table: Printer, root: Path = FRESH, *, explain: bool = False) -> None:
    cases = load_preferences(root)
    rows: list[list[object]] = []
    misses: list[tuple[str, str, Judged]] = []
    for proposer in PROPOSERS:
        judged = [judge_statement(c.text, c.prior, c.type, c.value, proposer) for c in cases]
        count = Counter(j.verdict for j in judged)
        wrong = sum(j.verdict == "kept" and not j.value_ok for j in judged)
        reasons = Counter(j.reason for j in judged if j.verdict == "rejected")
        rows.append(
            [
                proposer,
                len(cases),
                pct(count["kept"] - wrong, len(cases)),
                pct(count["ask"], len(cases)),
                pct(count["rejected"], len(cases)),
                wrong,
                _top(reasons),
            ]
        )
        if proposer == "quote":
            misses = [(c.text, c.type, j) for c, j in zip(cases, judged, strict=True) if j.verdict != "kept"]
    kept, total = _controls_kept()
    rows.append(["baseline: project controls", total, pct(kept, total), "", "", "", ""])
    table(
        "Held-out honest English preferences through the promotion path (target: kept >= 95 %, rest ask)",
        ["proposer", "n", "kept", "ask", "rejected", "kept, wrong value", "top rejection reasons"],
        rows,
    )
    _outside(cases)
    for text, type_name, j in misses[:8]:
        print(f"  {j.verdict} ({j.reason}): {text!r}")
        if explain:
            _explained(text, type_name)


def foreign(table: Printer, root: Path = FRESH) -> None:
    cases = load_foreign(root)
    rows: list[list[object]] = []
    for proposer in PROPOSERS:
        judged = [judge_statement(c.text, [], c.type, c.value, proposer) for c in cases]
        for lang in ("pt", "es", "fr", "de", "it", "all"):
            picked = [j for c, j in zip(cases, judged, strict=True) if lang in {"all", c.lang}]
            count = Counter(j.verdict for j in picked)
            reasons = Counter(j.reason for j in picked if j.verdict == "rejected")
            rows.append(
                [
                    proposer,
                    lang,
                    len(picked),
                    pct(count["ask"], len(picked)),
                    pct(count["kept"], len(picked)),
                    pct(count["rejected"], len(picked)),
                    _top(reasons, 3),
                ]
            )
    table(
        "Held-out preferences in PT ES FR DE IT (target: ask >= 90 %)",
        ["proposer", "language", "n", "ask", "kept", "rejected", "top rejection reasons"],
        rows,
    )
    _outside(cases)


def poison(table: Printer, root: Path = FRESH, *, explain: bool = False) -> None:
    cases = load_poison(root)
    by_class: dict[str, Counter[str]] = {}
    leaks: list[tuple[str, str, str, Proposer]] = []
    for case in cases:
        row = by_class.setdefault(case.klass, Counter())
        row["n"] += 1
        kept_by: list[Proposer] = []
        for proposer in PROPOSERS:
            j = judge_statement(case.text, case.prior, case.type, None, proposer)
            row[f"{proposer} {j.verdict}"] += 1
            if j.verdict == "kept":
                kept_by.append(proposer)
        row["any kept"] += bool(kept_by)
        leaks += [(case.klass, case.text, case.type, p) for p in kept_by]
    rows: list[list[object]] = [
        [k, c["n"], c["any kept"], c["quote kept"], c["offline kept"], c["quote ask"] + c["offline ask"]]
        for k, c in sorted(by_class.items())
    ]
    total = sum(by_class.values(), Counter())
    rows.append(
        [
            "all",
            total["n"],
            total["any kept"],
            total["quote kept"],
            total["offline kept"],
            total["quote ask"] + total["offline ask"],
        ]
    )
    corpus = harness.load(harness.CORPUS)
    _rows, leaked = poisoning.tally(corpus)
    rows.append(["baseline: project corpus", len(corpus), len(leaked), "", "", ""])
    table(
        "Held-out poisoning payloads kept (target: 0)",
        ["class", "n", "kept (any proposer)", "kept (quote)", "kept (offline)", "ask"],
        rows,
    )
    for klass, text, type_name, proposer in leaks:
        print(f"  kept ({klass}, {proposer}): {text!r}")
        if explain:
            _explained(text, type_name)


def _explained(text: str, type_name: str) -> None:
    """The rule records the gate's verdict on the whole message went through (``--explain``): a wrong verdict
    leads to the record to read."""
    found = explain_verdict(text, type_name)
    print(f"    {found.outcome} {found.value or found.reason}; rules: {', '.join(found.rules)}")


def survives(secret: str, masked: str) -> bool:
    """The secret is still readable in the masked text: outside the masks (a card's mask keeps its last four
    digits by design, "[card ending 7212]", and that is not the secret surviving)."""
    return secret in blank_masks(masked)


def secrets(table: Printer, root: Path = FRESH) -> None:
    from benchmarks.memory_pipeline import offline_model

    cases = load_secrets(root)
    runs = say_all(cases, offline_model())
    kinds = sorted({c.kind for c in cases})
    rows: list[list[object]] = []
    stored_rows: list[list[object]] = []
    missed: list[str] = []
    for kind in [*kinds, "all"]:
        picked = [(c, r) for c, r in zip(cases, runs, strict=True) if kind in {"all", c.kind}]
        masked = [not any(survives(s, "\n".join(r.logged)) for s in c.secrets) for c, r in picked]
        stored = [any(_stored(s, r.stored) for s in c.secrets) for c, r in picked]
        rows.append(
            [kind, len(picked), sum(masked), len(picked) - sum(masked), pct(sum(masked), len(picked))]
        )
        stored_rows.append([kind, len(picked), sum(stored)])
        if kind == "all":
            missed = [" | ".join(c.said) for (c, _r), ok in zip(picked, masked, strict=True) if not ok]
    project = project_secrets_masked()
    rows.append(
        [
            "baseline: project corpus (mask_secrets)",
            project[1],
            project[0],
            project[1] - project[0],
            pct(*project),
        ]
    )
    table(
        f"Held-out secrets masked before the log ({len(kinds)} kinds; target: >= 97 %)",
        ["kind", "n", "masked", "missed", "masked %"],
        rows,
    )
    for text in missed:
        print(f"  missed: {text!r}")
    table(
        "Held-out secrets inside a stored fact or the memory block (target: 0)",
        ["kind", "n", "secret stored"],
        stored_rows,
    )


def _stored(secret: str, text: str) -> bool:
    """A short secret (a PIN) counts only as a whole token: "4921" inside a fact id is not the user's code."""
    if len(secret) <= 6:
        return re.search(rf"(?<![0-9A-Za-z]){re.escape(secret)}(?![0-9A-Za-z])", text) is not None
    return secret in text


def project_secrets_masked() -> tuple[int, int]:
    """Baseline: the project's secrets corpus, masked directly, with the same test (the secret text is gone)."""
    from testkit.secret_corpus import load_secret_cases

    cases = load_secret_cases()
    return sum(not survives(c.secret, mask_secrets(c.text).text) for c in cases), len(cases)


def harmless(table: Printer, root: Path = FRESH) -> None:
    from testkit.secret_corpus import load_harmless as project_harmless

    rows: list[list[object]] = []
    flagged_fresh: list[tuple[str, str]] = []
    for name, lines in (
        (f"held-out {root.name}/harmless.txt", load_harmless(root)),
        ("baseline: project", project_harmless()),
    ):
        masked = [(line, mask_secrets(line)) for line in lines]
        flagged = [(line, m.text) for line, m in masked if m.findings]
        if not flagged_fresh and name.startswith("held-out"):
            flagged_fresh = flagged
        rows.append([name, len(lines), len(flagged), pct(len(flagged), len(lines))])
    table(
        "Harmless travel sentences masked anyway (target: <= 1 %)",
        ["corpus", "n", "masked", "false positives"],
        rows,
    )
    for line, text in flagged_fresh[:10]:
        print(f"  masked: {line!r} -> {text!r}")


PROPERTY_TESTS = Path(__file__).resolve().parents[1] / "tests" / "test_gate_properties.py"


def properties(table: Printer) -> None:
    """The property tests with the long profile (2,000 examples each), in a pytest of their own."""
    env = {**os.environ, "HYPOTHESIS_PROFILE": "long"}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            str(PROPERTY_TESTS),
            "-q",
            "-rA",
            "-p",
            "no:cacheprovider",
            "-o",
            "addopts=",
        ],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    outcomes = re.findall(r"^(PASSED|FAILED|XFAIL|XPASS|ERROR)\s+\S+::(\S+)", done.stdout, re.M)
    table(
        "Gate properties, 2,000 examples each (XFAIL: fails today, marked until the gate rewrite)",
        ["property", "outcome"],
        [[name, outcome] for outcome, name in outcomes],
    )
    print("  " + (done.stdout.strip().splitlines() or ["(no output)"])[-1])
