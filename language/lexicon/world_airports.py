"""The records of :mod:`language.world_airports`: its rules, fragments and word tables
(kept as data in world_airports.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

_GENERIC, _NOT_PLACES = lexicon.tables("world_airports", "generic", "not_places")
_NAME, _ANY_CASE_NAME, _CODE = lexicon.rules("world_airports", "name", "any_case_name", "code")
