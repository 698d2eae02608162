"""The records of :mod:`language.values.words`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import fragment, rule

_NEGATION = rule(
    "values.words.negation",
    r"\b(not|no longer|never|n't|dont|don't|isn't|am not|aren't|stopped being|no)\s+(\w+\s+){0,2}$",
    flags=re.I,
    means=(
        'Text that ends, just before a value, with a negation and at most two words after it: "I\'m not ", '
        '"no longer strictly ", "I stopped being ".'
    ),
    why='extract skips a value said negated ("I\'m not vegan", "no longer vegetarian") rather than keep it.',
    examples=("I'm not ", "no longer strictly ", "I stopped being "),
    non_examples=("not sure yet, but I'd say ", "Nothing beats a "),
)

_LUGGAGE = fragment(
    "values.words.luggage",
    r"(?:a\s+|my\s+)?(?:carry[\s-]?ons?|hand luggage|cabin bags?|backpack|rucksack)\b",
    means=(
        'Hand luggage by any of its names, "a" or "my" before it or not: "a carry-on", "hand luggage", '
        '"my cabin bag".'
    ),
    why="What values.words.light names as all the user travels with.",
    examples=("a carry-on", "hand luggage", "my cabin bag"),
    non_examples=("a checked bag", "my suitcase"),
)

_LIGHT = rule(
    "values.words.light",
    r"\b(?:never|don'?t|do not|won'?t|no need to)\s+(?:ever\s+|bother\s+)?check(?:ing)?\s+(?:in\s+)?(?:a\s+|any\s+)?"
    r"(?:bags?|luggage|baggage|suitcases?)\b|\bno\s+checked\s+(?:bags?|luggage|baggage)\b"
    # "only travel with a carry-on", "travel with just a carry on", "fly with nothing but a backpack".
    r"|\b(?:(?:only|just)\s+(?:ever\s+)?(?:travel|fly|go|take|bring|pack)\s+(?:with\s+)?|"
    r"(?:travel|fly|go|take|bring|pack)\w*\s+(?:with\s+)?(?:only|just|nothing but)\s+)"
    + _LUGGAGE
    # "just a backpack and a cabin bag for me": the luggage itself, said as all there is.
    + r"|\b(?:just|only)\s+"
    + _LUGGAGE,
    flags=re.I,
    means=(
        'Travelling light said by what the user never does or takes alone: "never check a bag", "no checked '
        'luggage", "only travel with a carry-on", "just a backpack".'
    ),
    why=(
        'Read as the travel style "carry-on only" where the vocabulary names no such value, so travelling light '
        "is found however it is put."
    ),
    examples=("I never check a bag", "only travel with a carry-on", "just a backpack and a cabin bag for me"),
    non_examples=("I always check a bag", "a carry-on and one checked bag"),
)

_BUSINESS = rule(
    "values.words.business",
    r"\bbusiness\b",
    flags=re.I,
    means='The word "business" on its own, as a reply names the cabin class: "business. always business.".',
    why=(
        'Read only in a reply to the assistant\'s travel-style question ("What cabin do you usually fly?"), '
        'as business class; elsewhere "business" is as often a business trip.'
    ),
    examples=("business. always business.", "Business, please"),
    non_examples=("I'm a businesswoman", "small businesses"),
)
