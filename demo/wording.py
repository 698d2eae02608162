"""The words the meaning reading sees: a chat message put into the plain English the example phrasings use.

Why: the bundled encoder is English and knows the words of edited text. People type "fligths 2 nice tmrw??",
"👍", "grazie", "pls remember: …"; each of those moves a sentence vector far from the examples that mean the
same, and the reading then asks what was meant, or worse, picks a neighbour. So before a message is embedded
(and before its structure is read, ``demo.cues``) it goes through :func:`plain`:

- the shared normalised view (``language.normalise``: NFKC, invisible characters, look-alike letters, digits);
- chat shorthand spelled out ("pls", "u", "tmrw", "thx", "opt", "flights 2 Rome"), and a message that is only
  an emoji read as the word it stands for (a thumbs up is a yes);
- the commonest courtesy words of other languages (hello, thanks, yes, no) read as their English: the rest of
  another language is left alone (the model answers in English and says what it can do);
- a misspelt word mended to the nearest word of the examples, when the encoder does not know it as a whole
  word (its WordPiece vocabulary, handed in by the composition root), it is long enough (five letters), close
  enough (difflib's ratio ≥ 0.8, same first letter) and not an inflection of a known word ("cancelled" stays a
  report, "allergies" stays plural). A capitalised word is a name and is left as typed.

The log keeps what the user wrote; a move reads its slots from what was written, except flight search, which
reads the plain words without mending ("fligths 2 Rome tmrw" is a search to Rome tomorrow).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from language.normalise import normalise

# Chat shorthand → the words it stands for (whole words, any case).
SHORTHAND: dict[str, str] = {
    "pls": "please",
    "plz": "please",
    "pleeease": "please",
    "u": "you",
    "ur": "your",
    "r": "are",
    "y": "why",
    "tmrw": "tomorrow",
    "tmr": "tomorrow",
    "tmrow": "tomorrow",
    "2moro": "tomorrow",
    "2morrow": "tomorrow",
    "tonite": "tonight",
    "thx": "thanks",
    "thnx": "thanks",
    "thanx": "thanks",
    "ty": "thank you",
    "tysm": "thank you so much",
    "tyvm": "thank you very much",
    "opt": "option",
    "nr": "number",
    "wanna": "want to",
    "gimme": "give me",
    "lemme": "let me",
    "abt": "about",
    "gm": "good morning",
    "im": "I'm",
    "prefs": "preferences",
    "pref": "preference",
    "bc": "because",
    "cuz": "because",
    "smth": "something",
    "sth": "something",
    "gonna": "going to",
    "gotta": "have to",
    "b4": "before",
    "rn": "right now",
    "asap": "as soon as possible",
    "k": "ok",
    "kk": "ok",
    "okey": "okay",
    "yup": "yes",
    "yeah": "yes",
    "ya": "yes",
    "yea": "yes",
    "nah": "no",
    "nope": "no",
    "hiya": "hi",
    "yo": "hi",
    "res": "reservation",
    "resv": "reservation",
    "info": "information",
    "hrs": "hours",
    "mins": "minutes",
    "wk": "week",
    "mon": "monday",
    "tue": "tuesday",
    "tues": "tuesday",
    "wed": "wednesday",
    "thu": "thursday",
    "thur": "thursday",
    "thurs": "thursday",
    "fri": "friday",
    "sat": "saturday",
    "sun": "sunday",
}

# Courtesy words of other languages (the encoder is English). Only words that need no context: a message that is
# one of these, or starts with one, means the same as the English.
COURTESY: dict[str, str] = {
    **dict.fromkeys(
        (
            "grazie",
            "merci",
            "danke",
            "gracias",
            "obrigado",
            "obrigada",
            "dankjewel",
            "bedankt",
            "tack",
            "takk",
            "kiitos",
            "arigato",
            "dziekuje",
            "dzięki",
            "mille grazie",
            "merci beaucoup",
            "muchas gracias",
            "vielen dank",
            "muito obrigado",
            "muito obrigada",
            "danke schön",
            "danke schon",
        ),
        "thanks",
    ),
    **dict.fromkeys(
        (
            "hola",
            "bonjour",
            "ciao",
            "hallo",
            "salut",
            "olá",
            "ola",
            "buongiorno",
            "buenos dias",
            "buenos días",
            "guten tag",
            "guten morgen",
            "moin",
            "servus",
            "hej",
            "bom dia",
            "boa tarde",
            "buona sera",
            "bonsoir",
            "buenas",
            "buenas tardes",
            "namaste",
            "salve",
        ),
        "hello",
    ),
    **dict.fromkeys(
        (
            "sí",
            "si",
            "oui",
            "ja",
            "sim",
            "claro",
            "d'accord",
            "vale",
            "certo",
            "genau",
            "bien sûr",
            "por favor sí",
            "va bene",
            "natürlich",
            "klar",
        ),
        "yes",
    ),
    **dict.fromkeys(
        ("non", "nein", "não", "nao", "nee", "nej", "niet", "no gracias", "non merci", "nein danke"), "no"
    ),
}

# A message that is only emoji reads as the word each one stands for.
EMOJI: dict[str, str] = {
    "\U0001f44d": "yes",  # thumbs up
    "\U0001f44c": "ok",  # OK hand
    "\u2705": "yes",  # check mark button
    "\u2714": "yes",  # heavy check mark
    "\U0001f64c": "great",  # raised hands
    "\U0001f44e": "no",  # thumbs down
    "\u274c": "no",  # cross mark
    "\U0001f645": "no",  # person gesturing no
    "\U0001f6ab": "no",  # prohibited
    "\U0001f64f": "thanks",  # folded hands
    "\U0001f44b": "hello",  # waving hand
    "\u2708": "flight",  # airplane
    "\U0001f6eb": "flight",  # departure
    "\U0001f6ec": "flight",  # arrival
    "\U0001f37d": "dinner",  # fork and knife with plate
    "\U0001f374": "food",  # fork and knife
    "\U0001f355": "food",
    "\U0001f354": "food",
    "\U0001f35d": "food",
    "\U0001f363": "food",
}

_WORD = re.compile(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ']*")
_SHORT_RE = re.compile(
    r"(?<![\w'])(" + "|".join(re.escape(k) for k in sorted(SHORTHAND, key=len, reverse=True)) + r")(?![\w'])",
    re.I,
)
_COURTESY_RE = re.compile(
    r"^\W*(" + "|".join(re.escape(k) for k in sorted(COURTESY, key=len, reverse=True)) + r")(?![\w'])", re.I
)
# "flights 2 paris": a 2 between a word of travel and a word is "to" (never beside a number or a time).
_TWO_FOR_TO = re.compile(
    r"\b(flights?|fly|flying|go|going|get|trip|tickets?|travel|travell?ing) 2 (?=[A-Za-z])",
    re.I,
)
_MIN_MENDED = 5
_MENDING_RATIO = 0.8


@dataclass(frozen=True, slots=True)
class Spelling:
    """What a misspelt word may be mended to, and the words that are never mended (the encoder's own)."""

    targets: frozenset[str]
    known: frozenset[str]


def plain(text: str, spelling: Spelling | None = None) -> str:
    """``text`` as plain English for the encoder and the cues (see the module's docstring)."""
    view = normalise(text).text
    emoji = _emoji_words(view)
    if emoji is not None:
        return emoji
    view = _COURTESY_RE.sub(lambda m: COURTESY[m.group(1).lower()], view, count=1)
    view = _SHORT_RE.sub(lambda m: SHORTHAND[m.group(1).lower()], view)
    view = _TWO_FOR_TO.sub(r"\1 to ", view)
    if spelling is not None:
        view = _WORD.sub(lambda m: _mended(m.group(0), spelling), view)
    return " ".join(view.split())


def _emoji_words(text: str) -> str | None:
    """The words a message of emoji only stands for (None when it has anything else, or an unknown emoji)."""
    stripped = "".join(ch for ch in text if not ch.isspace() and ch not in "!.?")
    if not stripped or any(ch.isalnum() for ch in stripped):
        return None
    words = [EMOJI.get(ch) for ch in stripped if ord(ch) > 0x2000]
    known = [w for w in words if w]
    return " ".join(dict.fromkeys(known)) if known else None


def _mended(word: str, spelling: Spelling) -> str:
    lower = word.lower()
    if len(word) < _MIN_MENDED or word[0].isupper() or "'" in word:  # "we're" is no misspelt "where"
        return word
    if lower in spelling.known or lower in spelling.targets:
        return word
    return _nearest(lower, spelling) or word


@lru_cache(maxsize=4096)
def _nearest(word: str, spelling: Spelling) -> str | None:
    # A known word's inflection is no typo ("cancelled" is not "cancel": a report is not a request; "allergies"
    # is not "allergic"): a typo leaves a shorter common beginning than a word's ending does.
    if any(_shared_start(word, known) >= max(_MIN_MENDED, len(word) - 3) for known in spelling.targets):
        return None
    # A typo rarely changes the first letter; requiring it keeps "lunch" from becoming "launch".
    candidates = [w for w in spelling.targets if w[:1] == word[:1]]
    found = difflib.get_close_matches(word, candidates, n=1, cutoff=_MENDING_RATIO)
    return found[0] if found else None


def _shared_start(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def vocabulary_of(*texts: Iterable[str]) -> frozenset[str]:
    """The lower-case words of these texts: what a misspelt word may be mended to."""
    return frozenset(w.lower() for group in texts for text in group for w in _WORD.findall(text))
