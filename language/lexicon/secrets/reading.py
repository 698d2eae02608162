"""The records of :mod:`language.secrets.reading`: its rules, fragments and word tables
(kept as data in reading.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

_DIGIT_WORDS = lexicon.words("secrets.reading.digit_words")
_WORD = lexicon.fragment("secrets.reading.word")
_RUN, _TOKEN, _ZERO = lexicon.rules("secrets.reading", "run", "token", "zero")
