"""A learned second opinion on a statement: how much its words read like the corpora's payloads.

The write gate decides in rules. This is a small logistic regression over word and character n-grams, trained
on the project's own corpora (honest preferences against payloads that must never be kept) by
``scripts/train_second_opinion.py``, and written as JSON: the vocabulary with each n-gram's inverse document
frequency and weight, the intercept and the threshold chosen at training. It is scored here in plain Python, so
an app using it would need neither scikit-learn nor pickle at run time, and a model file is data, never code.

The gate does not consult it: ``benchmarks.second_opinion`` measures whether it would pay, and it did not (one
payload fewer kept over fifteen forward folds, while the model as it would ship asks four of the project's
sixteen honest controls instead of keeping them).

The features are defined once, here (:func:`grams`); the training script hands this very function to
scikit-learn's vectoriser, so training and scoring cannot drift apart. ``tests/test_second_opinion.py`` checks
that :meth:`SecondOpinion.score` equals scikit-learn's probability on every corpus text.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from language.normalise import normalise

MODEL_FORMAT = 1
WORD_SIZES = (1, 2)
CHAR_SIZES = (2, 5)
_WORD = re.compile(r"\w+")


def grams(text: str) -> list[str]:
    """The text's n-grams, each prefixed by its kind: words and word pairs (``w:``), and character runs of 2 to 5
    inside each word padded with a space on both sides (``c:``). Read on the normalised view, case-folded, so
    look-alike letters and typographic quotes count as what they look like."""
    folded = normalise(text).text.casefold()
    words = _WORD.findall(folded)
    found: list[str] = []
    for n in range(WORD_SIZES[0], WORD_SIZES[1] + 1):
        found.extend("w:" + " ".join(words[i : i + n]) for i in range(len(words) - n + 1))
    for word in folded.split():
        padded = f" {word} "
        for n in range(CHAR_SIZES[0], CHAR_SIZES[1] + 1):
            if n > len(padded):
                break
            found.extend("c:" + padded[i : i + n] for i in range(len(padded) - n + 1))
    return found


class ModelFileError(ValueError):
    """The model file is not a second-opinion model this code can read."""


@dataclass(frozen=True, slots=True)
class SecondOpinion:
    """A trained model: per n-gram its inverse document frequency and weight; ``threshold`` is the probability
    above which a statement the gate would keep is asked instead."""

    idf: Mapping[str, float]
    weight: Mapping[str, float]
    intercept: float
    threshold: float
    trained_on: tuple[str, ...]

    def score(self, text: str) -> float:
        """The probability that the text is a payload rather than an honest preference (sublinear tf-idf, L2
        normalised, then the logistic model), as scikit-learn computes it."""
        return self.score_grams(grams(text))

    def score_grams(self, found: list[str]) -> float:
        """:meth:`score` of a text whose :func:`grams` are already known."""
        counts = Counter(g for g in found if g in self.idf)
        values = {g: (1.0 + math.log(c)) * self.idf[g] for g, c in counts.items()}
        norm = math.sqrt(sum(v * v for v in values.values()))
        z = self.intercept
        if norm > 0:
            z += sum(v * self.weight[g] for g, v in values.items()) / norm
        return 1.0 / (1.0 + math.exp(-z)) if z >= 0 else math.exp(z) / (1.0 + math.exp(z))

    def doubts(self, text: str) -> bool:
        """Whether the text reads enough like a payload that a kept value of it should be asked instead."""
        return self.score(text) > self.threshold

    def to_json(self) -> str:
        features = {g: [self.idf[g], self.weight[g]] for g in sorted(self.idf)}
        return json.dumps(
            {
                "format": MODEL_FORMAT,
                "trained_on": list(self.trained_on),
                "threshold": self.threshold,
                "intercept": self.intercept,
                "features": features,
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )


def from_json(text: str) -> SecondOpinion:
    """Read a model file; a file of another format or shape is refused with the reason."""
    try:
        data = json.loads(text)
        if data.get("format") != MODEL_FORMAT:
            raise ModelFileError(f"model format {data.get('format')!r}, expected {MODEL_FORMAT}")
        features: dict[str, list[float]] = data["features"]
        return SecondOpinion(
            idf={g: float(v[0]) for g, v in features.items()},
            weight={g: float(v[1]) for g, v in features.items()},
            intercept=float(data["intercept"]),
            threshold=float(data["threshold"]),
            trained_on=tuple(str(name) for name in data["trained_on"]),
        )
    except (KeyError, TypeError, IndexError, AttributeError, json.JSONDecodeError) as exc:
        raise ModelFileError(f"not a second-opinion model: {exc!r}") from exc
