"""How a value is said in its clause: plainly, negated ("I'm not vegetarian", "Vegetarian I am not"), retracted
("I'm no longer vegetarian", "I don't eat vegetarian any more") or disliked ("I hate window seats", "window
seats make me claustrophobic").

Read by the clause rules (``language.reading.assertions``) for the value the quote points at, and by the whole-turn
rules (``language.reading.whole_turn``) for the same value mentioned again later in the turn.
"""

from __future__ import annotations

import re
from typing import Literal

from language.reading.markers import HESITATION
from language.text import whole_words
from language.values.vocabulary import ValueMatch

Polarity = Literal["plain", "negated", "retracted", "disliked"]

_DISLIKE = whole_words(
    r"hate|hates|dislike|dislikes|can't stand|cannot stand|can not stand|don't like|do not like|didn't like|"
    r"not a fan of|avoid|avoids|loathe|detest|never want|not keen on|can't bear|cannot bear|sick of|tired of|"
    r"fed up with|no more|not into|don't bother with|do not bother with|dont bother with"
)
_RETRACTION = whole_words(
    r"no longer|not\s+\w*\s*(?:any ?more|now)|stopped (?:being|eating|using)?|quit|gave up|give up|"
    r"given up|used to(?: be)?|don't\s+\w+\s+any ?more|no more|not any ?more"
)
_ANYMORE_AFTER = re.compile(r"^\W*(?:\w+\W+){0,2}?(?:any ?more|these days|now)\b", re.I)
_NEGATION = re.compile(
    r"\b(?:not|never|no|neither|nor|without|hardly|nothing|n't|isn't|aren't|wasn't|don't|doesn't|didn't|won't|"
    r"can't|cannot)\b|n't\b",
    re.I,
)


# After the value: "Vegetarian I am not", "window seats are not for me", "… make me claustrophobic".
_NOUN = r"(?:\W+(?:seats?|flights?|meals?|food|options?|class|hotels?|rooms?))?"
_NEGATED_AFTER = re.compile(
    _NOUN + r"\W*(?:(?:i|we)\s*(?:'m|am|'re|are)\s+not|(?:are|is|'re|'s)\s*(?:not|n't)\b|aren't|isn't)"
    r"|(?:\W+\w+){0,2}\W+(?:never|not|no way|nope)\W*$"  # "Vegan me, never", "I'm vegan (not)"
    r"|.*\b(?:except|apart from|other than|besides)\s+(?:for\s+)?(?:me|myself|us)\b"  # "we're vegan except me"
    r"|(?:\W+\w+)?\W+(?:less|least)\b",  # "I prefer the window less"
    re.I,
)
_DISLIKED_AFTER = re.compile(
    _NOUN + r"\W*(?:(?:make|makes|give|gives)\s+me\s+(?:\w+\s+)?(?:sick|ill|nauseous|queasy|anxious|nervous|"
    r"claustrophobic|panicky|the creeps)|(?:are|is)\s+(?:the worst|awful|terrible|horrible|a nightmare|hell|"
    r"overrated|overpriced|a scam|not worth it))\b",
    re.I,
)


# Keeping away from an allergen says the allergy, it does not deny it ("can't eat crustaceans, I'm allergic").
_AVOIDS = whole_words(
    r"(?:can't|cannot|can not|don't|do not|never|mustn't|must not|shouldn't) (?:eat|have|touch|go near)|"
    r"avoid|avoids|no"
)


# "no I always need wheelchair assistance", "oh no I have a shellfish allergy": "no" answering the other side, a
# statement of the speaker's own after it (with a comma or without: dictated and typed fast, the comma goes).
_ANSWERED_NO = re.compile(
    rf"^\W*(?:(?:oh|ah+|well|{HESITATION})\W+)*(?:no+|nope|nah)\b(?=\W+(?:i|i'm|im|i've|ive|i'd|we|we're|my|our)\b)",
    re.I,
)


# Where a stretch of a clause ends: a comma or semicolon, or a dash between spaces ("I never fly from London —
# Bristol is my airport").
_STRETCH = re.compile(r"[,;]|\s[-\u2013\u2014]+\s")


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
