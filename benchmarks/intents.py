"""How well the offline model tells what a message is for: intent accuracy on paraphrase sets, by meaning
(``demo.intents``, the bundled MiniLM, plain words and structural cues) beside routing by the moves' phrasing
patterns alone (same run).

The *tuning* set (``tests/corpora/intents/tuning.yaml``) was read while the examples and thresholds were
chosen. Each held-out set (``tests/corpora/intents/heldout01.yaml`` … ``heldout11.yaml``) was written by someone
who never read the model, its examples or the other sets; each was run once as it arrived (its *first run*,
the honest figure, kept in the README) and its misses were then read while the reading was widened, so only the
newest set is unread. Phrasings a set
shares with an earlier one (a bare "yes", "hi") are left out of it rather than counted twice. The README table
records the tuning set and the newest held-out set.

    python -m benchmarks.intents            # the table and the misses
    python -m benchmarks.intents --json

Each phrasing is read with no conversation behind it (today's tools, an empty memory). The pattern routing's
intent is the first move whose patterns take the message; a bare yes or no is counted for it as if our
"shall I …?" question were pending (its patterns for answers are the forgetting move's). A message the meaning
reading is unsure about (the model would ask) counts as a miss.
"""

from __future__ import annotations

import argparse
import json
import re
import time
from collections import Counter
from typing import Any

from demo.intent_examples import EXAMPLES
from testkit.bench_results import record
from testkit.intent_reading import by_meaning, by_patterns
from testkit.pins import intent_sets

TARGET = 0.95


def measure(phrasings: dict[str, tuple[str, ...]]) -> dict[str, dict[str, Any]]:
    """Accuracy of both routings on one set (the meaning reading must be installed)."""
    examples = {e.lower() for texts in EXAMPLES.values() for e in texts}
    cases = [(want, text) for want, texts in phrasings.items() for text in texts]
    overlap = [text for _want, text in cases if text.lower() in examples]
    if overlap:
        raise SystemExit(f"the test set repeats example phrasings: {overlap}")
    results: dict[str, dict[str, Any]] = {}
    for name, read in (("patterns", by_patterns), ("meaning", by_meaning)):
        start = time.perf_counter()
        got = [(want, text, read(text)) for want, text in cases]
        elapsed = time.perf_counter() - start
        misses = [(want, text, found) for want, text, found in got if found != want]
        per_intent = Counter(want for want, _t, _f in misses)
        results[name] = {
            "cases": len(cases),
            "accuracy": round(1 - len(misses) / len(cases), 4),
            "correct": len(cases) - len(misses),
            "asked": sum(1 for _w, _t, found in misses if found is None),
            "ms_per_message": round(1000 * elapsed / len(cases), 2),
            "misses_by_intent": dict(sorted(per_intent.items())),
            "misses": [{"want": w, "text": t, "got": f} for w, t, f in misses],
        }
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from travel_assistant.readers import install_offline_intents

    sets_in_order = intent_sets()
    phrasings_tuning = sets_in_order.pop("tuning")
    held_out_sets = list(sets_in_order.values())  # in the order they were written; the last is the newest
    first_held_out = held_out_sets[0]

    def said(text: str) -> str:
        return re.sub(r"[^\w ]", "", text.lower()).strip()

    tuning = {said(t) for texts in phrasings_tuning.values() for t in texts}
    shared = [t for texts in first_held_out.values() for t in texts if said(t) in tuning]
    if shared:
        raise SystemExit(f"the held-out set repeats tuning phrasings: {shared}")
    # Each later set was written after the one before it had been run (and, from the third on, after its misses
    # were read), without reading anything else: phrasings it happens to share with an earlier set or with the
    # examples (a bare "yes", "hi") are left out of it rather than counted twice.
    seen = tuning | {said(e) for texts in EXAMPLES.values() for e in texts}
    install_offline_intents("meaning")
    sets = {"tuning": measure(phrasings_tuning)}
    for number, phrasings in enumerate(held_out_sets, start=1):
        label = "held-out" if number == 1 else f"held-out {number}"
        fresh = (
            phrasings
            if number == 1
            else {k: tuple(t for t in v if said(t) not in seen) for k, v in phrasings.items()}
        )
        sets[label] = measure(fresh)
        seen |= {said(t) for texts in phrasings.values() for t in texts}
    newest = list(sets)[-1]
    for label, results in sets.items():
        if label not in ("tuning", newest):
            continue  # read while tuning: printed below, not a headline
        meaning, patterns = results["meaning"], results["patterns"]
        record(
            "intents",
            f"offline model: intent accuracy on {meaning['cases']} {label} paraphrases",
            f"{meaning['accuracy']:.1%} by meaning ({meaning['ms_per_message']} ms/message)",
            target=f"≥ {TARGET:.0%}",
            baseline=f"{patterns['accuracy']:.1%} by patterns",
            met=meaning["accuracy"] >= TARGET,
        )
    if args.json:
        print(json.dumps({"target": TARGET, **sets}, indent=2))
        return
    print(f"intent accuracy ({len(phrasings_tuning)} intents), target {TARGET:.0%}")
    print(
        f"{'set':<10} {'routing':<10} {'cases':>6} {'accuracy':>9} {'correct':>8} {'asked':>6} {'ms/msg':>7}"
    )
    for label, results in sets.items():
        for name, r in results.items():
            row = f"{r['cases']:>6} {r['accuracy']:>9.1%} {r['correct']:>8} {r['asked']:>6} {r['ms_per_message']:>7}"
            print(f"{label:<10} {name:<10} {row}")
    for label, results in sets.items():
        print(f"\nmisses by meaning on the {label} set (want -> got):")
        for miss in results["meaning"]["misses"]:
            print(f"  {miss['want']:<10} -> {miss['got'] or '(asks)':<10} {miss['text']}")


if __name__ == "__main__":
    main()
