"""The records of :mod:`language.reading.answers`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import rule, words

_ABOUT: dict[str, str] = words(
    "reading.answers.about",
    {
        "dietary": r"diet\w*|food|eat\w*|meals?|allerg\w*|intoleran\w*|vegetarian|vegan",
        "seat": r"seat\w*|sit\w*|aisle|window",
        "home_airport": r"airports?|fly (?:from|out of)|start\w* (?:\w+ ){0,2}(?:from|point)|search\w* from|depart\w*|"
        r"based|live",
        "loyalty": r"loyalty|frequent[- ]fl[iy]er|programmes?|programs?|miles|points|member\w*|rewards?",
        "accessibility": r"accessibility|assistance|wheelchair|mobility|needs?|help at the airport",
        "language": r"languages?|speak|reply|write|answer",
        "travel_style": r"hotels?|style|budget|class|cabin|luggage|bags?|baggage|connections?|layovers?|direct|rooms?",
        "flight_times": r"times?|departures?|morning|evening|afternoon|when do you|what time|part of the day|"
        r"time of (?:the )?day",
    },
    means=(
        "For each type of fact (the table's keys), the words the assistant asks about it with: 'Any allergies I "
        "should note?' asks about dietary, 'Where do you usually start your trips from?' about home_airport."
    ),
    why=(
        "asked_about: a bare reply ('dublin', 'afternoons') is the user's answer about themselves only when the "
        "assistant's last question named that type."
    ),
    examples=("Do you have a seat preference?", "Which language should I reply in?"),
    non_examples=("Where would you like to go next?", "Shall I book the hotel?"),
)

_QUESTION_OPENER = rule(
    "reading.answers.question_opener",
    r"^(?:which|what|where|when|how|do|does|did|are|is|would|could|should|shall|can|any|anything|have|"
    r"got|is there)\b",
    flags=re.I,
    means=(
        "A sentence that opens as a question ('Which airport …', 'Do you …', 'Any allergies …'), with or without "
        "its question mark."
    ),
    why=(
        "_last_question: the assistant's last sentence asks something when it ends with '?' or opens so; only "
        "then can the user's bare reply be read as an answer to it."
    ),
    examples=("Do you prefer particular departure times", "Any allergies I should note"),
    non_examples=("Whichever suits you, I'll book it.", "Here are three hotels near the station."),
)

_ANY_TOPIC = rule(
    "reading.answers.any_topic",
    rf"\b(?:{'|'.join(_ABOUT.values())})\b",
    flags=re.I,
    means="Any topic word of any type in a question: whether it names what it asks about at all.",
    why=(
        "A question that names no topic ('Do you have a preference?') asks about what the sentence before it said "
        "('I can answer you in several languages.'), so _last_question reads the two together."
    ),
    examples=("Do you prefer particular departure times?", "Any allergies I should note?"),
    non_examples=("Do you have a preference?", "Shall I go ahead?"),
)
