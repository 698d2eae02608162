"""The records of :mod:`language.reading.whole_turn`: its rules, fragments and word tables
(kept as data in whole_turn.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

(
    _INTRODUCES,
    _REPORTED_LATER,
    _SIGNATURE,
    _ADVICE,
    _YOU_SAID,
    _CONTACTED,
    _WORDS,
    _FROM_ELSEWHERE,
    _TURNS_BACK,
    _ELABORATES,
    _MULLED,
    _LIMITED,
    _REASON_OPENER,
    _CONDITION,
    _QUOTE_MARK,
    _ABOUT_YOU,
    _YOU_AFTER,
) = lexicon.rules(
    "reading.whole_turn",
    "introduces",
    "reported_later",
    "signature",
    "advice",
    "you_said",
    "contacted",
    "words",
    "from_elsewhere",
    "turns_back",
    "elaborates",
    "mulled",
    "limited",
    "reason_opener",
    "condition",
    "quote_mark",
    "about_you",
    "you_after",
)
