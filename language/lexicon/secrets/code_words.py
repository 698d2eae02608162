"""The records of :mod:`language.secrets.code_words`: its rules, fragments and word tables
(kept as data in code_words.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon
from language.secrets.tries import phrases

CODE_WORDS: dict[str, str] = lexicon.words("secrets.code_words.code_words", entries=phrases)
ACCESS_PLACES: dict[str, str] = lexicon.words("secrets.code_words.access_places", entries=phrases)
CODE_HOLDERS: dict[str, str] = lexicon.words("secrets.code_words.code_holders", entries=phrases)
DELIVERY: dict[str, str] = lexicon.words("secrets.code_words.delivery", entries=phrases)
