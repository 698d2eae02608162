"""The records of :mod:`language.reading.lasting`: its rules, fragments and word tables
(kept as data in lasting.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

(
    DURABLE,
    ADDRESSED,
    REQUEST,
    _WANT_NOW,
    _THIS_TRIP,
    _FLIGHT_NO,
    _DATE,
    _TRIP_TO,
    _EVENT,
    _TRANSIENT,
    _FOR_A_WHILE,
    _BEEN,
    _SLASH,
    _TRAIT_REASON,
    _REPEATED,
    _IRREALIS,
    _PAST_FRAME,
    _PAST_STATE,
    _CARRIED_ON,
    _FOR_A_SPAN,
    _NOW_VERB,
) = lexicon.rules(
    "reading.lasting",
    "durable",
    "addressed",
    "request",
    "want_now",
    "this_trip",
    "flight_no",
    "date",
    "trip_to",
    "event",
    "transient",
    "for_a_while",
    "been",
    "slash",
    "trait_reason",
    "repeated",
    "irrealis",
    "past_frame",
    "past_state",
    "carried_on",
    "for_a_span",
    "now_verb",
)
CAN_YOU, WORK_ON_TEXT, _MONTH, _WEEKDAY = lexicon.fragments(
    "reading.lasting", "can_you", "work_on_text", "month", "weekday"
)
