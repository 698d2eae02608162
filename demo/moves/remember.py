"""An explicit request to remember ("remember that I prefer aisle seats", "don't forget I'm vegan"): the
``remember_preference`` tool saves it at once, through the same gate as promotion, and the reply says "saved" or
why not."""

from __future__ import annotations

import re

from demo.moves import statements
from demo.replies import OfflineReply, call, say
from demo.view import View
from language.lexicon.reading.requests import REMEMBER_CUES
from language.reading.requests import asked_to_remember

# The statement after the request cue, in the user's words.
STATEMENT = re.compile(rf"\b(?:{REMEMBER_CUES})\s+(?:that\s+)?(.+)", re.I)


def first(view: View) -> OfflineReply | None:
    if "remember_preference" not in view.tools or not asked_to_remember(view.user_text):
        return None
    m = STATEMENT.search(view.user_text)
    if m is None:
        return None
    statement = re.split(r"(?<=[.!?])\s", m.group(1), maxsplit=1)[0].strip().rstrip(".!")
    return call("remember_preference", statement=statement)


def after(view: View) -> OfflineReply | None:
    result = view.result_of("remember_preference")
    if result is None or view.turn_results[-1][0] != "remember_preference":
        return None
    if result.get("pending"):
        return say(f"{statements.CONFIRM}: {result.get('reason', '')}.")
    if not result.get("saved"):
        reason = result.get("reason", "it is not something I can remember")
        return say(f"I didn't save that: {reason}.")
    fact = str(result.get("fact", ""))
    label, _sep, value = fact.partition(": ")
    rest = statements.note(view, skip=frozenset({f"{label.lower()}: {value}"}))
    return say(f"Saved — I'll remember that ({fact})." + (f" {rest}" if rest else ""))
