"""A later conversation that changes what memory holds: "I don't keep kosher any longer", "I've become a window
person", "I closed my Miles & More account".

Promotion reads each new user turn against the user's current facts (:func:`outdated`): a fact the user says no
longer holds is retracted, in the user's words, with no question asked; a new value said as a change from one memory
holds (:func:`as_change`) is the user's latest word, so a doubt that only the change answers ("I've become a window
person": an unusual link) is dropped. A new value that excludes the held one supersedes it by the versioning rules
(:func:`assistant.facts.rules.plan_write`). The reading is :mod:`language.reading.changes`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from assistant.fact_records import Fact
from assistant.fact_types import FACT_TYPES
from assistant.gate.verdict import Accepted
from language.reading import changes
from language.reading.evidence import clean, view
from language.secrets.mask import mask_secrets

# Doubts a change answers: the gate was unsure how the words link the user to the value, or whose it is, or saw
# a second thought; said as a change from a value memory holds, the user is plainly updating their own.
CHANGE_ANSWERS = frozenset(
    {"unknown_link", "no_subject", "speaker_unsure", "second_thought", "past", "changed_mind"}
)


@dataclass(frozen=True, slots=True)
class Outdated:
    """A current fact, and the user turn that says it no longer holds."""

    fact: Fact
    turn: str
    quote: str


def may_change(texts: Sequence[str]) -> bool:
    """Whether any of the turns could change what memory holds (a cheap look before memory is read)."""
    return any(changes.says_changed(t) or changes.may_contradict(t) for t in texts)


def outdated(current: Sequence[Fact], turns: Mapping[str, str]) -> list[Outdated]:
    """The current facts a user turn (``turns``: turn id → logged text, in order) says no longer hold, each with the
    latest turn that says so."""
    found: list[Outdated] = []
    read = {turn: view(clean(mask_secrets(text).text)) for turn, text in turns.items()}
    for fact in current:
        ftype = FACT_TYPES.get(fact.type)
        if ftype is None or fact.retracted:
            continue
        said = [turn for turn, text in read.items() if changes.no_longer(text, ftype, fact.value)]
        if said:
            turn = said[-1]
            found.append(Outdated(fact, turn, clean(mask_secrets(turns[turn]).text, one_line=True)[:300]))
    return found


def as_change(verdict: Accepted, said: str, current: Sequence[Fact]) -> Accepted:
    """A value said as a change from a different one memory holds is the user's latest word: a doubt the change
    answers is dropped."""
    if verdict.ask not in CHANGE_ANSWERS:
        return verdict
    ftype = FACT_TYPES.get(verdict.type)
    replaced = ftype is not None and any(
        f.type == verdict.type and f.value != verdict.value and ftype.excludes(f.value, verdict.value)
        for f in current
    )
    if replaced and changes.says_changed(view(clean(said))):
        return replace(verdict, ask=None)
    return verdict
