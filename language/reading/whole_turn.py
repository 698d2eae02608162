"""The rest of the turn: what the user said after a statement, before it, and what the assistant had just said.

A clause is never the whole story. "I'm vegan. Just kidding" takes it back in the next sentence; "Ana wrote
this. I'm vegan." makes it Ana's; "You're vegetarian, so here are veggie places" followed by the user's
"vegetarian, so here are veggie places" is the assistant's claim coming back, not new evidence. These rules
read the whole user turn (cleaned and folded: see ``language.reading.evidence``) around the clause that states the
value, and the thread's previous assistant turn.

Each rule either rejects (:func:`turn_rejection`: the value is taken back, someone else's, an echo or an
injected instruction) or, when the signal is real but could be innocent ("haha", a report two sentences away,
an instruction beside a "remember that …"), names a doubt (:func:`turn_doubt`) so the gate asks the user.
"""

from __future__ import annotations

import re
from typing import Literal

from language.lexicon.reading.markers import (
    DENIAL_FRAGMENT,
    INDIFFERENT,
    IRONIC,
    MOCK_WELCOME,
    NOT_FOR_REAL,
    RHETORICAL,
    SARCASM_OPENER,
    SARCASTIC_AFTER,
    SARCASTIC_LAST_WORD,
    SHOUTED_LIKING,
    SOFT_JOKE,
    TAKEN_BACK,
)
from language.lexicon.reading.orders import HARMFUL, IMPERATIVE, INJECTED
from language.lexicon.reading.whole_turn import (
    _ABOUT_YOU,
    _ADVICE,
    _CONDITION,
    _CONTACTED,
    _ELABORATES,
    _FROM_ELSEWHERE,
    _INTRODUCES,
    _LIMITED,
    _MULLED,
    _QUOTE_MARK,
    _REASON_OPENER,
    _REPORTED_LATER,
    _SIGNATURE,
    _TURNS_BACK,
    _WORDS,
    _YOU_AFTER,
    _YOU_SAID,
)
from language.reading.evidence import Evidence, Span, sentence_spans, split_clauses
from language.reading.lasting import is_transient, told_of_the_past
from language.reading.orders import orders_beside
from language.reading.polarity import polarity
from language.reading.speakers import REPORTING, reporter, subject_of
from language.values.words import TypeWords

TurnRejection = Literal["taken_back", "quoted_speech", "echo", "instruction"]

_ECHO_RUN = 4


def turn_rejection(
    evidence: Evidence, ftype: TypeWords, value: Span, *, before: str = ""
) -> TurnRejection | None:
    """A rule of the whole turn that rejects the value at ``value`` (offsets into ``evidence.text``)."""
    text = evidence.text
    after = text[value.end :]
    if TAKEN_BACK.search(after) or _denied_later(evidence) or _negated_later(evidence, ftype, value):
        return "taken_back"
    if _REPORTED_LATER.search(after) or _SIGNATURE.search(text[evidence.sentence.end :]):
        return "quoted_speech"
    if _unclosed_quote_before(text, value.start) or _previous_sentence(evidence) == "introduces":
        return "quoted_speech"
    value_words = text[value.start : value.end].lower()
    if _YOU_SAID.search(evidence.sentence_text) or (
        value_words in before.lower() and _echo_run(evidence.sentence_text, before) >= _ECHO_RUN
    ):
        return "echo"
    if INJECTED.search(text) or HARMFUL.search(text):
        return "instruction"
    if NOT_FOR_REAL.search(text):
        return "taken_back"
    return None


def turn_doubt(
    evidence: Evidence, ftype: TypeWords, value: Span, *, before: str = "", requested: bool = False
) -> str | None:
    """A signal that could be innocent: the gate asks instead of keeping (a short reason code), or None."""
    text = evidence.text
    head = text[evidence.clause.start : value.start]
    # A laugh is about the sentence it ends: "Aisle. Always aisle. I'm not climbing over people every hour 😂"
    # laughs at the reason, not at the seat. (Words that take a statement back are read in the whole turn.)
    if SOFT_JOKE.search(text, value.start, evidence.sentence.end) or IRONIC.search(text, value.start):
        return "joke_marker"
    if (
        SARCASM_OPENER.search(head)
        or SHOUTED_LIKING.search(text)
        or RHETORICAL.search(text)
        or SARCASTIC_LAST_WORD.search(text)
        or SARCASTIC_AFTER.search(text, value.end)
        or MOCK_WELCOME.match(text)
    ):
        return "sarcasm"
    if INDIFFERENT.search(text) or _MULLED.match(evidence.sentence_text):
        return "indifferent"
    if _previous_sentence(evidence) == "reports" or _ADVICE.search(evidence.sentence_text):
        return "distant_report"
    if _assistant_said_it(text[value.start : value.end], before):
        return "echo"
    if requested and (
        IMPERATIVE.search(text[value.end : evidence.sentence.end]) or orders_beside(evidence, value)
    ):
        return "instruction"
    fragments = zip(_later_fragments(evidence), _later_fragments(evidence, commas=True), strict=True)
    turning = [
        f for f, with_commas in fragments if _TURNS_BACK.match(f) and not _ELABORATES.match(with_commas)
    ]
    if turning:
        said = {m.value for m in ftype.find(text[value.start : value.end])}
        if not all(_says_again(fragment, ftype, said) for fragment in turning):
            return "second_thought"
    if _LIMITED.search(evidence.sentence_text) or _for_a_passing_reason(evidence):
        return "limited_time"
    if told_of_the_past(evidence.sentence_text, evidence.clause_text):
        return "past"
    if _said_of_someone_else(evidence, ftype, value):
        return "someone_elses"
    return None


def _says_again(fragment: str, ftype: TypeWords, said: set[str]) -> bool:
    """A later fragment that opens like a correction but states the same value plainly is a clarification
    ("Deutsch bitte! I mean, please always write to me in German"; "I only fly direct. No layovers, ever.")."""
    return any(m.value in said and polarity(fragment, m) == "plain" for m in ftype.find(fragment))


def _for_a_passing_reason(evidence: Evidence) -> bool:
    """Another clause of the sentence gives a passing reason ("Since it's only two nights in Bruges, I'm going
    carry-on only"): the statement may hold for that trip alone."""
    text = evidence.text
    return any(
        _REASON_OPENER.match(text, clause.start) and is_transient(text[clause.start : clause.end])
        for clause in split_clauses(text, evidence.sentence)
        if clause != evidence.clause
    )


def _said_of_someone_else(evidence: Evidence, ftype: TypeWords, value: Span) -> bool:
    """The same value said of someone else in another clause of the turn ("My sister is vegan, so we need vegan
    places when she visits"): the user's own mention may well be for them."""
    text = evidence.text
    said = {m.value for m in ftype.find(text[value.start : value.end])}
    for sentence in sentence_spans(text):
        for clause in split_clauses(text, sentence):
            if clause.start <= value.start < clause.end:
                continue  # the value's own clause: judged by the clause rules
            words = text[clause.start : clause.end]
            for m in ftype.find(words):
                if m.value in said and subject_of(words, Span(start=m.start, end=m.end))[0] == "other":
                    return True
    return False


def _later_fragments(evidence: Evidence, *, commas: bool = False) -> list[str]:
    """The clauses after the statement's clause, to the end of the turn, as lower-case words (with their
    commas kept when ``commas``)."""
    text = evidence.text
    out: list[str] = []
    for sentence in sentence_spans(text):
        if sentence.end <= evidence.clause.start:
            continue
        for clause in split_clauses(text, sentence):
            if clause.start >= evidence.clause.end:
                words = text[clause.start : clause.end].lower()
                out.append(
                    ",".join(" ".join(_WORDS.findall(p)) for p in words.split(","))
                    if commas
                    else " ".join(_WORDS.findall(words))
                )
    return out


def _denied_later(evidence: Evidence) -> bool:
    """A later clause, or a stretch of one between commas ("ha, no, I'm just hungry"), that only denies."""
    pieces = [p.strip() for f in _later_fragments(evidence, commas=True) for p in f.split(",")]
    return any(DENIAL_FRAGMENT.match(" ".join(_WORDS.findall(p))) for p in pieces if p)


def _negated_later(evidence: Evidence, ftype: TypeWords, value: Span) -> bool:
    """The same value mentioned again later in the turn, negated, retracted or disliked."""
    text = evidence.text
    said = {m.value for m in ftype.find(text[value.start : value.end])}
    for sentence in sentence_spans(text):
        for clause in split_clauses(text, sentence):
            if clause.start < evidence.clause.end:
                continue
            words = text[clause.start : clause.end]
            if _CONDITION.search(words):
                continue  # "…, so if a city doesn't have many halal spots just flag it": not about the user
            for m in ftype.find(words):
                if m.value in said and polarity(words, m) != "plain":
                    return True
    return False


def _unclosed_quote_before(text: str, position: int) -> bool:
    """An opening quotation mark before the value that is never closed: the quotation runs to the end."""
    marks = [m.start() for m in _QUOTE_MARK.finditer(text)]
    return len(marks) % 2 == 1 and any(m < position for m in marks) and not any(m >= position for m in marks)


def _previous_sentence(evidence: Evidence) -> Literal["introduces", "reports", "none"]:
    """What the sentence before the statement's says: that someone else's text follows, that someone else
    said something (a report nearby, not necessarily of this), or neither."""
    earlier = [s for s in sentence_spans(evidence.text) if s.end <= evidence.sentence.start]
    if not earlier:
        return "none"
    previous = evidence.text[earlier[-1].start : earlier[-1].end]
    reported = [m for m in REPORTING.finditer(previous) if reporter(m)]
    if _INTRODUCES.search(previous.rstrip(" .!:\n")) and (reported or _FROM_ELSEWHERE.search(previous)):
        return "introduces"
    contacted = _CONTACTED.search(previous)
    return "reports" if reported or contacted or _ADVICE.search(previous) else "none"


def _echo_run(clause: str, before: str) -> int:
    """The longest run of words the clause shares with the assistant's previous turn."""
    mine, theirs = _WORDS.findall(clause.lower()), _WORDS.findall(before.lower())
    if not mine or not theirs:
        return 0
    best = 0
    previous = [0] * (len(theirs) + 1)
    for word in mine:
        row = [0] * (len(theirs) + 1)
        for j, other in enumerate(theirs, start=1):
            if word == other:
                row[j] = previous[j - 1] + 1
                best = max(best, row[j])
        previous = row
    return best


def _assistant_said_it(value_words: str, before: str) -> bool:
    """The assistant's previous turn stated this value of the user ("Since you're vegetarian, …"), outside a
    question: the user saying it back is the assistant's claim returning, which the user should confirm."""
    needle = value_words.lower().strip()
    if not needle:
        return False
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", before):
        if sentence.rstrip().endswith("?"):
            continue
        at = sentence.lower().find(needle)
        if at >= 0 and (_ABOUT_YOU.search(sentence[:at]) or _YOU_AFTER.match(sentence, at + len(needle))):
            return True
    return False
