"""The records of :mod:`language.values.other_languages`: its rules, fragments and word tables
(kept as data in other_languages.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

_ALLERGY, _ALLERGEN = lexicon.rules("values.other_languages", "allergy", "allergen")
_ALLERGENS = lexicon.words("values.other_languages.allergens")
