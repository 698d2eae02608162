"""The records of :mod:`language.reading.changes`: how people say a preference changed since they last said it
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import rule, whole_words, words

CHANGED_AWAY = whole_words(
    "reading.changes.changed_away",
    r"no\s+longer|not\s+any\s*(?:more|longer)|any\s*(?:more|longer)|no\s+more|used\s+to|gave\s+up(?:\s+on)?|"
    r"given\s+up(?:\s+on)?|give\s+up|quit|stopped|outgrew|outgrown|grew\s+out\s+of|cleared\s+up|went\s+away|"
    r"proved\s+(?:mistaken|wrong)|(?:was|were)\s+(?:a\s+)?(?:misdiagnos\w+|mistaken)|closed|cancel+ed|lapsed?|"
    r"let\s+(?:it|them|that)\s+(?:lapse|go|expire)|expired|retired|died|passed\s+away|switched\s+(?:from|away)|"
    r"moved\s+(?:from|away)|left|instead\s+of|in\s+place\s+of|rather\s+than|drop|remove|take\s+(?:it|that|this)?\s*off|"
    r"skip|without|(?:don'?t|do\s+not|no)\s+(?:need|bother\s+with|want)|stop\s+(?:showing|booking|adding|using)|"
    r"not\s+(?:permitted|allowed)|can'?t\s+(?:do|have|sit\s+in)\s+(?:that|it|the)|fine\s+(?:for\s+me\s+)?now|"
    r"back\s+on\s+the\s+menu",
    means="Words beside a preference that say it no longer holds: 'no longer', 'any more', 'gave up', 'outgrew', "
    "'closed', 'let it lapse', 'instead of', 'drop', 'skip', 'without', 'not permitted'.",
    why="Said of a value memory holds ('I don't keep kosher any longer', 'I closed my Miles & More account', 'you "
    "can drop the hearing assistance'), they make the next promotion retract it.",
    examples=(
        "I don't keep kosher any longer",
        "I closed my Miles & More account",
        "drop the hearing assistance",
    ),
    non_examples=("I keep kosher", "Miles & More, always"),
)

CHANGE_NOW = whole_words(
    "reading.changes.change_now",
    r"now|nowadays|these\s+days|lately|recently|from\s+now\s+on|from\s+here\s+on|henceforth|going\s+forward|"
    r"since|again|anymore|any\s+more|any\s+longer|instead|switched|switching|switch|moved|relocated|transferred|"
    r"shifted|become|became|turned\s+into|started|(?:gone|went)\s+(?:fully\s+|back\s+)?(?:to\s+)?|new|changed?|"
    r"no\s+longer|no\s+more|used\s+to|update",
    means="Words that date a statement as a change: 'now', 'these days', 'since', 'I've become', 'switched', 'moved', "
    "'started', 'no longer', 'update'.",
    why="A value said with them beside a different value memory holds is the user's latest word: asked only when a "
    "check is unsure of something else (a joke, someone else's).",
    examples=("I've become a window person", "these days I fly from Gatwick", "I've started taking red-eyes"),
    non_examples=("I prefer the window", "I fly from Gatwick"),
)

NONE_OF_IT = rule(
    "reading.changes.none_of_it",
    r"\b(?:no|not\s+(?:fussy|bothered|picky|particular)\s+about|(?:don'?t|do\s+not)\s+(?:care|mind)\s+(?:about\s+)?"
    r"(?:where|what|which|when)?|no\s+(?:fixed|set|particular))\b",
    flags=re.I,
    means="A kind of preference said to be none at all: 'no home airport', 'not fussy about flight times', "
    '"I don\'t care where I sit".',
    why="With a word that dates it ('any more', 'lately'), the preference memory holds no longer holds.",
    examples=("so no home airport", "I'm not fussy about flight times", "i dont care where i sit"),
    non_examples=("my home airport is Porto",),
)

NOW_EATEN = rule(
    "reading.changes.now_eaten",
    r"\b(?:(?:i'?m|i\s+am|we'?re)\s+(?:eating|having)|(?:i|we)\s+(?:(?:now|do|can|may)\s+)?(?:eat|have|drink)|"
    r"back\s+(?:to|on)(?:\s+eating)?)\s+(?:\w+\s+){0,2}?(?P<food>meat|chicken|beef|pork|fish|seafood|shellfish|"
    r"prawns|dairy|milk|cheese|eggs|wheat|bread|gluten|pasta|nuts|peanuts|everything)\b"
    r"|\b(?P<fine>meat|fish|seafood|shellfish|dairy|milk|cheese|lactose|eggs|wheat|gluten|nuts|peanuts)'?s?\s+"
    r"(?:is|are|'s|'re)?\s*(?:fine|ok(?:ay)?|back\s+on\s+the\s+menu)",
    flags=re.I,
    means="A food the user says they eat now: \"I'm eating meat again\", 'dairy's fine for me now', 'I may eat wheat "
    "freely', 'nuts are fine'.",
    why="A diet or an allergy memory holds is contradicted by eating what it excludes: the next promotion retracts it.",
    examples=(
        "I'm eating meat again",
        "dairy's fine for me now",
        "I may eat wheat freely",
        "nuts are fine for me",
    ),
    non_examples=("I don't eat meat", "no dairy please"),
)

EXCLUDED_BY: dict[str, frozenset[str]] = words(
    "reading.changes.excluded_by",
    {
        "vegetarian": frozenset(
            {"meat", "chicken", "beef", "pork", "fish", "seafood", "shellfish", "prawns"}
        ),
        "vegan": frozenset(
            {
                "meat",
                "chicken",
                "beef",
                "pork",
                "fish",
                "seafood",
                "shellfish",
                "prawns",
                "dairy",
                "milk",
                "cheese",
            }
            | {"eggs"}
        ),
        "pescatarian": frozenset({"meat", "chicken", "beef", "pork"}),
        "halal": frozenset({"pork"}),
        "kosher": frozenset({"pork", "shellfish", "prawns"}),
        "gluten-free": frozenset({"wheat", "bread", "gluten", "pasta"}),
        "lactose-free": frozenset({"dairy", "milk", "cheese", "lactose"}),
        "nut allergy": frozenset({"nuts", "peanuts"}),
        "shellfish allergy": frozenset({"shellfish", "prawns", "seafood"}),
    },
    means="What each diet or food allergy memory can hold excludes: 'vegetarian' excludes meat and fish, "
    "'lactose-free' dairy, 'nut allergy' nuts.",
    why="Eating an excluded food now ('I'm eating meat again') says the diet no longer holds.",
    examples=("vegetarian", "nut allergy"),
    non_examples=("window",),
)

KIND_WORDS: dict[str, str] = words(
    "reading.changes.kind_words",
    {
        "sit": "seat",
        "seat": "seat",
        "seats": "seat",
        "seating": "seat",
        "home airport": "home_airport",
        "airport": "home_airport",
        "flight times": "flight_times",
        "flight time": "flight_times",
        "times": "flight_times",
        "when i fly": "flight_times",
        "travel style": "travel_style",
        "hotels": "travel_style",
        "language": "language",
        "diet": "dietary",
        "food": "dietary",
        "loyalty": "loyalty",
        "points": "loyalty",
        "miles": "loyalty",
    },
    means="How a kind of preference is named when the user says they have none of it any more: 'where I sit', "
    "'no home airport', 'flight times'.",
    examples=("i dont care where i sit", "no home airport"),
    non_examples=("book option 2",),
)
