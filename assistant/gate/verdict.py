"""The memory write gate: one candidate in, a verdict out, decided in code from the log (the candidate enters
through :func:`assistant.gate.chat.check_candidate`, which makes the first three checks and reads the chat).

Order of the checks (the first failure is the recorded reason):

    evidence_not_user_turn   the cited turn is not a user turn of this thread (tool output, assistant text,
                             another thread or another user's turn can never become a fact)
    secret                   the model's own description of the fact carries a secret
    quote_not_in_evidence    the quote is not in that user turn on word boundaries (see language.reading.evidence)
    task_progress            a trip/booking type, or a request or detail of this trip
    quoted_speech, transient, negative_capability           (see language.reading.assertions)
    unknown_type             not in the fact-type registry
    inference, dislike, negated, question, greeting, hypothetical, quoted_speech, third_party, not_about_user
                                                            (see language.reading.assertions)

The rules read the evidence with typographic apostrophes and quotes folded ("I don\u2019t" is "I don't"); the
stored quote keeps the user's own characters.

What passes is an :class:`Accepted`: the value as the type's extractor found it in the user's clause, and that
clause (from the log, one line, secrets masked) as the quote. The model's strings are pointers only; none of
them is stored.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from assistant.fact_types import FACT_TYPES
from language.normalise import mixed_script
from language.reading import corrections, negatives, requests
from language.reading.answers import answering, asked_about
from language.reading.assertions import Rejection, judge_clause, judge_value, plainness
from language.reading.evidence import Evidence, Span, clean, locate, located_at, narrowed, relocated, view
from language.reading.speakers import reported_or_quoted, speaker_unsure
from language.reading.whole_turn import TurnRejection, turn_doubt, turn_rejection
from language.secrets.mask import has_mask
from language.values.vocabulary import ValueMatch
from language.values.words import TypeWords

Reason = (
    Rejection
    | TurnRejection
    | Literal[
        "evidence_not_user_turn", "quote_not_in_evidence", "secret", "unknown_type", "malformed", "withdrawn"
    ]
)

TASK_TYPES = frozenset(
    {"trip", "itinerary", "booking", "travel_plan", "plan", "task", "reservation", "flight"}
)
QUOTE_LIMIT = 300


@dataclass(frozen=True, slots=True, kw_only=True)
class Accepted:
    type: str
    value: str
    quote: str  # the user's clause from the log: one line, secrets masked
    retract: bool = False
    # None: kept. A short reason code: the value and the user are there but a check is unsure, so the user is
    # asked before it counts ("unknown_link", "other_language", "distant_report", …).
    ask: str | None = None
    # The user turn that holds the value, when it is not the candidate's own: a later message of the chat that
    # corrected it ("sorry, I meant Heathrow"). The latest word is the evidence.
    turn: str | None = None

    @property
    def masked(self) -> bool:
        """The quote holds a masked secret (the preference beside it was kept; the secret never was)."""
        return has_mask(self.quote)


def judge_evidence(evidence: Evidence, type_name: str, *, before: str = "") -> Accepted | Reason:
    """The verdict on a value of ``type_name`` in the evidence clause; ``before`` is the assistant's previous
    turn in the thread (empty when unknown). A message that corrects a value of the type is judged as the user
    meant it. A message with a word in two scripts is read through its look-alike letters, so what it would keep
    is asked instead."""
    found = _corrected_here(evidence, type_name, before=before)
    if found is None:
        found = _judge(evidence, type_name, before=before)
    if found in ("inference", "negated") or _excepted_instead(found, evidence):
        found = _refused(evidence, type_name, before=before) or found
    if isinstance(found, Accepted) and not found.ask and mixed_script(evidence.text):
        return replace(found, ask="mixed_script")
    return found


def _corrected_here(evidence: Evidence, type_name: str, *, before: str) -> Accepted | Reason | None:
    """The verdict on what the user meant when the message corrects a value of the type, else None."""
    ftype = FACT_TYPES.get(type_name)
    if ftype is None:
        return None
    text = evidence.plain().text
    found = corrections.latest_word(
        text, ftype, multi_valued=ftype.multi_valued, exclusive=ftype.exclusive, loose=answering(ftype)
    )
    if found is None:
        return None
    return judge_meant(found, text, evidence.text, type_name, before=before)


def judge_meant(
    correction: corrections.Correction, text: str, said: str, type_name: str, *, before: str
) -> Accepted | Reason | None:
    """Judge what the user meant. ``text`` is what the correction was read in (one message, or two joined) and
    ``said`` the turn that holds the latest word. A repair that stands alone ("no wait, the aisle") takes the
    frame of the statement it corrects (:meth:`Correction.repaired`); a latest word with a clause of its own
    ("extra legroom is what I really need"), or no repair at all, is judged on its own words. The stored quote is
    the user's own clause around the latest word."""
    at = correction.standing
    offset = correction.across or 0
    own = Span(start=at.start - offset, end=at.end - offset)
    if correction.signalled and correction.fragment:
        evidence = located_at(correction.repaired(text), correction.position())
    elif correction.across is None:
        evidence = located_at(said, own)  # the latest word's own clause, in the message it corrects
    else:
        # The later turn that holds the latest word, read whole (its plainest mention of the value stands).
        evidence = locate(said, said)
    if evidence is None:
        return None
    verdict = _judge(evidence, type_name, before=before, keep=correction.value)
    if not isinstance(verdict, Accepted):
        return verdict
    if verdict.ask in _REPAIR_SHAPED and _frame_kept(correction, text, type_name, before=before):
        verdict = replace(verdict, ask=None)
    if corrections.only_accepted(
        view(said), ValueMatch(value=correction.value, start=own.start, end=own.end)
    ):
        return "taken_back"  # "French please. Never mind, English is fine": the preference was dropped
    clause = located_at(said, own)
    quote = _excerpt(clause.clause_text, clause.quote_in_clause) if clause is not None else verdict.quote
    return replace(verdict, quote=quote)


# Doubts a repair itself raises: its value stands in a fragment ("sorry, Marriott Bonvoy"), after a change of
# mind, with no subject of its own. When the statement it corrects was plain, the repair is as plain.
_REPAIR_SHAPED = frozenset({"no_subject", "unknown_link", "speaker_unsure", "second_thought", "changed_mind"})


def _frame_kept(correction: corrections.Correction, text: str, type_name: str, *, before: str) -> bool:
    """Whether the statement a correction corrects would be kept as it stands: then the user's latest word is
    kept too. Inside one message ("I fly out of Gatwick, sorry, I mean Heathrow") or in the next one ("Put me in
    an aisle seat on my flights please." then "Sorry, I meant window."): the repair only swaps the value."""
    if not correction.signalled:
        return False
    first = correction.corrected[0]
    # The statement as it stood before the repair began: read with the rest, its own value would carry the
    # repair's doubt ("second thoughts later in the message"). Across two messages, the earlier one whole.
    stood = text[: first.end] if correction.across is None else text[: correction.across - 1]
    evidence = located_at(stood, Span(start=first.start, end=first.end))
    if evidence is None:
        return False
    frame = _judge(evidence, type_name, before=before, keep=first.value)
    return isinstance(frame, Accepted) and frame.ask is None and not frame.retract


def _excepted_instead(found: Accepted | Reason, evidence: Evidence) -> bool:
    """A kept value beside an exception that names another one ("don't write to me in anything other than
    Italian — English takes me twice as long"): the exception is what the user wants."""
    ftype = FACT_TYPES.get(found.type) if isinstance(found, Accepted) else None
    if ftype is None or ftype.multi_valued or not isinstance(found, Accepted):
        return False
    excepted = negatives.excepted(evidence.plain().sentence_text, ftype)
    return excepted is not None and excepted.value != found.value


def _refused(evidence: Evidence, type_name: str, *, before: str) -> Accepted | None:
    """A value the user means by what they will not have ("never the middle, never the window"), asked: worked
    out from refusals, it is theirs to confirm (:mod:`language.reading.negatives`)."""
    ftype = FACT_TYPES.get(type_name)
    found = None if ftype is None else negatives.refusal(evidence, ftype, before=before)
    if found is None:
        return None
    at = Span(start=found.start - evidence.sentence.start, end=found.end - evidence.sentence.start)
    return Accepted(
        type=type_name, value=found.value, quote=_excerpt(evidence.sentence_text, at), ask="refusal"
    )


def _judge(evidence: Evidence, type_name: str, *, before: str, keep: str | None = None) -> Accepted | Reason:
    """The verdict on the evidence; with ``keep`` (the latest word of a correction), no other value of the type
    may stand."""
    original = evidence  # the user's characters, for the stored quote
    evidence = evidence.plain()  # what the rules read: "don\u2019t" is "don't"
    read = requests.without_request(evidence.clause_text, evidence.quote_in_clause)
    clause = read[0]
    if type_name.lower() in TASK_TYPES:
        return "task_progress"
    if requests.is_forget_request(clause):
        return "withdrawn"
    registered = FACT_TYPES.get(type_name)
    if registered is None:
        # Not a type we keep; if it is a trip detail or a one-off, say so (it is the more useful answer).
        return judge_clause(evidence, clause, type_name) or "unknown_type"
    ftype: TypeWords = registered
    asked = asked_about(before, ftype.name)
    if asked:
        ftype = answering(ftype)  # "dublin" after "Where do you usually start your trips from?"
    # Which other sentences state a value is read in the whole message (a clause's home cue may be its
    # neighbour's); each is then judged in its own sentence.
    anywhere = ftype
    if ftype.name == "home_airport":
        anywhere = requests.cued_in_sentence(ftype, evidence.text)
        ftype = requests.cued_in_sentence(ftype, evidence.sentence_text)
    # A quote across sentences is judged on each sentence that states a value of the type, and the plainest
    # statement stands; each still faces the whole turn's checks from where it sits.
    # At most a few: each faces the whole turn's checks, so a long message naming the value in every sentence
    # would cost their product (a 9,000-character message with 300 mentions took 19 s); the first few say it.
    mentions = relocated(original, lambda w: bool(anywhere.find(w)))[:_MOST_MENTIONS]
    later = [_judge(e, type_name, before=before) for e in mentions]
    if keep is not None:
        later = [v for v in later if not isinstance(v, Accepted) or v.value == keep]
    matches = ftype.find(clause)
    if not matches:
        # None: the user's words hold no value of this type, the model made it up.
        return _plainest(later) if later else "inference"
    here = _judge_clause(evidence, original, ftype, matches=matches, read=read, asked=asked, before=before)
    if keep is not None and isinstance(here, Accepted) and here.value != keep:
        return _plainest(later) if later else "inference"
    return _plainest([here, *later])


_MOST_MENTIONS = 8


def _plainest(verdicts: list[Accepted | Reason]) -> Accepted | Reason:
    """The plainest of several mentions of a type in one turn (kept before asked before rejected; the first among
    equals). When the user took another mention back in the same turn ("Answer in French please. Hmm, actually no,
    stick with English"), the one left standing is asked, not kept: a mind changed mid-message is the user's to
    confirm. (A correction the reading recognises, "window — no wait, the aisle", never gets here: the message is
    judged as the user meant it, see :mod:`language.reading.corrections`.) Among equals, a value said to hold now
    stands before one said to hold no longer: "I used to be vegan, now I'm vegetarian" states vegetarian (what
    it says of vegan is the change reading's, :mod:`assistant.changes`)."""
    best = min(verdicts, key=lambda v: (plainness(v), isinstance(v, Accepted) and v.retract))
    if not isinstance(best, Accepted) or best.ask:
        return best
    if "taken_back" in verdicts:
        return replace(best, ask="changed_mind")
    return best


def _judge_clause(
    evidence: Evidence,
    original: Evidence,
    ftype: TypeWords,
    *,
    matches: list[ValueMatch],
    read: tuple[str, Span, bool],
    asked: bool,
    before: str,
) -> Accepted | Reason:
    """The verdict on the values of ``ftype`` in the evidence's first sentence: ``evidence`` as the rules read
    it, ``original`` with the user's characters, ``read`` its clause and quote with an explicit "remember that …"
    taken off the front (and whether one was: :func:`requests.without_request`), ``matches`` the values found
    in that clause, ``asked`` when it answers the assistant."""
    type_name = ftype.name
    said, (clause, quote, requested) = original.clause_text, read
    if len(evidence.clauses) > 1:
        # A quote across clauses is judged on each clause that states a value it points at, and the user's
        # plainest statement stands: "I'm Italian and prefer you reply in Italian" is said in its second
        # clause, "My native language is French, so I'd like all responses in French" in both. Every mention
        # still faces every check of the whole turn, so a value taken back anywhere is not kept.
        pointed = [m for m in matches if m.start < quote.end and quote.start < m.end] or matches[:1]
        pointed = pointed[:_MOST_MENTIONS]
        offset = len(evidence.clause_text) - len(clause) + evidence.clause.start
        verdicts = [
            _judge(
                narrowed(original, Span(start=offset + m.start, end=offset + m.end)), type_name, before=before
            )
            for m in pointed
        ]
        return _plainest(verdicts)
    rejected = judge_clause(evidence, clause, type_name)
    if rejected is not None:
        return rejected
    verdict = judge_value(evidence, ftype, clause=clause, quote=quote, requested=requested, asked=asked)
    if isinstance(verdict, str):
        return verdict
    at = verdict.at or evidence.quote
    # Whatever the quote's width, someone else's words are judged where the value sits.
    if reported_or_quoted(replace(evidence, quote=at)):
        return "quoted_speech"
    rejected_by_turn = turn_rejection(evidence, ftype, at, before=before)
    if rejected_by_turn is not None:
        return rejected_by_turn
    return Accepted(
        type=ftype.name,
        value=verdict.value,
        quote=_excerpt(said[len(said) - len(clause) :], quote),
        retract=verdict.retract,
        ask=verdict.ask
        or speaker_unsure(evidence.text, at)
        or turn_doubt(evidence, ftype, at, before=before, requested=requested),
    )


def withdraws(text: str, verdict: Accepted) -> bool:
    """A user message asks to forget this very fact ("forget that I prefer aisle seats", "delete my seat
    preference", "forget everything"): a mention earlier in the same conversation must not be stored after it."""
    return requests.withdraws(text, verdict.type, verdict.value)


def type_of(evidence: Evidence) -> str:
    """The registry type whose value the evidence clause states (the one the quote points at, else the first)."""
    evidence = evidence.plain()
    clause, quote, _requested = requests.without_request(evidence.clause_text, evidence.quote_in_clause)
    return requests.type_of(clause, quote, FACT_TYPES.values())


def _excerpt(clause: str, quote: Span) -> str:
    """The stored quote: the clause, one line, cut around the quoted words if it is very long."""
    text = clean(clause, one_line=True).strip(" ,;:-")
    if len(text) <= QUOTE_LIMIT:
        return text
    start = max(0, min(quote.start, len(text) - QUOTE_LIMIT))
    window = text[start : start + QUOTE_LIMIT]
    left = window.find(" ") + 1 if start > 0 else 0
    cut_right = start + QUOTE_LIMIT < len(text)
    right = window.rfind(" ") if cut_right else len(window)
    return ("…" if start > 0 else "") + window[left:right].strip() + ("…" if cut_right else "")
