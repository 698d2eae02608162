"""The records of :mod:`language.reading.mood`: its rules, fragments and word tables
(kept as data in mood.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

_AUX = lexicon.fragment("reading.mood.aux")
(
    QUESTION_START,
    _SPEAKER_FIRST,
    _TAG_QUESTION,
    ANY_START,
    _MUST,
    _I_DO,
    STANDING_REQUEST,
    HEDGE,
    ASIDE,
    POLITE,
    AVAILABLE,
    HYPOTHETICAL,
    HAS_VERB,
    GREETING,
    _SUPPOSED,
    _CONDITIONAL,
    _ABOUT_TELLING,
    _LATER_QUESTION,
    _STATED,
    _POLITE_ASK,
    _CHOICE_OR_CONDITION,
    _HEDGE_TAG,
    _THEN,
) = lexicon.rules(
    "reading.mood",
    "question_start",
    "speaker_first",
    "tag_question",
    "any_start",
    "must",
    "i_do",
    "standing_request",
    "hedge",
    "aside",
    "polite",
    "available",
    "hypothetical",
    "has_verb",
    "greeting",
    "supposed",
    "conditional",
    "about_telling",
    "later_question",
    "stated",
    "polite_ask",
    "choice_or_condition",
    "hedge_tag",
    "then",
)
