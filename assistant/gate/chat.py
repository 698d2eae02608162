"""The verdict on a proposed fact in its chat: the turn it cites, judged as the chat leaves it.

The latest word of the chat decides: a turn that corrects a value an earlier turn stated is judged as the user
meant it, and a value a later turn corrects gives way to the correction (:mod:`language.reading.corrections`).
The verdict on one turn's words is :mod:`assistant.gate.verdict`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from assistant.fact_types import FACT_TYPES
from assistant.gate.verdict import Accepted, Reason, judge_evidence, judge_meant
from language.reading import corrections
from language.reading.answers import answering
from language.reading.evidence import clean, locate, view
from language.secrets.mask import find_secret, mask_secrets


def check_candidate(
    *,
    type_name: str,
    quote: str,
    fact: str,
    evidence_turn: str,
    user_turns: Mapping[str, str],
    assistant_before: Mapping[str, str] | None = None,
) -> Accepted | Reason:
    """Judge one proposed fact against this thread's user turns (turn id → logged text, in log order);
    ``assistant_before`` holds, per user turn, the assistant's turn just before it (what the user may be echoing).

    The latest word of the chat decides: a turn that corrects a value an earlier turn stated is judged as the user
    meant it, and a value a later turn corrects gives way to the correction (:mod:`language.reading.corrections`)."""
    said = user_turns.get(evidence_turn)
    if said is None:
        return "evidence_not_user_turn"
    if find_secret(fact):
        return "secret"
    # Both sides masked: the log already is (masking happens before a message is logged), and a quote the
    # model copied from an older, unmasked turn must still match the masked text.
    evidence = locate(mask_secrets(quote).text, mask_secrets(said).text)
    if evidence is None:
        return "quote_not_in_evidence"
    befores = assistant_before or {}
    order = list(user_turns)
    here = order.index(evidence_turn)
    earlier = [user_turns[t] for t in order[:here]]
    correcting = _correcting(evidence.text, earlier, type_name, before=befores.get(evidence_turn, ""))
    verdict = correcting or judge_evidence(evidence, type_name, before=befores.get(evidence_turn, ""))
    if isinstance(verdict, Accepted):
        return _latest_in_chat(verdict, said, order[here + 1 :], user_turns, befores)
    return verdict


def _correcting(said: str, earlier: list[str], type_name: str, *, before: str) -> Accepted | None:
    """When this turn corrects a value an earlier turn of the chat stated ("sorry, I meant Heathrow"), the
    verdict on what the user now means; None when it corrects nothing (or that reading does not stand). A later
    value with no repair is judged on its own words, as any statement (the caller does)."""
    ftype = FACT_TYPES.get(type_name)
    if ftype is None:
        return None
    for previous in reversed(earlier):
        found = corrections.latest_across(
            view(clean(mask_secrets(previous).text)),
            view(said),
            ftype,
            loose=answering(ftype),
            multi_valued=ftype.multi_valued,
            exclusive=ftype.exclusive,
        )
        if found is None or not found[1].signalled:
            continue
        joined, correction = found
        verdict = judge_meant(correction, joined, said, type_name, before=before)
        return verdict if isinstance(verdict, Accepted) else None
    return None


def _latest_in_chat(
    verdict: Accepted,
    said: str,
    later: list[str],
    user_turns: Mapping[str, str],
    befores: Mapping[str, str],
) -> Accepted:
    """The value as the chat leaves it: a later turn that corrects this one's value replaces it (and a turn after
    that may correct it again). Without a repair, a later value of a one-valued kind replaces it only if that
    turn states it as a lasting preference on its own words."""
    ftype = FACT_TYPES[verdict.type]
    current, text = verdict, view(clean(mask_secrets(said).text))
    for turn in later:
        then = clean(mask_secrets(user_turns[turn]).text)
        found = corrections.latest_across(
            text,
            view(then),
            ftype,
            multi_valued=ftype.multi_valued,
            exclusive=ftype.exclusive,
            loose=answering(ftype),
        )
        if found is None or found[1].corrected[0].value != current.value:
            continue
        joined, correction = found
        meant = judge_meant(correction, joined, then, verdict.type, before=befores.get(turn, ""))
        if isinstance(meant, Accepted) and meant.value != current.value:
            current, text = replace(meant, turn=turn), view(then)
    return current
