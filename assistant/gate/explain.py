"""Which rules decided: the gate's verdict on a message and the masker's masking, each with the ids of the rule
records that matched while it was reached (``travel-assistant explain``).

A wrong verdict then leads straight to the record to read (``language/lexicon/…``), with its meaning, its reason
and its examples, instead of to a search through the reading code. The rules are traced process-wide while a
verdict is explained (:func:`language.rules.explaining`), so this is for one-threaded tools, never the serving
path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from assistant.fact_types import FACT_TYPES
from assistant.gate.chat import check_candidate
from assistant.gate.verdict import Accepted
from language.rules import explaining
from language.secrets.mask import mask_secrets

Outcome = Literal["kept", "retracted", "ask", "rejected"]  # retracted: the value said to hold no longer

_TURN = "t1"


@dataclass(frozen=True, slots=True)
class Explained:
    """One fact type's verdict on the message and the rules that fired on the way to it."""

    type: str
    outcome: Outcome
    value: str | None
    reason: str | None  # the rejection reason, or why it would be asked
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MaskingExplained:
    """What the masker made of the message, and the rules that found it."""

    masked: str
    kinds: tuple[str, ...]
    rules: tuple[str, ...]


def explain_masking(text: str) -> MaskingExplained:
    """The masked text, the kinds of secret found and the masker's rules that matched."""
    with explaining() as fired:
        found = mask_secrets(text)
    return MaskingExplained(masked=found.text, kinds=tuple(found.kinds), rules=tuple(fired))


def explain_verdict(text: str, type_name: str, *, quote: str | None = None, before: str = "") -> Explained:
    """The gate's verdict on a value of ``type_name`` in ``text`` (the user's message; ``quote`` the part a
    model would propose, the whole message by default), as promotion reaches it, with the rules that fired.
    ``before`` is the assistant's turn before the message (an answer is read against its question)."""
    if type_name not in FACT_TYPES:
        raise KeyError(type_name)
    logged = mask_secrets(text).text  # the log holds the masked message, and the gate reads the log
    with explaining() as fired:
        verdict = check_candidate(
            type_name=type_name,
            quote=quote or logged,
            fact=quote or logged,
            evidence_turn=_TURN,
            user_turns={_TURN: logged},
            assistant_before={_TURN: before},
        )
    if isinstance(verdict, Accepted):
        outcome: Outcome = "ask" if verdict.ask else "retracted" if verdict.retract else "kept"
        return Explained(type_name, outcome, verdict.value, verdict.ask, tuple(fired))
    return Explained(type_name, "rejected", None, verdict, tuple(fired))


def types_mentioned(text: str) -> list[str]:
    """The fact types with a value named in ``text``: the ones worth explaining when no type is given."""
    logged = mask_secrets(text).text
    return [name for name, ftype in FACT_TYPES.items() if ftype.extract(logged)]
