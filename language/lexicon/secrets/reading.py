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
    means="",
    why="",
    examples=("oh", "nought"),
    non_examples="xq",
)

_WORD = fragment(
    "secrets.reading.word",
    "(?:" + "|".join(_DIGIT_WORDS) + ")",
    means="",
    why="",
    examples=("oh", "nought"),
    non_examples="always",
)

_RUN = rule(
    "secrets.reading.run",
    rf"(?<![\w'’]){_WORD}(?:[ \t-]+{_WORD})*(?![\w'’])",
    flags=re.I,
    means='Digit words in a row ("one oh four", "oh oh nine"); read as digits only when a spoken zero is among them.',
    why="",
    examples=("one oh four", "oh oh nine"),
    non_examples="cheapest one's fine, get me on it",
)

_TOKEN = rule(
    "secrets.reading.token", _WORD, flags=re.I, means="", why="", examples=("oh", "nought"), non_examples="xq"
)

_ZERO = rule(
    "secrets.reading.zero",
    r"oh|nought|naught",
    flags=re.I,
    means="",
    why="",
    examples=("oh", "nought"),
    non_examples="xq",
)
