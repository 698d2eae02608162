"""Requests about memory: "remember that …", "forget my seat preference", "forget everything", and the "yes" that
confirms one.

Read the same way by the write gate (an explicit request to remember; a mention withdrawn by a later request to
forget it), by the ``forget_memory`` tool (what the user asked to forget) and by the offline model.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from language.lexicon.reading.requests import (
    ASK_TO_FORGET,
    CONFIRMS,
    CUE_PREFIX,
    EVERYTHING,
    FORGET_REQUEST,
    NOT_ASKING_AFTER,
    NOT_ASKING_BEFORE,
    POINTS_BACK,
    REMEMBER_REQUEST,
    TYPE_NAMES,
)
from language.reading.evidence import Evidence, Span, clean, locate, view
from language.reading.speakers import someone_elses_text
from language.secrets.mask import mask_secrets
from language.values.vocabulary import ValueMatch
from language.values.words import VALUE_WORDS, TypeWords, ValueWords

EVERYTHING_ASKED = "all"
_TYPE_NAMES = re.compile(
    r"\b(" + "|".join(sorted(map(re.escape, TYPE_NAMES), key=len, reverse=True)) + r")\b", re.I
)


def asked_to_remember(text: str) -> bool:
    """The user's own message asks to remember something.

    The cue must be a request ("remember that …", "could you remember …", "don't forget …"), not the word in a
    question or a memory of the user's own ("do you remember …?", "I can't remember", "as far as I remember",
    "remember when we …"), and not inside someone else's text (quoted, forwarded, a transcript line).
    """
    text = view(clean(text))
    foreign = someone_elses_text(text)
    for m in REMEMBER_REQUEST.finditer(text):
        if any(s.start <= m.start() < s.end for s in foreign):
            continue
        sentence_start = max(text.rfind(ch, 0, m.start()) for ch in ".!?\n") + 1
        if NOT_ASKING_BEFORE.search(text[sentence_start : m.start()]) or NOT_ASKING_AFTER.match(
            text[m.end() :]
        ):
            continue
        return True
    return False


def without_request(clause: str, quote: Span) -> tuple[str, Span, bool]:
    """Take an explicit request ("Could you remember that …") off the front of a clause: (the rest, the quote
    moved with it, whether a request was taken off)."""
    m = CUE_PREFIX.match(clause)
    if m is None or m.end() == 0 or m.end() >= len(clause):
        return clause, quote, False
    cut = m.end()
    moved = Span(start=max(0, quote.start - cut), end=max(0, quote.end - cut))
    return clause[cut:], moved, True


def explicit_evidence(statement: str, said: str) -> Evidence | None:
    """Where an explicit "remember …" statement sits in the user's message.

    The model's statement is tried first; when it is a paraphrase ("User prefers aisle seats"), the user's own
    words after the request cue are used instead, so the evidence is always the user's text.
    """
    text = mask_secrets(said).text
    found = locate(mask_secrets(statement).text, text)
    if found is not None:
        return found
    cue = next((m for m in REMEMBER_REQUEST.finditer(clean(text))), None)
    if cue is None:
        return None
    rest = re.split(r"(?<=[.!?])\s|\n", clean(text)[cue.end() :], maxsplit=1)[0].strip(" :,-")
    return locate(rest, text) if rest else None


def is_forget_request(text: str) -> bool:
    """Whether a clause (as the gate reads it) asks to forget: it states no preference then."""
    return FORGET_REQUEST.search(text) is not None


def withdraws(text: str, type_name: str, value: str) -> bool:
    """A user message asks to forget this very fact ("forget that I prefer aisle seats", "delete my seat
    preference", "forget everything"): a mention earlier in the same conversation must not be stored after it."""
    cleaned = view(clean(text))
    if not FORGET_REQUEST.search(cleaned):
        return False
    words = VALUE_WORDS.get(type_name)
    if EVERYTHING.search(cleaned) or (words is not None and value in {m.value for m in words.find(cleaned)}):
        return True
    return any(TYPE_NAMES[m.group(1).lower()] == type_name for m in _TYPE_NAMES.finditer(cleaned))


def asks_to_forget(text: str) -> bool:
    """The message asks to forget something (as the forget tool reads the message before a "yes")."""
    return ASK_TO_FORGET.search(text) is not None


def is_confirmation(text: str) -> bool:
    return CONFIRMS.search(text) is not None


def forget_targets(text: str, labels: Mapping[str, str]) -> list[str]:
    """What a request to forget names: ``["all"]``, or fact type names in order of mention ("my seat and my
    diet"), by the words people use for a type, its values and its label (``labels``: type name → label)."""
    if EVERYTHING.search(text):
        return [EVERYTHING_ASKED]
    found = [(m.start(), TYPE_NAMES[m.group(1).lower()]) for m in _TYPE_NAMES.finditer(text)]
    for name, words in VALUE_WORDS.items():
        found += [(value.start, name) for value in words.find(text)]
    for name, label in labels.items():
        named = re.search(rf"\b{re.escape(label)}\b", text, re.I)
        if named:
            found.append((named.start(), name))
    return list(dict.fromkeys(name for _pos, name in sorted(found)))


def cued_in_sentence(words: TypeWords, sentence: str) -> ValueWords:
    """A home airport is found by the words that say it is home, and those may sit in the next clause of the
    sentence ("I'm in Lisbon, so all my flights start there"): a clause with none of its own reads the
    mentions its sentence makes inside it, when the rest of the sentence points back at it ("there", "that")."""
    mentions: list[list[ValueMatch]] = []

    def in_sentence() -> list[ValueMatch]:
        # The sentence's own mentions are read once, however many of its clauses ask (a long message has many).
        if not mentions:
            mentions.append(words.find(sentence))
        return mentions[0]

    def find(text: str) -> list[ValueMatch]:
        found = words.find(text)
        at = sentence.find(text) if not found else -1
        if at < 0 or not POINTS_BACK.search(sentence, at + len(text)):
            return found
        inside = [m for m in in_sentence() if at <= m.start and m.end <= at + len(text)]
        return [ValueMatch(value=m.value, start=m.start - at, end=m.end - at) for m in inside]

    return ValueWords(words.name, find, words.values)


def type_of(clause: str, quote: Span, types: Iterable[TypeWords]) -> str:
    """The type whose value the clause states (the one the quote points at, else the first), or "unclassified"."""
    found: list[tuple[bool, int, str]] = []
    for words in types:
        for m in words.find(clause):
            found.append((not (m.start < quote.end and quote.start < m.end), m.start, words.name))
    return min(found)[2] if found else "unclassified"
