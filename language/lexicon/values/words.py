"""The records of :mod:`language.values.words`: its rules, fragments and word tables
(kept as data in words.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

_NEGATION, _LIGHT, _BUSINESS = lexicon.rules("values.words", "negation", "light", "business")
_LUGGAGE = lexicon.fragment("values.words.luggage")
