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
    means=(
        "Words of dislike: 'hate', \"can't stand\", \"don't like\", 'not a fan of', 'avoid', 'sick of', 'no more' …"
    ),
    why=(
        "polarity: one in the value's own stretch of the clause makes it disliked, and the assertion rules reject "
        'it as a dislike ("I hate window seats").'
    ),
    examples=("I hate window seats", "not a fan of red-eyes"),
    non_examples=("I don't mind window seats", "I like window seats"),
)

_RETRACTION = whole_words(
    "reading.polarity.retraction",
    r"no longer|not\s+\w*\s*(?:any ?more|now)|stopped (?:being|eating|using)?|quit|gave up|give up|"
    r"given up|used to(?: be)?|don't\s+\w+\s+any ?more|no more|not any ?more",
    means="Words that take back what once held: 'no longer', 'not … any more', 'stopped', 'gave up', 'used to'.",
    why=(
        'polarity: one before the value makes it retracted ("I\'m no longer vegetarian"): a retraction of the '
        "stored value, not a rejection."
    ),
    examples=("I'm no longer vegetarian", "I gave up meat"),
    non_examples=("I'm not vegetarian", "I'm now vegetarian"),
)

_ANYMORE_AFTER = rule(
    "reading.polarity.anymore_after",
    r"^\W*(?:\w+\W+){0,2}?(?:any ?more|these days|now)\b",
    flags=re.I,
    means="'any more', 'these days' or 'now' within two words after the value.",
    why=(
        "polarity: with a negation before the value it is a retraction, not a denial (\"I don't eat vegetarian any "
        'more").'
    ),
    examples=(" any more", " food these days"),
    non_examples=(" nowhere near the toilets", " at all"),
)

_NEGATION = rule(
    "reading.polarity.negation",
    r"\b(?:not|never|no|neither|nor|without|hardly|nothing|n't|isn't|aren't|wasn't|don't|doesn't|didn't|won't|"
    r"can't|cannot)\b|n't\b",
    flags=re.I,
    means="A negation: 'not', 'never', 'no', 'without', \"n't\", 'nothing', 'hardly' …",
    why=(
        "polarity: one in the value's own stretch before it denies the value (negated), or takes it back with "
        "'any more' after it (retracted)."
    ),
    examples=("I'm not vegetarian", "Vegetarian I am not"),
    non_examples=("I hate window seats", "I know a nice place"),
)

_NOUN = fragment(
    "reading.polarity.noun",
    r"(?:\W+(?:seats?|flights?|meals?|food|options?|class|hotels?|rooms?))?",
    means="The thing after the value, if it is named: ' seats', ' flights', ' meals', ' food', ' class', ' rooms' …",
    why=(
        '_NEGATED_AFTER and _DISLIKED_AFTER read past it: "window seats are not for me", "… make me '
        'claustrophobic".'
    ),
    examples=(" seats", " food"),
    non_examples=(" seating", "always"),
)

_NEGATED_AFTER = rule(
    "reading.polarity.negated_after",
    _NOUN + r"\W*(?:(?:i|we)\s*(?:'m|am|'re|are)\s+not|(?:are|is|'re|'s)\s*(?:not|n't)\b|aren't|isn't)"
    r"|(?:\W+\w+){0,2}\W+(?:never|not|no way|nope)\W*$"  # "Vegan me, never", "I'm vegan (not)"
    r"|.*\b(?:except|apart from|other than|besides)\s+(?:for\s+)?(?:me|myself|us)\b"  # "we're vegan except me"
    r"|(?:\W+\w+)?\W+(?:less|least)\b",
    flags=re.I,
    means=(
        'After the value: a negation of it ("Vegetarian I am not", "window seats are not for me"), a denial closing '
        'the clause ("Vegan me, never", "I\'m vegan (not)"), an exception for the speaker ("we\'re vegan except '
        "me\"), or 'less' or 'least' a word or so after it."
    ),
    why="polarity: the value is negated.",
    examples=("Vegan me, never", "Vegetarian I am not", "we're vegan except me"),
    non_examples=("I'm no longer vegetarian", "I don't eat vegetarian any more"),
)

_DISLIKED_AFTER = rule(
    "reading.polarity.disliked_after",
    _NOUN + r"\W*(?:(?:make|makes|give|gives)\s+me\s+(?:\w+\s+)?(?:sick|ill|nauseous|queasy|anxious|nervous|"
    r"claustrophobic|panicky|the creeps)|(?:are|is)\s+(?:the worst|awful|terrible|horrible|a nightmare|hell|"
    r"overrated|overpriced|a scam|not worth it))\b",
    flags=re.I,
    means=(
        "After the value: what it does to the speaker ('make me claustrophobic', 'gives me the creeps'), or a "
        "verdict on it ('are the worst', 'are overrated')."
    ),
    why="polarity: the value is disliked.",
    examples=("Window seats are overrated", "window seats make me claustrophobic"),
    non_examples=("Window seats are great", "window seats make me happy"),
)

_AVOIDS = whole_words(
    "reading.polarity.avoids",
    r"(?:can't|cannot|can not|don't|do not|never|mustn't|must not|shouldn't) (?:eat|have|touch|go near)|"
    r"avoid|avoids|no",
    means="Keeping away from something: \"can't eat\", \"don't have\", 'never touch', 'avoid', 'no'.",
    why=(
        "polarity: before an allergen named without 'allergy' it states the allergy, it does not deny it (\"can't "
        "eat crustaceans, I'm allergic\")."
    ),
    examples=("can't eat crustaceans, I'm allergic", "I avoid peanuts"),
    non_examples=("I'm not vegetarian", "I can eat crustaceans"),
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
    why="polarity takes it out before looking for a negation: the 'no' answers, it does not deny the value.",
    examples=("no I always need wheelchair assistance", "oh no I have a shellfish allergy"),
    non_examples=("no", "no window seats please"),
)

_STRETCH = rule(
    "reading.polarity.stretch",
    r"[,;]|\s[-\u2013\u2014]+\s",
    means=(
        'Where a stretch of a clause ends: a comma or semicolon, or a dash between spaces ("I never fly from London'
        ' — Bristol is my airport").'
    ),
    why=(
        "polarity: a negation or a dislike counts only within the value's own stretch (\"I never check bags, "
        'carry-on only").'
    ),
    examples=("I never fly from London — Bristol is my airport", "I never check bags, carry-on only"),
    non_examples=("I'm not vegetarian", "a non-stop flight"),
)
