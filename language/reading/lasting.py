"""Does a statement hold beyond this conversation? This task's requests and details, one-off events and
passing states on one side; standing preferences on the other.

"Book me business class on the 14th" is this trip's; "my window seat was taken" happened once; "vegetarian for
the week" holds for a while; "I always fly business" and "from now on, answer in French" are lasting. The write
gate (``language.reading.assertions``) rejects the first three kinds as ``task_progress`` and ``transient``.
"""

from __future__ import annotations

import re

from language.lexicon.reading.lasting import (
    _BEEN,
    _CARRIED_ON,
    _DATE,
    _EVENT,
    _FLIGHT_NO,
    _FOR_A_SPAN,
    _FOR_A_WHILE,
    _IRREALIS,
    _NOW_VERB,
    _PAST_FRAME,
    _PAST_STATE,
    _REPEATED,
    _SLASH,
    _THIS_TRIP,
    _TRAIT_REASON,
    _TRANSIENT,
    _TRIP_TO,
    _WANT_NOW,
    ADDRESSED,
    DURABLE,
    REQUEST,
)

_MONTH_DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _is_date(match: re.Match[str]) -> bool:
    """A slash form counts only if it is a day and month in either order ("02/30" is a card expiry, not a date)."""
    slash = _SLASH.fullmatch(match.group(0))
    if slash is None:
        return True
    a, b = int(slash.group(1)), int(slash.group(2))
    return any(1 <= m <= 12 and 1 <= d <= _MONTH_DAYS[m - 1] for d, m in ((a, b), (b, a)))


def is_task(clause: str, ftype_name: str, *, then: str = "") -> bool:
    """A request for this task, or a detail of this trip, rather than something true next week. ``then`` is
    the rest of the sentence after the clause, where the reason for a need may be given."""
    if (
        any(_is_date(m) for m in _DATE.finditer(clause))
        or _THIS_TRIP.search(clause)
        or _FLIGHT_NO.search(clause)
    ):
        return True
    durable = bool(DURABLE.search(clause))
    if _TRIP_TO.search(clause) and not durable:
        return True
    if REQUEST.search(clause) and not durable:
        return True
    # "I need step-free access" and "I need a vegetarian meal" state a need of the person, not of this task.
    # "I'd like you to reply in French" is how to be spoken to, not a request of this task.
    needs = ftype_name in ("accessibility", "dietary") or bool(
        ftype_name == "language" and ADDRESSED.search(clause)
    )
    # "I need a quiet room, I'm a light sleeper", "… extra legroom because of a bad knee": a need the person
    # has, not this trip.
    want = _WANT_NOW.search(clause)
    if want is None or durable or needs:
        return False
    return not (_TRAIT_REASON.search(clause, want.end()) or _TRAIT_REASON.match(then))


def is_transient(clause: str) -> bool:
    """Something that happened once: a failure, a state of the world today, or a past one-off event."""
    if _FOR_A_WHILE.search(clause) and not _BEEN.search(clause):
        return True
    happened = any(
        not _IRREALIS.search(clause, 0, m.start()) and not _REPEATED.match(clause, m.end())
        for m in _TRANSIENT.finditer(clause)
    )
    return happened or bool(_EVENT.search(clause) and not DURABLE.search(clause))


def told_of_the_past(sentence: str, clause: str) -> bool:
    """The sentence sets a time in the past and the value's own clause is in the past tense ("Back at uni I was
    vegan"); not "I moved here two years ago, so Manchester is my home airport now" (the past is another
    clause's)."""
    # "Pescatarian for most of my twenties": a clause with no verb of its own takes the time it names (a time
    # that is over: "Iberia Plus card holder for years" may run to today).
    frame = _PAST_FRAME.search(clause)
    over = frame is not None and not _FOR_A_SPAN.match(frame.group(0))
    dated = _PAST_STATE.search(clause) or (over and not _NOW_VERB.search(clause))
    # "…, but I'm back on steak since the kids came along": what carries on after a "but" is the other state.
    head = re.split(r"\bbut\b", sentence, maxsplit=1, flags=re.I)[0]
    return bool(_PAST_FRAME.search(sentence) and dated and not _CARRIED_ON.search(head))
