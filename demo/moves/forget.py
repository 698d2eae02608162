"""Forgetting in the conversation: "forget my seat preference", "forget everything".

The model asks first ("Just to check: shall I forget …? Say yes to confirm."); on the user's yes it calls the
``forget_memory`` tool, which checks the request and the confirmation again in the log and deletes through the
privacy registry (the inspector's code path). A "no" keeps everything.
"""

from __future__ import annotations

import re

from assistant.fact_types import FACT_TYPES
from assistant.facts.forgetting import EVERYTHING, describe, forget_targets
from demo.replies import OfflineReply, call, say
from demo.view import View
from language.reading.requests import asked_to_remember, asks_to_forget, is_confirmation

ASK_TO_FORGET = 'Should I forget something? Say e.g. "forget my seat preference" or "forget everything".'
CONFIRM = 'Say "yes" to confirm, or "no" to keep it.'
ASKED = re.compile(
    r"Just to check: shall I forget (everything I remember about you|your ([a-z ]+?))(?:: (?P<value>[^(]+?))? \("
)
NO = re.compile(
    r"^\s*\U0001f44e|^\W*(?:n|no+|nop|nope|nah|negative|don'?t|do not|keep (?:it|them)|never ?mind|cancel|leave it|"
    r"not (?:really|now|this time))\b",
    re.I,
)
_BY_LABEL = {describe(name): name for name in FACT_TYPES}


def first(view: View) -> OfflineReply | None:
    """A new request to forget: ask for confirmation (or say there is nothing to forget)."""
    if not asks_to_forget(view.user_text):
        return None
    return act(view)


def act(view: View) -> OfflineReply | None:
    """Ask before forgetting what the message names. The ``forget_memory`` tool checks the request's words
    again in the log, so a request by meaning alone ("stop keeping my diet") is asked to say "forget"."""
    text = view.user_text
    if "forget_memory" not in view.tools:
        return None
    if asked_to_remember(text):
        # "Remove the note that I prefer KLM" holds a request to remember's words; read by meaning as one to
        # forget, it is neither saved nor forgotten: the user is asked to say what to forget.
        return say(ASK_TO_FORGET) if view.intent == "forget" else None
    if not asks_to_forget(text):
        return say(ASK_TO_FORGET)
    targets = forget_targets(text)
    if not targets:
        listed = ", ".join(describe(f.type) for f in view.memory.facts) or "nothing yet"
        return say(
            f'What should I forget? I have: {listed}. Say e.g. "forget my seat preference" or "forget everything".'
        )
    target = targets[0]
    if target == EVERYTHING:
        if not view.memory.facts:
            return say("I don't have anything saved about you, so there is nothing to forget.")
        count = len(view.memory.facts)
        return say(
            f"Just to check: shall I forget everything I remember about you ({count} fact(s))? This cannot be "
            f"undone. {CONFIRM}"
        )
    return _confirm(view, target)


def _confirm(view: View, target: str) -> OfflineReply:
    """Ask before forgetting a type, naming what would go. A value the user named ("forget that I'm vegan") that
    is not saved is said so, and what is saved instead is offered, never taken in its place unasked."""
    facts = view.memory.saved(target)
    named = FACT_TYPES[target].extract(view.user_text)
    missing = [v for v in named if all(f.value != v for f in facts)]
    if not facts:
        what = ", ".join(missing) if missing else f"a {describe(target)}"
        return say(f"I don't have {what} saved, so there is nothing to forget.")
    chosen = [f for f in facts if f.value in named]
    if len(chosen) == 1 and len(facts) > 1:
        # One value named among several saved ("forget that I'm vegan" beside a nut allergy): only it goes.
        (fact,) = chosen
        return say(
            f"Just to check: shall I forget your {describe(target)}: {fact.value} (recorded {fact.recorded})? "
            f"The rest stays. {CONFIRM}"
        )
    held = "; ".join(f"{f.value}, recorded {f.recorded}" for f in facts)
    question = f"Just to check: shall I forget your {describe(target)} ({held})"
    if missing and len(missing) == len(named):
        saved = ", ".join(f.value for f in facts)
        return say(f"I haven't saved {', '.join(missing)}; I have {saved}. {question} instead? {CONFIRM}")
    return say(f"{question}? {CONFIRM}")


def answer(view: View) -> OfflineReply | None:
    """The user's answer to our "shall I forget …?" question."""
    asked = ASKED.search(view.previous_reply)
    if asked is None:
        return None
    if NO.search(view.user_text):
        return say("OK, I'll keep it.")
    if not is_confirmation(view.user_text):
        return None
    target = EVERYTHING if asked.group(2) is None else _BY_LABEL.get(asked.group(2))
    if target is None:
        return None
    value = asked.group("value")
    return call("forget_memory", what=target, value=value) if value else call("forget_memory", what=target)


def after(view: View) -> OfflineReply | None:
    if view.turn_results[-1][0] != "forget_memory":
        return None
    result = view.turn_results[-1][1]
    if not result.get("forgotten"):
        return say(f"I didn't forget anything: {result.get('reason', 'it was refused')}.")
    if result.get("what") == "everything":
        return say(
            f"Done — I've forgotten everything I remembered about you ({result.get('rows_deleted', 0)} record(s))."
        )
    facts = "; ".join(result.get("facts", []))
    return say(
        f"Done — I've forgotten your {result.get('what')} ({facts}; removed {result.get('versions_deleted', 0)} "
        "version(s), including old copies)."
    )
