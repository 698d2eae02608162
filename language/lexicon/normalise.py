"""The records of :mod:`language.normalise`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import fragment, rule, words

_LETTERS = rule(
    "normalise.letters",
    r"[^\W\d_]{2,}",
    means="A run of two or more letters, in any script.",
    why=(
        'mixed_script looks in each for letters of two scripts ("vеgan" with a Cyrillic "е"), how look-alike '
        "spoofing is done; a single letter has no second script to mix."
    ),
    examples=("v\u0435gan", "in"),
    non_examples=("I", "4111 1111"),
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
    means=(
        "The digit words zero to nine in English, Portuguese, Spanish, French, German and Italian, each to its "
        "digit."
    ),
    why=(
        "Three or more in a row are read as digits (normalise.spelled_run), so a PIN or a card number spelled out "
        '("four one one one", "quatro um um um") is masked as one typed in digits is.'
    ),
    examples=("my PIN is four one one one", "quatro um um um"),
    non_examples=("fourteen hundred", "twenty"),
)

_DIGIT_WORD = fragment(
    "normalise.digit_word",
    "(?:" + "|".join(sorted(map(re.escape, _DIGIT_WORDS), key=len, reverse=True)) + ")",
    means='Any one digit word of normalise.digit_words, longest first ("uno" before "un").',
    why="The piece normalise.spelled_run and normalise.spelled_word are built from.",
    examples=("four", "quatro"),
    non_examples=("fourteen", "forty"),
)

_SPELLED_RUN = rule(
    "normalise.spelled_run",
    rf"\b{_DIGIT_WORD}(?:(?:[ \t]*,[ \t]*|[ \t-]+){_DIGIT_WORD}){{2,}}\b",
    flags=re.IGNORECASE,
    means=(
        'Three or more digit words in a row, with spaces, dashes or commas between them: "four one one one", '
        '"five, one, six", "zwei-drei-vier".'
    ),
    why=(
        "Each run is read as its digits in the normalised view (each digit mapped back to its word), so a spelled "
        'secret is masked. Three, not two: "two one-way tickets" and "one or two" stay words.'
    ),
    examples=("my PIN is four one one one", "five, one, six", "zwei-drei-vier"),
    non_examples=("two one-way tickets", "one or two bags"),
)

_SPELLED_WORD = rule(
    "normalise.spelled_word",
    rf"\b{_DIGIT_WORD}\b",
    flags=re.IGNORECASE,
    means="One digit word standing as a whole word.",
    why="Picks the words out of a spelled run (normalise.spelled_run), each to be replaced by its digit.",
    examples=("four", "um um um"),
    non_examples=("fourteen", "someone"),
)
