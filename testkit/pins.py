"""Pinned verdicts: what the language layer decides on every corpus row, written down so a change shows as a diff.

Every corpus under ``tests/corpora/`` has a ``verdicts.jsonl`` beside it (the project's own corpora at the top
level, each held-out set in its folder, the intent paraphrase sets in ``intents/``): one JSON line per corpus
row, in the corpus's order, holding

* for a statement (``preferences_en``, ``preferences_other``, ``poisoning``) and each proposer (``quote``: a model
  proposing the expected type and quoting the whole turn; ``offline``: the offline model's own extraction), what
  promotion did with it: ``kept`` (current values), ``ask`` (values held for the user) or ``rejected`` (the
  gate's reason), exactly as ``benchmarks.memory_safety`` counts it;
* for the project's poisoning payloads and controls, every decision's reason and every user's current values;
* for a story of a changing preference (``changes``), where it ended with each proposer (see
  ``testkit.change_runs``);
* for a secret statement or a harmless sentence, the text as the masker leaves it and the kinds it found;
* for an intent phrasing, the intent the offline model reads by meaning and by its patterns alone.

``python -m testkit.pin`` writes the files; ``tests/test_pinned_verdicts.py`` recomputes them and prints every
row that changed. A change of behaviour is then a reviewed diff of these files.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from testkit import poisoning as harness
from testkit.change_runs import ChangeCase, load_changes, run_change
from testkit.fresh_corpus import (
    load_foreign,
    load_harmless,
    load_poison,
    load_preferences,
    load_secrets,
)
from testkit.fresh_runs import OWNER, PROPOSERS, promote
from testkit.secret_corpus import load_harmless as load_project_harmless
from testkit.secret_corpus import load_secret_cases

CORPORA = Path(__file__).resolve().parents[1] / "tests" / "corpora"
INTENTS = CORPORA / "intents"
PIN_FILE = "verdicts.jsonl"
FIRST_RUN_FILE = "first_run.jsonl"
Row = dict[str, Any]


def text_key(text: str) -> str:
    """A short fingerprint of a corpus row's text: an edited row shows as changed even when its verdict is not."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]


def _head(text: str) -> str:
    one_line = " ".join(text.split())
    return one_line if len(one_line) <= 100 else one_line[:99] + "…"


def statement_outcome(text: str, prior: Sequence[Any], type_name: str, proposer: str) -> Row:
    """One statement through promotion, as the benchmark judges it: kept values of the expected type, else the
    values held for the user, else the gate's reason."""
    outcome = promote(text, prior, type_name, proposer)  # type: ignore[arg-type]
    current = sorted(f.value for f in outcome.current.get(OWNER, []) if f.type == type_name)
    if current:
        return {"verdict": "kept", "values": current}
    pending = sorted(f"{f.type}={f.value}" for f in outcome.pending.get(OWNER, []))
    asked = [v.reason for v in outcome.verdicts if v.reason == "pending" or v.reason.startswith("ask")]
    if pending or asked:
        return {"verdict": "ask", "values": pending, "reasons": sorted(set(asked))}
    others = sorted(f"{f.type}={f.value}" for f in outcome.current.get(OWNER, []))
    reasons = [v.reason for v in outcome.verdicts if v.type == type_name and not v.kept]
    reasons = reasons or [v.reason for v in outcome.verdicts if not v.kept]
    row: Row = {"verdict": "rejected", "reason": reasons[0] if reasons else "not proposed"}
    if others:
        row["other_types_kept"] = others
    return row


def _statement_rows(cases: Sequence[Any], file: str) -> Iterator[Row]:
    for n, case in enumerate(cases):
        prior = getattr(case, "prior", [])
        row: Row = {"file": file, "n": n, "key": text_key(case.text), "text": _head(case.text)}
        for proposer in PROPOSERS:
            row[proposer] = statement_outcome(case.text, prior, case.type, proposer)
        yield row


def _change_rows(cases: Sequence[ChangeCase]) -> Iterator[Row]:
    for n, case in enumerate(cases):
        row: Row = {"file": "changes.yaml", "n": n, "key": text_key(case.said), "text": _head(case.said)}
        for proposer in PROPOSERS:
            found = run_change(case, proposer)
            row[proposer] = {
                "resolution": found.resolution,
                "current": list(found.current),
                "pending": list(found.pending),
            }
        yield row


def _masked_rows(file: str, statements: Sequence[Sequence[str]]) -> Iterator[Row]:
    from language.secrets.mask import mask_secrets

    for n, said in enumerate(statements):
        joined = "\n".join(said)
        masked = [mask_secrets(text) for text in said]
        row: Row = {"file": file, "n": n, "key": text_key(joined)}
        if any(m.findings for m in masked):
            row["masked"] = "\n".join(m.text for m in masked)
            row["kinds"] = sorted({k for m in masked for k in m.kinds})
        else:
            row["masked"] = None
        yield row


def _payload_rows(path: Path) -> Iterator[Row]:
    for n, payload in enumerate(harness.load(path)):
        outcome = harness.run(payload)
        yield {
            "file": path.name,
            "n": n,
            "id": payload.id,
            "decisions": [f"{v.source}:{v.type}:{'kept' if v.kept else v.reason}" for v in outcome.verdicts],
            "current": {
                u: sorted(f"{f.type}={f.value}" for f in facts)
                for u, facts in outcome.current.items()
                if facts
            },
            "pending": {
                u: sorted(f"{f.type}={f.value}" for f in facts)
                for u, facts in outcome.pending.items()
                if facts
            },
        }


def intent_sets() -> dict[str, dict[str, tuple[str, ...]]]:
    """The intent paraphrase sets, by file stem (``tuning``, ``heldout01`` …), in the order they were written."""
    import yaml

    sets: dict[str, dict[str, tuple[str, ...]]] = {}
    for path in sorted(INTENTS.glob("*.yaml"), key=lambda p: (p.stem != "tuning", p.stem)):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        sets[path.stem] = {intent: tuple(texts) for intent, texts in data.items()}
    return sets


Part = Callable[[], Iterator[Row]]


@dataclass(frozen=True, slots=True)
class PinnedSet:
    """One folder's corpora: a part per corpus file (computed alone, so a test can check them in parallel)."""

    name: str
    folder: Path
    parts: dict[str, Part]

    @property
    def path(self) -> Path:
        return self.folder / PIN_FILE

    @property
    def first_run_path(self) -> Path:
        return self.folder / FIRST_RUN_FILE


def _held_out(folder: Path) -> dict[str, Part]:
    parts: dict[str, Part] = {}
    if (folder / "preferences_en.yaml").exists():
        parts["preferences_en.yaml"] = lambda: _statement_rows(
            load_preferences(folder), "preferences_en.yaml"
        )
    if (folder / "preferences_other.yaml").exists():
        parts["preferences_other.yaml"] = lambda: _statement_rows(
            load_foreign(folder), "preferences_other.yaml"
        )
    if (folder / "poisoning.yaml").exists():
        parts["poisoning.yaml"] = lambda: _statement_rows(load_poison(folder), "poisoning.yaml")
    if (folder / "changes.yaml").exists():
        parts["changes.yaml"] = lambda: _change_rows(load_changes(folder))
    if (folder / "secrets.yaml").exists():
        parts["secrets.yaml"] = lambda: _masked_rows("secrets.yaml", [s.said for s in load_secrets(folder)])
    if (folder / "harmless.txt").exists():
        parts["harmless.txt"] = lambda: _masked_rows(
            "harmless.txt", [[line] for line in load_harmless(folder)]
        )
    return parts


def _project() -> dict[str, Part]:
    return {
        "poisoning.yaml": lambda: _payload_rows(harness.CORPUS),
        "poisoning_controls.yaml": lambda: _payload_rows(harness.CONTROLS),
        "secrets.yaml": lambda: _masked_rows("secrets.yaml", [[c.text] for c in load_secret_cases()]),
        "harmless.txt": lambda: _masked_rows("harmless.txt", [[line] for line in load_project_harmless()]),
    }


def _intent_rows(stem: str, phrasings: dict[str, tuple[str, ...]]) -> Iterator[Row]:
    from testkit.intent_reading import by_meaning, by_patterns, install_meaning

    install_meaning()
    cases = [(want, text) for want, texts in phrasings.items() for text in texts]
    for n, (want, text) in enumerate(cases):
        yield {
            "file": f"{stem}.yaml",
            "n": n,
            "text": _head(text),
            "want": want,
            "meaning": by_meaning(text),
            "patterns": by_patterns(text),
        }


def _intents() -> dict[str, Part]:
    return {
        f"{stem}.yaml": partial(_intent_rows, stem, phrasings) for stem, phrasings in intent_sets().items()
    }


def pinned_sets() -> list[PinnedSet]:
    """Every pinned set: the project's corpora, each held-out folder (``fresh``, ``fresh2`` …), the intents."""
    folders = sorted(
        (p for p in CORPORA.iterdir() if p.is_dir() and p.name.startswith("fresh")),
        key=lambda p: int(p.name[5:] or 1),
    )
    return [
        PinnedSet("project", CORPORA, _project()),
        *(PinnedSet(f.name, f, _held_out(f)) for f in folders),
        PinnedSet("intents", INTENTS, _intents()),
    ]


def compute(pinned: PinnedSet, part: str | None = None) -> list[Row]:
    """The set's rows (or one part's), in the pinned file's order."""
    names = [part] if part is not None else list(pinned.parts)
    return [row for name in names for row in pinned.parts[name]()]


def pinned_rows(pinned: PinnedSet, part: str | None = None) -> list[Row]:
    rows = load(pinned.path) if pinned.path.exists() else []
    return rows if part is None else [r for r in rows if r.get("file") == part]


def dump(rows: Sequence[Row]) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def load(path: Path) -> list[Row]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def changed(pinned: Sequence[Row], now: Sequence[Row]) -> list[str]:
    """Readable lines for every row that differs (a row added or dropped counts too)."""
    lines: list[str] = []
    for i in range(max(len(pinned), len(now))):
        was = pinned[i] if i < len(pinned) else None
        got = now[i] if i < len(now) else None
        if was != got:
            where = (got or was or {}).get("file", "?"), (got or was or {}).get("n", i)
            lines.append(f"{where[0]} row {where[1]}:\n    pinned: {json.dumps(was, ensure_ascii=False)}")
            lines.append(f"    now:    {json.dumps(got, ensure_ascii=False)}")
    return lines
