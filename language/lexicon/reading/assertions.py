"""The records of :mod:`language.reading.assertions`: its rules, fragments and word tables
(kept as data in assertions.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

(
    _BEING_ONE,
    _MEMBER,
    _FIRST_PERSON_SUBJECT,
    _HOME,
    _NEGATIVE_CAPABILITY,
    _PERSON_CANNOT,
    _CAPABILITY_SUBJECT,
    _COMPOUND,
    _COMPOUND_NOUN,
    _MY,
    _SKILL,
    _WORDS_OF,
    _OPENS_WITH_VERB,
) = lexicon.rules(
    "reading.assertions",
    "being_one",
    "member",
    "first_person_subject",
    "home",
    "negative_capability",
    "person_cannot",
    "capability_subject",
    "compound",
    "compound_noun",
    "my",
    "skill",
    "words_of",
    "opens_with_verb",
)
