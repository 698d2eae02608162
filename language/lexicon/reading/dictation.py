"""The records of :mod:`language.reading.dictation`: its rules, fragments and word tables
(kept as data in dictation.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

_SPOKEN = lexicon.rule("reading.dictation.spoken")
_MARKS = lexicon.words("reading.dictation.marks")
