"""The records of :mod:`language.reading.evidence`: its rules, fragments and word tables
(kept as data in evidence.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

(
    _BIDI,
    _SPACE,
    _SENTENCE_END,
    _ALWAYS,
    _WORD_SUBJECT,
    _CLAUSE_LIKE,
    _COMMA_SUBJECT,
    _MASK_TAIL,
    _HAS_SUBJECT,
) = lexicon.rules(
    "reading.evidence",
    "bidi",
    "space",
    "sentence_end",
    "always",
    "word_subject",
    "clause_like",
    "comma_subject",
    "mask_tail",
    "has_subject",
)
_SUBJECT_WORD = lexicon.fragment("reading.evidence.subject_word")
