"""How a value is said in its clause: plainly, negated ("I'm not vegetarian", "Vegetarian I am not"), retracted
("I'm no longer vegetarian", "I don't eat vegetarian any more") or disliked ("I hate window seats", "window
seats make me claustrophobic").

Read by the clause rules (``language.reading.assertions``) for the value the quote points at, and by the whole-turn
rules (``language.reading.whole_turn``) for the same value mentioned again later in the turn.
"""

from __future__ import annotations

from typing import Literal

from language.lexicon.reading.polarity import (
    _ANSWERED_NO,
    _ANYMORE_AFTER,
    _AVOIDS,
    _DISLIKE,
    _DISLIKED_AFTER,
    _NEGATED_AFTER,
    _NEGATION,
    _RETRACTION,
    _STRETCH,
)
from language.values.vocabulary import ValueMatch

Polarity = Literal["plain", "negated", "retracted", "disliked"]


def _last_words(text: str, n: int) -> str:
    words = text.split()
    return " ".join(words[-n:])


def polarity(clause: str, match: ValueMatch) -> Polarity:
    """How the value at ``match`` is said: words of dislike just before it or after it first, then a negation
    after it; a negation before it counts within its own stretch of the clause (up to a comma), and with "any
    more" after the value, or a retraction word before it, the value is taken back rather than denied."""
    before = _last_words(clause[: match.start], 6)
    after = clause[match.end :]
    allergen = match.value.endswith("allergy") and "allerg" not in clause[match.start : match.end].lower()
    if allergen and _AVOIDS.search(_last_words(before, 3)) and "allerg" not in before.lower():
        return "plain"
    # A dislike or a negation before a comma belongs to its own stretch: "I never check bags, carry-on only",
    # "No, I'm vegan", "I avoid wheat completely, coeliac since 2019".
    near = _last_words(_ANSWERED_NO.sub(" ", _STRETCH.split(clause[: match.start])[-1]), 6)
    if _DISLIKE.search(near) or _DISLIKED_AFTER.match(after):
        return "disliked"
    if _NEGATED_AFTER.match(after):
        return "negated"
    negated = bool(_NEGATION.search(near))
    if _RETRACTION.search(before) or (negated and _ANYMORE_AFTER.search(after)):
        return "retracted"
    return "negated" if negated else "plain"
