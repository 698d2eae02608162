"""Promotion outcomes in words, for the memory panel's promotion log.

Every code promotion records for a candidate (a rejection reason, or the write outcome of a kept one) gets a
short label and a sentence addressed to the user. The codes are the engine's (``assistant.promotion`` and
``assistant.facts``), including those newer rules add; a code nobody has described yet is still shown, by
its name, rather than dropped.
"""

from __future__ import annotations

from typing import NamedTuple


class Words(NamedTuple):
    label: str
    text: str


REJECTED: dict[str, Words] = {
    "evidence_not_user_turn": Words(
        "Not your words", "it came from a tool result or the assistant, not from a message you wrote"
    ),
    "quote_not_in_evidence": Words("Quote not found", "the quoted words are not in the message it cites"),
    "quoted_speech": Words("Quoted speech", "you were quoting someone else"),
    "third_party": Words("Third party", "it is about someone else; only your own preferences are kept"),
    "not_about_user": Words("Not about you", "it describes something other than you"),
    "negated": Words("Negated", "you said it is not so"),
    "question": Words("A question", "you asked about it; you did not say it"),
    "hypothetical": Words("Hypothetical", "a “what if” is not a preference"),
    "greeting": Words("Small talk", "there is nothing in it to remember"),
    "dislike": Words("A passing dislike", "disliking one option is not a lasting preference"),
    "task_progress": Words("Task progress", "the booking system owns it"),
    "transient": Words("Only for now", "it is true for this trip or today, not in general"),
    "negative_capability": Words(
        "About the system", "“it can't do that” is a conclusion about the system, not about you"
    ),
    "secret": Words("Secret masked", "passwords, keys and card numbers are never stored"),
    "unknown_type": Words("Not kept by design", "only travel preferences are remembered"),
    "inference": Words("Inference", "you never said it"),
    "malformed": Words("Malformed", "the proposal was incomplete, so it was dropped"),
    "lower_authority": Words("Overruled", "you confirmed a different value earlier, and that one stands"),
    "nothing_to_retract": Words("Nothing to take back", "you took back something that was never remembered"),
    "withdrawn": Words("Withdrawn", "you asked to forget it later in the conversation"),
    "not_asked": Words("Not asked", "you did not ask to remember it, so it waits for the idle review"),
}

KEPT: dict[str, Words] = {
    "stored": Words("Stored", "a new fact"),
    "superseded": Words("Updated", "it replaced an earlier value"),
    "refreshed": Words("Refreshed", "you said it again, so its date moved forward"),
    "duplicate": Words("Already known", "this message had been remembered before"),
    "retracted": Words("Retracted", "you took it back, so it is no longer used"),
}


def outcome_words(code: str, *, kept: bool) -> Words:
    """Label and sentence for one decision; unknown codes read as their own name."""
    table, other = (KEPT, REJECTED) if kept else (REJECTED, KEPT)
    found = table.get(code) or other.get(code)
    if found is not None:
        return found
    name = code.replace("_", " ").strip().capitalize() or "Unknown"
    return Words(name, "kept" if kept else "not kept")
