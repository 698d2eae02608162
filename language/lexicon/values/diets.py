"""The records of :mod:`language.values.diets`: its rules, fragments and word tables
(kept as data in diets.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

_FOODS: dict[str, str] = lexicon.words("values.diets.foods")
_FREE_OF = lexicon.words("values.diets.free_of")
_FOOD, _LIST = lexicon.fragments("values.diets", "food", "list")
_EXCLUDED, _ALLOWED, _ONE = lexicon.rules("values.diets", "excluded", "allowed", "one")
