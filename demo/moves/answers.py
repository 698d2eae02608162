"""A bare yes or no ("yes, go ahead", "sure", "no, keep it"), resolved against the question the model asked
last (the previous reply in the thread). Forgetting's own question is answered by ``demo.moves.forget.answer``
(its tool re-checks the yes in the log); this move answers the rest: a choice still to make, a question that
was never asked."""

from __future__ import annotations

import re

from demo.moves import forget
from demo.replies import OfflineReply, say
from demo.view import View

_PICK = re.compile(r"Which (?:one|ones|flight) should I (?:book|move you to)\?")
_WHICH_BOOKING = re.compile(r"Which booking should I (cancel|change)\?")
NO_QUESTION = "I haven't asked you anything that needs a yes or no. What would you like to do?"
PICK_ONE = 'Which one? Say e.g. "book option 1".'


def confirm(view: View) -> OfflineReply:
    asked = view.previous_reply
    if forget.ASKED.search(asked):
        return say(f"Just to be sure before I delete anything: {forget.CONFIRM}")
    if _PICK.search(asked):
        return say(PICK_ONE)
    if m := _WHICH_BOOKING.search(asked):
        return say(f'Which booking? Say e.g. "{m.group(1)} BK-…" with its reference.')
    return say(NO_QUESTION)


def decline(view: View) -> OfflineReply:
    asked = view.previous_reply
    if forget.ASKED.search(asked):
        return say("OK, I'll keep it.")
    if asked.rstrip().endswith("?") or _PICK.search(asked) or _WHICH_BOOKING.search(asked):
        return say("OK, I'll leave it there. Anything else?")
    return say(NO_QUESTION)
