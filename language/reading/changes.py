"""A preference that changed since the user last said it: "I don't keep kosher any longer", "I'm eating meat
again", "I closed my Miles & More account", "I don't care where I sit any more", "I've become a window person".

Read against a value memory already holds: :func:`no_longer` says whether a message says that value no longer
holds (the value said negated or beside a word that says it went; the diet contradicted by a food it excludes; the
kind of preference said to be none at all, now); :func:`says_changed` whether a message dates what it says as a
change ("now", "these days", "since", "I've become"). The engine core decides what that does to memory (the next
promotion retracts or supersedes the old value) and to the conversation (the reply follows today's words).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from language.lexicon.reading.changes import (
    CHANGE_NOW,
    CHANGED_AWAY,
    EXCLUDED_BY,
    KIND_WORDS,
    NONE_OF_IT,
    NOW_EATEN,
)
from language.lexicon.reading.mood import HYPOTHETICAL
from language.reading.evidence import Span, sentence_spans, split_clauses
from language.reading.polarity import polarity
from language.reading.speakers import subject_of
from language.values.words import TypeWords


def says_changed(text: str) -> bool:
    """The message dates what it says as a change ("now", "these days", "since", "I've become", "no longer")."""
    return CHANGE_NOW.search(text) is not None or CHANGED_AWAY.search(text) is not None


def may_contradict(text: str) -> bool:
    """Whether the message could say a held value no longer holds (a food eaten now, a kind said to be none)."""
    return NOW_EATEN.search(text) is not None or NONE_OF_IT.search(text) is not None


def _clauses(text: str) -> list[Span]:
    return [c for s in sentence_spans(text) for c in split_clauses(text, s)]


def _users_own(words: str, at: Span) -> bool:
    return subject_of(words, at)[0] != "other"


def no_longer(text: str, kind: TypeWords, value: str) -> bool:
    """Whether the user says in ``text`` (as the rules read it) that ``value`` of this kind no longer holds."""
    for clause in _clauses(text):
        words = text[clause.start : clause.end]
        if HYPOTHETICAL.search(words):
            continue  # "If I ever stopped being vegetarian …" supposes the change, it does not say it
        for m in kind.find(words):
            if m.value != value or not _users_own(words, Span(start=m.start, end=m.end)):
                continue
            if polarity(words, m) != "plain" or CHANGED_AWAY.search(words):
                return True
        if _none_of_the_kind(words, kind.name):
            return True
        if _eats_what_it_excludes(words, value):
            return True
    return False


# Each kind's names as one pattern, built from the table.
_NAMED = {
    kind: re.compile(
        r"\b(?:" + "|".join(re.escape(w) for w, k in KIND_WORDS.items() if k == kind) + r")\b", re.I
    )
    for kind in set(KIND_WORDS.values())
}


def _none_of_the_kind(clause: str, kind: str) -> bool:
    """The kind said to be none at all, now ("I don't care where I sit any more", "so no home airport")."""
    named = _NAMED.get(kind)
    if named is None or not named.search(clause):
        return False
    none = NONE_OF_IT.search(clause)
    return none is not None and (none.group(0).lower() == "no" or CHANGE_NOW.search(clause) is not None)


def _eats_what_it_excludes(clause: str, value: str) -> bool:
    excluded = EXCLUDED_BY.get(value)
    if not excluded:
        return False
    for m in NOW_EATEN.finditer(clause):
        food = (m.group("food") or m.group("fine") or "").lower()
        if (food in excluded or food == "everything") and _users_own(
            clause, Span(start=m.start(), end=m.end())
        ):
            return True
    return False


def replaced(text: str, kind: TypeWords, value: str, *, excludes: Callable[[str, str], bool]) -> bool:
    """Whether the message states, as a change, another value of the kind that cannot stand beside ``value``
    ("these days I fly from Gatwick" against Heathrow, "I've gone fully vegan" against vegetarian)."""
    if not says_changed(text):
        return False
    for clause in _clauses(text):
        words = text[clause.start : clause.end]
        if HYPOTHETICAL.search(words):
            continue  # "If I ever stopped being vegetarian …" supposes the change, it does not say it
        for m in kind.find(words):
            if (
                m.value != value
                and excludes(value, m.value)
                and polarity(words, m) == "plain"
                and _users_own(words, Span(start=m.start, end=m.end))
            ):
                return True
    return False
