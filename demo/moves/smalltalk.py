"""Greetings, thanks, and the polite fallback that names what the offline model can do."""

from __future__ import annotations

import re

from demo.replies import OfflineReply, say
from demo.view import View

GREETING = re.compile(r"^\s*(hi|hello|hey|good (morning|afternoon|evening))\b", re.I)
THANKS = re.compile(
    r"^\W*(thanks+|thank you|thx|ty|tysm|cheers|great|perfect|lovely|merci|gracias|grazie|danke|obrigad[oa]|"
    r"you'?re a star)\b[\s\w,!.']*$",
    re.I,
)

HELLO = (
    "Hello! I can find flights, book them, look up your bookings and suggest restaurants near your hotel. "
    "Where would you like to go?"
)
FALLBACK = (
    "I'm the offline demo travel assistant, so I can help with a few things: finding flights "
    '("flights to Lisbon on the 14th", "from Manchester to Porto next Friday, then Porto to Madrid on the 20th"), '
    'booking one of the options ("book option 1"), showing, changing or cancelling your bookings ("cancel my '
    'booking"), suggesting dinner near your hotel, remembering a preference ("remember that I prefer aisle seats" '
    'or just "I prefer aisle seats"), telling you what I remember ("what do you remember about me?") and '
    'forgetting it ("forget my seat preference").'
)


def greeting(view: View) -> OfflineReply | None:
    return hello(view) if GREETING.search(view.user_text) else None


def hello(view: View) -> OfflineReply:
    return say(HELLO)


def thanks(view: View) -> OfflineReply | None:
    return welcome(view) if THANKS.search(view.user_text) else None


def welcome(view: View) -> OfflineReply:
    return say("You're welcome! Anything else I can book or look up?")


def fallback(view: View) -> OfflineReply:
    return say(FALLBACK)
