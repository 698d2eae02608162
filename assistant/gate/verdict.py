"""The memory write gate: one candidate in, a verdict out, decided in code from the log.

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

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Literal

from assistant.facts.types import FACT_TYPES
from language.lexicon.reading.lasting import CAN_YOU
from language.lexicon.reading.markers import HESITATION
from language.normalise import mixed_script
from language.reading.answers import answering, asked_about
from language.reading.assertions import Rejection, judge_clause, judge_value, plainness
from language.reading.evidence import Evidence, Span, clean, locate, narrowed, relocated, view
from language.reading.speakers import reported_or_quoted, someone_elses_text, speaker_unsure
from language.reading.whole_turn import TurnRejection, turn_doubt, turn_rejection
from language.secrets.mask import find_secret, has_mask, mask_secrets
from language.text import whole_words
from language.values.vocabulary import ValueMatch
from language.values.words import TypeWords, ValueWords

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

# "Remember that …", "don't forget …", "note that I …", "save that …": an explicit request to remember.
_CUE = whole_words(
    r"remember|don't forget|dont forget|do not forget|note (?:that|down)|make a note|save (?:that|this)|"
    r"keep in mind|please note|take note"
)
# "Forget my seat preference", "please delete that I'm vegetarian": a request about memory (the forget tool's
# business), never a statement of the preference it names; and it withdraws an earlier mention of it.
_FORGET = re.compile(
    r"(?<!don't )(?<!dont )(?<!do not )\b(?:forget|delete|erase|remove|stop remembering|unremember)\b"
    r"(?!\s+(?:it|about it)\s*[?!.]*$)"
    # "I'll probably forget to mention it later": forgetting to do something is no request to forget a fact.
    r"(?!\s+to\b)"
    # "I always forget to tick the box", "before I forget": the user's own forgetting, not a request.
    r"(?<!\bi forget)(?<!\bwe forget)(?<!\balways forget)(?<!\bsometimes forget)(?<!\boften forget)",
    re.I,
)
_CUE_PREFIX = re.compile(
    rf"^\W*(?:(?:please|pls|and|also|oh|ok|okay|so|well|{HESITATION})[\s,.…]+)*"
    + CAN_YOU
    + r"(?:please\s+)?(?:do\s+)?(?:remember|don't forget|dont forget|do not forget|note(?: down)?|make a note(?: of)?|"
    r"save|keep in mind|take note(?: of)?)(?:\s+(?:that|this|of))?\b[\s:,-]*",
    re.I,
)

# The cue word with a subject or auxiliary of its own close before it is not a request ("do you remember",
# "I can't remember", "if I remember correctly"); "could you remember" and "I'd like you to remember" are.
_NOT_ASKING_BEFORE = re.compile(
    r"\b(?:i|we|i'll|we'll|you'll|do|did|does|don't|can't|cannot|couldn't|didn't|never|if)\b\W*(?:\w+\W*)?$"
    # "show me what you remember", "clear everything you remember", "I don't want you to remember my diet"
    r"|\b(?:what|everything|anything|all|whatever|things?)\s+you(?:'ve|\s+have)?\s*$"
    r"|\b(?:don't|do not|never)\s+(?:want|need)\s+you\s+to\s*$",
    re.I,
)
# "Remember when we flew to Rome?", "remember what I said": reminiscing or asking, not a request.
_NOT_ASKING_AFTER = re.compile(r"\W*(?:when|what|where|which|who|whether|how|why|if)\b", re.I)


@dataclass(frozen=True, slots=True, kw_only=True)
class Accepted:
    type: str
    value: str
    quote: str  # the user's clause from the log: one line, secrets masked
    retract: bool = False
    # None: kept. A short reason code: the value and the user are there but a check is unsure, so the user is
    # asked before it counts ("unknown_link", "other_language", "distant_report", …).
    ask: str | None = None

    @property
    def masked(self) -> bool:
        """The quote holds a masked secret (the preference beside it was kept; the secret never was)."""
        return has_mask(self.quote)


def check_candidate(
    *,
    type_name: str,
    quote: str,
    fact: str,
    evidence_turn: str,
    user_turns: Mapping[str, str],
    assistant_before: Mapping[str, str] | None = None,
) -> Accepted | Reason:
    """Judge one proposed fact against this thread's user turns (turn id → logged text); ``assistant_before``
    holds, per user turn, the assistant's turn just before it (what the user may be echoing)."""
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
    return judge_evidence(evidence, type_name, before=(assistant_before or {}).get(evidence_turn, ""))


def judge_evidence(evidence: Evidence, type_name: str, *, before: str = "") -> Accepted | Reason:
    """The verdict on a value of ``type_name`` in the evidence clause; ``before`` is the assistant's previous
    turn in the thread (empty when unknown). A message with a word in two scripts is read through its look-alike
    letters, so what it would keep is asked instead."""
    found = _judge(evidence, type_name, before=before)
    if isinstance(found, Accepted) and not found.ask and mixed_script(evidence.text):
        return replace(found, ask="mixed_script")
    return found


def _judge(evidence: Evidence, type_name: str, *, before: str) -> Accepted | Reason:
    original, said = evidence, evidence.clause_text  # the user's characters, for the stored quote
    evidence = evidence.plain()  # what the rules read: "don\u2019t" is "don't"
    clause, quote, requested = _without_request(evidence.clause_text, evidence.quote_in_clause)
    if type_name.lower() in TASK_TYPES:
        return "task_progress"
    if _FORGET.search(clause):
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
        anywhere = _cued_in_sentence(ftype, evidence.text)
        ftype = _cued_in_sentence(ftype, evidence.sentence_text)
    # A quote across sentences is judged on each sentence that states a value of the type, and the plainest
    # statement stands; each still faces the whole turn's checks from where it sits.
    # At most a few: each faces the whole turn's checks, so a long message naming the value in every sentence
    # would cost their product (a 9,000-character message with 300 mentions took 19 s); the first few say it.
    mentions = relocated(original, lambda w: bool(anywhere.find(w)))[:_MOST_MENTIONS]
    later = [_judge(e, type_name, before=before) for e in mentions]
    matches = ftype.find(clause)
    if not matches:
        # None: the user's words hold no value of this type, the model made it up.
        return _plainest(later) if later else "inference"
    here = _judge_clause(
        evidence,
        original,
        ftype,
        said=said,
        matches=matches,
        clause=clause,
        quote=quote,
        requested=requested,
        asked=asked,
        before=before,
    )
    return _plainest([here, *later])


_MOST_MENTIONS = 8
_POINTS_BACK = re.compile(r"\b(?:there|that|it)\b", re.I)


def _cued_in_sentence(ftype: TypeWords, sentence: str) -> ValueWords:
    """A home airport is found by the words that say it is home, and those may sit in the next clause of the
    sentence ("I'm in Lisbon, so all my flights start there"): a clause with none of its own reads the
    mentions its sentence makes inside it, when the rest of the sentence points back at it ("there", "that")."""

    # The sentence's own mentions are read once, however many of its clauses ask (a long message has many).
    @cache
    def in_sentence() -> list[ValueMatch]:
        return ftype.find(sentence)

    def find(text: str) -> list[ValueMatch]:
        found = ftype.find(text)
        at = sentence.find(text) if not found else -1
        if at < 0 or not _POINTS_BACK.search(sentence, at + len(text)):
            return found
        inside = [m for m in in_sentence() if at <= m.start and m.end <= at + len(text)]
        return [ValueMatch(value=m.value, start=m.start - at, end=m.end - at) for m in inside]

    return ValueWords(ftype.name, find, ftype.values)


def _plainest(verdicts: list[Accepted | Reason]) -> Accepted | Reason:
    """The plainest of several mentions of a type in one turn. When the user took another mention back in the
    same turn ("Answer in French please. Hmm, actually no, stick with English"), the one left standing is
    asked, not kept: a mind changed mid-message is the user's to confirm."""
    best = min(verdicts, key=plainness)
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
    said: str,
    matches: list[ValueMatch],
    clause: str,
    quote: Span,
    requested: bool,
    asked: bool,
    before: str,
) -> Accepted | Reason:
    """The verdict on the values of ``ftype`` in the evidence's first sentence: ``evidence`` as the rules read
    it, ``original`` with the user's characters (``said`` is its clause), ``clause`` and ``quote`` with an
    explicit "remember that …" taken off the front (``requested``), ``matches`` the values found in it,
    ``asked`` when it answers the assistant."""
    type_name = ftype.name
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


# How people name a fact type when they ask to forget it ("forget my seat preference").
_TOPIC = {
    "dietary": r"diet(?:ary)?|food|meals?",
    "seat": r"seats?",
    "home_airport": r"(?:home )?airport",
    "loyalty": r"loyalty|programmes?|programs?|miles|points",
    "accessibility": r"accessibility|assistance|wheelchair",
    "language": r"language",
    "travel_style": r"(?:travel )?style",
    "flight_times": r"flight times?|times?",
}
_EVERYTHING = whole_words(r"everything|all of it|all my (?:data|preferences|facts)|all you know")


def withdraws(text: str, verdict: Accepted) -> bool:
    """A user message asks to forget this very fact ("forget that I prefer aisle seats", "delete my seat
    preference", "forget everything"): a mention earlier in the same conversation must not be stored after it."""
    cleaned = view(clean(text))
    if not _FORGET.search(cleaned):
        return False
    if _EVERYTHING.search(cleaned) or verdict.value in {
        m.value for m in FACT_TYPES[verdict.type].find(cleaned)
    }:
        return True
    return re.search(rf"\b(?:{_TOPIC.get(verdict.type, verdict.type)})\b", cleaned, re.I) is not None


def asked_to_remember(text: str) -> bool:
    """The user's own message asks to remember something.

    The cue must be a request ("remember that …", "could you remember …", "don't forget …"), not the word in a
    question or a memory of the user's own ("do you remember …?", "I can't remember", "as far as I remember",
    "remember when we …"), and not inside someone else's text (quoted, forwarded, a transcript line).
    """
    text = view(clean(text))
    foreign = someone_elses_text(text)
    for m in _CUE.finditer(text):
        if any(s.start <= m.start() < s.end for s in foreign):
            continue
        sentence_start = max(text.rfind(ch, 0, m.start()) for ch in ".!?\n") + 1
        if _NOT_ASKING_BEFORE.search(text[sentence_start : m.start()]) or _NOT_ASKING_AFTER.match(
            text[m.end() :]
        ):
            continue
        return True
    return False


def explicit_evidence(statement: str, said: str) -> Evidence | None:
    """Where an explicit "remember …" statement sits in the user's message.

    The model's statement is tried first; when it is a paraphrase ("User prefers aisle seats"), the user's own
    words after the request cue are used instead, so the evidence is always the user's text.
    """
    text = mask_secrets(said).text
    found = locate(mask_secrets(statement).text, text)
    if found is not None:
        return found
    cue = next((m for m in _CUE.finditer(clean(text))), None)
    if cue is None:
        return None
    rest = re.split(r"(?<=[.!?])\s|\n", clean(text)[cue.end() :], maxsplit=1)[0].strip(" :,-")
    return locate(rest, text) if rest else None


def type_of(evidence: Evidence) -> str:
    """The registry type whose value the evidence clause states (the one the quote points at, else the first)."""
    evidence = evidence.plain()
    clause, quote, _requested = _without_request(evidence.clause_text, evidence.quote_in_clause)
    found: list[tuple[bool, int, str]] = []
    for ftype in FACT_TYPES.values():
        for m in ftype.find(clause):
            found.append((not (m.start < quote.end and quote.start < m.end), m.start, ftype.name))
    return min(found)[2] if found else "unclassified"


def _without_request(clause: str, quote: Span) -> tuple[str, Span, bool]:
    """Take an explicit request ("Could you remember that …") off the front of a clause."""
    m = _CUE_PREFIX.match(clause)
    if m is None or m.end() == 0 or m.end() >= len(clause):
        return clause, quote, False
    cut = m.end()
    moved = Span(start=max(0, quote.start - cut), end=max(0, quote.end - cut))
    return clause[cut:], moved, True


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
