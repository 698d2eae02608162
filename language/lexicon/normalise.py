"""The records of :mod:`language.normalise`: its rules, fragments and word tables
(kept as data in normalise.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

_DIGIT_WORDS: dict[str, str] = lexicon.words("normalise.digit_words")
_LETTERS, _SPELLED_RUN, _SPELLED_WORD = lexicon.rules("normalise", "letters", "spelled_run", "spelled_word")
_DIGIT_WORD = lexicon.fragment("normalise.digit_word")
