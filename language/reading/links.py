"""The words between the user and a value: known ways of stating it, known non-assertions, and the rest.

"I'm vegetarian", "I always fly business class", "I really adore aisle seats" link the user to the value.
"I'm learning Spanish", "I know a great vegan place", "I'd rather stand than sit by the window" do not: the value
belongs to something else. A closed list of linking words can only ever be as wide as the phrasings someone
listed, so the rule is the other way round: words that are *known* to make the value something other than a
fact about the user reject it; words known to state it (or a close misspelling of one, or an adverb) keep it;
a word that is neither is an unknown linking phrase, and the gate asks the user instead of guessing.
"""

from __future__ import annotations

from difflib import get_close_matches
from typing import Literal

from language.lexicon.reading.links import (
    _COPULA_ONLY,
    _LINKS,
    _NOT_A_LINK,
    _OF_A_THING,
    _OR_AFTER,
    _OR_BEFORE,
    _OR_BETWEEN,
    _PROGRESSIVE,
    _WORD,
)
from language.values.vocabulary import ValueMatch

Link = Literal["linked", "not_linked", "unsure"]


def _stems(token: str) -> list[str]:
    """ "flying" → "fly", "taking" → "take", "booked" → "book", "sits" → "sit": a known word inflected."""
    stems = []
    for ending in ("ing", "ed", "es", "s"):
        if token.endswith(ending) and len(token) - len(ending) >= 2:
            base = token[: -len(ending)]
            stems += [base, base + "e", base[:-1] if len(base) > 2 and base[-1] == base[-2] else base]
    return stems


def link_of(words: str, type_name: str) -> Link:
    """Whether ``words`` (between the user's own subject and the value) state the value of the user.

    ``not_linked`` when a known non-assertion is there; ``linked`` when every word is a way to state the type
    (or an adverb, or a close misspelling of such a word); ``unsure`` when an unknown word is left.
    """
    allowed = _LINKS.get(type_name)
    if allowed is None:
        return "linked"  # home airport phrasings are their own link (see language.places)
    tokens = _WORD.findall(words.lower())
    if _NOT_A_LINK.search(words):
        return "not_linked"
    copula_only = _COPULA_ONLY.get(type_name)
    if copula_only is not None and tokens and all(t in copula_only for t in tokens):
        return "not_linked"
    # "I'm taking the evening flight" is what they are doing now: only a gerund after a liking ("I like
    # flying in the evening") is read as the verb it comes from.
    unknown = [
        t
        for i, t in enumerate(tokens)
        if not _known(t, allowed, inflected=not (i and tokens[i - 1] in _PROGRESSIVE and t.endswith("ing")))
    ]
    return "unsure" if unknown else "linked"


def _known(token: str, allowed: frozenset[str], *, inflected: bool = True) -> bool:
    token = token.removesuffix("'s") if len(token) > 3 else token  # "TAP's Miles&Go": the possessive's word
    if token in allowed or (len(token) > 4 and token.endswith("ly")):
        return True
    if inflected and any(stem in allowed for stem in _stems(token)):
        return True
    # "alwyas", "realy", "usualy": a typo in a filler word does not make the statement unknown.
    return len(token) >= 4 and bool(get_close_matches(token, allowed, n=1, cutoff=0.8))


def unchosen(clause: str, match: ValueMatch, matches: list[ValueMatch]) -> bool:
    """The value is one of several the user named without choosing ("window or aisle"), unless the
    alternatives are one value ("crustaceans or molluscs": a shellfish allergy either way)."""
    either = _OR_BEFORE.search(clause[: match.start]) or _OR_AFTER.match(clause, match.end)
    return bool(either) and not _same_either_way(clause, match, matches)


def _same_either_way(clause: str, match: ValueMatch, matches: list[ValueMatch]) -> bool:
    """ "crustaceans or molluscs": the alternatives are one value (a shellfish allergy), so nothing is left
    unchosen."""
    for other in matches:
        if other.value != match.value or other is match:
            continue
        lo, hi = (match, other) if match.end <= other.start else (other, match)
        if _OR_BETWEEN.fullmatch(clause, lo.end, hi.start):
            return True
    return False


def names_a_thing(clause: str, match: ValueMatch) -> bool:
    """The language named at ``match`` describes the noun after it (see :data:`_OF_A_THING`)."""
    return bool(_OF_A_THING.match(clause, match.end))
