"""Is a sentence English? A function-word profile, cheap and good enough to say "I am not sure".

Every rule of the write gate reads English: its negations, subjects, questions and reporting verbs. A
preference said in Portuguese ("Não sou vegan") passes none of them honestly and fails none of them reliably, so
the gate must know when it is reading another language and ask the user instead of judging. The little words
of a language (articles, pronouns, auxiliaries, negations) give it away in a handful of words, where a
statistical identifier trained on longer text guesses. Words both languages share ("a", "no", "me", "die") are
left out of the foreign lists.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from language.lexicon.detect import _ENGLISH, _FOREIGN, _SHARED, _WORD


def foreign_words(text: str) -> int:
    return sum(1 for w in _WORD.findall(text.lower()) if w in _FOREIGN)


# Cached: every fact type asks about the same message (eight finds per text, on every turn).
@lru_cache(maxsize=1024)
def may_be_other_language(text: str) -> bool:
    """Whether ``text`` could be in another language: it does not read as English, or it has no English
    function word at all ("Fensterplatz bitte", "sempre corredor"). Words of other languages' vocabularies are
    looked for only then, where English words that look like them ("gang", "ventana") cannot be."""
    words = _WORD.findall(text.lower())
    return not is_english(text) or not any(w in _ENGLISH and w not in _SHARED for w in words)


def is_english(text: str) -> bool:
    """Whether ``text`` reads as English: at least as many English function words as foreign ones, and not
    two or more foreign ones against none. Text with no function words at all ("aisle, always") counts as
    English: nothing says otherwise."""
    words = _WORD.findall(text.lower())
    english = sum(1 for w in words if w in _ENGLISH and w not in _SHARED)
    foreign = sum(1 for w in words if w in _FOREIGN)
    if foreign == 0:
        return True
    if english == 0:
        return False
    return foreign <= english


@lru_cache(maxsize=1024)
def fold_accents(text: str) -> str:
    """ "Végétarienne" → "Vegetarienne", one character for one, so offsets still point into ``text``."""
    return "".join(
        (unicodedata.normalize("NFKD", c)[0] if unicodedata.normalize("NFKD", c)[:1].isascii() else c)
        for c in text
    )
