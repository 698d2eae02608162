"""The records of :mod:`language.reading.polarity`: its rules, fragments and word tables
(kept as data in polarity.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

(
    _DISLIKE,
    _RETRACTION,
    _ANYMORE_AFTER,
    _NEGATION,
    _NEGATED_AFTER,
    _DISLIKED_AFTER,
    _AVOIDS,
    _ANSWERED_NO,
    _STRETCH,
) = lexicon.rules(
    "reading.polarity",
    "dislike",
    "retraction",
    "anymore_after",
    "negation",
    "negated_after",
    "disliked_after",
    "avoids",
    "answered_no",
    "stretch",
)
_NOUN = lexicon.fragment("reading.polarity.noun")
