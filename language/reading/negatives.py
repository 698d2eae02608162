"""A lasting preference said by what the user will not have: an exception ("anywhere but Newcastle"), every
ordinary option but one ruled out ("never the middle, never the window"), or a thing a value rules out refused
("I refuse to change planes").

Read only where the ordinary reading found nothing the user affirms (the gate's fallback), and only ever asked,
never kept: a preference worked out from refusals is the user's to confirm in one question, and a wrong guess
then costs one "Not now" instead of a wrong fact.
"""

from __future__ import annotations

from language.lexicon.reading.negatives import (
    CHOICE,
    EXCEPTION,
    NEGATOR,
    NOT_AVERSE,
    ORDINARY_CHOICES,
    RULED,
    RULED_OUT,
)
from language.reading.assertions import judge_clause
from language.reading.evidence import Evidence, Span
from language.reading.mood import mood_of
from language.reading.speakers import subject_of
from language.reading.whole_turn import turn_rejection
from language.values.vocabulary import ValueMatch
from language.values.words import TypeWords

_CLAUSE_ENDS = ".!?;,\n—–("

# How far back in its sentence a refusal reaches ("I never put luggage in the hold": five words).
_REACH = 60


def _refused(text: str, start: int) -> bool:
    """The words before ``start`` in its sentence refuse what stands there (and do not say the user minds not)."""
    # Its own clause only: in "I'm not a morning person, I'm barely an afternoon one" the afternoon is not refused.
    begin = max(text.rfind(c, 0, start) for c in _CLAUSE_ENDS) + 1
    before = text[max(begin, start - _REACH) : start]
    return bool(NEGATOR.search(before)) and not NOT_AVERSE.search(before)


def excepted(text: str, ftype: TypeWords) -> ValueMatch | None:
    """The value named right after an exception in a negative sentence ("anything other than Italian")."""
    for match in ftype.find(text):
        begin = max(text.rfind(c, 0, match.start) for c in ".!?;\n") + 1
        if EXCEPTION.search(text[begin : match.start]):
            return match
    return None


def eliminated(text: str, type_name: str) -> ValueMatch | None:
    """The one ordinary option left when every other is ruled out, each in its own clause, and it is not ("never
    the middle, never the window": the aisle). Its place is the last refusal's, where the user's words end."""
    choices = ORDINARY_CHOICES.get(type_name)
    if choices is None:
        return None
    found = list(CHOICE[type_name].finditer(text))
    ruled = [m for m in found if _refused(text, m.start())]
    if not ruled:
        return None
    out = {choices[" ".join(m.group(0).lower().split())] for m in ruled}
    kept = {choices[" ".join(m.group(0).lower().split())] for m in found if m not in ruled}
    # Every ordinary option but one ruled out, the middle seat too: "I don't want window seats" leaves two.
    left = set(choices.values()) - out
    if len(left) != 1 or "" in left or kept - left:
        return None
    (value,) = left
    last = ruled[-1]
    return ValueMatch(value=value, start=last.start(), end=last.end())


def ruled_out(text: str, type_name: str) -> ValueMatch | None:
    """The value a refused thing names ("I refuse to change planes": direct flights only)."""
    for match in RULED.finditer(text):
        kind, value = RULED_OUT[" ".join(match.group(0).lower().split())]
        if kind == type_name and _refused(text, match.start()):
            return ValueMatch(value=value, start=match.start(), end=match.end())
    return None


def meant(text: str, ftype: TypeWords) -> ValueMatch | None:
    """The value of ``ftype`` the user means by what they will not have, or None."""
    return excepted(text, ftype) or eliminated(text, ftype.name) or ruled_out(text, ftype.name)


def refusal(evidence: Evidence, ftype: TypeWords, *, before: str = "") -> ValueMatch | None:
    """The value the evidence's sentence means by a refusal (offsets into ``evidence.text``), when the user says it
    of themselves, as a statement, and nothing in the turn takes it back; else None."""
    plain = evidence.plain()
    sentence = plain.sentence_text
    match = meant(sentence, ftype)
    if match is None:
        return None
    at = Span(start=plain.sentence.start + match.start, end=plain.sentence.start + match.end)
    # Read up to the value: what follows is the reason ("… I need to get up"), not the statement.
    if judge_clause(plain, sentence[: match.end], ftype.name) not in (None, "negative_capability"):
        return None
    if subject_of(sentence, Span(start=match.start, end=match.end))[0] == "other":
        return None
    if mood_of(sentence, plain, match, requested=False) is not None:
        return None
    if turn_rejection(plain, ftype, at, before=before) is not None:
        return None
    return ValueMatch(value=match.value, start=at.start, end=at.end)
