"""The write gate's verdict on one user message, as the gate tests read it (one place for the call)."""

from __future__ import annotations

from assistant.gate.chat import check_candidate
from assistant.gate.verdict import Accepted


def verdict(said: str, ftype: str, quote: str | None = None, *, before: str = "") -> Accepted | str:
    """The gate's verdict on a candidate of type ``ftype`` quoting ``quote`` (the whole message by default)."""
    return check_candidate(
        type_name=ftype,
        quote=said if quote is None else quote,
        fact="a fact",
        evidence_turn="t",
        user_turns={"t": said},
        assistant_before={"t": before},
    )


def judged(said: str, ftype: str, quote: str | None = None, *, before: str = "") -> str:
    """'kept:<value>', 'ask:<reason>' or the rejection reason."""
    found = verdict(said, ftype, quote, before=before)
    if isinstance(found, Accepted):
        return f"ask:{found.ask}" if found.ask else f"kept:{found.value}"
    return found
