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
    means="Words of airport names that name no one airport: what airports are, and the little words of names.",
    why="",
    examples="do it",
    non_examples=("ZRH", "Gatwick"),
)

_NOT_PLACES = words(
    "world_airports.not_places",
    frozenset(
        str.split(
            """i im i'm please always sorry thanks thank hi hello hey yes no ok okay so and but or my our home
        airport airports flights flight trips trip the a an this that just also every all any default"""
        )
    ),
    means="Capitalised words that open sentences or name other things, never read as a place here.",
    why="",
    examples="okay",
    non_examples=("ZRH", "Gatwick"),
)

_NAME = rule(
    "world_airports.name",
    r"(?<![\w'’])[A-Z][\w'’.-]*(?:[ -][A-Z][\w'’.-]*){0,3}(?:\s+airport\b)?",
    means="",
    why="",
    examples=("ZRH", "Gatwick"),
    non_examples=("nice", "split"),
)

_ANY_CASE_NAME = rule(
    "world_airports.any_case_name",
    r"(?<![\w'’])[^\W\d_][\w'’.-]*(?:[ -][^\W\d_][\w'’.-]*){0,3}",
    means="",
    why="",
    examples=("ZRH", "Gatwick"),
    non_examples="55779911",
)

_CODE = rule(
    "world_airports.code",
    r"(?<![\w-])[A-Z]{3}(?![\w-])",
    means="",
    why="",
    examples="ZRH",
    non_examples=("Gatwick", "Changi"),
)
