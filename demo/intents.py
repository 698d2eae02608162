"""What a message means, by the nearest example phrasings: the offline model's intent, read by meaning.

Why: the moves' pattern tables follow the phrasings they were written for and miss close paraphrases
("Actually, cancel that booking.", "I like sitting on the aisle"). Here every intent has a handful of example
phrasings; a message goes to the intent whose examples its sentence embedding is nearest to (cosine, the best
two examples of each intent averaged). The moves' own patterns still count, as evidence: an intent the
patterns recognise gets a bonus, so a phrasing the rules were written for keeps its move. When the best intent
does not beat the runner-up by ``MARGIN``, the model asks what was meant instead of guessing. Slots (dates,
places, option numbers, seat, diet) are read by the moves' rules afterwards, whichever intent won.

A message is embedded as plain words (``demo.wording``: shorthand, emoji answers, other languages' courtesy
words, misspellings the encoder does not know), and its request sentence on its own too when a context sentence
comes first; its structure adds evidence of its own (``demo.cues``: whose booking, which option, what act).

The encoder is handed in by the composition root (``install``): ``demo`` may not import ``memory``, where the
bundled MiniLM lives. Without one the offline model routes by its patterns alone, as it always did.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

import numpy as np

from demo import cues
from demo.intent_examples import DESCRIBED, EXAMPLES
from demo.wording import Spelling, plain, vocabulary_of

Encoder = Callable[[list[str]], Any]  # texts → an (n, d) array of sentence vectors


class VectorCache(Protocol):
    """Vectors kept between processes under a key (the encoder's identity is the cache's own concern)."""

    def get(self, key: str) -> np.ndarray | None: ...

    def put(self, key: str, vectors: np.ndarray) -> None: ...


MARGIN = 0.02  # the best intent must beat the runner-up by this much (cosine), or the model asks
FLOOR = 0.4  # below this the message is like none of the examples: not one of the model's intents at all
RULE_BONUS = 0.16  # added to the intent the moves' patterns recognise
_TOP = 3  # examples averaged per intent
_ANSWERS = frozenset({"confirm", "decline", "greeting", "thanks"})  # the opening word's hints


@dataclass(frozen=True, slots=True, kw_only=True)
class Guess:
    """The nearest intent, its score, and the runner-up; ``sure`` when the margin between them is enough."""

    intent: str
    score: float
    runner_up: str
    runner_up_score: float
    cued: str | None = None  # the intent the message's structure points at most strongly (``demo.cues``)

    @property
    def evidenced(self) -> bool:
        return self.cued == self.intent

    @property
    def sure(self) -> bool:
        return self.score - self.runner_up_score >= MARGIN and not self.out_of_scope

    @property
    def out_of_scope(self) -> bool:
        # Words the encoder does not know ("red-eyes") can leave a clear request far from every example; its
        # structure still says it is one.
        return self.score < FLOOR and not self.evidenced

    def clarify(self) -> str:
        return (
            f"I'm not sure what you meant: did you want to {DESCRIBED[self.intent]} or "
            f"{DESCRIBED[self.runner_up]}? Could you say it another way?"
        )


class IntentIndex:
    """The example phrasings embedded once (lazily, on the first message), then a nearest-examples lookup."""

    def __init__(
        self,
        encode: Encoder,
        examples: dict[str, tuple[str, ...]] = EXAMPLES,
        *,
        cache: VectorCache | None = None,
        known_words: Callable[[], frozenset[str]] | None = None,
    ) -> None:
        self._encode = encode
        self._known_words = known_words
        self._examples = examples
        self._cache = cache
        self._lock = threading.Lock()
        self._matrix: np.ndarray | None = None
        self._owners: list[str] = []
        self._spelling: Spelling | None = None

    def _vectors(self, texts: list[str]) -> np.ndarray:
        vectors = np.asarray(self._encode(texts), dtype=np.float32)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.where(norms == 0, 1, norms)

    def _built(self) -> np.ndarray:
        with self._lock:
            if self._matrix is None:
                texts = [t for phrasings in self._examples.values() for t in phrasings]
                self._owners = [name for name, phrasings in self._examples.items() for _ in phrasings]
                self._matrix = self._examples_matrix(texts)
            return self._matrix

    def _examples_matrix(self, texts: list[str]) -> np.ndarray:
        """The examples' vectors, from the cache when an earlier process embedded the same texts: embedding
        every example costs a fresh process (each one-shot ``chat``) ~0.4 s before its first reply."""
        key = "intents-" + hashlib.sha256("\n".join(texts).encode()).hexdigest()[:16]
        kept = self._cache.get(key) if self._cache is not None else None
        if kept is not None and kept.shape[0] == len(texts):
            return kept
        matrix = self._vectors(texts)
        if self._cache is not None:
            self._cache.put(key, matrix)
        return matrix

    def _spelling_once(self) -> Spelling | None:
        """What a misspelt word may be mended to (the examples' words), and the words never mended (the
        encoder's own), read on the first message: without the encoder's words nothing is mended."""
        with self._lock:
            if self._spelling is None and self._known_words is not None:
                self._spelling = Spelling(
                    targets=vocabulary_of(*self._examples.values()), known=self._known_words()
                )
            return self._spelling

    def scores(self, text: str) -> dict[str, float]:
        """Each intent's score: the mean cosine of its ``_TOP`` nearest examples."""
        matrix = self._built()
        sims = matrix @ self._vectors([text])[0]
        by_intent: dict[str, list[float]] = {}
        for owner, sim in zip(self._owners, sims.tolist(), strict=True):
            by_intent.setdefault(owner, []).append(sim)
        return {k: float(np.mean(sorted(v, reverse=True)[:_TOP])) for k, v in by_intent.items()}

    def guess(self, text: str, *, rule_hint: str | None = None) -> Guess:
        """The nearest intent of the message read plainly (``demo.wording``), its structure's evidence
        (``demo.cues``) and the patterns' hint added to the examples' scores."""
        said = plain(text, self._spelling_once())
        scores = self.scores(said)
        asks = cues.request_part(said)
        if asks != said:  # a context sentence before the request: the request alone counts as much
            scores = {
                k: max(v, s) for (k, v), s in zip(scores.items(), self.scores(asks).values(), strict=True)
            }
        evidence = cues.evidence(said)
        for intent, bonus in evidence.items():
            if intent in scores:
                scores[intent] += bonus
        # A "yes", "no", "hello" or "thanks" read from the opening word is no evidence against a request the
        # structure shows ("yeah, the second one" picks an option; "Hello, I'd like to check availability …").
        answer_only = rule_hint in _ANSWERS and any(k != rule_hint and v > 0 for k, v in evidence.items())
        # ... nor is a pattern's route that the structure speaks against ("flights" in "my Dublin flight").
        contradicted = evidence.get(rule_hint or "", 0.0) < 0
        if rule_hint in scores and not answer_only and not contradicted:
            scores[rule_hint] += RULE_BONUS
        ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
        (best, top), (second, next_score) = ranked[0], ranked[1]
        cued = max(evidence, key=evidence.__getitem__) if evidence else None
        return Guess(
            intent=best,
            score=top,
            runner_up=second,
            runner_up_score=next_score,
            cued=cued if cued is not None and evidence[cued] > 0 else None,
        )


_INSTALLED: list[IntentIndex] = []  # the process's index, set once by the composition root


def install(
    encode: Encoder,
    examples: dict[str, tuple[str, ...]] = EXAMPLES,
    *,
    cache: VectorCache | None = None,
    known_words: Callable[[], frozenset[str]] | None = None,
) -> None:
    """Route the offline model by meaning with this encoder (the composition root calls this)."""
    _INSTALLED[:] = [IntentIndex(encode, examples, cache=cache, known_words=known_words)]
    _cached_guess.cache_clear()


def uninstall() -> None:
    _INSTALLED.clear()
    _cached_guess.cache_clear()


def guess(text: str, *, rule_hint: str | None) -> Guess | None:
    """The intent of ``text`` by meaning (with the patterns' hint), or None when no encoder is installed."""
    return _cached_guess(text, rule_hint) if _INSTALLED else None


@lru_cache(maxsize=2048)
def _cached_guess(text: str, rule_hint: str | None) -> Guess:
    # The same message is asked about at every model call of its turn (the first step and after each tool).
    return _INSTALLED[0].guess(text, rule_hint=rule_hint)
