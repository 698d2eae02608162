"""The records of :mod:`language.values.words`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import fragment, rule

_NEGATION = rule(
    "values.words.negation",
    r"\b(not|no longer|never|n't|dont|don't|isn't|am not|aren't|stopped being|no)\s+(\w+\s+){0,2}$",
    flags=re.I,
    means="",
    why="",
    examples="no reply to ",
    non_examples="no don't",
)

_LUGGAGE = fragment(
    "values.words.luggage",
    r"(?:a\s+|my\s+)?(?:carry[\s-]?ons?|hand luggage|cabin bags?|backpack|rucksack)\b",
    means='Travelling light said by what the user does not do: "never check a bag", "I only ever take a carry-on".',
    why="",
    examples="a carry-on",
    non_examples="always",
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
    means="",
    why="",
    examples=("only travel with a carry-on", "travel with just a carry on"),
    non_examples="Cash only?",
)

_BUSINESS = rule(
    "values.words.business",
    r"\bbusiness\b",
    flags=re.I,
    means='"business. always business." after "What cabin do you usually fly?": the class named bare.',
    why="",
    examples="business. always business.",
    non_examples="What cabin do you usually fly?",
)
