"""The records of :mod:`language.reading.speakers`: its rules, fragments and word tables
(kept as data in speakers.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

_RELATION, _SAYING, CONDITION_WORDS = lexicon.fragments(
    "reading.speakers", "relation", "saying", "condition_words"
)
(
    _FIRST,
    _THIRD,
    _ONE_OF,
    _NAMES_THE_VALUE,
    _MY_BEFORE,
    _POSSESSED_THING,
    _NAME,
    _REPORTING,
    _ADDRESSEE_BEFORE,
    _TO_ME,
    _FOR_OTHER,
    _REPORTED_AFTER,
    _SOURCE,
    _YOU_ASKED,
    _CARRIES_ING,
    _CONDITION_OR_REASON,
    BRACKETED,
) = lexicon.rules(
    "reading.speakers",
    "first",
    "third",
    "one_of",
    "names_the_value",
    "my_before",
    "possessed_thing",
    "name",
    "reporting",
    "addressee_before",
    "to_me",
    "for_other",
    "reported_after",
    "source",
    "you_asked",
    "carries_ing",
    "condition_or_reason",
    "bracketed",
)
_PRONOUNS, _NOT_NAMES, _OBJECT, _ADDRESSEE, FIRST_PERSON, _NO_SUBJECT = lexicon.tables(
    "reading.speakers", "pronouns", "not_names", "object", "addressee", "first_person", "no_subject"
)
