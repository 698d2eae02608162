"""Airports the demo knows, and how people name them ("Lisbon", "LIS", "Heathrow")."""

from __future__ import annotations

import re

AIRPORTS: dict[str, str] = {
    "LHR": "London",
    "MAN": "Manchester",
    "EDI": "Edinburgh",
    "DUB": "Dublin",
    "LIS": "Lisbon",
    "OPO": "Porto",
    "MAD": "Madrid",
    "BCN": "Barcelona",
    "CDG": "Paris",
    "AMS": "Amsterdam",
    "FCO": "Rome",
    "BER": "Berlin",
    "VIE": "Vienna",
    "CPH": "Copenhagen",
    "ATH": "Athens",
    "JFK": "New York",
}

_ALIASES: dict[str, str] = {
    "heathrow": "LHR",
    "lisboa": "LIS",
    "oporto": "OPO",
    "new york city": "JFK",
    "nyc": "JFK",
    **{city.lower(): code for code, city in AIRPORTS.items()},
}

_NAME_RE = re.compile(
    r"\b(" + "|".join(sorted((re.escape(n) for n in _ALIASES), key=len, reverse=True)) + r")\b", re.I
)
_CODE_RE = re.compile(r"\b(" + "|".join(AIRPORTS) + r")\b")
# "fly from X", "fly out of X", "based in X", "live in X", "home airport is X", "X is my home airport"
_HOME_RE = re.compile(
    r"(?:fly(?:ing)? (?:from|out of)|based (?:in|near)|live (?:in|near)|home airport(?: is)?|depart(?:ing)? from)"
    r"\s+(?:the\s+)?([A-Za-z][A-Za-z ]{1,30}?)(?=[\s.,!?;]|$)",
    re.I,
)


def airport_code(name: str) -> str | None:
    """'Lisbon', 'lisboa', 'LIS' → 'LIS'; anything unknown → None."""
    key = name.strip()
    if key.upper() in AIRPORTS:
        return key.upper()
    return _ALIASES.get(key.lower())


def find_airports(text: str) -> list[str]:
    """Every airport mentioned in ``text``, in order of appearance, without duplicates."""
    hits: list[tuple[int, str]] = [(m.start(), _ALIASES[m.group(1).lower()]) for m in _NAME_RE.finditer(text)]
    hits += [(m.start(), m.group(1)) for m in _CODE_RE.finditer(text)]
    seen: list[str] = []
    for _pos, code in sorted(hits):
        if code not in seen:
            seen.append(code)
    return seen


def home_airport_mentions(text: str) -> list[tuple[str, int, int]]:
    """(airport code, start, end) of each "home" phrasing in ``text`` ("I usually fly from Manchester")."""
    found = []
    for match in _HOME_RE.finditer(text):
        codes = find_airports(match.group(1))
        if codes:
            found.append((codes[0], match.start(1), match.end(1)))
    return found


def airport_for_phrase(quote: str) -> str | None:
    """The home airport a user states about themselves ("I usually fly from Manchester"), or None.

    Only first-person "home" phrasings count: "flights to Lisbon" names a destination, not where the user lives.
    """
    for match in _HOME_RE.finditer(quote):
        found = find_airports(match.group(1))
        if found:
            return found[0]
    return None
