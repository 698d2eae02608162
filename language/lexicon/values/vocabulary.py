"""The records of :mod:`language.values.vocabulary`: its rules, fragments and word tables
(kept as data in vocabulary.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

_ENDINGS = lexicon.words("values.vocabulary.endings")
_WORD, _HELD, _GAP = lexicon.rules("values.vocabulary", "word", "held", "gap")
