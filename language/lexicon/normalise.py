"""The records of :mod:`language.normalise`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import fragment, rule, words

_LETTERS = rule(
    "normalise.letters",
    r"[^\W\d_]{2,}",
    means="",
    why="",
    examples=("in", "four one one one"),
    non_examples=",",
)

_DIGIT_WORDS: dict[str, str] = words(
    "normalise.digit_words",
    {
        word: str(value)
        for value, words in enumerate(
            (
                "zero cero zéro null",
                "one um uma uno un eins",
                "two dois duas dos deux zwei due",
                "three três tres trois drei tre",
                "four quatro cuatro quatre vier quattro",
                "five cinco cinq fünf fuenf cinque",
                "six seis sechs sei",
                "seven sete siete sept sieben sette",
                "eight oito ocho huit acht otto",
                "nine nove nueve neuf neun",
            )
        )
        for word in words.split()
    },
    means="",
    why="",
    examples=("four one one one", "quatro um um um"),
    non_examples=("in", ","),
)

_DIGIT_WORD = fragment(
    "normalise.digit_word",
    "(?:" + "|".join(sorted(map(re.escape, _DIGIT_WORDS), key=len, reverse=True)) + ")",
    means="",
    why="",
    examples=("four", "one"),
    non_examples="always",
)

_SPELLED_RUN = rule(
    "normalise.spelled_run",
    rf"\b{_DIGIT_WORD}(?:(?:[ \t]*,[ \t]*|[ \t-]+){_DIGIT_WORD}){{2,}}\b",
    flags=re.IGNORECASE,
    means='Digit words one after another, with spaces, dashes or commas between them ("five, one, six, …").',
    why="",
    examples=("five, one, six,", "four one one one"),
    non_examples=("in", ","),
)

_SPELLED_WORD = rule(
    "normalise.spelled_word",
    rf"\b{_DIGIT_WORD}\b",
    flags=re.IGNORECASE,
    means="",
    why="",
    examples=("four one one one", "quatro um um um"),
    non_examples=("in", ","),
)
