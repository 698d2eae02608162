"""Forgetting on request, in the conversation: "forget my seat preference", "forget everything".

The ``forget_memory`` tool deletes through the same code path as the memory inspector's delete buttons (the
privacy registry's ``forget_fact`` / ``forget_all``: purged from old versions, audited), reached through the
narrow :class:`FactEraser` port. Like ``remember_preference`` it acts only on what the user said, checked in
code against the log, never on the model's word: the current user message must confirm ("yes"), and the
user's message before it must have asked to forget that very thing. So a model cannot delete a memory on its
own initiative, or because a tool result told it to, and the user is always asked first.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

from assistant.events import EventKind
from assistant.fact_types import FACT_TYPES
from assistant.facts.memory import FactMemory
from assistant.ids import FactId, UserId, UserScope
from assistant.ports import ThreadLog
from assistant.turns import ToolContext
from language.reading.requests import EVERYTHING_ASKED, asks_to_forget, is_confirmation
from language.reading.requests import forget_targets as read_targets

EVERYTHING = EVERYTHING_ASKED


class FactEraser(Protocol):
    """The registry's user-requested deletions (``memory.registry.UserDataRegistry`` implements it)."""

    def forget_fact(self, user: UserId, fact: FactId, *, actor: str, now: datetime) -> int: ...

    def forget_all(self, user: UserId, *, actor: str, now: datetime) -> int: ...


def forget_targets(text: str) -> list[str]:
    """What a request names: ``["all"]``, or fact type names in order of mention ("my seat and my diet")."""
    return read_targets(text, {name: ftype.label for name, ftype in FACT_TYPES.items()})


def describe(target: str) -> str:
    """'everything', or a type's label in lower case ('seat preference')."""
    ftype = FACT_TYPES.get(target)
    return "everything" if target == EVERYTHING else (ftype.label.lower() if ftype else target)


class Forgetter:
    """The ``forget_memory`` tool: deletes after the user asked and then confirmed, and says what went."""

    def __init__(self, log: ThreadLog, memory: FactMemory, eraser: FactEraser) -> None:
        self.log = log
        self.memory = memory
        self.eraser = eraser

    def forget_now(self, ctx: ToolContext, what: str, value: str | None = None) -> dict[str, Any]:
        if what != EVERYTHING and what not in FACT_TYPES:
            return _refused(f"unknown memory {what!r}; use 'all' or one of {', '.join(FACT_TYPES)}")
        current, previous = self._said(ctx)
        if not is_confirmation(current):
            return _refused("the user has not confirmed; ask them first and wait for their yes", what)
        asked = forget_targets(previous) if asks_to_forget(previous) else []
        if not asked:
            return _refused("the user's message before this one did not ask to forget anything", what)
        if what not in asked:
            asked_for = ", ".join(map(describe, asked))
            return _refused(f"the user asked to forget {asked_for}, not {describe(what)}", what)
        actor = f"user:{ctx.user}"
        if what == EVERYTHING:
            removed = self.eraser.forget_all(ctx.user, actor=actor, now=ctx.now)
            return {"forgotten": True, "what": "everything", "rows_deleted": removed}
        facts = [f for f in self.memory.current(UserScope(ctx.user)) if f.type == what]
        if value is not None:
            # One value the user named ("forget that I'm vegan"), never its neighbours of the same type: the
            # request must name it too, so a model cannot widen or swap what the user asked to forget.
            if value not in FACT_TYPES[what].extract(previous):
                return _refused(f"the user did not name {value!r} when they asked to forget", what)
            facts = [f for f in facts if f.value == value]
        if not facts:
            saved = f" {value}" if value is not None else ""
            return _refused(f"nothing is saved about the user's {describe(what)}{saved}", what)
        removed = sum(self.eraser.forget_fact(ctx.user, f.id, actor=actor, now=ctx.now) for f in facts)
        return {
            "forgotten": True,
            "what": describe(what),
            "facts": [f.text for f in facts],
            "versions_deleted": removed,
        }

    def _said(self, ctx: ToolContext) -> tuple[str, str]:
        """(this turn's user message, the user message before it) from the log."""
        said = [(e.turn_id, e.text) for e in self.log.events(ctx.thread) if e.kind == EventKind.USER]
        index = next((i for i, (turn, _text) in enumerate(said) if turn == ctx.turn), None)
        if index is None:
            return "", ""
        return said[index][1], said[index - 1][1] if index > 0 else ""


def _refused(reason: str, what: str | None = None) -> dict[str, Any]:
    """A refusal; it names what was asked about, so a reader of the log knows the user wanted it gone."""
    return {"forgotten": False, "reason": reason, **({"what": describe(what)} if what else {})}
