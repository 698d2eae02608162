"""What a message means, by the nearest example phrasings: the offline model's intent, read by meaning.

Why: the moves' pattern tables follow the phrasings they were written for and miss close paraphrases
("Actually, cancel that booking.", "I like sitting on the aisle"). Here every intent has a handful of example
phrasings; a message goes to the intent whose examples its sentence embedding is nearest to (cosine, the best
two examples of each intent averaged). The moves' own patterns still count, as evidence: an intent the
patterns recognise gets a bonus, so a phrasing the rules were written for keeps its move. When the best intent
does not beat the runner-up by ``MARGIN``, the model asks what was meant instead of guessing. Slots (dates,
places, option numbers, seat, diet) are read by the moves' rules afterwards, whichever intent won.

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

Encoder = Callable[[list[str]], Any]  # texts → an (n, d) array of sentence vectors


class VectorCache(Protocol):
    """Vectors kept between processes under a key (the encoder's identity is the cache's own concern)."""

    def get(self, key: str) -> np.ndarray | None: ...

    def put(self, key: str, vectors: np.ndarray) -> None: ...


MARGIN = 0.02  # the best intent must beat the runner-up by this much (cosine), or the model asks
FLOOR = 0.4  # below this the message is like none of the examples: not one of the model's intents at all
RULE_BONUS = 0.16  # added to the intent the moves' patterns recognise
_TOP = 3  # examples averaged per intent

# Each intent's example phrasings: the meaning, not a test set (benchmarks/_intent_phrasings.py holds that).
EXAMPLES: dict[str, tuple[str, ...]] = {
    "search": (
        "Find me flights to Lisbon on the 14th",
        "Are there any flights from Manchester to Porto next Friday?",
        "I need to fly to Madrid tomorrow",
        "search flights London to Paris on 3 December",
        "what flights go to Rome next week",
        "How much is a flight to Berlin on Monday?",
        "I want to get to Lisbon on the 20th, what are my options",
        "look up planes to Barcelona",
        "is anything flying to Dublin on the 2nd",
        "what does a ticket to Paris cost on Friday",
        "show me flights to Rome this weekend",
    ),
    "book": (
        "Book option 1",
        "I'll take the cheapest one",
        "book the second flight please",
        "go with number 3",
        "reserve TP1343 for me",
        "the first one sounds good, book it",
        "let's do option two",
        "put me on the earliest one",
        "I'll go with the 12:40 flight",
        "book me on that cheap easyJet one",
        "option 3 please",
    ),
    "change": (
        "Change my booking to the 16th",
        "move my flight to next Friday",
        "can I reschedule my trip to a later date",
        "I need to fly a day later, can you move it",
        "rebook me on the 18th instead",
        "push my Lisbon flight back two days",
        "switch my reservation to Sunday",
        "I'd like to travel on a different day",
        "can my trip be moved to the 20th",
        "postpone my flight by a day",
        "bring my departure forward to Thursday",
        "I'd rather fly on the 19th, swap it",
        "put my booking on a later date",
    ),
    "cancel": (
        "Cancel my booking",
        "cancel it",
        "I don't want to go any more, call the trip off",
        "please cancel BK-1A2B3C4D",
        "scrap my reservation",
        "I need to cancel my flight to Lisbon",
        "get rid of the reservation",
        "undo the booking I made",
        "I won't be going, please cancel",
        "drop the trip",
        "drop my reservation, I'm not going",
    ),
    "bookings": (
        "show my bookings",
        "where am I staying?",
        "what have I booked so far",
        "list my reservations",
        "what's my itinerary",
        "which hotel am I in",
        "remind me of my flight details",
        "when is my flight",
        "what time do I leave",
        "which flights do I have booked",
        "what's coming up for me",
        "did I book anything yet",
        "what have I got planned",
    ),
    "dinner": (
        "Any dinner suggestions near my hotel?",
        "where can I eat tonight",
        "recommend a restaurant close to where I'm staying",
        "somewhere nice for lunch nearby",
        "I'm hungry, what's good around here",
        "good places to eat near the hotel",
        "where could we have breakfast",
        "a restaurant for tonight please",
        "food recommendations near my hotel",
    ),
    "remember": (
        "remember that I prefer aisle seats",
        "don't forget I'm vegan",
        "please note that I always fly from Manchester",
        "make a note: I'm a TAP Miles&Go member",
        "keep in mind that I'm gluten-free",
        "save that I like window seats",
        "can you store my preference for aisle seats",
        "I want you to remember that I'm halal",
        "please remember my diet: vegetarian",
        "could you remember I fly from Gatwick",
        "log my seat choice as window",
        "note this down: I'm vegan",
        "add to my profile that I prefer the aisle",
        "jot down that I eat halal",
        "keep in mind my home airport is Gatwick",
        "please record that I'm gluten-free",
        # telling a preference counts too: the move then says what the write gate keeps
        "I prefer aisle seats",
        "I'm vegetarian",
        "I always fly from Heathrow",
        "I usually travel with just a carry-on",
        "I'm allergic to nuts",
        "I like to sit by the window",
        "I'm no longer vegan",
        "my home airport is Manchester",
        "aisle for me, always",
        "I eat pescatarian",
        "I'm coeliac, so no gluten",
        "I never eat meat",
        "I stopped being vegetarian",
    ),
    "recall_me": (
        "What do you remember about me?",
        "what do you know about me",
        "what preferences have you saved",
        "tell me what you have on file for me",
        "do you remember my seat preference?",
        "which details of mine do you keep",
        "show me what you have stored on me",
        "have you kept anything about me",
        "what do you have on my profile",
        "do you know where I usually fly from",
        "which of my details have you kept",
        "have you got any notes on me",
        "do you know my diet?",
    ),
    "forget": (
        "forget my seat preference",
        "forget everything you know about me",
        "delete my dietary information",
        "please stop remembering where I fly from",
        "erase all my data",
        "wipe what you saved about me",
        "forget my diet",
        "forget my preferences please",
        "remove my home airport from memory",
        "get rid of the things you saved about me",
        "forget that I prefer the aisle",
        "please forget I told you I'm vegan",
    ),
    "confirm": (
        "yes",
        "yes, go ahead",
        "sure",
        "ok do it",
        "yep, that's right",
        "please do",
        "absolutely",
        "yes, confirmed",
        "go for it",
        "that's fine, proceed",
        "ok great",
    ),
    "decline": (
        "no",
        "no, keep it",
        "never mind",
        "don't do that",
        "nope, leave it as it is",
        "actually no, forget I asked",
        "no thank you",
        "please don't do that",
        "wait, stop",
        "I've changed my mind",
        "leave it",
        "keep it, don't cancel",
    ),
    "greeting": (
        "hi",
        "hello there",
        "good morning",
        "hey, how are you?",
        "hiya",
        "hey hey",
        "hi, anybody there?",
        "sup",
        "good evening to you",
        "heya",
        "oi, hello",
    ),
    "thanks": (
        "thanks",
        "thank you so much",
        "great, cheers",
        "perfect, that's all I needed",
        "lovely, thanks a lot",
        "ta very much",
        "I appreciate your help",
        "thanks mate",
        "nice, thanks",
    ),
}

# How a clarifying question names each intent ("did you want to … or …?").
DESCRIBED: dict[str, str] = {
    "search": "search for flights",
    "book": "book one of the options",
    "change": "change a booking",
    "cancel": "cancel a booking",
    "bookings": "see your bookings",
    "dinner": "find somewhere to eat near your hotel",
    "remember": "tell me a preference to remember",
    "recall_me": "hear what I remember about you",
    "forget": "have me forget something",
    "confirm": "say yes",
    "decline": "say no",
    "greeting": "say hello",
    "thanks": "say thanks",
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Guess:
    """The nearest intent, its score, and the runner-up; ``sure`` when the margin between them is enough."""

    intent: str
    score: float
    runner_up: str
    runner_up_score: float

    @property
    def sure(self) -> bool:
        return self.score - self.runner_up_score >= MARGIN and self.score >= FLOOR

    @property
    def out_of_scope(self) -> bool:
        return self.score < FLOOR

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
    ) -> None:
        self._encode = encode
        self._examples = examples
        self._cache = cache
        self._lock = threading.Lock()
        self._matrix: np.ndarray | None = None
        self._owners: list[str] = []

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

    def scores(self, text: str) -> dict[str, float]:
        """Each intent's score: the mean cosine of its ``_TOP`` nearest examples."""
        matrix = self._built()
        sims = matrix @ self._vectors([text])[0]
        by_intent: dict[str, list[float]] = {}
        for owner, sim in zip(self._owners, sims.tolist(), strict=True):
            by_intent.setdefault(owner, []).append(sim)
        return {k: float(np.mean(sorted(v, reverse=True)[:_TOP])) for k, v in by_intent.items()}

    def guess(self, text: str, *, rule_hint: str | None = None) -> Guess:
        scores = self.scores(text)
        if rule_hint in scores:
            scores[rule_hint] += RULE_BONUS
        ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
        (best, top), (second, next_score) = ranked[0], ranked[1]
        return Guess(intent=best, score=top, runner_up=second, runner_up_score=next_score)


_INSTALLED: list[IntentIndex] = []  # the process's index, set once by the composition root


def install(
    encode: Encoder,
    examples: dict[str, tuple[str, ...]] = EXAMPLES,
    *,
    cache: VectorCache | None = None,
) -> None:
    """Route the offline model by meaning with this encoder (the composition root calls this)."""
    _INSTALLED[:] = [IntentIndex(encode, examples, cache=cache)]
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
