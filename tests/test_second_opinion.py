"""The learned second opinion: the plain-Python scorer agrees with scikit-learn, and a model file is data."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass

import pytest

from language.learned import ModelFileError, SecondOpinion, from_json, grams
from testkit.second_opinion import _fit, _model, corpus_examples


@dataclass(frozen=True)
class Small:
    model: SecondOpinion
    texts: list[str]
    payload: list[bool]
    expected: list[float]  # scikit-learn's probabilities


@pytest.fixture(scope="module")
def small() -> Small:
    """A model fitted on the project's corpus and the first held-out one, and scikit-learn's probabilities for
    the second held-out corpus's texts."""
    vectoriser, model = _fit(corpus_examples(["project", "fresh"]))
    unseen = corpus_examples(["fresh2"])
    texts = [e.text for e in unseen]
    expected = model.predict_proba(vectoriser.transform([grams(t) for t in texts]))[:, 1]
    written = _model(vectoriser, model, 0.5, ["project", "fresh"])
    return Small(written, texts, [e.payload for e in unseen], [float(p) for p in expected])


def test_plain_python_scores_equal_scikit_learn(small: Small) -> None:
    got = [small.model.score(t) for t in small.texts]
    worst = max(abs(a - b) for a, b in zip(got, small.expected, strict=True))
    assert worst < 1e-3, worst


def test_payloads_of_an_unseen_corpus_score_higher_than_its_honest_preferences(small: Small) -> None:
    scores = [small.model.score(t) for t in small.texts]
    payloads = [s for s, bad in zip(scores, small.payload, strict=True) if bad]
    honest = [s for s, bad in zip(scores, small.payload, strict=True) if not bad]
    assert payloads and honest
    assert sum(payloads) / len(payloads) > sum(honest) / len(honest) + 0.2


def test_a_model_survives_its_file(small: Small) -> None:
    model, texts = small.model, small.texts
    again = from_json(model.to_json())
    assert again == model
    assert [again.score(t) for t in texts[:20]] == [model.score(t) for t in texts[:20]]


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        json.dumps({"format": 99, "features": {}}),
        json.dumps({"format": 1, "intercept": 0.0, "threshold": 0.5, "trained_on": []}),
        json.dumps(
            {"format": 1, "intercept": 0.0, "threshold": 0.5, "trained_on": [], "features": {"w:a": 1}}
        ),
    ],
)
def test_a_file_that_is_not_a_model_is_refused_with_its_reason(text: str) -> None:
    with pytest.raises(ModelFileError):
        from_json(text)


def test_grams_read_the_normalised_view() -> None:
    """Typographic apostrophes and case do not change what the model reads."""
    assert grams("I DON\u2019T eat meat") == grams("i don't eat meat")
    assert "w:don t" in grams("I don't eat meat")
    assert "c: me" in grams("I don't eat meat")


def test_score_is_a_probability_for_any_text() -> None:
    model = SecondOpinion(
        idf={"w:a": 1.0}, weight={"w:a": 800.0}, intercept=-900.0, threshold=0.5, trained_on=()
    )
    for text in ("", "a", "b c", "a a a"):
        score = model.score(text)
        assert 0.0 <= score <= 1.0 and not math.isnan(score)
