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
    means="What a question is about, for each type: the words the assistant asks with.",
    why="",
    examples="Dietary",
    non_examples=("afternoons", "Do you prefer particular departure times?"),
)

_QUESTION_OPENER = rule(
    "reading.answers.question_opener",
    r"^(?:which|what|where|when|how|do|does|did|are|is|would|could|should|shall|can|any|anything|have|"
    r"got|is there)\b",
    flags=re.I,
    means="",
    why="",
    examples="Do you prefer particular departure times?",
    non_examples=("afternoons", "window plz"),
)

_ANY_TOPIC = rule(
    "reading.answers.any_topic",
    rf"\b(?:{'|'.join(_ABOUT.values())})\b",
    flags=re.I,
    means="",
    why="",
    examples=("Do you prefer particular departure times?", "window plz"),
    non_examples=("afternoons", "dublin"),
)
