"""The records of :mod:`language.reading.links`: its rules, fragments and word tables
(kept as data in links.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

_COMMON, _TYPE_WORDS, _COPULA, _LINKS, _COPULA_ONLY, _PROGRESSIVE = lexicon.tables(
    "reading.links", "common", "type_words", "copula", "links", "copula_only", "progressive"
)
_NOT_A_LINK, _WORD, _OR_BEFORE, _OR_AFTER, _OR_BETWEEN, _OF_A_THING = lexicon.rules(
    "reading.links", "not_a_link", "word", "or_before", "or_after", "or_between", "of_a_thing"
)
