"""The records of :mod:`language.detect`: its rules, fragments and word tables
(kept as data in detect.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

_ENGLISH, _SHARED, _FOREIGN = lexicon.tables("detect", "english", "shared", "foreign")
_WORD = lexicon.rule("detect.word")
