"""Is a sentence English? A function-word profile, cheap and good enough to say "I am not sure".

Every rule of the write gate reads English: its negations, subjects, questions and reporting verbs. A
preference said in Portuguese ("Não sou vegan") passes none of them honestly and fails none of them reliably, so
the gate must know when it is reading another language and ask the user instead of judging. The little words
of a language (articles, pronouns, auxiliaries, negations) give it away in a handful of words, where a
statistical identifier trained on longer text guesses. Words both languages share ("a", "no", "me", "die") are
left out of the foreign lists.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_ENGLISH = frozenset(
    str.split(
        "i i'm im i've i'd i'll me my mine we we're our us you your the an and or but is am are was were be been "
        "do does did don't doesn't didn't not of to for with from at by this that these those it it's its "
        "always usually never prefer like love please what which who when where why how can could would should "
        "will just really also too very only have has had so if then there here they them their he she his her"
    )
)
# Words both English and another language write ("do" is Portuguese for "of the", "no" for "in the"): they
# say nothing about which language a sentence is in, so neither side counts them.
_SHARED = frozenset(
    str.split("a no me die is on in as am do ma son u sim mon per con dank ben est las los um mia fur")
)
_FOREIGN = (
    frozenset(
        str.split(
            # Portuguese
            "eu sou estou não nao nunca sempre prefiro gosto meu minha meus minhas você voce é é uma um os as da do "
            "dos das em na no nas com para por que isso muito também tambem mas ou sim obrigado obrigada "
            # Spanish
            "yo soy estoy nunca siempre prefiero gusta mis tú usted es una unos unas los las el del en con para "
            "por que eso muy también pero sí gracias "
            # French
            "je suis j'ai ne pas jamais toujours préfère prefere aime mon ma mes vous tu est une le les la du des "
            "avec pour que très aussi mais oui merci c'est j'aime "
            # German
            "ich bin nicht nie immer bevorzuge mag mein meine sie ist ein eine der das und mit für fur auch aber "
            "ja danke sehr "
            # Italian
            "io sono non mai sempre preferisco piace mio mia lei è un uno il gli della con per che anche ma grazie "
            "molto di del dei delle degli nel nei nella negli alla alle ai agli ogni tutti tutte tutto così prima "
            "dopo quando dove perché questo questa quello quella più niente nulla adoro "
            # Dutch
            "ik ben niet nooit altijd liever mijn jij u een het en met voor ook maar dank"
        )
    )
    - _ENGLISH
    - _SHARED
)
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


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
