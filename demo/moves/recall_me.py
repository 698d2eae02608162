""" "What do you remember about me?": the recalled facts, each with the date it was recorded (and its age if it
may be out of date), read from the memory block the model was given; then, apart, what this conversation said
that is not saved yet (promotion saves it after the conversation, or asks first), so the user is never told
"nothing" about a preference they stated a minute ago."""

from __future__ import annotations

import re

from assistant.gate.verdict import Accepted
from demo.moves.statements import judge_said
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
    waiting, asking = not_saved_yet(view)
    if not view.memory.facts and not waiting and not asking:
        return say(NOTHING)
    parts = []
    if view.memory.facts:
        listed = "\n".join(f"- {fact.line}" for fact in view.memory.facts)
        parts.append(f"Here is what I have saved about you from earlier conversations:\n{listed}")
    else:
        parts.append("I don't have anything saved about you from earlier conversations yet.")
    if waiting:
        parts.append(
            "From this conversation, not saved yet (I'll save it after we finish):\n" + _list(waiting)
        )
    if asking:
        parts.append("From this conversation, I'll ask you before saving:\n" + _list(asking))
    parts.append(
        'You can see, export or delete what is saved under Memories (the memory panel), or ask me here ("forget '
        'my seat preference").'
    )
    return say("\n".join(parts))


def not_saved_yet(view: View) -> tuple[list[str], list[str]]:
    """What the user stated in this conversation that memory does not hold: (to be saved when the conversation
    is promoted, to be asked about first), as the gate reads each message, latest word last."""
    waiting: dict[str, None] = {}
    asking: dict[str, None] = {}
    for text in [*view.said_before, view.user_text]:
        for judged in judge_said(text):
            verdict = judged.verdict
            if not isinstance(verdict, Accepted) or verdict.retract:
                continue
            if any(f.value == verdict.value for f in view.memory.saved(verdict.type)):
                continue
            (asking if verdict.ask else waiting)[judged.item] = None
    return list(waiting), [item for item in asking if item not in waiting]


def _list(items: list[str]) -> str:
    return "\n".join(f"- {item[:1].upper()}{item[1:]}" for item in items)
