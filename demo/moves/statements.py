"""Statements about the user ("I prefer aisle seats and I always fly from Heathrow"), acknowledged truthfully.

The offline model says "noted" only for what promotion will keep, because it asks the very code promotion asks:
the demo extractor's candidates for the user's own words (``demo.extract.user_candidates``), each judged by the
write gate (``assistant.gate.check_candidate``, which applies ``language.reading.assertions``). What the gate refuses
gets the reason, in the words the explicit "remember" tool uses (``assistant.gate.words.explain``). What is
already remembered (the memory block) and what was said earlier in this conversation decide between "noted",
"instead of …", "already saved", a correction the user must confirm, and "nothing to remove".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from assistant.fact_types import FACT_TYPES
from assistant.gate.chat import check_candidate
from assistant.gate.verdict import Accepted
from assistant.gate.words import explain
from demo.extract import user_candidates
from demo.replies import OfflineReply, say
from demo.view import View
from language.text import whole_words

NOTED = "Noted — I'll remember that after this conversation"
# The gate found the value but was unsure it is a standing fact about the user: promotion keeps it pending.
CONFIRM = "I'll ask you to confirm before I remember"
# Verdicts on words that were never a statement about the user ("is it vegan?", "good evening"): nothing to say.
_UNREMARKABLE = frozenset({"question", "greeting"})
_EVIDENCE = "now"
_ABOUT_SELF = whole_words(
    r"i'?m|i am|i prefer|i usually|i always|i never|i like|i love|i don'?t|i eat|i have|i use|i need|i travel|"
    r"i live|my"
)
SAID_NOTHING_KEPT = (
    "Thanks — I won't remember that, though: I only keep travel preferences ("
    + ", ".join(t.label.lower() for t in FACT_TYPES.values())
    + ")."
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Judged:
    """One registry value the user's words mention, and the gate's verdict on it."""

    type: str
    value: str
    verdict: Accepted | str

    @property
    def item(self) -> str:
        return f"{FACT_TYPES[self.type].label.lower()}: {self.value}"


@lru_cache(maxsize=1024)
def judge_said(text: str) -> tuple[Judged, ...]:
    """The gate's verdict on every registry value the extractor proposes from ``text`` (one user message).

    Cached by text: the offline model asks again about every earlier message of the conversation at each model
    call of each turn (diets, allergies, what is held), and the gate's answer for a text never changes (~2 ms a
    message)."""
    shown = " / ".join(text.splitlines())  # as the promotion transcript shows a multi-line message
    found: list[Judged] = []
    for cand in user_candidates(_EVIDENCE, shown):
        ftype = FACT_TYPES.get(cand["type"])
        if ftype is None:
            continue  # trip details and the like: the booking system's, never a memory, nothing to say
        verdict = check_candidate(
            type_name=cand["type"],
            quote=cand["quote"],
            fact=cand["fact"],
            evidence_turn=_EVIDENCE,
            user_turns={_EVIDENCE: text},
        )
        value = (
            verdict.value
            if isinstance(verdict, Accepted)
            else cand["fact"].rsplit(ftype.label.lower(), 1)[-1]
        )
        judged = Judged(type=ftype.name, value=value.strip(), verdict=verdict)
        if judged not in found:
            found.append(judged)
    return tuple(found)


def held(view: View, type_name: str) -> dict[str, bool]:
    """Values of a type that memory will hold before this message is promoted: remembered ones, then what was
    said earlier in this conversation (promoted first), as value → confirmed by an explicit request."""
    holding = {f.value: f.confirmed for f in view.memory.saved(type_name)}
    for earlier in view.said_before:
        for judged in judge_said(earlier):
            if judged.type == type_name and isinstance(judged.verdict, Accepted) and not judged.verdict.ask:
                holding = _after(holding, judged.verdict, FACT_TYPES[type_name].multi_valued)
    return holding


def _after(holding: dict[str, bool], accepted: Accepted, multi: bool) -> dict[str, bool]:
    if accepted.retract:
        return {v: c for v, c in holding.items() if v != accepted.value}
    if multi:
        return {**holding, accepted.value: holding.get(accepted.value, False)}
    if accepted.value in holding or any(holding.values()):
        return holding  # the same value again, or a casual mention against a confirmed one (refused)
    return {accepted.value: False}


def outcome(view: View, accepted: Accepted) -> tuple[str, str | None]:
    """What promotion's write will do with an accepted value (``FactMemory.record``'s statuses), and the value
    it replaces or keeps, if any."""
    holding = held(view, accepted.type)
    if accepted.retract:
        return ("retracted", None) if accepted.value in holding else ("nothing_to_retract", None)
    if accepted.value in holding:
        return "duplicate", None
    if FACT_TYPES[accepted.type].multi_valued or not holding:
        return "stored", None
    old = next(iter(holding))
    return ("lower_authority" if holding[old] else "superseded"), old


def note(view: View, *, skip: frozenset[str] = frozenset()) -> str:
    """What the reply says about memory for this message; empty when it states nothing memorable.

    ``skip`` holds items ("seat preference: aisle") the turn already handled (an explicit "remember that …").
    """
    keep: list[str] = []
    asks: list[str] = []
    gone: list[str] = []
    lines: list[str] = []
    for judged in judge_said(view.user_text):
        if judged.item in skip:
            continue
        if not isinstance(judged.verdict, Accepted):
            if judged.verdict not in _UNREMARKABLE:
                lines.append(f"I won't remember that ({judged.item}): {explain(judged.verdict)}.")
            continue
        if judged.verdict.ask:
            asks.append(judged.item)
            continue
        status, other = outcome(view, judged.verdict)
        label = FACT_TYPES[judged.type].label.lower()
        if status == "stored":
            keep.append(judged.item)
        elif status == "superseded":
            keep.append(f"{judged.item} (instead of {other})")
        elif status == "duplicate":
            keep.append(f"{judged.item} (already saved)")
        elif status == "retracted":
            gone.append(judged.item)
        elif status == "nothing_to_retract":
            lines.append(f"I didn't have {judged.item} saved, so there's nothing to remove.")
        else:
            lines.append(
                f"I'll keep your {label} as {other}, because you asked me to remember that; say "
                f'"remember that …" if it has changed.'
            )
    head = [f"{NOTED}: {'; '.join(keep)}."] if keep else []
    if gone:
        head.append(f"Noted — after this conversation I'll no longer remember {'; '.join(gone)}.")
    if asks:
        head.append(f'{CONFIRM} ({"; ".join(asks)}): see "Should I remember this?" in your memory.')
    return " ".join(head + list(dict.fromkeys(lines)))


def act(view: View) -> OfflineReply | None:
    """A message understood (by meaning) as telling something about the user; a question ("is the food
    vegan?") tells nothing, and is left to the other moves."""
    if view.user_text.rstrip().endswith("?"):
        return first(view)
    return first(view) or say(SAID_NOTHING_KEPT)


def states_a_preference(view: View) -> bool:
    """The gate keeps, or would ask about, a value the user's message states."""
    return any(isinstance(j.verdict, Accepted) for j in judge_said(view.user_text))


def first(view: View) -> OfflineReply | None:
    """A message that only tells something about the user: acknowledged, or told why it is not kept."""
    said = note(view)
    if said:
        return say(said)
    if _ABOUT_SELF.search(view.user_text) and not view.user_text.rstrip().endswith("?"):
        return say(SAID_NOTHING_KEPT)
    return None


OUTDATED = (
    "Your saved {fact} looks out of date after what you said today: I'll go by today's words, and update it"
)
OUTDATED_END = " after this conversation."


def outdated_note(view: View, *, beside: str | None = None) -> str | None:
    """Once in a conversation: the saved facts the user's words today contradict (the engine marks them in the
    memory block), unless the reply already says what happens to them (``beside``: "I'll no longer remember
    dietary needs: vegetarian")."""
    said = [r.lower() for r in [*view.replied_before, beside or ""] if "out of date" in r or "no longer" in r]
    facts = [f for f in view.memory.outdated if not any(f.text.lower() in r for r in said)]
    if not facts:
        return None
    named = "; ".join(f.text.lower() for f in facts)
    return OUTDATED.format(fact=named) + OUTDATED_END
