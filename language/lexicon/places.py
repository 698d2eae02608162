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
    means="The sixteen airports of the demo's flight catalogue by IATA code, each to its city.",
    why=(
        "What the demo can search and book; the codes are read in capitals (places.code_re), and each city is also "
        "a name for its airport (places.aliases)."
    ),
    examples=("LIS", "LHR to MAD on Friday"),
    non_examples=("Lisbon", "LGW"),
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
        "The names people give the catalogue's airports, each to its code: the cities, the airports' own names "
        '("Heathrow", "El Prat") and the cities as other languages write them ("Lisboa", "Wien").'
    ),
    why=(
        "Written in lower case and without accents: they are matched in the accent-folded text (places.name_re), "
        'with any spaces or hyphens between their words ("Charles-de-Gaulle", "Sá Carneiro"); airport_code looks '
        "a name up here."
    ),
    examples=("Heathrow", "Moro em Lisboa"),
    non_examples=("Gatwick", "Romania"),
)

_NAME_RE = rule(
    "places.name_re",
    r"\b("
    + "|".join(
        r"[\s-]+".join(map(re.escape, name.split())) for name in sorted(_ALIASES, key=len, reverse=True)
    )
    + r")\b",
    flags=re.I,
    means=(
        "Any name of places.aliases as a whole word or phrase, its words joined by spaces or hyphens: "
        '"Lisbon", "Charles-de-Gaulle".'
    ),
    why=(
        'Read in the accent-folded text, so "Sá Carneiro" is found as "Sa Carneiro": every catalogue airport '
        "named in a message (find_airports, home-airport mentions, the offline model's place cue)."
    ),
    examples=("flights to Lisbon", "Charles-de-Gaulle", "Sa Carneiro"),
    non_examples=("LIS", "Romania"),
)

_CODE_RE = rule(
    "places.code_re",
    r"\b(" + "|".join(AIRPORTS) + r")\b",
    means='A catalogue airport\'s IATA code in capitals, as a whole word: "LIS", "LHR".',
    why='Capitals only: in lower case "man", "mad" and "dub" are words.',
    examples=("LIS", "LHR to MAD"),
    non_examples=("a mad dash", "Manchester"),
)

_HOME_RE = rule(
    "places.home_re",
    r"(?:fly(?:ing)? (?:from|out of)|based (?:in|near)|live (?:in|near)|home airport(?: is)?|depart(?:ing)? from)"
    r"\s+(?:the\s+)?([A-Za-z][A-Za-z ]{1,30}?)(?=[\s.,!?;]|$)",
    flags=re.I,
    means=(
        'A first-person "home" phrasing and the place after it: "fly from X", "fly out of X", "based in X", '
        '"live near X", "home airport is X", "departing from X".'
    ),
    why=(
        "The place it captures, found as a catalogue airport, is the home airport stated, before any wider reading "
        '(airport_for_phrase, home_airport_mentions); "flights to Lisbon" names a destination, not where the user '
        'lives, and "X is my home airport" is places.home_cue\'s.'
    ),
    examples=("I usually fly from Manchester", "my home airport is Dublin", "based in Lisbon"),
    non_examples=("flying to Manchester", "Dublin is my home airport"),
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
        'A word that says where the user is based or starts from, wherever it sits: "home", "based", '
        '"live", "fly out of", "my airport", "all my trips start", and the same in other languages ("moro", '
        '"wohne", "aeroporto").'
    ),
    why=(
        "Without one, only places.home_re reads a home airport. With one, every airport the clause names that is "
        'not a destination is a home-airport mention ("Heathrow is my home airport", "London-based, LHR mostly", '
        '"Moro em Lisboa"), any airport in the world included; the write gate then judges who said it of whom.'
    ),
    examples=("Heathrow is my home airport", "London-based, LHR mostly", "Moro em Lisboa"),
    non_examples=("flights to Lisbon next week", "leaving for Rome on Friday"),
)

_AS_AIRPORT = rule(
    "places.as_airport",
    r"(?:\s+(?:international|airport|intl)\b|(?:\s+[^\W\d_]+)?(?:\s+(?:is|as)|['’]s)\s+my\s+(?:\w+\s+)?airport\b|"
    # "Gatwick's my home base", not "my mother's home airport" (her home, said with a possessive).
    r"-based\b|\s+is\s+(?:my\s+)?home\b|['’]s\s+my\s+home\b|(?:\s+airport)?\s+is\s+mine\b)",
    flags=re.I,
    means=(
        'What follows a place name to say it is the user\'s airport: " International", " airport", " is my home '
        'airport", "\'s my home", "-based", " is mine".'
    ),
    why=(
        'Read right after each airport a home clause names: when several are named ("I live in Brighton, so '
        'Gatwick is my home airport"), the ones said as the airport are the ones meant (when none is, each one '
        'named that is no destination). The "my" must be the user\'s own: "Gatwick\'s my home base", not '
        '"Heathrow is my mother\'s home airport".'
    ),
    examples=(" is my home airport", "'s my home", " International", "-based"),
    non_examples=(" is my mother's home airport", " is where I change planes"),
    test="whole",
)

_THATS_MY_AIRPORT = rule(
    "places.thats_my_airport",
    r"[^.!?;]{0,15}?(?:\bso\b|\band\b|,)\s*(?:that|it)(?:['’]s|\s+is)\s+(?:now\s+)?my\s+(?:new\s+)?(?:home\s+)?"
    r"(?:airport|base)\b",
    flags=re.I,
    means=(
        "What follows a place name, in the same sentence, to point back at it as the user's airport: \", so "
        'that\'s my home airport", " and it\'s my base".'
    ),
    why=(
        '"Just moved back to Edinburgh so that\'s my home airport now": the place is named first, then said to be '
        "the airport; read right after each airport a home clause names, like places.as_airport."
    ),
    examples=(" so that's my home airport", " and it's my new base"),
    non_examples=(". So that's my home airport", " so that's where my sister lives"),
    test="whole",
)

_FROM_AIRPORT = rule(
    "places.from_airport",
    r"(?:fly(?:ing)?\s+(?:from|out\s+of)|depart(?:ing|s)?\s+from|home\s+airport(?:\s+is)?|start\s+from|"
    r"default\s+(?:\w+\s+){0,2}to)\s*:?\s*$",
    flags=re.I,
    means=(
        'Text that ends, just before a place name, with "fly from", "flying out of", "departing from", "home '
        'airport is", "start from" or "default … to" (a colon allowed).'
    ),
    why="An airport named right after these is said as the home airport, even when the clause names others.",
    examples=("I usually fly out of ", "home airport: ", "set my default airport to "),
    non_examples=("flying to ", "my old home airport was "),
)

_DESTINATION = rule(
    "places.destination",
    r"(?<!home airport )(?<!default airport )(?<!default )\b(?:to|into|towards|via|visit(?:ing)?|trip to|holiday in|"
    r"vacation in|see|for)\s+(?:the\s+)?$",
    flags=re.I,
    means=(
        'Text that ends, just before a place name, with a word that makes it a destination: "to", "into", "via", '
        '"visiting", "holiday in", "for".'
    ),
    why=(
        "Where no airport is said as the home airport, a catalogue airport named as where the user goes "
        '("flights to Lisbon") is not taken for it. Where the home airport is set to is no destination: '
        '"set my home airport to Auckland".'
    ),
    examples=("flights to ", "a holiday in the "),
    non_examples=("set my home airport to ", "I fly from "),
)

_PASSED_THROUGH = rule(
    "places.passed_through",
    r"\s+(?:[\w-]+\s+)?(?:transit|transfer|layover|stopover|connection|connecting|lounge|duty[- ]free)\b",
    flags=re.I,
    means=(
        'What follows a place name to say it was passed through, a word of it at most between: " transit lounge", '
        '" layover", " duty free".'
    ),
    why='A place passed through is no home airport: "the Dubai transit lounge is my home at this point".',
    examples=(" transit lounge", " layover", " duty free"),
    non_examples=(" is my home airport", " Terminal 2 is fine"),
    test="whole",
)

_PASSED_THROUGH_BEFORE = rule(
    "places.passed_through_before",
    r"\b(?:transit(?:ing)?|transferr?(?:ing)?|connect(?:ing|ions?)?|layovers?|stopovers?|stop(?:ping)? over|"
    r"chang(?:e|ing) planes?)\s+(?:at|in|through|via)\s+(?:the\s+)?$",
    flags=re.I,
    means=(
        'Text that ends, just before a place name, with passing through and "at", "in", "through" or "via": '
        '"connecting at ", "a layover in ", "changing planes at ".'
    ),
    why=(
        'A place passed through before it is named is no home airport ("connecting at DXB", "a layover in Doha", '
        '"changing planes at Frankfurt").'
    ),
    examples=("we were connecting at ", "a layover in ", "changing planes at "),
    non_examples=("I live near ", "my connection to "),
)

_THING_AT = rule(
    "places.thing_at",
    r"\bthe\s+[\w-]+\s+(?:in|at)\s+$",
    flags=re.I,
    means='Text that ends, just before a place name, with "the <thing> in" or "the <thing> at": "the hotel in ".',
    why=(
        'A place that only says where a thing is is no home airport: "the bar in Heathrow Terminal 5 is my real '
        'home".'
    ),
    examples=("I loved the hotel in ", "the bar at "),
    non_examples=("I live in ", "my flat in "),
)
