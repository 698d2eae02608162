"""What each fact type's values are called: the phrase tables that find a type's canonical values in what people
type, and the finders built on them (travelling light said by what the user never does, allergens beside an
allergy word in any language, a diet described by its foods, an airport by its name or code).

The registry of what may be remembered (``assistant.facts.types``) is policy and lives in the core; it takes
each type's finder and canonical values from here by name, so no phrase of a value is written in the core.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Protocol

from language.detect import fold_accents
from language.lexicon.values.words import _BUSINESS, _LIGHT, _NEGATION
from language.values.diets import diet_descriptions
from language.values.other_languages import allergen_mentions
from language.values.vocabulary import Finder, ValueMatch, vocabulary


class TypeWords(Protocol):
    """What the reading needs of a fact type: its name, its canonical values and how to find them."""

    @property
    def name(self) -> str: ...

    @property
    def find(self) -> Finder: ...

    @property
    def values(self) -> AbstractSet[str]: ...


@dataclass(frozen=True, slots=True)
class ValueWords:
    """One fact type's words: its finder (every mention, negated or not) and its canonical values."""

    name: str
    find: Finder
    values: AbstractSet[str]


def extract(words: TypeWords, text: str) -> list[str]:
    """The values stated in ``text``, skipping negated mentions ("I'm not vegan"), first mention first."""
    found: list[str] = []
    for match in words.find(text):
        if not _NEGATION.search(text[: match.start]) and match.value not in found:
            found.append(match.value)
    return found


def _airport(text: str) -> list[ValueMatch]:
    # Imported lazily to keep the registry free of the demo catalogue at import time.
    from language.places import home_airport_mentions

    return [ValueMatch(value=code, start=start, end=end) for code, start, end in home_airport_mentions(text)]


def _airport_codes() -> AbstractSet[str]:
    from language.world_airports import AirportCodes

    return AirportCodes()


def _plus(
    find: Finder, more: Callable[[str], Iterable[tuple[str, int, int]]], *, new_only: bool = False
) -> Finder:
    """``find``, and the (value, start, end) that ``more`` reads where ``find`` found nothing (with
    ``new_only``, only values ``find`` did not name anywhere)."""

    def finder(text: str) -> list[ValueMatch]:
        matches = find(text)
        named = {m.value for m in matches}
        extra = [
            ValueMatch(value=v, start=a, end=b)
            for v, a, b in more(text)
            if not (new_only and v in named) and not any(m.start < b and a < m.end for m in matches)
        ]
        return sorted(matches + extra, key=lambda m: m.start)

    return finder


def with_allergens(find: Finder, *, asked: bool = False) -> Finder:
    """``find``, and allergens said beside an allergy word ("allergic to peanuts", "crustaceans and molluscs,
    I'm allergic") in any language; with ``asked`` (the assistant has just asked about allergies), an allergen
    said alone too."""
    return _plus(find, lambda text: allergen_mentions(fold_accents(text), asked=asked))


def _travelling_light(text: str) -> list[tuple[str, int, int]]:
    return [("carry-on only", m.start(), m.end()) for m in _LIGHT.finditer(text)]


def _travel_style(found: tuple[Finder, frozenset[str]]) -> tuple[Finder, frozenset[str]]:
    """The travel-style vocabulary, and travelling light said as what the user never does (:data:`_LIGHT`)."""
    return _plus(found[0], _travelling_light, new_only=True), found[1]


def with_bare_cabin(find: Finder) -> Finder:
    """``find``, and a cabin class named bare ("business"): how a reply to the assistant's cabin question says
    it (:mod:`language.reading.answers`)."""
    return _plus(
        find, lambda text: [("business class", m.start(), m.end()) for m in _BUSINESS.finditer(text)]
    )


def _dietary(found: tuple[Finder, frozenset[str]]) -> tuple[Finder, frozenset[str]]:
    """The dietary vocabulary, with allergens and a diet described by its foods ("no meat or fish, but eggs are
    fine": :mod:`language.values.diets`) where no diet of that name is said."""
    return _plus(with_allergens(found[0]), diet_descriptions, new_only=True), found[1]


VALUE_WORDS: dict[str, ValueWords] = {
    w.name: w
    for w in (
        ValueWords(
            "dietary",
            *_dietary(
                vocabulary(
                    {
                        "vegetarian": "vegetarian",
                        "veggie": "vegetarian",
                        "vegan": "vegan",
                        "plant-based": "vegan",
                        "pescatarian": "pescatarian",
                        "halal": "halal",
                        "kosher": "kosher",
                        "gluten-free": "gluten-free",
                        "gluten free": "gluten-free",
                        "no gluten": "gluten-free",
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
                )
            ),
        ),
        ValueWords(
            "seat",
            *vocabulary(
                {
                    "aisle": "aisle",
                    "window": "window",
                    "extra legroom": "extra legroom",
                    "extra leg room": "extra legroom",
                    "legroom": "extra legroom",
                    "exit row": "exit row",
                    "emergency row": "exit row",
                    "exit seats": "exit row",
                    "knee room": "extra legroom",
                    "leg space": "extra legroom",
                },
                other="seat",
            ),
        ),
        ValueWords("home_airport", _airport, _airport_codes()),
        ValueWords(
            "loyalty",
            *vocabulary(
                {
                    "miles&go": "TAP Miles&Go",
                    "miles & go": "TAP Miles&Go",
                    "avios": "British Airways Avios",
                    "executive club": "British Airways Executive Club",
                    "exec club": "British Airways Executive Club",
                    "flying blue": "Flying Blue",
                    "iberia plus": "Iberia Plus",
                    "miles & more": "Miles & More",
                    "miles and more": "Miles & More",
                    "marriott bonvoy": "Marriott Bonvoy",
                    "bonvoy": "Marriott Bonvoy",
                    "hilton honors": "Hilton Honors",
                    "hilton honours": "Hilton Honors",
                    "miles and go": "TAP Miles&Go",
                }
            ),
        ),
        ValueWords(
            "accessibility",
            *vocabulary(
                {
                    "wheelchair": "wheelchair assistance",
                    # The airlines' own code for it, as people who use it say it.
                    "wchr": "wheelchair assistance",
                    "step-free": "step-free access",
                    "step free": "step-free access",
                    "no steps": "step-free access",
                    "hearing impaired": "hearing assistance",
                    "hard of hearing": "hearing assistance",
                    "hearing aids": "hearing assistance",
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
        ValueWords(
            "language",
            *vocabulary(
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
        ValueWords(
            "travel_style",
            *_travel_style(
                vocabulary(
                    {
                        "direct flights": "direct flights only",
                        "fly direct": "direct flights only",
                        "direct only": "direct flights only",
                        "flies direct": "direct flights only",
                        "non-stop": "direct flights only",
                        "direct routes": "direct flights only",
                        "no layovers": "direct flights only",
                        "carry-on only": "carry-on only",
                        "hand luggage only": "carry-on only",
                        "cabin bag only": "carry-on only",
                        "cabin baggage only": "carry-on only",
                        "boutique hotels": "boutique hotels",
                        "boutique hotel": "boutique hotels",
                        "independent hotels": "boutique hotels",
                        "boutique": "boutique hotels",
                        "budget": "budget travel",
                        "cheap": "budget travel",
                        "low-cost": "budget travel",
                        "backpacker": "budget travel",
                        "business class": "business class",
                        "fly business": "business class",
                        "business cabin": "business class",
                        "quiet room": "quiet rooms",
                        "quietest room": "quiet rooms",
                        "cheapest": "budget travel",
                        "shoestring": "budget travel",
                    },
                    other="travel_style",
                )
            ),
        ),
        ValueWords(
            "flight_times",
            *vocabulary(
                {
                    "morning": "morning",
                    "afternoon": "afternoon",
                    "evening": "evening",
                    "red-eye": "red-eye",
                    "overnight": "red-eye",
                    "early flights": "morning",
                    "first flight of the day": "morning",
                    "early in the day": "morning",
                    "late flights": "evening",
                },
                other="flight_times",
            ),
        ),
    )
}
