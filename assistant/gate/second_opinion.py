"""The learned second opinion at the gate's decision point: a value the rules would keep is asked instead when the
model trained on the project's corpora (:mod:`language.learned`) reads the user's turn as a payload.

It can only turn a *kept* into an *ask* (reason ``second_opinion``): a rejection stays rejected, an ask keeps
its own reason, and a retraction (the user saying a held fact no longer holds) is left to the rules. The user
still decides: the value waits, pending, for their Keep or Not now. ``benchmarks.second_opinion`` measured it
before it was wired in (forward validation over the held-out corpora as they were written); the setting
``SECOND_OPINION`` (on by default) turns it off.
"""

from __future__ import annotations

from dataclasses import replace
from typing import overload

from assistant.gate.verdict import Accepted, Reason
from language.learned import SecondOpinion, shipped

ASK = "second_opinion"


def opinion(enabled: bool) -> SecondOpinion | None:
    """The shipped model when the second opinion is on (read once per process), else None."""
    return shipped() if enabled else None


@overload
def reconsider(verdict: Accepted, said: str, model: SecondOpinion | None) -> Accepted: ...
@overload
def reconsider(verdict: Accepted | Reason, said: str, model: SecondOpinion | None) -> Accepted | Reason: ...
def reconsider(verdict: Accepted | Reason, said: str, model: SecondOpinion | None) -> Accepted | Reason:
    """The verdict after the second opinion on ``said`` (the user turn that holds the value): a value the gate
    would keep becomes an ask when the model doubts the turn; every other verdict is returned as it is."""
    if model is None or not isinstance(verdict, Accepted) or verdict.ask is not None or verdict.retract:
        return verdict
    return replace(verdict, ask=ASK) if model.doubts(said) else verdict
