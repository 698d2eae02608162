"""The closed registry of fact types: what this assistant is allowed to remember about a user.

A candidate whose type is not here is not stored. Each type owns its retention (``ttl`` after which a fact is
shown as possibly out of date; ``delete_after`` after which it is removed), whether a user has one value or
several, and an extractor that finds the value *in the user's own words* (its words are
``language.values.words``). Promotion stores the extracted,
canonical value, never the model's paraphrase, so a model cannot smuggle prose into long-term memory.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from datetime import timedelta
from typing import Literal

from language.values.vocabulary import Finder
from language.values.words import VALUE_WORDS, extract

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
    values: AbstractSet[str]
    # Values of a several-valued type that one person cannot hold together (one diet: vegetarian, vegan or
    # pescatarian): a new one replaces the old, as a new value of a one-valued type does.
    exclusive: tuple[frozenset[str], ...] = ()

    def extract(self, text: str) -> list[str]:
        """The values stated in ``text``, skipping negated mentions ("I'm not vegan"), first mention first."""
        return extract(self, text)

    def excludes(self, value: str, other: str) -> bool:
        """Whether the user cannot hold both values: the same value of a one-valued type's slot, or two values
        of one exclusive group."""
        if not self.multi_valued:
            return True
        return any(value in group and other in group for group in self.exclusive)

    def key_for(self, value: str) -> str:
        """The logical identity of a fact: one per type for single-valued types, one per value otherwise."""
        return f"{self.name}:{value}" if self.multi_valued else self.name

    def render(self, value: str) -> str:
        return f"{self.label}: {value}"


_YEAR = timedelta(days=365)


def _words(name: str) -> tuple[Finder, AbstractSet[str]]:
    words = VALUE_WORDS[name]
    return words.find, words.values


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
            *_words("dietary"),
            exclusive=(frozenset({"vegetarian", "vegan", "pescatarian"}), frozenset({"halal", "kosher"})),
        ),
        FactType(
            "seat",
            "Seat preference",
            "seat_preference",
            False,
            _YEAR,
            3 * _YEAR,
            ("I prefer aisle seats", "window seat please, always"),
            *_words("seat"),
        ),
        FactType(
            "home_airport",
            "Home airport",
            "home_airport",
            False,
            _YEAR,
            3 * _YEAR,
            ("I usually fly from Manchester", "my home airport is LHR"),
            *_words("home_airport"),
        ),
        FactType(
            "loyalty",
            "Loyalty programme",
            "loyalty_programme",
            True,
            2 * _YEAR,
            5 * _YEAR,
            ("I'm a TAP Miles&Go member", "I collect Avios"),
            *_words("loyalty"),
        ),
        FactType(
            "accessibility",
            "Accessibility needs",
            "accessibility_need",
            True,
            2 * _YEAR,
            5 * _YEAR,
            ("I use a wheelchair", "I need step-free access"),
            *_words("accessibility"),
            # Wheelchair assistance includes a step-free route; a guide dog is the kind of service dog a blind
            # traveller says they have.
            exclusive=(
                frozenset({"wheelchair assistance", "step-free access"}),
                frozenset({"travels with a guide dog", "travels with a service dog"}),
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
            *_words("language"),
        ),
        FactType(
            "travel_style",
            "Travel style",
            "travel_style",
            True,
            _YEAR,
            3 * _YEAR,
            ("I only fly direct", "I travel carry-on only", "I like boutique hotels"),
            *_words("travel_style"),
            exclusive=(frozenset({"budget travel", "business class"}),),
        ),
        FactType(
            "flight_times",
            "Preferred flight times",
            "flight_time_preference",
            False,
            _YEAR,
            3 * _YEAR,
            ("I prefer morning flights", "no red-eyes for me"),
            *_words("flight_times"),
        ),
    )
}


def fact_type(name: str) -> FactType | None:
    return FACT_TYPES.get(name)
