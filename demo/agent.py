"""The offline demo model: a deterministic travel agent that needs no key and no network.

It is served to the rest of the app through litellm as the custom provider ``offline/travel-agent`` (see
``demo.provider`` and ``assistant.model.llm``), so the exact code path real providers take (messages, OpenAI-format
tool calls, streaming, JSON output) is exercised by the demo and the tests. It reads only what a real model
would: the messages, the tool list and the requested response format (``demo.view``). It tries a fixed
order of moves (``demo.moves``), each with a table of phrasings, and a polite fallback that says what it can do.
With an encoder installed (``demo.intents``, by the composition root) it reads by meaning: the message's intent
is the nearest example phrasings' (the patterns' own match counting as evidence), the move for that intent
runs, and its slots are read by the move's rules; below the margin it asks what was meant. Whatever a message
says about the user is acknowledged only as far as promotion will keep it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from assistant.prompts import PROMOTION_SCHEMA_NAME, SUMMARY_SCHEMA_NAME
from assistant.turns import Message
from demo import intents
from demo.extract import extract_candidates, summarise
from demo.moves import (
    answers,
    book,
    change,
    dinner,
    forget,
    recall_me,
    remember,
    search,
    smalltalk,
    statements,
)
from demo.replies import OfflineReply, OfflineToolCall, say
from demo.view import View, content, read_view
from language.reading.requests import is_confirmation

__all__ = [
    "MEANT",
    "MOVES",
    "Move",
    "OfflineReply",
    "OfflineToolCall",
    "respond",
    "rule_intent",
    "understood",
]

Step = Callable[[View], OfflineReply | None]


@dataclass(frozen=True, slots=True)
class Move:
    name: str
    first: Step
    after: Step | None = None
    notes: bool = True  # its final reply also says what will (and will not) be remembered from the message


MOVES: tuple[Move, ...] = (
    Move("what-do-you-remember", recall_me.first, notes=False),
    Move("remember", remember.first, remember.after, notes=False),
    Move("forget", forget.first, forget.after, notes=False),
    Move("change-or-cancel", change.first, change.after),
    Move("book", book.first, book.after),
    Move("search", search.first, search.after),
    Move("dinner-and-bookings", dinner.first, dinner.after),
    Move("greeting", smalltalk.greeting),
    Move("statement", statements.first, notes=False),
    Move("thanks", smalltalk.thanks),
)

# The move each intent runs once the message's meaning is decided (the move's trigger patterns skipped; its
# slots still read by its rules). None lets the patterns' route answer instead.
MEANT: dict[str, Step] = {
    "search": search.act,
    "book": book.act,
    "change": lambda view: change.act(view, "change"),
    "cancel": lambda view: change.act(view, "cancel"),
    "bookings": dinner.look_up,
    "dinner": dinner.look_up,
    "remember": lambda view: remember.first(view) or statements.act(view),
    "recall_me": recall_me.act,
    "forget": forget.act,
    "confirm": answers.confirm,
    "decline": answers.decline,
    "greeting": smalltalk.hello,
    "thanks": smalltalk.welcome,
}
# Moves whose patterns are precise enough to decide alone: a request to remember, to forget, to hear what is
# remembered, to book an option shown. The meaning of a message naming a diet or a seat leans towards
# "remember" whatever else it asks ("Please forget that I'm vegetarian").
_DECISIVE = frozenset({"remember", "forget", "what-do-you-remember", "book"})
_ABOUT_MEMORY = frozenset({"remember", "forget", "recall_me"})
_QUIET = frozenset({"recall_me", "remember", "forget", "confirm", "decline"})  # no "noted" line


def respond(
    messages: list[Message], tools: list[dict[str, Any]] | None, response_format: Any
) -> OfflineReply:
    """Answer one model call."""
    schema_name = _schema_name(response_format)
    if schema_name == PROMOTION_SCHEMA_NAME:
        return say(json.dumps({"candidates": extract_candidates(content(messages[-1]))}))
    if schema_name == SUMMARY_SCHEMA_NAME:
        return say(json.dumps(summarise(content(messages[-1]))))
    view = read_view(messages, tools or [])
    return _after_tools(view) if view.turn_results else _first_step(view)


def _schema_name(response_format: Any) -> str | None:
    if isinstance(response_format, dict):
        schema = response_format.get("json_schema")
        if isinstance(schema, dict):
            name = schema.get("name")
            return name if isinstance(name, str) else None
    return None


def rule_intent(move: Move, view: View) -> str:
    """The intent a move of the patterns' route stands for."""
    match move.name:
        case "change-or-cancel":
            return change.intent(view.user_text) or "cancel"
        case "dinner-and-bookings":
            return "dinner" if dinner.DINNER.search(view.user_text) else "bookings"
        case "what-do-you-remember":
            return "recall_me"
        case "statement":
            return "remember"  # telling a preference and asking to remember it are one intent
        case name:
            return name


def _by_rules(view: View) -> tuple[Move, OfflineReply] | None:
    """Today's route: the first move whose patterns take the message, and its reply."""
    for move in MOVES:
        reply = move.first(view)
        if reply is not None:
            return move, reply
    return None


@dataclass(frozen=True, slots=True)
class Reading:
    """How a message was read: its intent by meaning (None: by patterns only, or unsure), the patterns' route,
    and the question to ask when the meaning is unsure and no pattern takes the message."""

    intent: str | None
    ruled: tuple[Move, OfflineReply] | None
    question: str | None = None


def _answer_hint(text: str) -> str | None:
    """A bare yes or no by the forgetting move's patterns for answers (evidence for the meaning reading)."""
    if is_confirmation(text):
        return "confirm"
    return "decline" if forget.NO.search(text) else None


def understood(view: View) -> Reading:
    """Read the message (and set ``view.intent`` when its meaning is decided, for the moves' later steps)."""
    ruled = _by_rules(view)
    hint = rule_intent(ruled[0], view) if ruled else _answer_hint(view.user_text)
    # A message the write gate finds a preference of the user's in, which no other move took, is a statement
    # whatever its nearest examples say ("I'm hard of hearing", "French is my preferred language"). The
    # statement move's patterns take any first-person sentence, so without a preference found they are no
    # evidence at all ("I need to bail on the Rome booking").
    stated = ruled is not None and ruled[0].name == "statement" and statements.states_a_preference(view)
    if ruled is not None and ruled[0].name == "statement" and not stated:
        hint = None
    guessed = intents.guess(view.user_text, rule_hint=hint)
    # ... unless its structure plainly asks for something else ("can you drop the window seat preference?",
    # "I'll go with the nonstop at 8:50": a value named in a request to forget it or in a pick is no statement).
    stated = stated and (guessed is None or guessed.cued in (None, "remember"))
    decisive = ruled is not None and (ruled[0].name in _DECISIVE or stated)
    # A request about memory whose structure names a different one than the patterns read ("no need to
    # remember my hotel preferences, please delete them", "remove the note that I prefer KLM") is read by
    # meaning: remembering, forgetting and being told what is remembered differ by a word the patterns catch.
    if decisive and guessed is not None and guessed.cued in _ABOUT_MEMORY and guessed.cued != hint:
        decisive = False
    if guessed is None or decisive:
        return Reading(hint if guessed is not None else None, ruled)
    if guessed.out_of_scope:
        return Reading(None, ruled)  # the patterns' route, else the fallback that says what the model can do
    if not guessed.sure and guessed.intent != hint:
        return Reading(None, ruled, None if ruled else guessed.clarify())
    view.intent = guessed.intent
    return Reading(guessed.intent, ruled)


def _first_step(view: View) -> OfflineReply:
    answered = forget.answer(view)  # a yes/no to our "shall I forget …?", checked by its tool again
    if answered is not None:
        return answered
    reading = understood(view)
    if reading.question is not None:
        return say(reading.question)
    intent, ruled = reading.intent, reading.ruled
    # A preference told beside another request ("Hi! I prefer aisle seats") is served by that request's move,
    # whose reply carries the "noted" line.
    told_beside = intent == "remember" and ruled is not None and ruled[0].notes
    if intent is not None and not told_beside and (ruled is None or rule_intent(ruled[0], view) != intent):
        reply = MEANT[intent](view)
        if reply is not None:
            return reply if intent in _QUIET else _noted(view, reply)
    if ruled is not None:
        move, reply = ruled
        return _noted(view, reply) if move.notes else reply
    return smalltalk.fallback(view)


def _after_tools(view: View) -> OfflineReply:
    _name, result = view.turn_results[-1]
    if "error" in result:
        return say(f"Sorry, that didn't work: {result['error']}")
    intent = understood(view).intent
    quiet = intent in _QUIET if intent is not None else None
    for move in MOVES:
        reply = move.after(view) if move.after is not None else None
        if reply is not None:
            notes = move.notes if quiet is None else not quiet
            return _noted(view, reply) if notes else reply
    return say("Done.")


def _noted(view: View, reply: OfflineReply) -> OfflineReply:
    """A final reply also says what will be remembered from the message, so it never contradicts memory, and,
    once in a conversation, that a saved fact the user's words today contradict looks out of date."""
    if reply.tool_calls:
        return reply
    note = statements.note(view)
    notes = [n for n in (note, statements.outdated_note(view, beside=note)) if n]
    return OfflineReply(text="\n".join([reply.text, *notes])) if notes else reply
