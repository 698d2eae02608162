"""The records of :mod:`language.places`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import rule, words

AIRPORTS: dict[str, str] = words(
    "places.airports",
    {
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
    },
    means="",
    why="",
    examples="LIS",
    non_examples=("Lisbon", "Heathrow"),
)

_ALIASES: dict[str, str] = words(
    "places.aliases",
    {
        # The airports' own names.
        "heathrow": "LHR",
        "ringway": "MAN",
        "humberto delgado": "LIS",
        "portela": "LIS",
        "francisco sa carneiro": "OPO",
        "sa carneiro": "OPO",
        "barajas": "MAD",
        "adolfo suarez": "MAD",
        "el prat": "BCN",
        "josep tarradellas": "BCN",
        "charles de gaulle": "CDG",
        "roissy": "CDG",
        "schiphol": "AMS",
        "fiumicino": "FCO",
        "leonardo da vinci": "FCO",
        "brandenburg": "BER",
        "willy brandt": "BER",
        "schwechat": "VIE",
        "kastrup": "CPH",
        "eleftherios venizelos": "ATH",
        "john f kennedy": "JFK",
        "new york city": "JFK",
        "nyc": "JFK",
        # The cities as the other languages people write to us in name them.
        "londres": "LHR",
        "londra": "LHR",
        "edimburgo": "EDI",
        "edimbourg": "EDI",
        "dublino": "DUB",
        "lisboa": "LIS",
        "lisbonne": "LIS",
        "lisbona": "LIS",
        "oporto": "OPO",
        "madri": "MAD",
        "barcelone": "BCN",
        "parigi": "CDG",
        "amsterdao": "AMS",
        "roma": "FCO",
        "berlim": "BER",
        "berlino": "BER",
        "wien": "VIE",
        "viena": "VIE",
        "vienne": "VIE",
        "kobenhavn": "CPH",
        "københavn": "CPH",
        "copenhague": "CPH",
        "copenaghen": "CPH",
        "kopenhagen": "CPH",
        "atenas": "ATH",
        "athenes": "ATH",
        "atene": "ATH",
        "athen": "ATH",
        "nova iorque": "JFK",
        "nueva york": "JFK",
        **{city.lower(): code for code, city in AIRPORTS.items()},
    },
    means=(
        "Written without accents: names are matched in the accent-folded text, with any spaces or hyphens between "
        'their words ("Charles-de-Gaulle", "Sá Carneiro").'
    ),
    why="",
    examples=("Lisbon", "Heathrow"),
    non_examples=("Charles-de-Gaulle", "Sá Carneiro"),
)

_NAME_RE = rule(
    "places.name_re",
    r"\b("
    + "|".join(
        r"[\s-]+".join(map(re.escape, name.split())) for name in sorted(_ALIASES, key=len, reverse=True)
    )
    + r")\b",
    flags=re.I,
    means="",
    why="",
    examples=("Lisbon", "Heathrow"),
    non_examples="LIS",
)

_CODE_RE = rule(
    "places.code_re",
    r"\b(" + "|".join(AIRPORTS) + r")\b",
    means="",
    why="",
    examples="LIS",
    non_examples=("Lisbon", "Heathrow"),
)

_HOME_RE = rule(
    "places.home_re",
    r"(?:fly(?:ing)? (?:from|out of)|based (?:in|near)|live (?:in|near)|home airport(?: is)?|depart(?:ing)? from)"
    r"\s+(?:the\s+)?([A-Za-z][A-Za-z ]{1,30}?)(?=[\s.,!?;]|$)",
    flags=re.I,
    means='"fly from X", "fly out of X", "based in X", "live in X", "home airport is X", "X is my home airport"',
    why="",
    examples="home airport is X",
    non_examples=("fly from X", "fly out of X"),
)

_HOME_CUE = rule(
    "places.home_cue",
    r"\b(?:home|based|live|living|lives|local|(?:fly|flies|flying|start|starts|starting|depart|departs|departing|"
    r"leave|leaves|leaving|go|goes|going)\s+(?:from|out of)|out of|where i fly from|hub|my (?:\w+ ){0,2}airport|"
    r"departure airport|default airport|(?:trips?|flights?|journeys?)\s+(?:\w+\s+)?(?:begin|start)s?|"
    r"departure point|go-to|my base|base is|by default|default (?:\w+ ){0,2}to|airport is mine|"
    # The same in the other languages people write to us in.
    r"moro|vivo|habite|wohne|abito|casa|domicile|heimat(?:flughafen)?|lebe|soy de|sou de|parto|pars|salgo|"
    r"aeroporto|aeropuerto|a[eé]roport|flughafen|abflug)\b|-based\b",
    flags=re.I,
    means=(
        'A clause that says where the user is based or starts from, wherever the words sit ("Heathrow is my home '
        'airport", "London-based, LHR mostly", "all my trips start from Manchester", "Moro em Lisboa"): every '
        "airport it names that is not a destination is a home-airport mention; the write gate then judges who said "
        "it of whom."
    ),
    why="",
    examples=("Heathrow is my home airport", "London-based, LHR mostly"),
    non_examples=("Lisbon", "LIS"),
)

_AS_AIRPORT = rule(
    "places.as_airport",
    r"(?:\s+(?:international|airport|intl)\b|(?:\s+[^\W\d_]+)?(?:\s+(?:is|as)|['’]s)\s+my\s+(?:\w+\s+)?airport\b|"
    # "Gatwick's my home base", not "my mother's home airport" (her home, said with a possessive).
    r"-based\b|\s+is\s+(?:my\s+)?home\b|['’]s\s+my\s+home\b|(?:\s+airport)?\s+is\s+mine\b)",
    flags=re.I,
    means="",
    why="",
    examples=("Gatwick's my home base", "my mother's home airport"),
    non_examples=("Lisbon", "LIS"),
)

_THATS_MY_AIRPORT = rule(
    "places.thats_my_airport",
    r"[^.!?;]{0,15}?(?:\bso\b|\band\b|,)\s*(?:that|it)(?:['’]s|\s+is)\s+(?:now\s+)?my\s+(?:new\s+)?(?:home\s+)?"
    r"(?:airport|base)\b",
    flags=re.I,
    means=(
        '"Just moved back to Edinburgh so that\'s my home airport now": the place named, then pointed back at as the'
        " airport."
    ),
    why="",
    examples="Just moved back to Edinburgh so that's my home airport now",
    non_examples=("Lisbon", "LIS"),
)

_FROM_AIRPORT = rule(
    "places.from_airport",
    r"(?:fly(?:ing)?\s+(?:from|out\s+of)|depart(?:ing|s)?\s+from|home\s+airport(?:\s+is)?|start\s+from|"
    r"default\s+(?:\w+\s+){0,2}to)\s*:?\s*$",
    flags=re.I,
    means="",
    why="",
    examples="my home airport",
    non_examples=("Lisbon", "LIS"),
)

_DESTINATION = rule(
    "places.destination",
    r"(?<!home airport )(?<!default airport )(?<!default )\b(?:to|into|towards|via|visit(?:ing)?|trip to|holiday in|"
    r"vacation in|see|for)\s+(?:the\s+)?$",
    flags=re.I,
    means="",
    why="",
    examples="no reply to ",
    non_examples=("set my home airport to Auckland", "Lisbon"),
)

_PASSED_THROUGH = rule(
    "places.passed_through",
    r"\s+(?:[\w-]+\s+)?(?:transit|transfer|layover|stopover|connection|connecting|lounge|duty[- ]free)\b",
    flags=re.I,
    means="",
    why="",
    examples="The layover is 2h 45m.",
    non_examples=("Lisbon", "LIS"),
)

_PASSED_THROUGH_BEFORE = rule(
    "places.passed_through_before",
    r"\b(?:transit(?:ing)?|transferr?(?:ing)?|connect(?:ing|ions?)?|layovers?|stopovers?|stop(?:ping)? over|"
    r"chang(?:e|ing) planes?)\s+(?:at|in|through|via)\s+(?:the\s+)?$",
    flags=re.I,
    means=(
        '"connecting at DXB", "a layover in Doha", "changing planes at Frankfurt": passed through before it is '
        "named."
    ),
    why="",
    examples=("we were connecting at ",),
    non_examples=("I live near ",),
)

_THING_AT = rule(
    "places.thing_at",
    r"\bthe\s+[\w-]+\s+(?:in|at)\s+$",
    flags=re.I,
    means="",
    why="",
    examples=("I loved the hotel in ",),
    non_examples=("I fly from ",),
)
