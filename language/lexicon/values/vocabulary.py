"""The records of :mod:`language.values.vocabulary`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

from language.rules import rule, words

_ENDINGS = words(
    "values.vocabulary.endings",
    ("o", "a", "os", "as", "e", "er"),
    means=(
        "The endings a short vocabulary word takes in the other languages people write to us in: "
        '"vegan" → "vegano", "vegana", "veganer".'
    ),
    why=(
        "A word of five or six letters matches itself with one of these endings only, not any slip or other "
        'ending: "veggies" is food, not the diet "veggie".'
    ),
    examples=("a", "os", "er"),
    non_examples=("s", "ing"),
)

_WORD = rule(
    "values.vocabulary.word",
    r"[^\W\d_]+",
    means="A word of letters in any script: no digits, underscores or apostrophes.",
    why=(
        "The unit the vocabulary finder compares with a type's words for inflections and slips (_near), and "
        "reads phrases said with a slip from (_slipped_phrases), in the accent-folded text."
    ),
    examples=("vegitarian", "Fensterplatz"),
    non_examples=("14:05", "2-3"),
)

_HELD = rule(
    "values.vocabulary.held",
    r"(.)\1{2,}",
    means='One character three or more times in a row: a letter held down ("windowwww", "vegannn").',
    why='Squeezed to one before a word is compared with the vocabulary, so "windowwww" is "window".',
    examples=("windowwww", "vegannn"),
    non_examples=("coffee", "aisle"),
)

_GAP = rule(
    "values.vocabulary.gap",
    r"[\s-]+",
    means="Spaces or hyphens, and nothing else.",
    why=(
        'What may stand between the words of a phrase said with a slip ("extra legrom", "lactose-intollerant"); '
        "a comma or a full stop ends the phrase."
    ),
    examples=(" ", "-", " - "),
    non_examples=(", ", ". "),
    test="whole",
)
