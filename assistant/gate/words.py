"""Gate and promotion outcomes in words: the memory panel's promotion log and the chat's remember replies.

Every code promotion records for a candidate (a rejection reason, or the write outcome of a kept one) gets a
short label and a sentence addressed to the user. The codes are the engine's (``assistant.promotion`` and
``assistant.facts``), including those newer rules add; a code nobody has described yet is still shown, by
its name, rather than dropped.
"""

from __future__ import annotations

from typing import NamedTuple

from assistant.fact_types import FACT_TYPES


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
    "taken_back": Words("Taken back", "you took it back later in the same message (a joke or a correction)"),
    "echo": Words("My words, not yours", "it repeated what I had said about you"),
    "instruction": Words("Instructions", "it carried instructions for me, and only preferences are kept"),
}

KEPT: dict[str, Words] = {
    "stored": Words("Stored", "a new fact"),
    "superseded": Words("Updated", "it replaced an earlier value"),
    "refreshed": Words("Refreshed", "you said it again, so its date moved forward"),
    "duplicate": Words("Already known", "this message had been remembered before"),
    "retracted": Words("Retracted", "you took it back, so it is no longer used"),
    "pending": Words("Should I remember this?", "I was not sure, so it waits for you to keep or discard it"),
}

# Why the gate asked instead of keeping (``Decision.ask``): the doubt, as the user reads it next to Keep and
# Discard ("I wasn't sure: …").
ASKED: dict[str, str] = {
    "hedged": "you said it with a hedge (“I think”, “maybe”), so you may not have meant it for good",
    "unknown_link": "I could not tell for sure that it is about you",
    "no_subject": "the sentence did not say who it is about",
    "other_language": "it was in a language I read less surely",
    "asked_once": "you asked about it, which may not mean you prefer it",
    "speaker_unsure": "I could not tell whose words those were",
    "mixed_script": "it mixed letters of two alphabets, which can disguise a word",
    "changed_mind": "you changed your mind during the conversation, so I am not sure which one holds",
    "joke_marker": "it ended with a laugh, so it may have been a joke",
    "sarcasm": "it sounded sarcastic",
    "indifferent": "you sounded as if you did not mind either way",
    "distant_report": "it read like something reported or advised, not your own preference",
    "echo": "it repeated what I had said about you",
    "instruction": "it came with instructions for me",
    "second_thought": "you seemed to have second thoughts later in the message",
    "past": "it sounded like something that used to be true",
}
UNSURE = "I was not sure it is a lasting preference of yours"


def ask_reason(code: str | None) -> str:
    """Why the gate asked about a fact, in words ("" code, or one not described yet: the general doubt)."""
    return ASKED.get(code or "", UNSURE)


# The same codes as the chat words them: the remember tool's reply, addressed to the user mid-conversation (a
# test keeps every code here described above too).
REPLY: dict[str, str] = {
    "not_asked": 'you didn\'t ask me to remember anything in this message; say "remember that …"',
    "unknown_type": "I can only remember travel preferences ("
    + ", ".join(t.label.lower() for t in FACT_TYPES.values())
    + ")",
    "secret": "it looks like a password, key or payment detail, and I never store those",
    "task_progress": "that's about this trip; your bookings already hold it",
    "third_party": "it's about someone else, and I only keep preferences about you",
    "quoted_speech": "those are someone else's words, not something you told me about yourself",
    "inference": "I couldn't find a preference I can store in what you said",
    "lower_authority": "it contradicts something you confirmed earlier; tell me explicitly if it changed",
    "negative_capability": "that's a conclusion about the system, not a preference",
    "transient": "that sounds like something that happened this time, not a lasting preference",
    "negated": "you said you don't, so there is nothing to save",
    "nothing_to_retract": "I had nothing saved about that, so there is nothing to remove",
    "dislike": "I can't store a dislike yet, only what you prefer",
    "question": "that was a question, not something about you",
    "hypothetical": "that sounded hypothetical, so I didn't save it",
    "greeting": "that was a greeting, not a preference",
    "withdrawn": "you asked me to forget that, so I won't keep it",
    "not_about_user": 'I couldn\'t tell that this is about you; say it as "I prefer …"',
    "quote_not_in_evidence": "I couldn't find those words in your message",
    "pending": 'I wasn\'t sure I understood it, so it waits under "Should I remember this?" for you to keep or '
    "discard",
    "taken_back": 'you took it back later in the same message (a joke, "not really" or a correction)',
    "echo": "those were my words about you, not something you told me",
    "instruction": "it carries instructions for me, and I only store preferences",
}


def explain(reason: str) -> str:
    """Why a statement is not remembered, in words a user reads (the reason itself if there are none)."""
    return REPLY.get(reason, reason.replace("_", " "))


def outcome_words(code: str, *, kept: bool) -> Words:
    """Label and sentence for one decision; unknown codes read as their own name."""
    table, other = (KEPT, REJECTED) if kept else (REJECTED, KEPT)
    found = table.get(code) or other.get(code)
    if found is not None:
        return found
    name = code.replace("_", " ").strip().capitalize() or "Unknown"
    return Words(name, "kept" if kept else "not kept")
