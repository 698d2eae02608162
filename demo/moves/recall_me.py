""" "What do you remember about me?": the recalled facts, each with the date it was recorded (and its age if it
may be out of date), read from the memory block the model was given."""

from __future__ import annotations

import re

from demo.replies import OfflineReply, say
from demo.view import View
from language.reading.requests import asks_to_forget

PHRASINGS = re.compile(
    r"\bwhat do you (?:remember|know) about me\b|\bwhat have you (?:remembered|saved|stored|got) (?:about|on) me\b"
    r"|\bwhat (?:do you have|have you got) (?:saved|stored|on file)\b|\bwhat are my (?:saved )?preferences\b"
    r"|\bwhat did you (?:remember|save) about me\b|\bdo you remember anything about me\b"
    # What is held about the user, asked any way: "what do you remember about my diet?", "anything you've saved
    # about me?", "show me what you remember about me".
    r"|\b(?:what|anything|everything)\b[^.?!]{0,20}\byou(?:'ve| have)?\s+(?:remember|know|saved?|stored?|kept|got)\w*"
    r"[^.?!]{0,12}\b(?:about|on|of)\s+(?:me|my)\b"
    r"|\bdo you (?:know|remember) (?:what )?my\b|\bwhat have i told you\b",
    re.I,
)
NOTHING = "I don't have anything saved about you yet. Tell me to remember a preference and I will."


def first(view: View) -> OfflineReply | None:
    # "clear what you remember about me" names what is remembered to have it forgotten (the forget move's).
    text = view.user_text
    return act(view) if PHRASINGS.search(text) and not asks_to_forget(text) else None


def act(view: View) -> OfflineReply:
    if not view.memory.facts:
        return say(NOTHING)
    listed = "\n".join(f"- {fact.line}" for fact in view.memory.facts)
    return say(
        f"Here is what I have saved about you from earlier conversations:\n{listed}\n"
        'You can see, export or delete these in the memory inspector, or ask me here ("forget my seat '
        'preference").'
    )
