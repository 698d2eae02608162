"""The records of :mod:`language.values.vocabulary`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

from language.rules import rule, words

_ENDINGS = words(
    "values.vocabulary.endings",
    ("o", "a", "os", "as", "e", "er"),
    means='Endings a short word takes in the other languages people write to us in ("vegano", "vegana", "veganer").',
    why="",
    examples="a-jan",
    non_examples=("vegano", "vegana"),
)

_WORD = rule(
    "values.vocabulary.word", r"[^\W\d_]+", means="", why="", examples="Toby", non_examples="55779911"
)

_HELD = rule("values.vocabulary.held", r"(.)\1{2,}", means="", why="", examples="5550", non_examples="xq")

_GAP = rule("values.vocabulary.gap", r"[\s-]+", means="", why="", examples="ok 👍", non_examples="Lisbonne")
