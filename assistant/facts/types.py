"""The closed registry of fact types: what this assistant is allowed to remember about a user.

A candidate whose type is not here is not stored. Each type owns its retention (``ttl`` after which a fact is
shown as possibly out of date; ``delete_after`` after which it is removed), whether a user has one value or
several, and an extractor that finds the value *in the user's own words*. Promotion stores the extracted,
canonical value, never the model's paraphrase, so a model cannot smuggle prose into long-term memory.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Literal

from assistant.facts.other_languages import OTHER_LANGUAGES, allergen_mentions
from assistant.language import fold_accents, may_be_other_language

# The dietary vocabulary, said once: diets a menu (and an airline meal) is tagged with, so a search can filter
# on them, and every dietary need memory can hold (the "dietary" type's canonical values; a test keeps them
# equal). Menus list no allergens, so the rest are needs a search cannot check.
MenuDiet = Literal["vegetarian", "vegan", "pescatarian", "halal", "kosher", "gluten-free"]
DietaryNeed = Literal[
    "vegetarian",
    "vegan",
    "pescatarian",
    "halal",
    "kosher",
    "gluten-free",
    "lactose-free",
    "nut allergy",
    "shellfish allergy",
]

_NEGATION = re.compile(
    r"\b(not|no longer|never|n't|dont|don't|isn't|am not|aren't|stopped being|no)\s+(\w+\s+){0,2}$", re.I
)


@dataclass(frozen=True, slots=True, kw_only=True)
class ValueMatch:
    """A value of a type found in a text, with where it was said (the gate checks the words around it)."""

    value: str
    start: int
    end: int


Finder = Callable[[str], list[ValueMatch]]


def _vocabulary(pairs: dict[str, str], *, other: str | None = None) -> tuple[Finder, frozenset[str]]:
    """Finder over a phrase → canonical value table (every mention, negated or not), and the table's canonical
    values. ``other`` names the type's table in :data:`OTHER_LANGUAGES`, read when a message may be in another
    language (:func:`_in_other_languages`).

    People do not spell a vocabulary the way it is listed: "carry on only", "nonstop", "quiet rooms",
    "vegitarian", "vegetariana", "végétarien". So a phrase's spaces and hyphens match any or none, a long
    phrase takes a plural, and a long single word also matches its inflections and one-letter slips
    (:func:`_near`) after accents are folded. Short words stay exact: "veggies" is food, not a diet.
    """

    def phrase(key: str) -> str:
        body = r"[\s-]?".join(map(re.escape, re.split(r"[\s-]+", key)))
        return body + (r"(?:s|es)?" if len(key) >= _FUZZY_MIN or " " in key else "")

    pattern = re.compile(
        r"\b(" + "|".join(phrase(k) for k in sorted(pairs, key=len, reverse=True)) + r")\b", re.I
    )
    squeezed = {re.sub(r"[\s-]+", "", k.lower()): v for k, v in pairs.items()}
    singles = {k: v for k, v in pairs.items() if re.fullmatch(r"[a-z]+", k) and len(k) >= _ENDING_MIN}

    values = frozenset(pairs.values())
    elsewhere = _in_other_languages(other, values) if other is not None else None

    def find(text: str) -> list[ValueMatch]:
        found = _find(text)
        if elsewhere is not None and may_be_other_language(text):
            taken = [(f.start, f.end) for f in found]
            found += [m for m in elsewhere(text) if not any(a < m.end and m.start < b for a, b in taken)]
        return sorted(found, key=lambda f: f.start)

    def _find(text: str) -> list[ValueMatch]:
        found = []
        for m in pattern.finditer(text):
            key = re.sub(r"[\s-]+", "", m.group(1).lower())
            value = squeezed.get(key) or squeezed.get(key[:-1]) or squeezed.get(key[:-2])
            if value is not None:
                found.append(ValueMatch(value=value, start=m.start(1), end=m.end(1)))
        taken = [(f.start, f.end) for f in found]
        folded = fold_accents(text)
        for w in _WORD.finditer(folded):
            if any(a < w.end() and w.start() < b for a, b in taken):
                continue
            value = next((v for k, v in singles.items() if _near(w.group(0).lower(), k)), None)
            if value is not None:
                found.append(ValueMatch(value=value, start=w.start(), end=w.end()))
        return found

    return find, values


def _in_other_languages(name: str, values: frozenset[str]) -> Finder:
    """Finder over the type's phrases in other languages, read in the accent-folded text (one character for
    one, so offsets hold), with allergens said apart from the allergy word for the dietary type."""
    table = OTHER_LANGUAGES[name]
    unknown = set(table.values()) - values
    if unknown:
        raise ValueError(
            f"{name}: other-language phrases name values the type does not have: {sorted(unknown)}"
        )
    phrases, _ = _vocabulary(table)

    def find(text: str) -> list[ValueMatch]:
        folded = fold_accents(text)
        found = phrases(folded)
        if name == "dietary":
            found += [ValueMatch(value=v, start=a, end=b) for v, a, b in allergen_mentions(folded)]
        return found

    return find


_FUZZY_MIN = 7
_ENDING_MIN = 5
# Endings a short word takes in the other languages people write to us in ("vegano", "vegana", "veganer").
_ENDINGS = ("o", "a", "os", "as", "e", "er")
_WORD = re.compile(r"[^\W\d_]+")


def _near(word: str, key: str) -> bool:
    """``word`` is ``key`` inflected (the same stem, a short ending: "vegetariano", "vegetarisch", "mornings")
    or slipped by one letter ("vegitarian", "pescetarian"). Both lower-case. A short ``key`` only takes an
    ending (:data:`_ENDINGS`)."""
    if word == key:
        return True  # said with accents the table does not list ("español")
    if len(word) < len(key) - 1:
        return False
    if len(key) < _FUZZY_MIN:
        return word.startswith(key) and word[len(key) :] in _ENDINGS
    stem = key[: len(key) - 2]
    if word.startswith(stem) and len(word) <= len(key) + 3:
        return True
    return word[0] == key[0] and abs(len(word) - len(key)) <= 1 and _one_edit(word, key)


def _one_edit(a: str, b: str) -> bool:
    """One substitution, insertion, deletion or swap of neighbours turns ``a`` into ``b``."""
    if len(a) == len(b):
        diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        return len(diff) == 1 or (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and a[diff[0]] == b[diff[1]]
            and a[diff[1]] == b[diff[0]]
        )
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def _airport(text: str) -> list[ValueMatch]:
    # Imported lazily to keep the registry free of the demo catalogue at import time.
    from assistant.places import home_airport_mentions

    return [ValueMatch(value=code, start=start, end=end) for code, start, end in home_airport_mentions(text)]


def _airport_codes() -> frozenset[str]:
    from assistant.places import AIRPORTS

    return frozenset(AIRPORTS)


@dataclass(frozen=True, slots=True)
class FactType:
    name: str
    label: str
    predicate: str
    multi_valued: bool
    ttl: timedelta
    delete_after: timedelta | None
    examples: tuple[str, ...]
    find: Finder
    # Every canonical value of this type: a closed vocabulary, or validated codes (airports). A fact holds one of
    # these and nothing else, so no user text can reach long-term memory or the prompt through a value.
    values: frozenset[str]

    def extract(self, text: str) -> list[str]:
        """The values stated in ``text``, skipping negated mentions ("I'm not vegan"), first mention first."""
        found: list[str] = []
        for match in self.find(text):
            if not _NEGATION.search(text[: match.start]) and match.value not in found:
                found.append(match.value)
        return found

    def key_for(self, value: str) -> str:
        """The logical identity of a fact: one per type for single-valued types, one per value otherwise."""
        return f"{self.name}:{value}" if self.multi_valued else self.name

    def render(self, value: str) -> str:
        return f"{self.label}: {value}"


_YEAR = timedelta(days=365)

FACT_TYPES: dict[str, FactType] = {
    t.name: t
    for t in (
        FactType(
            "dietary",
            "Dietary needs",
            "dietary_need",
            True,
            2 * _YEAR,
            5 * _YEAR,
            ("I'm vegetarian", "I eat halal", "I'm allergic to nuts"),
            *_vocabulary(
                {
                    "vegetarian": "vegetarian",
                    "veggie": "vegetarian",
                    "vegan": "vegan",
                    "pescatarian": "pescatarian",
                    "halal": "halal",
                    "kosher": "kosher",
                    "gluten-free": "gluten-free",
                    "gluten free": "gluten-free",
                    "coeliac": "gluten-free",
                    "celiac": "gluten-free",
                    "lactose intolerant": "lactose-free",
                    "lactose-free": "lactose-free",
                    "allergic to nuts": "nut allergy",
                    "nut allergy": "nut allergy",
                    "peanut allergy": "nut allergy",
                    "allergic to shellfish": "shellfish allergy",
                    "shellfish allergy": "shellfish allergy",
                },
                other="dietary",
            ),
        ),
        FactType(
            "seat",
            "Seat preference",
            "seat_preference",
            False,
            _YEAR,
            3 * _YEAR,
            ("I prefer aisle seats", "window seat please, always"),
            *_vocabulary(
                {
                    "aisle": "aisle",
                    "window": "window",
                    "extra legroom": "extra legroom",
                    "exit row": "exit row",
                },
                other="seat",
            ),
        ),
        FactType(
            "home_airport",
            "Home airport",
            "home_airport",
            False,
            _YEAR,
            3 * _YEAR,
            ("I usually fly from Manchester", "my home airport is LHR"),
            _airport,
            _airport_codes(),
        ),
        FactType(
            "loyalty",
            "Loyalty programme",
            "loyalty_programme",
            True,
            2 * _YEAR,
            5 * _YEAR,
            ("I'm a TAP Miles&Go member", "I collect Avios"),
            *_vocabulary(
                {
                    "miles&go": "TAP Miles&Go",
                    "miles & go": "TAP Miles&Go",
                    "avios": "British Airways Avios",
                    "executive club": "British Airways Executive Club",
                    "flying blue": "Flying Blue",
                    "iberia plus": "Iberia Plus",
                    "miles & more": "Miles & More",
                    "miles and more": "Miles & More",
                    "marriott bonvoy": "Marriott Bonvoy",
                    "bonvoy": "Marriott Bonvoy",
                    "hilton honors": "Hilton Honors",
                    "hilton honours": "Hilton Honors",
                }
            ),
        ),
        FactType(
            "accessibility",
            "Accessibility needs",
            "accessibility_need",
            True,
            2 * _YEAR,
            5 * _YEAR,
            ("I use a wheelchair", "I need step-free access"),
            *_vocabulary(
                {
                    "wheelchair": "wheelchair assistance",
                    "step-free": "step-free access",
                    "step free": "step-free access",
                    "hearing impaired": "hearing assistance",
                    "hard of hearing": "hearing assistance",
                    "visually impaired": "visual assistance",
                    "partially sighted": "visual assistance",
                    "low vision": "visual assistance",
                    "blind": "visual assistance",
                    "deaf": "hearing assistance",
                    "guide dog": "travels with a guide dog",
                    "service dog": "travels with a service dog",
                },
                other="accessibility",
            ),
        ),
        FactType(
            "language",
            "Preferred language",
            "preferred_language",
            False,
            3 * _YEAR,
            5 * _YEAR,
            ("please answer in Portuguese", "I prefer Spanish"),
            *_vocabulary(
                {
                    "english": "English",
                    "portuguese": "Portuguese",
                    "spanish": "Spanish",
                    "french": "French",
                    "german": "German",
                    "italian": "Italian",
                    "dutch": "Dutch",
                    # As people name their own language when they write in it.
                    "portugues": "Portuguese",
                    "espanol": "Spanish",
                    "castellano": "Spanish",
                    "francais": "French",
                    "deutsch": "German",
                    "italiano": "Italian",
                    "nederlands": "Dutch",
                },
                other="language",
            ),
        ),
        FactType(
            "travel_style",
            "Travel style",
            "travel_style",
            True,
            _YEAR,
            3 * _YEAR,
            ("I only fly direct", "I travel carry-on only", "I like boutique hotels"),
            *_vocabulary(
                {
                    "direct flights": "direct flights only",
                    "fly direct": "direct flights only",
                    "non-stop": "direct flights only",
                    "carry-on only": "carry-on only",
                    "hand luggage only": "carry-on only",
                    "boutique hotels": "boutique hotels",
                    "boutique hotel": "boutique hotels",
                    "budget": "budget travel",
                    "business class": "business class",
                    "quiet room": "quiet rooms",
                },
                other="travel_style",
            ),
        ),
        FactType(
            "flight_times",
            "Preferred flight times",
            "flight_time_preference",
            False,
            _YEAR,
            3 * _YEAR,
            ("I prefer morning flights", "no red-eyes for me"),
            *_vocabulary(
                {
                    "morning": "morning",
                    "afternoon": "afternoon",
                    "evening": "evening",
                    "red-eye": "red-eye",
                    "overnight": "red-eye",
                    "early flights": "morning",
                },
                other="flight_times",
            ),
        ),
    )
}


def fact_type(name: str) -> FactType | None:
    return FACT_TYPES.get(name)
