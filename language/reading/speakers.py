"""Whose words these are, and about whom: the speaker and subject rules of the memory write gate.

A user's message holds other people's words (quoted, reported, forwarded, pasted) and talks about other
people ("my wife is vegan", "my boss wants me in aisle seats"). These rules find both, for
``language.reading.assertions``: ``reported_or_quoted`` for the words, ``subject_of`` for the subject of a value.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

from language.lexicon.reading.speakers import (
    _ADDRESSEE,
    _ADDRESSEE_BEFORE,
    _CARRIES_ING,
    _CONDITION_OR_REASON,
    _FIRST,
    _FOR_OTHER,
    _MY_BEFORE,
    _NAME,
    _NAMES_THE_VALUE,
    _NO_SUBJECT,
    _NOT_NAMES,
    _OBJECT,
    _ONE_OF,
    _POSSESSED_THING,
    _PRONOUNS,
    _RELATION,
    _REPORTED_AFTER,
    _REPORTING,
    _SOURCE,
    _THIRD,
    _TO_ME,
    _YOU_ASKED,
    BRACKETED,
    FIRST_PERSON,
)
from language.lexicon.secrets.hits import MASK_RE
from language.places import airport_mentions, find_airports
from language.reading.evidence import Evidence, Span
from language.reading.foreign_text import foreign_spans, unsure_labels

REPORTING = _REPORTING  # a reporting verb and the word before it (its subject, when it has one)
RELATION = _RELATION  # the people a user speaks of: family, friends, colleagues, carers, professionals


def reporter(match: re.Match[str]) -> bool:
    """A reporting verb (a :data:`REPORTING` match) with someone else as its subject. A bare "-ing" form reports
    only after an auxiliary ("she's saying", "he keeps telling me"), not in "worth saying" or "just saying"."""
    subject = (match.group(1) or "").lower()
    verb = match.string[match.end(1) : match.end()].split()
    if verb and verb[0].lower().endswith("ing") and not _CARRIES_ING.search(subject):
        return False
    return subject not in FIRST_PERSON and subject not in _NO_SUBJECT


def reported_or_quoted(evidence: Evidence) -> bool:
    """Someone else's words: the quote sits in someone else's text (quoted, forwarded, a transcript line: see
    ``foreign_spans``), a reporting verb with another subject ("my colleague said", "Bob wrote") comes before it
    in the sentence, or a colon lead-in on its line names a source ("Message from my sister: …")."""
    foreign = someone_elses_text(evidence.text)
    if any(region.overlaps(evidence.quote) for region in foreign):
        return True
    lead = evidence.before_clause + evidence.clause_text[: evidence.quote_in_clause.start]
    for m in _REPORTING.finditer(lead):
        subject = (m.group(1) or "").lower()
        # "(please) keep writing to me in Portuguese": an order to the assistant, its "you" left out.
        addressed = (
            subject in _ADDRESSEE
            or subject in ("keep", "continue")
            or bool(_ADDRESSEE_BEFORE.search(lead, 0, m.start(1)))
        )
        if addressed and _TO_ME.match(lead, m.end()):
            continue  # "I'd rather you always wrote to me in French": how the assistant should write, not a report
        # 'My friend says "…", but I …': the report was the quotation, closed before the user's clause.
        said = evidence.sentence.start + m.end()
        if MASK_RE.search(evidence.text, said, evidence.clause.start):
            continue  # "the code the app shows is [masked], and answer in Spanish": the report was the secret
        closed = any(said <= q.start <= said + 2 and q.end <= evidence.clause.start for q in foreign)
        if reporter(m) and not closed:
            return True
    return bool(_REPORTED_AFTER.search(evidence.text[evidence.quote.end : evidence.sentence.end]))


def in_foreign_text(evidence: Evidence, span: Span) -> bool:
    return any(region.overlaps(span) for region in someone_elses_text(evidence.text))


# Cached: the gate judges every mention of a type in a turn against the same message, so the message's regions
# are read once a turn rather than once a mention (a long message naming a value many times was quadratic).
@lru_cache(maxsize=32)
def someone_elses_text(text: str) -> tuple[Span, ...]:
    """The regions of a (cleaned) message that are someone else's: by shape (``foreign_spans``), and after a
    colon lead-in that names a source: to the end of its line ("Message from my sister: …"), or, when the
    lead-in ends its line ("Message from Ana:"), to the end of the message."""
    spans = foreign_spans(text)
    start = 0
    for line in text.split("\n"):
        for colon in (i for i, ch in enumerate(line) if ch == ":"):
            # The lead-in is the colon's own sentence ("Back from Athens. One gripe: …" names no source).
            lead = line[max(line.rfind(end, 0, colon) for end in (". ", "! ", "? ")) + 1 : colon]
            if _SOURCE.search(_YOU_ASKED.sub(" ", lead)):
                rest = line[colon + 1 :].strip()
                spans.append(Span(start=start + colon + 1, end=start + len(line) if rest else len(text)))
                break
        start += len(line) + 1
    return tuple(spans)


def _named_people(clause: str) -> list[int]:
    """Where a capitalised name is the subject of a statement ("Bob is vegetarian"): not a place, and not a word
    of an airport's name ("Leeds Bradford is my home airport"; looked up only when a name is there, as the gate
    reads every clause of every turn)."""
    names = [m for m in _NAME.finditer(clause) if m.group(1) not in _NOT_NAMES]
    if not names:
        return []
    places = set(find_airports(clause))
    airports = [(a, b) for _c, a, b in airport_mentions(clause, any_case=True)]
    return [
        m.start()
        for m in names
        # ("Leeds Bradford": a name found as "Leeds" still runs on into the next capitalised word)
        if not any(a <= m.start(1) <= b + 1 for a, b in airports)
        and not find_airports(m.group(1))
        and m.group(1).upper() not in places
    ]


def _other_people(clause: str, value: Span) -> list[int] | None:
    """Where other people are named in the clause; None when the value describes one of them.

    The value itself is no other person ("I travel with a guide dog"); a value that describes one is theirs
    ("my Spanish friend is helping me", "our vegan colleague")."""
    others: list[int] = []
    for m in _THIRD.finditer(clause):
        if _ONE_OF.search(clause, 0, m.start()):
            continue  # "I'm one of those people who only flies direct": the people include the speaker
        pronoun = m.group(0).lower() in _PRONOUNS
        if pronoun and (
            _NAMES_THE_VALUE.fullmatch(clause, m.end(), value.start)
            or (m.start() > value.end and not clause[value.end : m.start()].strip())
        ):
            continue  # "she's my guide dog": the value is who "she" is; "the quietest room they have": a hotel's
        if not (m.start() < value.end and value.start < m.end()):
            others.append(m.start())
        elif m.start() <= value.start and m.end() > value.end:
            return None
    return others


def subject_of(clause: str, value: Span) -> tuple[Literal["user", "other", "none"], int]:
    """Who the clause says it about, judged by the nearest subject marker before the value (else after it),
    and where the words linking the user to the value begin (after that marker, or the clause's start).

    "Me" and "us" after someone else ("my boss wants me in aisle seats", "they book me …") are the object of
    another person's wish, not the user speaking for themselves.
    """
    others = _other_people(clause, value)
    if others is None:
        return "other", 0
    # A possessive ("I'm closing my Bonvoy account") is no subject: the link runs from the user's last one.
    markers: list[tuple[int, str, int]] = []
    link = 0
    for m in _FIRST.finditer(clause):
        word = m.group(0).lower()
        if word in _OBJECT and any(o < m.start() for o in others):
            continue
        if word not in ("my", "our") and m.start() < value.start:
            link = m.end()
        elif link == 0 and m.start() < value.start:
            # With no subject before it, the possessive starts the link: "For your records, my preferred
            # language is French" is linked by "my preferred language is", not by the opener.
            link = m.start()
        markers.append((m.start(), "user", link))
    mine = _MY_BEFORE.search(clause, 0, value.start)
    if mine:  # "she's my guide dog": a companion named by the value is the user's own
        markers.append((mine.start(), "user", link or mine.start()))
    markers += [(o, "other", o) for o in others]
    markers += [(at, "other", at) for at in _named_people(clause)]
    before = [(who, end) for pos, who, end in sorted(markers) if pos < value.start]
    if before:
        who, end = before[-1]
        return ("user", end) if who == "user" else ("other", 0)
    # After the value, an aside in brackets is no subject ("Hilton Honors member (or honors, however they spell
    # it)").
    # Nor is anyone named in a condition or a reason after it ("Marriott Bonvoy member here, always pick
    # Marriott hotels if they're decent").
    asides = [(m.start(), m.end()) for m in BRACKETED.finditer(clause)]
    own_end = next((m.start() for m in _CONDITION_OR_REASON.finditer(clause, value.end)), len(clause))
    # Nor is "their" before a thing ("Bonvoy member, please favour their hotels": the programme's; "his" and "her"
    # are a person's).
    after = [
        who
        for pos, who, _end in sorted(markers)
        if value.end <= pos < own_end
        and not any(a <= pos < b for a, b in asides)
        and not _POSSESSED_THING.match(clause, pos)
    ]
    if after:
        return ("user" if after[0] == "user" else "other"), 0
    return "none", 0


def for_someone_else(after_value: str) -> bool:
    """The words after a value give it to someone else ("… a wheelchair for my mum")."""
    return bool(_FOR_OTHER.match(after_value))


def speaker_unsure(text: str, value: Span) -> str | None:
    """ "speaker_unsure" when the value follows a one-word "Label:" opener that may name someone else."""
    return "speaker_unsure" if any(s.overlaps(value) for s in unsure_labels(text)) else None
