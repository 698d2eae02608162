"""Which diet to honour for a meal or a restaurant search: what the user says now beats what they said earlier
in this conversation, which beats what was remembered from earlier conversations."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, get_args

from assistant.facts.types import DietaryNeed, MenuDiet
from assistant.gate.verdict import Accepted
from demo.moves.statements import judge_said
from demo.view import View
from language.text import whole_words

# The diets the booking system can filter on.
DIETS: tuple[str, ...] = get_args(MenuDiet)
CONTRADICTS = whole_words(
    r"not vegetarian|no longer vegetarian|eat meat|i'?m not veg|i eat everything|not vegan|no longer vegan"
)

# Needs no menu is tagged with: passed to the search so the reply can say they were not checked.
UNTAGGED: tuple[str, ...] = tuple(d for d in get_args(DietaryNeed) if d not in DIETS)

Source = Literal["now", "conversation", "memory", "contradicted", "none"]


@dataclass(frozen=True, slots=True)
class Diet:
    values: tuple[str, ...]
    source: Source
    contradicted_memory: bool = False


def said_now(text: str) -> list[str]:
    """Diets named in this message and not denied in it ("a vegetarian meal, please"; not "I'm not vegan")."""
    if CONTRADICTS.search(text):
        return []
    return [
        d for d in DIETS if re.search(rf"\b{d}\b", text, re.I) and not re.search(rf"\bnot {d}\b", text, re.I)
    ]


def earlier_said(view: View) -> list[str]:
    """Diets the user stated (or retracted) earlier in this conversation, judged by the write gate, so "my
    wife is vegan" changes nothing."""
    values: list[str] = []
    for text in view.said_before:
        for judged in judge_said(text):
            if judged.type != "dietary" or not isinstance(judged.verdict, Accepted):
                continue
            values = [v for v in values if v != judged.value]
            if not judged.verdict.retract:
                values.append(judged.value)
    return [v for v in values if v in DIETS]


def earlier(view: View, *, include_stale: bool) -> tuple[list[str], Source]:
    """The diets held before this message: remembered ones, updated by this conversation."""
    values = [f.value for f in view.memory.of_type("dietary") if include_stale or not f.stale]
    source: Source = "memory" if values else "none"
    for text in view.said_before:
        for judged in judge_said(text):
            if judged.type != "dietary" or not isinstance(judged.verdict, Accepted):
                continue
            source = "conversation"
            values = [v for v in values if v != judged.value]
            if not judged.verdict.retract:
                values.append(judged.value)
    return [v for v in values if v in DIETS], source


def current(view: View, *, include_stale: bool = True) -> Diet:
    now = said_now(view.user_text)
    before, source = earlier(view, include_stale=include_stale)
    if now:
        return Diet(tuple(now), "now")
    if CONTRADICTS.search(view.user_text):
        return Diet((), "contradicted", contradicted_memory=bool(before))
    return Diet(tuple(before), source if before else "none")


def untagged(view: View) -> list[str]:
    """Allergies and other needs menus are not tagged with, held now: remembered ones (not stale), updated by
    what this conversation said and retracted, the gate judging each statement (so "my son is allergic to
    nuts" adds nothing)."""
    values = [f.value for f in view.memory.of_type("dietary") if f.value in UNTAGGED and not f.stale]
    for text in [*view.said_before, view.user_text]:
        for judged in judge_said(text):
            if judged.type != "dietary" or judged.value not in UNTAGGED:
                continue
            if not isinstance(judged.verdict, Accepted):
                continue
            values = [v for v in values if v != judged.value]
            if not judged.verdict.retract:
                values.append(judged.value)
    return values
