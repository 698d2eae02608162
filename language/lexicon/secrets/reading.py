"""The records of :mod:`language.secrets.reading`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import fragment, rule, words

_DIGIT_WORDS = words(
    "secrets.reading.digit_words",
    {
        "oh": "0",
        "nought": "0",
        "naught": "0",
        "zero": "0",
        "one": "1",
        "two": "2",
        "three": "3",
        "four": "4",
        "five": "5",
        "six": "6",
        "seven": "7",
        "eight": "8",
        "nine": "9",
    },
    means=(
        'The English digit words, with zero said as a letter ("oh", "nought", "naught") as well as '
        '"zero", each with its digit.'
    ),
    why=(
        "A run of them holding a spoken zero is read as the digits it spells, so a card, PIN or code read "
        'aloud is one number to every scanner ("five seven seven oh five three").'
    ),
    examples=("five seven seven oh five three", "oh oh nine"),
    non_examples=("someone", "often"),
)

_WORD = fragment(
    "secrets.reading.word",
    "(?:" + "|".join(_DIGIT_WORDS) + ")",
    means="One digit word.",
    why="Runs and tokens are built from it.",
    examples=("oh", "nought", "seven"),
    non_examples=("ohh", "seventy"),
)

_RUN = rule(
    "secrets.reading.run",
    rf"(?<![\w'’]){_WORD}(?:[ \t-]+{_WORD})*(?![\w'’])",
    flags=re.I,
    means=(
        'Digit words in a row ("one oh four", "oh oh nine"); read as digits only when a spoken zero is '
        "among them."
    ),
    why=(
        'A lone "oh" is a word ("oh and I fly direct"): a run is read as digits only with three words or '
        "more, or digits spelled out right beside it."
    ),
    examples=("one oh four", "oh oh nine", "five seven seven oh five three"),
    non_examples=("cheapest one's fine, get me on it", "someone"),
)

_TOKEN = rule(
    "secrets.reading.token",
    _WORD,
    flags=re.I,
    means="One digit word inside a run.",
    why=(
        "Each becomes its digit, mapped back to the word it was read from; inside a run no boundary is "
        "needed."
    ),
    examples=("oh", "one oh four"),
    non_examples=("twenty", "a dozen"),
)

_ZERO = rule(
    "secrets.reading.zero",
    r"oh|nought|naught",
    flags=re.I,
    means='A zero said as a letter or a word: "oh", "nought", "naught", anywhere.',
    why=(
        'A cheap first look: a message with none needs no rereading ("zero" the shared normaliser reads '
        'already). It also finds the "oh" in "John"; the runs decide.'
    ),
    examples=("five seven seven oh five three", "nought"),
    non_examples=("five seven seven zero five three", "four one one one"),
)
