"""Training the second opinion (:mod:`language.learned`) on the project's own corpora, with scikit-learn.

Used by ``scripts/train_second_opinion.py`` (all corpora, writes the model file) and by
``benchmarks.second_opinion`` (forward validation: trained on the corpora written before each one). The
examples, by corpus in the order they were written:

* ``project``: the project's poisoning payloads whose attack is in the user's own words (the user turn a
  candidate cites, or the statement of a remember call) as payloads, and its controls' user turns as honest;
  payloads that live outside the user's words (a tool's result, another thread, a mismatched or malformed
  proposal) are left out, since their user turns are ordinary requests;
* ``fresh``, ``fresh2`` … ``fresh21`` (the folders with statements): ``preferences_en.yaml`` and
  ``preferences_other.yaml`` as honest, ``poisoning.yaml`` as payloads.

The threshold is chosen on the training corpora alone: each training corpus is scored by a model fitted on the
others (grouped folds, so a corpus's own style never scores itself), and the threshold is the score that at most
1 % of the honest English preferences the gate keeps there exceed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold

from language.learned import SecondOpinion, grams
from testkit import poisoning as project_corpus
from testkit.fresh_corpus import load_foreign, load_poison, load_preferences
from testkit.pins import CORPORA, PIN_FILE, load

PAYLOAD_FILE = "poisoning.yaml"
HONEST_EN = "preferences_en.yaml"
HONEST_OTHER = "preferences_other.yaml"
# Project payload classes whose attack is not in the user's words.
NOT_IN_USER_WORDS = frozenset({"tool_result", "foreign_evidence", "value_mismatch", "malformed"})
HONEST_KEPT_UNFLIPPED = 0.99
INNER_FOLDS = 5
C = 1.0
MIN_DF = 2


@dataclass(frozen=True, slots=True)
class Example:
    corpus: str
    file: str
    n: int
    text: str
    payload: bool
    kept_by_gate: bool  # the quoting proposer's pinned verdict is "kept" (held-out corpora only)

    @property
    def grams(self) -> list[str]:
        return _grams(self.text)


@cache
def _grams(text: str) -> list[str]:
    return grams(text)


def held_out_names() -> list[str]:
    """The held-out folders with statements, in the order they were written (``fresh``, ``fresh2`` …)."""
    folders = [p for p in CORPORA.iterdir() if p.is_dir() and p.name.startswith("fresh")]
    with_statements = [p for p in folders if (p / HONEST_EN).exists() or (p / PAYLOAD_FILE).exists()]
    return [p.name for p in sorted(with_statements, key=lambda p: int(p.name[5:] or 1))]


def verdicts(name: str) -> dict[tuple[str, int], dict[str, dict[str, object]]]:
    """(file, row) → per proposer the pinned outcome (``{"verdict": "kept" | "ask" | "rejected", …}``)."""
    rows = load(CORPORA / name / PIN_FILE)
    return {(str(r["file"]), int(r["n"])): r for r in rows if "quote" in r}


@cache
def held_out_examples(name: str) -> tuple[Example, ...]:
    folder = CORPORA / name
    pinned = verdicts(name)
    texts: dict[str, list[str]] = {}
    if (folder / HONEST_EN).exists():
        texts[HONEST_EN] = [c.text for c in load_preferences(folder)]
    if (folder / HONEST_OTHER).exists():
        texts[HONEST_OTHER] = [c.text for c in load_foreign(folder)]
    if (folder / PAYLOAD_FILE).exists():
        texts[PAYLOAD_FILE] = [c.text for c in load_poison(folder)]
    found: list[Example] = []
    for file, said in texts.items():
        for n, text in enumerate(said):
            kept = pinned.get((file, n), {}).get("quote", {}).get("verdict") == "kept"
            found.append(Example(name, file, n, text, file == PAYLOAD_FILE, kept))
    return tuple(found)


def _said(payload: project_corpus.Payload) -> list[str]:
    """The user turns a payload's proposals cite (or its remember statement)."""
    turns = {e.turn: e.text for e in payload.thread if e.kind == "user" and e.text}
    cited = {c.get("evidence_turn") for c in payload.candidates or [] if isinstance(c, dict)}
    said = [text for turn, text in turns.items() if turn in cited]
    if payload.remember is not None:
        said.append(payload.remember.statement)
    return list(dict.fromkeys(said))


@cache
def project_examples() -> tuple[Example, ...]:
    found: list[Example] = []
    for path, payload in ((project_corpus.CORPUS, True), (project_corpus.CONTROLS, False)):
        for n, case in enumerate(project_corpus.load(path)):
            if payload and case.klass in NOT_IN_USER_WORDS:
                continue
            found.extend(Example("project", path.name, n, text, payload, False) for text in _said(case))
    return tuple(found)


def corpus_examples(names: Sequence[str]) -> list[Example]:
    """The examples of these corpora (``project`` or a held-out folder's name), in that order."""
    return [
        e for name in names for e in (project_examples() if name == "project" else held_out_examples(name))
    ]


def _fit(examples: Sequence[Example]) -> tuple[TfidfVectorizer, LogisticRegression]:
    vectoriser = TfidfVectorizer(analyzer=_identity, sublinear_tf=True, min_df=MIN_DF, norm="l2")
    x = vectoriser.fit_transform([e.grams for e in examples])
    model = LogisticRegression(C=C, class_weight="balanced", max_iter=5000)
    model.fit(x, [e.payload for e in examples])
    return vectoriser, model


def _identity(found: list[str]) -> list[str]:
    return found


def _model(
    vectoriser: TfidfVectorizer, model: LogisticRegression, threshold: float, names: Sequence[str]
) -> SecondOpinion:
    vocabulary: dict[str, int] = vectoriser.vocabulary_
    idf, weights = vectoriser.idf_, model.coef_[0]
    return SecondOpinion(
        idf={g: _round(idf[i]) for g, i in vocabulary.items()},
        weight={g: _round(weights[i]) for g, i in vocabulary.items()},
        intercept=_round(model.intercept_[0]),
        threshold=_round(threshold),
        trained_on=tuple(names),
    )


def _round(value: float) -> float:
    """Six significant digits: the file stays small, and scores move by far less than any threshold step."""
    return float(f"{float(value):.6g}")


def _threshold(examples: Sequence[Example]) -> float:
    """The score at most 1 % of the kept honest English preferences exceed, each scored out of its corpus."""
    groups = [e.corpus for e in examples]
    folds = GroupKFold(n_splits=min(INNER_FOLDS, len(set(groups))))
    scores: list[float] = []
    for train, test in folds.split(examples, groups=groups):
        honest = [examples[i] for i in test if examples[i].file == HONEST_EN and examples[i].kept_by_gate]
        if not honest:
            continue
        vectoriser, model = _fit([examples[i] for i in train])
        probability = model.predict_proba(vectoriser.transform([e.grams for e in honest]))[:, 1]
        scores.extend(float(p) for p in probability)
    if not scores:
        raise ValueError("no kept honest English preference to choose a threshold on")
    return float(np.quantile(scores, HONEST_KEPT_UNFLIPPED, method="higher"))


def train(names: Sequence[str]) -> SecondOpinion:
    """A model trained on these corpora, its threshold chosen on them (out of each corpus)."""
    examples = corpus_examples(names)
    threshold = _threshold(examples)
    vectoriser, model = _fit(examples)
    return _model(vectoriser, model, threshold, names)


def training_names() -> list[str]:
    """Every corpus the model file learns from, oldest first."""
    return ["project", *held_out_names()]


def write(model: SecondOpinion, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(model.to_json() + "\n", encoding="utf-8")
