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
        '"veggie since uni", "coeliac since childhood": a state dated by a stage of the speaker\'s own life.'
    ),
    why=(
        'marked_as_mine: such a fragment is the speaker\'s. (Not "gluten free since 2019" or "vegan for 3 yrs '
        "now\": a date or a duration could be anyone's, so asked.)"
    ),
    examples=("veggie since uni", "coeliac since childhood"),
    non_examples=("gluten free since 2019", "vegan for 3 yrs now"),
)

_REMEMBER_THIS = rule(
    "reading.own_marks.remember_this",
    r"\b(?:please\s+)?remember (?:this|that|it)\b",
    flags=re.I,
    means="'remember this', 'please remember that', 'remember it': the user handing something over to be remembered.",
    why=(
        'marked_as_mine: after the fragment ("Nut allergy. Anaphylactic. Please remember this one.") it makes the '
        "fragment the user's."
    ),
    examples=("Nut allergy. Anaphylactic. Please remember this one.", "aisle, remember that"),
    non_examples=("do you remember the hotel in Porto?", "remembering names is hard"),
)

_DROPPED_I = rule(
    "reading.own_marks.dropped_i",
    r"\s*(?:love|loving|adore|been|always|eat|stick|swear by)\b",
    flags=re.I,
    means=(
        "A sentence opening with the speaker's verb and its 'I' dropped: 'Love …', 'Been …', 'Always …', 'Eat …', "
        "'Swear by …'."
    ),
    why=(
        'marked_as_mine: after the fragment ("Pescatarian! Love a good grilled sardine.") it makes the fragment '
        "the speaker's."
    ),
    examples=("Pescatarian! Love a good grilled sardine.", "Coeliac. Been that way for years."),
    non_examples=("Lovely view from the aisle", "Sticky floors on that airline"),
)

_GOES_ON_ABOUT_ME = rule(
    "reading.own_marks.goes_on_about_me",
    r"\s*(?:i|i'm|im|i've|ive)\s+(?!(?:mean|meant|guess|think|suppose|wish|was|used|would|might|may|'d|"
    r"don't|dont|do not|am not|'m not|never|am flying|'m flying|am going|'m going|will|'ll)\b)",
    flags=re.I,
    means=(
        'A sentence that goes on about the speaker ("aisle pls. I drink loads of water on flights"): not "I mean '
        '…", "I guess", a wish or a past.'
    ),
    why=(
        "_goes_on_about_me: the fragment before it is then the speaker's, unless that sentence is a trip of its "
        "own (is_task) or a passing state (is_transient)."
    ),
    examples=("aisle pls. I drink loads of water on flights", "I've got long legs"),
    non_examples=("I mean the left side", "I guess so", "I am flying to Rome tomorrow"),
)

_POINTED_AT_AS_MINE = rule(
    "reading.own_marks.pointed_at_as_mine",
    r"[,;—–-]\s*(?:and\s+)?(?:it's|it is|its|that's|that is|thats)\s+(?:\w+\s+)?my\s+(?!\w+['’]s\b)"
    r"(?!(?:\w+\s+)?(?:wife|husband|partner|son|daughter|kids?|child|mum|mom|dad|boss|friend|colleague)\b)",
    flags=re.I,
    means=(
        '"italian pls when you reply, it\'s my mother tongue": a later clause pointing back at the value as the '
        "speaker's own (not \"it's my wife's\", \"that's my husband's thing\")."
    ),
    why="marked_as_mine: searched after the value, to the end of its sentence.",
    examples=("italian pls when you reply, it's my mother tongue", "aisle, that's my thing"),
    non_examples=("italian pls, it's my wife's language", "aisle, that's my husband's thing"),
)

_SELF_TAG = rule(
    "reading.own_marks.self_tag",
    r"\b(?:here|member|flyer|flier|traveller|traveler|cardholder|holder|gold|silver|platinum|diamond|elite|"
    r"status)\b|-based\b",
    flags=re.I,
    means='How people tag a fragment as their own: "Vegetarian here", "Gold member", "frequent flyer", "London-based".',
    why="marked_as_mine: a fragment with one of these is the user's, with no 'I' needed.",
    examples=("Vegetarian here", "Gold member", "London-based"),
    non_examples=("members lounge please", "based in Lisbon"),
)

_FORM_IS_MINE = rule(
    "reading.own_marks.form_is_mine",
    r"\b(?:that's|that is|this is|it's|these are|those are)\s+(?:(?:all|just)\s+)?(?:my|what i)\b(?!\s+(?:\w+\s+)?"
    + RELATION
    + r"\b)|\b(?:from|off)\s+my\s+(?!(?:\w+\s+)?"
    + RELATION
    + r"\b)|\bsame (?:goes )?for (?:every|all|any)",
    flags=re.I,
    means=(
        'After a pasted form or list, the user claiming it: "that\'s my usual setup", "copied from my notes app", '
        '"same for every trip".'
    ),
    why=(
        "marked_as_mine: searched after the value's sentence; the fragments before it are the user's. Not a "
        "relation's (\"that's my wife's list\")."
    ),
    examples=("that's my usual setup", "copied from my notes app"),
    non_examples=("that's my wife's list", "copied from my sister's notes"),
)

_PROFILE_OPENER = rule(
    "reading.own_marks.profile_opener",
    r"^\W*(?:(?:my|standard|usual|default)\s+(?:travel\s+)?(?:profile|setup|set-up|usual|preferences|prefs|"
    r"defaults|non-negotiables)|my usual|(?:travel\s+)?profile(?:\s+for\s+you)?|for my profile)\s*:",
    flags=re.I,
    means=(
        '"Standard profile: VGML always, aisle …", "My usual: exit row …", "Profile for you: …": the turn opens by '
        "saying that what follows is the speaker's standing profile."
    ),
    why="marked_as_mine: the fragments of such a turn are the speaker's.",
    examples=("Standard profile: VGML always, aisle", "My usual: exit row"),
    non_examples=("My usual hotel is the Hilton", "Profile picture: updated"),
)

SAME_LATER = rule(
    "reading.own_marks.same_later",
    r"\s*(?:and\s+)?(?:the\s+)?same\s+(?:for|on|with)\s+(?:every|all|each|any)\b",
    flags=re.I,
    means='"… so window pls. same for every booking": a later sentence carrying a standing word back to the statement.',
    why=(
        "marked_as_mine makes the fragment the user's, and _said_of_user takes the statement as standing, so an "
        "unknown linking word does not ask."
    ),
    examples=("so window pls. same for every booking", "and the same on all flights"),
    non_examples=("same as last time", "the same seat as before"),
)
