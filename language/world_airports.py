"""Every airport with an IATA code (the ``airportsdata`` package), and how people name the one they fly from.

The demo's flight catalogue (:mod:`language.places`) knows sixteen airports; where a user lives is not limited
to them. A home airport is named by its code ("ZRH"), by its own name ("Gatwick", "Changi", "Kingsford Smith",
"Václav Havel") or by its city when that city has one airport ("Bristol", "Dubai"). A city with several
("Milan": Malpensa and Linate) names none of them rather than a guess: nothing is stored until the user names
the airport.

Only capitalised words and upper-case codes are read (a lower-case "nice" or "split" is an adjective or a verb),
and only in a clause that already says where the user is based or starts from (:mod:`language.places`), so a
capitalised word at the start of a sentence is not taken for a town of the same name anywhere else. In a reply
to the assistant's own question about the home airport, lower-case names count too ("boston logan").
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Set
from functools import cache
from typing import TYPE_CHECKING

from language.detect import fold_accents
from language.lexicon.world_airports import _ANY_CASE_NAME, _CODE, _GENERIC, _NAME, _NOT_PLACES

if TYPE_CHECKING:
    from airportsdata import Airport


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z]+", fold_accents(text).lower())


@cache
def _airports() -> Mapping[str, Airport]:
    import airportsdata  # loaded on first use: 8,000 airports, ~0.1 s

    return airportsdata.load("IATA")


class AirportCodes(Set[str]):
    """Every IATA code, read on first use: the fact registry is built by every command, and the codes are needed
    only when a home airport is checked or stored."""

    def __contains__(self, code: object) -> bool:
        return code in _airports()

    def __iter__(self) -> Iterator[str]:
        return iter(_airports())

    def __len__(self) -> int:
        return len(_airports())


def same_city(one: str, other: str) -> bool:
    """Two IATA codes of airports that serve the same city ("LHR" and "LGW": London)."""
    airports = _airports()
    return one in airports and other in airports and airports[one]["city"] == airports[other]["city"]


def world_code(said: str) -> str | None:
    """``said`` as an IATA code if it is one ("bos" → "BOS"), else None."""
    code = said.strip().upper()
    return code if len(code) == 3 and code in _airports() else None


@cache
def world() -> dict[str, str]:
    """Each name people use for an airport → its IATA code: a city, an airport's own name with the generic
    words and its city taken off ("gatwick", "kingsford smith"), and each word of that name ("changi").

    A name several airports share goes to the one named after it that is international ("Frankfurt": FRA, not
    Frankfurt-Hahn; "Toronto": Pearson, not Billy Bishop), else to the one airport of a city of that name
    ("Brussels"); where neither settles it ("Milan": Malpensa and Linate) the name stays unread."""
    names: dict[str, list[str]] = {}
    cities: dict[str, list[str]] = {}
    said: dict[str, set[str]] = {}
    for code, airport in _airports().items():
        name, city = _words(airport["name"]), _words(airport["city"])
        names[code], cities[code] = name, city
        own = [w for w in name if w not in _GENERIC and w not in city]
        keys = {" ".join(city), " ".join(own), *own}
        called = [w for w in name if w not in ("international", "intl")]
        if called[-1:] == ["airport"] and called[:-1] == city:
            keys.add(" ".join(called))  # "Brussels Airport", "Glasgow airport": the city's own airport
        if len(city) > 1 and len(city[0]) >= 5 and city[0] not in _GENERIC:
            keys.add(city[0])  # "Frankfurt am Main" is said "Frankfurt"
        for key in keys:
            if len(key) >= 4 and key not in _NOT_PLACES:
                said.setdefault(key, set()).add(code)
    found: dict[str, str] = {}
    for key, codes in said.items():
        chosen = _settle(key, codes, names, cities)
        if chosen is not None:
            found[key] = chosen
    return found


def _settle(
    key: str, codes: set[str], names: Mapping[str, list[str]], cities: Mapping[str, list[str]]
) -> str | None:
    if len(codes) == 1:
        return next(iter(codes))
    named = [c for c in codes if key in " ".join(names[c]) and "international" in names[c]]
    if len(named) == 1:
        return named[0]
    if named:
        # "Seattle": Seattle-Tacoma in Seattle and Seattle Paine Field in Everett; the one in the city of that
        # name is meant. "Logan": Boston's and Billings' airports, in neither a town called Logan: unread.
        home = [c for c in named if " ".join(cities[c]) == key]
        return home[0] if len(home) == 1 else None
    of_city = [c for c in codes if " ".join(cities[c]) == key]
    return of_city[0] if len(of_city) == 1 else None


def world_mentions(text: str, *, any_case: bool = False) -> list[tuple[str, int, int]]:
    """(IATA code, start, end) of each airport named in ``text`` by code or by an unambiguous name; with
    ``any_case`` (an answer to "which airport?") names written in lower case count too."""
    codes, names = _airports(), world()
    found: list[tuple[str, int, int]] = []
    for m in _CODE.finditer(text):
        if m.group(0) in codes:
            found.append((m.group(0), m.start(), m.end()))
    for m in (_ANY_CASE_NAME if any_case else _NAME).finditer(text):
        # A possessive ("Gatwick's my home base") and the dots after a name ("Gatwick...") are not words of it.
        parts = list(re.finditer(r"[^\s.-][^\s-]*?(?=(?:['’]s)?\.*(?:[\s-]|$))", m.group(0)))
        # The longest run of capitalised words that is a name: "Kingsford Smith", then "Kingsford" alone.
        for size in range(len(parts), 0, -1):
            for i in range(len(parts) - size + 1):
                start, end = m.start() + parts[i].start(), m.start() + parts[i + size - 1].end()
                key = " ".join(_words(text[start:end]))
                if key in names and not any(a < end and start < b for _c, a, b in found):
                    found.append((names[key], start, end))
    return sorted(found, key=lambda f: f[1])
