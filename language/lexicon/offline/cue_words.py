"""The words and shapes the structural cues look for (``demo.cues``): one table per cue, so the reading's logic
stays apart from its vocabulary. Each pattern reads :func:`demo.wording.plain` text.

Its records are kept as data in cue_words.yaml beside this module (see :mod:`language.lexicon`).
"""

from __future__ import annotations

from language import lexicon

(
    FLIGHTS,
    ROUTE,
    DATE,
    MINE,
    PICK,
    QUESTION,
    FOOD,
    LOOKUP,
    SEARCHING,
    NEAR_STAY,
    CHANGING,
    CANCELLING,
    CANCEL_STATUS,
    KEEP,
    OPTION,
    REQUEST,
    FLIGHT_NUMBER,
    BOOK_VERB,
    BOOK_SHOWN,
    MEAL_TIME,
    SENTENCE_BREAK,
    COURTESY_ONLY,
    ACT,
    COURTESY_OPENING,
    NAMED_PAIR,
    ROUTE_PAIR,
) = lexicon.rules(
    "offline.cue_words",
    "flights",
    "route",
    "date",
    "mine",
    "pick",
    "question",
    "food",
    "lookup",
    "searching",
    "near_stay",
    "changing",
    "cancelling",
    "cancel_status",
    "keep",
    "option",
    "request",
    "flight_number",
    "book_verb",
    "book_shown",
    "meal_time",
    "sentence_break",
    "courtesy_only",
    "act",
    "courtesy_opening",
    "named_pair",
    "route_pair",
)
