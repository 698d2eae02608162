"""Airports the demo knows, and how people name them ("Lisbon", "LIS", "Heathrow"); a home airport may be any
airport in the world (:mod:`language.world_airports`)."""

from __future__ import annotations

import re

from language.detect import fold_accents
from language.lexicon.places import (
    _ALIASES,
    _AS_AIRPORT,
    _CODE_RE,
    _DESTINATION,
    _FROM_AIRPORT,
    _HOME_CUE,
    _HOME_RE,
    _NAME_RE,
    _PASSED_THROUGH,
    _PASSED_THROUGH_BEFORE,
    _THATS_MY_AIRPORT,
    _THING_AT,
    AIRPORTS,
)


def airport_code(name: str) -> str | None:
    """'Lisbon', 'lisboa', 'LIS' → 'LIS'; anything unknown → None."""
    key = name.strip()
    if key.upper() in AIRPORTS:
        return key.upper()
    return _ALIASES.get(" ".join(re.split(r"[\s-]+", fold_accents(key).lower())))


def find_airports(text: str) -> list[str]:
    """Every airport mentioned in ``text``, in order of appearance, without duplicates."""
    seen: list[str] = []
    for _start, _end, code in _mentions(text):
        if code not in seen:
            seen.append(code)
    return seen


def _destination(text: str, start: int) -> bool:
    """The airport named at ``start`` is where the user goes ("flights to Lisbon"), not where they start."""
    return _DESTINATION.search(text[max(0, start - 20) : start]) is not None


def home_airport_mentions(text: str) -> list[tuple[str, int, int]]:
    """(airport code, start, end) of each "home" mention in ``text`` ("I usually fly from Manchester")."""
    found = []
    for match in _HOME_RE.finditer(text):
        codes = find_airports(match.group(1))
        if codes:
            found.append((codes[0], match.start(1), match.end(1)))
    if found or not _HOME_CUE.search(text):
        return found
    # Anywhere in the world, by code or name ("Changi is my home airport", "I fly out of Guarulhos"); in lower
    # case too when said as the airport ("boston logan is my home airport").
    from language.world_airports import world_mentions

    named = _joined(airport_mentions(text))
    lower = [
        m for m in _joined(world_mentions(text, any_case=True)) if not any(_overlap(m, n) for n in named)
    ]
    # "I live in Brighton, so Gatwick is my home airport", "gatwick is easier than heathrow so use LGW as my
    # home airport": where the user lives, or another airport compared, may be named too; the one said as the
    # airport is the one meant.
    strong = [
        (c, a, b)
        for c, a, b in sorted(named + lower, key=lambda f: f[1])
        if _AS_AIRPORT.match(text, b) or _FROM_AIRPORT.search(text, 0, a) or _THATS_MY_AIRPORT.match(text, b)
    ]
    # Not "the Dubai transit lounge is my home at this point": a place passed through is no home airport, nor is
    # one that only says where a thing is ("the bar in Heathrow Terminal 5 is my real home").
    return [
        (c, a, b)
        for c, a, b in strong or [m for m in named if not _destination(text, m[1])]
        if not _PASSED_THROUGH.match(text, b)
        and not _THING_AT.search(text, 0, a)
        and not _PASSED_THROUGH_BEFORE.search(text, max(0, a - 30), a)
    ]


def _overlap(one: tuple[str, int, int], other: tuple[str, int, int]) -> bool:
    return one[1] < other[2] and other[1] < one[2]


def _joined(found: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """A city and its airport's name side by side are one mention ("Barcelona El Prat", "boston logan", "Paris
    CDG"): the city decides, unless the second names another airport of the same city ("London Gatwick" is LGW,
    not the city's main airport) or is a code in capitals. ("munich franz josef strauss": Franz Josef is also a
    town with an airport, in New Zealand.)"""
    from language.world_airports import same_city

    out: list[tuple[str, int, int]] = []
    for code, start, end in found:
        if out and 0 < start - out[-1][2] <= 1:
            first = out.pop()
            exact = (len(code) == 3 and end - start == 3) or same_city(first[0], code)
            code = code if exact else first[0]
            start = first[1]
        out.append((code, start, end))
    return out


def airport_mentions(text: str, *, any_case: bool = False) -> list[tuple[str, int, int]]:
    """(IATA code, start, end) of every airport named in ``text``: the demo's by any name people use, any
    other by its code or an unambiguous name (:mod:`language.world_airports`; written in lower case too with
    ``any_case``)."""
    from language.world_airports import world_mentions

    found = [(code, start, end) for start, end, code in _mentions(text)]
    world = world_mentions(text, any_case=any_case)
    found += [w for w in world if not any(_overlap(w, f) for f in found)]
    return sorted(found, key=lambda f: f[1])


def _mentions(text: str) -> list[tuple[int, int, str]]:
    """Every airport named in ``text`` with where: by a name people use or by its code."""
    hits = [(m.start(1), m.end(1), _alias(m.group(1))) for m in _NAME_RE.finditer(fold_accents(text))]
    hits += [(m.start(1), m.end(1), m.group(1)) for m in _CODE_RE.finditer(text)]
    return sorted(hits)


def _alias(said: str) -> str:
    return _ALIASES[" ".join(re.split(r"[\s-]+", said.lower()))]


def airport_for_phrase(quote: str) -> str | None:
    """The home airport a user states about themselves ("I usually fly from Manchester"), or None.

    Only first-person "home" phrasings count: "flights to Lisbon" names a destination, not where the user lives.
    """
    for match in _HOME_RE.finditer(quote):
        found = find_airports(match.group(1))
        if found:
            return found[0]
    return None
