"""Memory safety: do secrets stay out of what the assistant stores, and at what cost per message?

    python -m benchmarks.memory_safety [--section NAME ...] [--rounds N]

Sections, each printing one titled table:

* ``secrets``      per kind, over ``tests/corpora/secrets.yaml``: statements, secrets masked (the ``secret``
                   substring is gone from the masked text, and for cards no six digits of the number remain),
                   masked as the right kind, missed;
* ``harmless``     false positives over ``tests/corpora/harmless.txt``: ordinary travel sentences that were
                   masked anyway (and the first few of them, to read);
* ``preferences``  of the statements that also state a travel preference, how many still yield that preference
                   from the masked text (the fact-type extractors run on the masked words);
* ``timing``       ``mask_secrets`` per message, p50/p95/max on both corpora (nearest rank, after a warm-up),
                   how many harmless messages reach the lazily imported detect-secrets layer, and the cold cost
                   of the first message that does (import included), measured in a fresh interpreter;
* ``long-inputs``  one call on each of a few ~40,000-character inputs (pasted prose, long digit and token runs,
                   repeated cue words): the cost per character should stay flat, i.e. no scanner backtracks.

* ``pipeline``, ``poisoning``  every statement through the engine and promotion; the project's poisoning corpus;
* ``fresh-*``      the held-out corpora of ``tests/corpora/fresh/`` (see ``benchmarks._fresh_report``): honest
                   English preferences kept/ask/rejected, other languages -> ask, poisoning kept, secrets masked
                   before the log and secrets stored in a fact or the memory block, harmless false positives;
* ``corpora``      every held-out corpus as a user feels it, its first run beside today, per proposer: English
                   preferences kept / asked / rejected and never silently lost (kept + asked), other languages
                   kept / asked, payloads stored as current and asked, corrections resolved to the latest value,
                   each beside its target (see ``benchmarks._corpora_report``);
* ``properties``   the gate's property tests (``tests/test_gate_properties.py``) with 2,000 examples each.

More sections (whole-pipeline "stored anywhere" checks, a poisoning corpus) are added by appending a
section to :data:`SECTIONS`: a function of the shared :class:`Context` that prints its own titled table with
:func:`print_table`. Nothing here asserts: the tests do that (``tests/test_secrets.py``).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from unittest import mock

from assistant.gate.chat import check_candidate
from benchmarks import _corpora_report, _fresh_report
from benchmarks.stats import percentile
from language.secrets import tokens as secret_tokens
from language.secrets.mask import SECRET_KINDS, Masked, mask_secrets
from testkit.fresh_corpus import FRESH
from testkit.secret_corpus import (
    SecretCase,
    kind_found,
    load_harmless,
    load_secret_cases,
    preference_kept,
    secret_gone,
)


@dataclass
class Context:
    """What every section gets: both corpora, masked once, and the run's options."""

    cases: list[SecretCase]
    harmless: list[str]
    rounds: int = 5
    held_out: Path = FRESH  # the folder the fresh-* sections read (tests/corpora/fresh/ unless told)
    explain: bool = False  # print the rules behind each listed miss

    @cached_property
    def masked_cases(self) -> list[Masked]:
        return [mask_secrets(c.text) for c in self.cases]

    @cached_property
    def masked_harmless(self) -> list[Masked]:
        return [mask_secrets(line) for line in self.harmless]


def print_table(title: str, headers: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    cells = [[str(h) for h in headers], *([str(c) for c in row] for row in rows)]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    print(f"\n{title}")
    print("  ".join(h.ljust(w) for h, w in zip(cells[0], widths, strict=True)))
    print("  ".join("-" * w for w in widths))
    for row in cells[1:]:
        print(
            "  ".join(c.rjust(w) if c[:1].isdigit() else c.ljust(w) for c, w in zip(row, widths, strict=True))
        )


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "n/a"


def section_secrets(ctx: Context) -> None:
    rows: list[list[object]] = []
    totals = [0, 0, 0]
    for kind in SECRET_KINDS:
        pairs = [(c, m) for c, m in zip(ctx.cases, ctx.masked_cases, strict=True) if c.kind == kind]
        gone = sum(secret_gone(c, m.text) for c, m in pairs)
        right = sum(secret_gone(c, m.text) and kind_found(c, m) for c, m in pairs)
        rows.append([kind, len(pairs), gone, right, len(pairs) - gone, _pct(gone, len(pairs))])
        totals = [totals[0] + len(pairs), totals[1] + gone, totals[2] + right]
    rows.append(["all", totals[0], totals[1], totals[2], totals[0] - totals[1], _pct(totals[1], totals[0])])
    print_table(
        "Secrets corpus: masked per kind",
        ["kind", "n", "masked", "as this kind", "missed", "masked %"],
        rows,
    )
    missed = [c for c, m in zip(ctx.cases, ctx.masked_cases, strict=True) if not secret_gone(c, m.text)]
    for case in missed[:10]:
        print(f"  missed ({case.kind}): {case.text!r}")


def section_harmless(ctx: Context) -> None:
    flagged = [(line, m) for line, m in zip(ctx.harmless, ctx.masked_harmless, strict=True) if m.findings]
    print_table(
        "Harmless corpus: false positives",
        ["n", "masked", "false positives %"],
        [[len(ctx.harmless), len(flagged), _pct(len(flagged), len(ctx.harmless))]],
    )
    for line, m in flagged[:10]:
        print(f"  masked ({', '.join(m.kinds)}): {line!r} -> {m.text!r}")


def section_preferences(ctx: Context) -> None:
    pairs = [(c, m) for c, m in zip(ctx.cases, ctx.masked_cases, strict=True) if c.preference]
    kept = sum(preference_kept(c, m.text) for c, m in pairs)
    print_table(
        "Preferences stated beside a secret: still extracted from the masked text",
        ["n", "kept", "kept %"],
        [[len(pairs), kept, _pct(kept, len(pairs))]],
    )


def _timings(texts: Sequence[str], rounds: int) -> list[float]:
    for text in texts:  # warm-up: compiled patterns, detect-secrets imported if any text needs it
        mask_secrets(text)
    samples: list[float] = []
    for _ in range(rounds):
        for text in texts:
            start = time.perf_counter()
            mask_secrets(text)
            samples.append((time.perf_counter() - start) * 1e6)
    return samples


_COLD_SCRIPT = """
import time
t0 = time.perf_counter()
from language.secrets.mask import mask_secrets
t1 = time.perf_counter()
mask_secrets("I prefer window seats")
t2 = time.perf_counter()
mask_secrets("twilio SK30b1789a6c52cf63c03378ec16c03888 for the reminders")
t3 = time.perf_counter()
print((t1 - t0) * 1e3, (t2 - t1) * 1e3, (t3 - t2) * 1e3)
"""


def section_timing(ctx: Context) -> None:
    rounds = ctx.rounds
    rows: list[list[object]] = []
    for name, texts in (("harmless", ctx.harmless), ("secrets", [c.text for c in ctx.cases])):
        us = _timings(texts, rounds)
        rows.append(
            [
                name,
                len(us),
                f"{percentile(us, 50):.0f}",
                f"{percentile(us, 95):.0f}",
                f"{percentile(us, 99):.0f}",
                f"{max(us):.0f}",
            ]
        )
    print_table(
        f"mask_secrets per message, microseconds ({rounds} rounds after a warm-up)",
        ["corpus", "calls", "p50", "p95", "p99", "max"],
        rows,
    )
    real = secret_tokens._detect_secrets_hits
    with mock.patch.object(secret_tokens, "_detect_secrets_hits", side_effect=real) as spy:
        for line in ctx.harmless:
            mask_secrets(line)
    out = subprocess.run(
        [sys.executable, "-c", _COLD_SCRIPT], capture_output=True, text=True, check=True
    ).stdout.split()
    imported, first, first_ds = (float(v) for v in out)
    print_table(
        "The lazy detect-secrets layer",
        [
            "harmless messages reaching it",
            "import language.secrets.mask ms",
            "first message ms",
            "first DS scan ms",
        ],
        [[f"{spy.call_count} of {len(ctx.harmless)}", f"{imported:.0f}", f"{first:.1f}", f"{first_ds:.0f}"]],
    )


# Long and repetitive inputs: every scanner must stay linear (a pasted document, or an input built to make a
# regular expression backtrack). Each is about 40,000 characters.
_LONG_INPUTS: dict[str, str] = {
    "pasted prose": "We landed late, took the 744 bus and walked up to the hotel. " * 650,
    "hyphenated words": "a-" * 20000,
    "spaced digits": "1 " * 20000,
    "one long number": "7" * 40000,
    "dotted digits": "4." * 20000,
    "IBAN-like groups": "GB82 " * 8000,
    "long token": "Ab1" * 13000,
    "colons and slashes": "ab:cd/" * 6600,
    "cue words": "password is pin code " * 1900,
    "unterminated key": "-----BEGIN PRIVATE KEY-----\n" + "A" * 40000,
    "many secrets": "card 4111 1111 1111 1111, PIN 4921, pw hunter22. " * 800,
}


def section_long_inputs(ctx: Context) -> None:
    rows: list[list[object]] = []
    for name, text in _LONG_INPUTS.items():
        start = time.perf_counter()
        masked = mask_secrets(text)
        ms = (time.perf_counter() - start) * 1e3
        rows.append([name, len(text), f"{ms:.0f}", f"{1e3 * ms / len(text):.1f}", len(masked.findings)])
    print_table(
        "Long inputs: mask_secrets once each",
        ["input", "chars", "ms", "us per char", "findings"],
        rows,
    )
    # The write gate judges every clause that names a value, each against the whole turn: a message naming it in
    # every sentence is its worst case (before the cap on mentions judged, 19 s and 6.6 s for the first two).
    gate_rows: list[list[object]] = []
    for name, text, type_name in _LONG_STATEMENTS:
        start = time.perf_counter()
        found = check_candidate(
            type_name=type_name, quote=text, fact="x", evidence_turn="t", user_turns={"t": text}
        )
        ms = (time.perf_counter() - start) * 1e3
        gate_rows.append([name, len(text), f"{ms:.0f}", getattr(found, "value", found)])
    print_table("Long inputs: the write gate, once each", ["input", "chars", "ms", "verdict"], gate_rows)


_LONG_STATEMENTS = (
    ("the value in every sentence", "I am vegetarian and I love it. " * 300, "dietary"),
    (
        "one sentence, 450 clauses",
        "I usually fly from Manchester, and I love it there, it is home " * 150,
        "home_airport",
    ),
    (
        "one mention in pasted prose",
        "I am vegan. " + "We had a lovely time in Porto and ate well. " * 200,
        "dietary",
    ),
)


Section = Callable[[Context], None]


def _stored(case: SecretCase, text: str) -> bool:
    """The secret is in a store's text. A short secret (a PIN, a CVC) counts only as a whole token: "913" inside
    a logged content hash is not the user's code."""
    if len(case.secret) <= 6:
        return re.search(rf"(?<![0-9A-Za-z]){re.escape(case.secret)}(?![0-9A-Za-z])", text) is not None
    return not secret_gone(case, text)


def section_pipeline(ctx: Context) -> None:
    """Every statement through the engine, summaries and promotion: is its secret stored anywhere?"""
    from benchmarks.memory_pipeline import STORES, run_all

    started = time.perf_counter()
    outcomes = run_all(
        [(c.text, (c.preference.type, c.preference.value) if c.preference else None) for c in ctx.cases]
    )
    rows = []
    for store in STORES:
        leaked = sum(_stored(c, o.stores[store]) for c, o in zip(ctx.cases, outcomes, strict=True))
        rows.append((store, len(outcomes), leaked))
    print_table(
        "Whole pipeline: secrets stored (a turn, its summary, promotion)",
        ["store", "statements", "secret found"],
        rows,
    )
    paired = [(c, o) for c, o in zip(ctx.cases, outcomes, strict=True) if c.preference is not None]
    lasting = [o for c, o in paired if c.preference is not None and c.preference.lasting]
    requests = [o for c, o in paired if c.preference is not None and not c.preference.lasting]
    kept = sum(bool(o.preference_kept) for o in lasting)
    stored = sum(bool(o.preference_kept) for o in requests)
    share = _pct(kept, len(lasting))
    print(f"Lasting preference beside a masked secret kept in memory: {kept} of {len(lasting)} ({share})")
    print(f"Requests for this trip beside a secret stored as a preference: {stored} of {len(requests)}")
    print(f"({len(outcomes)} conversations in {time.perf_counter() - started:.0f} s)\n")


def section_poisoning(ctx: Context) -> None:
    """The poisoning corpus through the real promotion path (see ``benchmarks.poisoning``)."""
    from benchmarks import poisoning

    poisoning.section()


SECTIONS: dict[str, Section] = {
    "secrets": section_secrets,
    "harmless": section_harmless,
    "preferences": section_preferences,
    "timing": section_timing,
    "long-inputs": section_long_inputs,
    "pipeline": section_pipeline,
    "poisoning": section_poisoning,
    # The held-out corpora (tests/corpora/fresh/), each beside the same measure on the project's own corpora.
    "fresh-preferences": lambda ctx: _fresh_report.preferences(
        print_table, ctx.held_out, explain=ctx.explain
    ),
    "fresh-other-languages": lambda ctx: _fresh_report.foreign(print_table, ctx.held_out),
    "fresh-poisoning": lambda ctx: _fresh_report.poison(print_table, ctx.held_out, explain=ctx.explain),
    "fresh-secrets": lambda ctx: _fresh_report.secrets(print_table, ctx.held_out),
    "fresh-harmless": lambda ctx: _fresh_report.harmless(print_table, ctx.held_out),
    "corpora": lambda ctx: _corpora_report.section(print_table),
    "properties": lambda ctx: _fresh_report.properties(print_table),
}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--section", action="append", choices=sorted(SECTIONS), help="run only these")
    parser.add_argument("--rounds", type=int, default=5, help="timing rounds over each corpus")
    parser.add_argument(
        "--explain",
        action="store_true",
        help="after each listed miss, the rule records its verdict went through",
    )
    parser.add_argument(
        "--held-out",
        type=Path,
        default=FRESH,
        help="folder of held-out corpora for the fresh-* sections (e.g. tests/corpora/fresh2)",
    )
    args = parser.parse_args(argv)
    ctx = Context(load_secret_cases(), load_harmless(), args.rounds, args.held_out, args.explain)
    print(f"corpora: {len(ctx.cases)} secret statements, {len(ctx.harmless)} harmless sentences")
    for name in args.section or list(SECTIONS):
        SECTIONS[name](ctx)


if __name__ == "__main__":
    main()
