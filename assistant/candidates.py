"""What a model proposes for memory, validated one proposal at a time before the write gate judges it.

The reply as a whole must be a JSON object with a ``candidates`` list (anything else raises
:class:`~assistant.errors.ModelOutputError`); each candidate is then validated on its own, so one oversized or
malformed proposal is rejected alone (``malformed``) and the rest of the batch goes on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, WithJsonSchema

from assistant.gate.chat import check_candidate
from assistant.gate.verdict import Accepted, Reason
from language.lexicon.formats import TYPE_NAME


class Candidate(BaseModel):
    """One proposal, validated on its own."""

    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    fact: str = Field(min_length=1, max_length=300)
    type: str = Field(min_length=1, max_length=40)
    evidence_turn: str = Field(min_length=1, max_length=64)
    quote: str = Field(min_length=1, max_length=500)


class CandidateList(BaseModel):
    """The reply's envelope. Items stay raw here (the model is shown the Candidate schema for them) so that one
    bad item cannot fail the whole batch."""

    model_config = ConfigDict(extra="ignore")

    candidates: list[Annotated[Any, WithJsonSchema(Candidate.model_json_schema())]]


def safe_type(raw: object) -> str:
    """A type name fit for a report: the model's string only if it looks like a type name."""
    return raw if isinstance(raw, str) and TYPE_NAME.fullmatch(raw) else "invalid"


def judge_candidate(
    cand: Candidate, user_turns: Mapping[str, str], assistant_before: Mapping[str, str] | None = None
) -> Accepted | Reason:
    """The gate's verdict on one validated candidate."""
    return check_candidate(
        type_name=cand.type,
        quote=cand.quote,
        fact=cand.fact,
        evidence_turn=cand.evidence_turn,
        user_turns=user_turns,
        assistant_before=assistant_before,
    )


def judge_raw(
    raw: object, user_turns: Mapping[str, str], assistant_before: Mapping[str, str] | None = None
) -> tuple[str, str, Accepted | Reason]:
    """(type for the report, evidence turn, verdict) of one raw proposal."""
    try:
        cand = Candidate.model_validate(raw)
    except ValidationError:
        ftype = safe_type(raw.get("type") if isinstance(raw, dict) else None)
        return ftype, "", "malformed"
    verdict = judge_candidate(cand, user_turns, assistant_before)
    turn = cand.evidence_turn if cand.evidence_turn in user_turns else ""
    return safe_type(cand.type), turn, verdict
