"""What makes a fragment with no subject the speaker's own ("Vegetarian here", "aisle pls. I drink loads of water
on flights", "Standard profile: VGML always, aisle …", a pasted list followed by "that's my usual setup").

Read by :mod:`language.reading.assertions` for a value said without "I": any of these marks keeps it; none asks.
"""

from __future__ import annotations

import re

from language.lexicon.reading.markers import LEADING_HESITATION
from language.lexicon.reading.own_marks import (
    _DROPPED_I,
    _FORM_IS_MINE,
    _GOES_ON_ABOUT_ME,
    _POINTED_AT_AS_MINE,
    _PROFILE_OPENER,
    _REMEMBER_THIS,
    _SELF_TAG,
    _UP_TO_NOW,
    SAME_LATER,
)
from language.reading.evidence import Evidence, Span
from language.reading.lasting import is_task, is_transient


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
