"""The records of :mod:`language.world_airports`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

from language.rules import rule, words

_GENERIC = words(
    "world_airports.generic",
    frozenset(
        str.split(
            """international intl airport airfield aerodrome aeroporto aeropuerto aeroport aéroport flughafen
        lotnisko regional municipal national domestic county city field air base airbase station heliport
        seaplane memorial executive metropolitan intercontinental and of the de do da del la le el di du des
        den der san santa sao saint st new north south east west central airstrip strip landing"""
        )
    ),
    means=(
        'Words of airport names that name no one airport: what airports are ("International", "Aeroporto", '
        '"Regional"), points of the compass and the little words of names ("de", "San", "of").'
    ),
    why=(
        'Taken off an airport\'s name before its own words become names for it: "Gatwick" for "London Gatwick '
        'Airport", "Kingsford Smith" for "Sydney Kingsford Smith International"; left in, "International" or "San" '
        "would name an airport."
    ),
    examples=("Sydney International Airport", "Aeroporto de Lisboa"),
    non_examples=("Gatwick", "Kingsford Smith"),
)

_NOT_PLACES = words(
    "world_airports.not_places",
    frozenset(
        str.split(
            """i im i'm please always sorry thanks thank hi hello hey yes no ok okay so and but or my our home
        airport airports flights flight trips trip the a an this that just also every all any default"""
        )
    ),
    means=(
        'Words that open sentences or name other things, never a name for an airport: "Please", "Thanks", "Home", '
        '"Flights", "Default".'
    ),
    why=(
        "A capitalised word is looked up as a possible airport name, and an airport or its city may bear one of "
        'these; they are kept out of the names (world()), so "Home is Bristol" names Bristol only.'
    ),
    examples=("Okay, thanks", "Home is Bristol"),
    non_examples=("Homer", "Gatwick"),
)

_NAME = rule(
    "world_airports.name",
    r"(?<![\w'’])[A-Z][\w'’.-]*(?:[ -][A-Z][\w'’.-]*){0,3}(?:\s+airport\b)?",
    means=(
        'A run of up to four capitalised words, "airport" after it or not: "Gatwick", "Kingsford Smith", '
        '"Václav Havel airport".'
    ),
    why=(
        'Only capitalised words are read as a world airport\'s name (a lower-case "nice" or "split" is an '
        "adjective or a verb); the longest run of them that is a known name is taken."
    ),
    examples=("Gatwick", "Kingsford Smith airport"),
    non_examples=("a nice hotel", "we split the bill"),
)

_ANY_CASE_NAME = rule(
    "world_airports.any_case_name",
    r"(?<![\w'’])[^\W\d_][\w'’.-]*(?:[ -][^\W\d_][\w'’.-]*){0,3}",
    means='A run of up to four words in any case, starting with a letter: "boston logan", "gatwick".',
    why=(
        "Read instead of world_airports.name where lower-case names count too: a reply to the assistant's own "
        'question about the home airport, and a home clause ("boston logan is my home airport").'
    ),
    examples=("boston logan", "gatwick"),
    non_examples=("12:30", "555-0199"),
)

_CODE = rule(
    "world_airports.code",
    r"(?<![\w-])[A-Z]{3}(?![\w-])",
    means='Three capital letters standing alone, a possible IATA code: "ZRH", "LGW".',
    why=(
        'Looked up among every IATA code (world_mentions); capitals only, so "the" or "bos" is no code, '
        'and not inside a longer word ("BA123").'
    ),
    examples=("ZRH", "I fly out of LGW"),
    non_examples=("zrh", "BA123"),
)
