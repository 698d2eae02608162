"""The records of :mod:`language.reading.own_marks`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.reading.speakers import RELATION
from language.rules import rule

_UP_TO_NOW = rule(
    "reading.own_marks.up_to_now",
    r"\bsince (?:uni|university|school|college|childhood|birth|i was \w+|my (?:teens|twenties|childhood))\b",
    flags=re.I,
    means=(
        '"veggie since uni", "coeliac since childhood": a state dated by a stage of the speaker\'s own life is '
        "theirs."
    ),
    why='(Not "gluten free since 2019" or "vegan for 3 yrs now": a date or a duration could be anyone\'s, so asked.)',
    examples=("veggie since uni", "coeliac since childhood"),
    non_examples=("gluten free since 2019", "vegan for 3 yrs now"),
)

_REMEMBER_THIS = rule(
    "reading.own_marks.remember_this",
    r"\b(?:please\s+)?remember (?:this|that|it)\b",
    flags=re.I,
    means='"Nut allergy. Anaphylactic. Please remember this one.": the fragment handed over to be remembered.',
    why="",
    examples="Nut allergy. Anaphylactic. Please remember this one.",
    non_examples=("Vegetarian here", ","),
)

_DROPPED_I = rule(
    "reading.own_marks.dropped_i",
    r"\s*(?:love|loving|adore|been|always|eat|stick|swear by)\b",
    flags=re.I,
    means=(
        '"Pescatarian! Love a good grilled sardine.": the next sentence drops its "I", so the fragment is the '
        "speaker's."
    ),
    why="",
    examples="Pescatarian! Love a good grilled sardine.",
    non_examples=("Vegetarian here", ","),
)

_GOES_ON_ABOUT_ME = rule(
    "reading.own_marks.goes_on_about_me",
    r"\s*(?:i|i'm|im|i've|ive)\s+(?!(?:mean|meant|guess|think|suppose|wish|was|used|would|might|may|'d|"
    r"don't|dont|do not|am not|'m not|never|am flying|'m flying|am going|'m going|will|'ll)\b)",
    flags=re.I,
    means=(
        '"aisle pls. I drink loads of water on flights": the next sentence goes on about the speaker (not "I mean '
        '…", "I guess", a wish or a past), so the fragment is theirs, unless that sentence is a trip of its own.'
    ),
    why="",
    examples="aisle pls. I drink loads of water on flights",
    non_examples=("I mean", "I guess"),
)

_POINTED_AT_AS_MINE = rule(
    "reading.own_marks.pointed_at_as_mine",
    r"[,;—–-]\s*(?:and\s+)?(?:it's|it is|its|that's|that is|thats)\s+(?:\w+\s+)?my\s+(?!\w+['’]s\b)"
    r"(?!(?:\w+\s+)?(?:wife|husband|partner|son|daughter|kids?|child|mum|mom|dad|boss|friend|colleague)\b)",
    flags=re.I,
    means=(
        "\"italian pls when you reply, it's my mother tongue\": a clause pointing back at the value as the speaker's "
        "own (not \"it's my wife's\", \"that's my husband's thing\")."
    ),
    why="",
    examples="italian pls when you reply, it's my mother tongue",
    non_examples=("it's my wife's", "that's my husband's thing"),
)

_SELF_TAG = rule(
    "reading.own_marks.self_tag",
    r"\b(?:here|member|flyer|flier|traveller|traveler|cardholder|holder|gold|silver|platinum|diamond|elite|"
    r"status)\b|-based\b",
    flags=re.I,
    means='How people tag a fragment as their own: "Vegetarian here", "Gold member", "frequent flyer", "London-based".',
    why="",
    examples=("Vegetarian here", "Gold member"),
    non_examples=(",", ", a pasted list followed by"),
)

_FORM_IS_MINE = rule(
    "reading.own_marks.form_is_mine",
    r"\b(?:that's|that is|this is|it's|these are|those are)\s+(?:(?:all|just)\s+)?(?:my|what i)\b(?!\s+(?:\w+\s+)?"
    + RELATION
    + r"\b)|\b(?:from|off)\s+my\s+(?!(?:\w+\s+)?"
    + RELATION
    + r"\b)|\bsame (?:goes )?for (?:every|all|any)",
    flags=re.I,
    means='After a pasted form or list: "that\'s my usual setup", "copied from my notes app", "same for every trip".',
    why="",
    examples=("that's my usual setup", "copied from my notes app"),
    non_examples=("Vegetarian here", ","),
)

_PROFILE_OPENER = rule(
    "reading.own_marks.profile_opener",
    r"^\W*(?:(?:my|standard|usual|default)\s+(?:travel\s+)?(?:profile|setup|set-up|usual|preferences|prefs|"
    r"defaults|non-negotiables)|my usual|(?:travel\s+)?profile(?:\s+for\s+you)?|for my profile)\s*:",
    flags=re.I,
    means=(
        '"Standard profile: VGML always, aisle …", "My usual: exit row …", "Profile for you: …": the turn opens by '
        "saying that what follows is the speaker's standing profile, so its fragments are the speaker's."
    ),
    why="",
    examples=("Standard profile: VGML always, aisle", "My usual: exit row"),
    non_examples=("Vegetarian here", ","),
)

SAME_LATER = rule(
    "reading.own_marks.same_later",
    r"\s*(?:and\s+)?(?:the\s+)?same\s+(?:for|on|with)\s+(?:every|all|each|any)\b",
    flags=re.I,
    means='"… so window pls. same for every booking": a later sentence carries the standing word back to it.',
    why="",
    examples="so window pls. same for every booking",
    non_examples=("Vegetarian here", ","),
)
