"""What makes a fragment with no subject the speaker's own ("Vegetarian here", "aisle pls. I drink loads of water
on flights", "Standard profile: VGML always, aisle …", a pasted list followed by "that's my usual setup").

Read by :mod:`language.reading.assertions` for a value said without "I": any of these marks keeps it; none asks.
"""

from __future__ import annotations

import re

from language.reading.evidence import Evidence, Span
from language.reading.lasting import is_task, is_transient
from language.reading.markers import LEADING_HESITATION
from language.reading.speakers import RELATION

# "veggie since uni", "coeliac since childhood": a state dated by a stage of the speaker's own life is theirs.
# (Not "gluten free since 2019" or "vegan for 3 yrs now": a date or a duration could be anyone's, so asked.)
_UP_TO_NOW = re.compile(
    r"\bsince (?:uni|university|school|college|childhood|birth|i was \w+|my (?:teens|twenties|childhood))\b",
    re.I,
)
# "Nut allergy. Anaphylactic. Please remember this one.": the fragment handed over to be remembered.
_REMEMBER_THIS = re.compile(r"\b(?:please\s+)?remember (?:this|that|it)\b", re.I)
# "Pescatarian! Love a good grilled sardine.": the next sentence drops its "I", so the fragment is the speaker's.
_DROPPED_I = re.compile(r"\s*(?:love|loving|adore|been|always|eat|stick|swear by)\b", re.I)
# "aisle pls. I drink loads of water on flights": the next sentence goes on about the speaker (not "I mean …",
# "I guess", a wish or a past), so the fragment is theirs, unless that sentence is a trip of its own.
_GOES_ON_ABOUT_ME = re.compile(
    r"\s*(?:i|i'm|im|i've|ive)\s+(?!(?:mean|meant|guess|think|suppose|wish|was|used|would|might|may|'d|"
    r"don't|dont|do not|am not|'m not|never|am flying|'m flying|am going|'m going|will|'ll)\b)",
    re.I,
)
# "italian pls when you reply, it's my mother tongue": a clause pointing back at the value as the speaker's own
# (not "it's my wife's", "that's my husband's thing").
_POINTED_AT_AS_MINE = re.compile(
    r"[,;—–-]\s*(?:and\s+)?(?:it's|it is|its|that's|that is|thats)\s+(?:\w+\s+)?my\s+(?!\w+['’]s\b)"
    r"(?!(?:\w+\s+)?(?:wife|husband|partner|son|daughter|kids?|child|mum|mom|dad|boss|friend|colleague)\b)",
    re.I,
)
# How people tag a fragment as their own: "Vegetarian here", "Gold member", "frequent flyer", "London-based".
_SELF_TAG = re.compile(
    r"\b(?:here|member|flyer|flier|traveller|traveler|cardholder|holder|gold|silver|platinum|diamond|elite|"
    r"status)\b|-based\b",
    re.I,
)
# After a pasted form or list: "that's my usual setup", "copied from my notes app", "same for every trip".
_FORM_IS_MINE = re.compile(
    r"\b(?:that's|that is|this is|it's|these are|those are)\s+(?:(?:all|just)\s+)?(?:my|what i)\b(?!\s+(?:\w+\s+)?"
    + RELATION
    + r"\b)|\b(?:from|off)\s+my\s+(?!(?:\w+\s+)?"
    + RELATION
    + r"\b)|\bsame (?:goes )?for (?:every|all|any)",
    re.I,
)
# "Standard profile: VGML always, aisle …", "My usual: exit row …", "Profile for you: …": the turn opens by saying
# that what follows is the speaker's standing profile, so its fragments are the speaker's.
_PROFILE_OPENER = re.compile(
    r"^\W*(?:(?:my|standard|usual|default)\s+(?:travel\s+)?(?:profile|setup|set-up|usual|preferences|prefs|"
    r"defaults|non-negotiables)|my usual|(?:travel\s+)?profile(?:\s+for\s+you)?|for my profile)\s*:",
    re.I,
)
# "… so window pls. same for every booking": a later sentence carries the standing word back to it.
SAME_LATER = re.compile(r"\s*(?:and\s+)?(?:the\s+)?same\s+(?:for|on|with)\s+(?:every|all|each|any)\b", re.I)


def marked_as_mine(evidence: Evidence, type_name: str, clause: str, at: Span) -> bool:
    """The fragment ``clause`` (the value at ``at``) carries a mark of the speaker's own, or the turn does."""
    text = evidence.text
    return bool(
        _SELF_TAG.search(clause)
        or _UP_TO_NOW.search(clause)
        or _REMEMBER_THIS.search(text, evidence.clause.end)
        or _DROPPED_I.match(text, evidence.sentence.end)
        or _goes_on_about_me(evidence, type_name)
        or _POINTED_AT_AS_MINE.search(text, at.end, evidence.sentence.end)
        or SAME_LATER.match(text, evidence.sentence.end)
        or _PROFILE_OPENER.match(LEADING_HESITATION.sub("", text, count=1))
        or _FORM_IS_MINE.search(text, evidence.sentence.end)
    )


def _goes_on_about_me(evidence: Evidence, type_name: str) -> bool:
    after = evidence.text[evidence.sentence.end :]
    if not _GOES_ON_ABOUT_ME.match(after):
        return False
    following = re.split(r"(?<=[.!?])\s|\n", after.lstrip(), maxsplit=1)[0]
    return not is_transient(following) and not is_task(following, type_name)
