"""The records of :mod:`language.places`: its rules, fragments and word tables
(kept as data in places.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

AIRPORTS: dict[str, str] = lexicon.words("places.airports")
_ALIASES: dict[str, str] = lexicon.words("places.aliases")
(
    _NAME_RE,
    _CODE_RE,
    _HOME_RE,
    _HOME_CUE,
    _AS_AIRPORT,
    _THATS_MY_AIRPORT,
    _FROM_AIRPORT,
    _DESTINATION,
    _PASSED_THROUGH,
    _PASSED_THROUGH_BEFORE,
    _THING_AT,
) = lexicon.rules(
    "places",
    "name_re",
    "code_re",
    "home_re",
    "home_cue",
    "as_airport",
    "thats_my_airport",
    "from_airport",
    "destination",
    "passed_through",
    "passed_through_before",
    "thing_at",
)
