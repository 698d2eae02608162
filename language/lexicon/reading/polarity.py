"""The records of :mod:`language.reading.polarity`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.lexicon.reading.markers import HESITATION
from language.rules import fragment, rule, whole_words

_DISLIKE = whole_words(
    "reading.polarity.dislike",
    r"hate|hates|dislike|dislikes|can't stand|cannot stand|can not stand|don't like|do not like|didn't like|"
    r"not a fan of|avoid|avoids|loathe|detest|never want|not keen on|can't bear|cannot bear|sick of|tired of|"
    r"fed up with|no more|not into|don't bother with|do not bother with|dont bother with",
    means="",
    why="",
    examples="I hate window seats",
    non_examples=("I'm not vegetarian", "Vegetarian I am not"),
)

_RETRACTION = whole_words(
    "reading.polarity.retraction",
    r"no longer|not\s+\w*\s*(?:any ?more|now)|stopped (?:being|eating|using)?|quit|gave up|give up|"
    r"given up|used to(?: be)?|don't\s+\w+\s+any ?more|no more|not any ?more",
    means="",
    why="",
    examples="I'm no longer vegetarian",
    non_examples=("I'm not vegetarian", "Vegetarian I am not"),
)

_ANYMORE_AFTER = rule(
    "reading.polarity.anymore_after",
    r"^\W*(?:\w+\W+){0,2}?(?:any ?more|these days|now)\b",
    flags=re.I,
    means="",
    why="",
    examples="not now",
    non_examples=("I'm not vegetarian", "Vegetarian I am not"),
)

_NEGATION = rule(
    "reading.polarity.negation",
    r"\b(?:not|never|no|neither|nor|without|hardly|nothing|n't|isn't|aren't|wasn't|don't|doesn't|didn't|won't|"
    r"can't|cannot)\b|n't\b",
    flags=re.I,
    means="",
    why="",
    examples=("I'm not vegetarian", "Vegetarian I am not"),
    non_examples="I hate window seats",
)

_NOUN = fragment(
    "reading.polarity.noun",
    r"(?:\W+(?:seats?|flights?|meals?|food|options?|class|hotels?|rooms?))?",
    means='After the value: "Vegetarian I am not", "window seats are not for me", "… make me claustrophobic".',
    why="",
    examples=" seats",
    non_examples="always",
)

_NEGATED_AFTER = rule(
    "reading.polarity.negated_after",
    _NOUN + r"\W*(?:(?:i|we)\s*(?:'m|am|'re|are)\s+not|(?:are|is|'re|'s)\s*(?:not|n't)\b|aren't|isn't)"
    r"|(?:\W+\w+){0,2}\W+(?:never|not|no way|nope)\W*$"  # "Vegan me, never", "I'm vegan (not)"
    r"|.*\b(?:except|apart from|other than|besides)\s+(?:for\s+)?(?:me|myself|us)\b"  # "we're vegan except me"
    r"|(?:\W+\w+)?\W+(?:less|least)\b",
    flags=re.I,
    means="",
    why="",
    examples=("Vegan me, never", "I'm vegan (not)"),
    non_examples=("I'm no longer vegetarian", "I don't eat vegetarian any more"),
)

_DISLIKED_AFTER = rule(
    "reading.polarity.disliked_after",
    _NOUN + r"\W*(?:(?:make|makes|give|gives)\s+me\s+(?:\w+\s+)?(?:sick|ill|nauseous|queasy|anxious|nervous|"
    r"claustrophobic|panicky|the creeps)|(?:are|is)\s+(?:the worst|awful|terrible|horrible|a nightmare|hell|"
    r"overrated|overpriced|a scam|not worth it))\b",
    flags=re.I,
    means="",
    why="",
    examples="Window seats are overrated",
    non_examples=("I'm not vegetarian", "Vegetarian I am not"),
)

_AVOIDS = whole_words(
    "reading.polarity.avoids",
    r"(?:can't|cannot|can not|don't|do not|never|mustn't|must not|shouldn't) (?:eat|have|touch|go near)|"
    r"avoid|avoids|no",
    means=(
        "Keeping away from an allergen says the allergy, it does not deny it (\"can't eat crustaceans, I'm "
        'allergic").'
    ),
    why="",
    examples=("can't eat crustaceans, I'm allergic", "I'm no longer vegetarian"),
    non_examples=("I'm not vegetarian", "Vegetarian I am not"),
)

_ANSWERED_NO = rule(
    "reading.polarity.answered_no",
    rf"^\W*(?:(?:oh|ah+|well|{HESITATION})\W+)*(?:no+|nope|nah)\b(?=\W+(?:i|i'm|im|i've|ive|i'd|we|we're|my|our)\b)",
    flags=re.I,
    means=(
        '"no I always need wheelchair assistance", "oh no I have a shellfish allergy": "no" answering the other '
        "side, a statement of the speaker's own after it (with a comma or without: dictated and typed fast, the "
        "comma goes)."
    ),
    why="",
    examples=("no I always need wheelchair assistance", "oh no I have a shellfish allergy"),
    non_examples=("no", "I'm not vegetarian"),
)

_STRETCH = rule(
    "reading.polarity.stretch",
    r"[,;]|\s[-\u2013\u2014]+\s",
    means=(
        'Where a stretch of a clause ends: a comma or semicolon, or a dash between spaces ("I never fly from London'
        ' — Bristol is my airport").'
    ),
    why="",
    examples="I never fly from London — Bristol is my airport",
    non_examples=("I'm not vegetarian", "Vegetarian I am not"),
)
