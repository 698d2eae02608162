"""Codes said with what they open or how they came, rather than with their own name.

"locker 27, code 5521", "the gate opens with 1379#" (an access code where the sentence names what it opens) and
"der Code aus der SMS lautet 551203" (a one-time code where it says how the code came), never a promo, booking,
postal or dialling code; and codes said straight after what they open, with no word for "code" at all:
"cadeado da mala: 812", "I set the room safe to 7860", "flat keypad: 8-6-5-3", "la caja fuerte de la
habitación: 1210".

For the second, only things that carry no number of their own count (:data:`CODE_HOLDERS`: a safe, a padlock, a
keypad): after "locker", "room" or "gate" a number names which one ("locker 27", "gate 12"). What may stand
between the thing and the code is what the thing belongs to ("da mala", "de la habitación"), then a connector:
":", "=", "is" …, or "to" when the sentence says the code was set ("I set the room safe to 7860"). Amounts and
years stay ("the safe is 300 euros").

Two more shapes say a code on their own: digits keyed on a keypad ("portão: 7777#", "front door keypad 0606
then …": the "#" or "*", or the keypad itself, says they are typed in, not the number of a gate), and six digits
said as "the code" ("Il codice è 638743": how one-time codes come; a booking reference has letters).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from language.lexicon.secrets.code_words import ACCESS_PLACES, CODE_HOLDERS, CODE_WORDS, DELIVERY
from language.lexicon.secrets.cues import LOOSE_CONNECTOR
from language.lexicon.secrets.hits import FIXED_MASKS
from language.lexicon.secrets.holders import (
    _AMOUNT_AFTER,
    _ANY_DIGIT,
    _BELONGS,
    _JOIN,
    _KEYED,
    _KEYPAD,
    _KEYPAD_DIGITS,
    _SET,
    _SET_TO,
    _SIX_DIGITS,
    _WORD,
    _YEAR_THEN_WORD,
)
from language.lexicon.secrets.phrases import NOT_SECRET_CODE
from language.secrets.cues import value_start
from language.secrets.hits import Hit, sentence_bounds
from language.secrets.tries import phrases, unaccented, words_pattern
from language.secrets.values import access_value, digits_value


def _table_pattern(table: dict[str, str]) -> re.Pattern[str]:
    """A table's phrases as whole words, accents optional."""
    words = set(phrases(table))
    return words_pattern(words | {unaccented(w) for w in words})


@cache
def _context_words() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The code words, what a code opens, how it came and what holds one (see :mod:`code_words`)."""
    return (
        _table_pattern(CODE_WORDS),
        _table_pattern(ACCESS_PLACES),
        _table_pattern(DELIVERY),
        _table_pattern(CODE_HOLDERS),
    )


def holder_hits(text: str, view: str) -> Iterator[Hit]:
    if sum(map(str.isdigit, text)) < 3:
        return
    _code_words, places, _delivery, holders = _context_words()
    for m in holders.finditer(view):
        pos = m.end()
        belongs = _BELONGS.match(text, pos)
        if belongs is not None:
            pos = belongs.end()
        joined = _JOIN.match(text, pos)
        if joined is None:
            # A keypad is for typing a code: digits right after it are one ("front door keypad 0606 then …").
            keyed = _KEYPAD_DIGITS.match(text, pos) if _KEYPAD.search(m.group(0)) else None
            if keyed is not None:
                yield Hit("pin", *keyed.span("v"), FIXED_MASKS["pin"])
            continue
        word = joined.group(0).strip().lower()
        lo, _hi = sentence_bounds(view, m.start(), m.end())
        if word in _SET_TO and not _SET.search(view, lo, m.start()):
            continue
        value = access_value(text, joined.end())
        if value is not None and not amount_or_year(text, *value):
            yield Hit("pin", *value, FIXED_MASKS["pin"])
    # Any place a code opens, with a value typed on its keypad ("portão: 7777#", "gate: *1016"): the "#" or "*"
    # says it is keyed in, not the number of a gate or a door.
    for m in places.finditer(view):
        keyed = _KEYED.match(text, m.end())
        if keyed is not None:
            yield Hit("pin", *keyed.span("v"), FIXED_MASKS["pin"])


def amount_or_year(text: str, start: int, end: int) -> bool:
    """ "1500 EUR", "2024 statements": a number that counts or dates something, not a code."""
    return _AMOUNT_AFTER.match(text, end) is not None or _YEAR_THEN_WORD.match(text, start) is not None


def context_code_hits(text: str, view: str) -> Iterator[Hit]:
    """Codes said with a general word: "locker 27, code 5521", "the gate opens with 1379#" (an access code where
    the sentence names what it opens) and "der Code aus der SMS lautet 551203" (a one-time code where it says
    how the code came); never a promo, booking, postal or dialling code."""
    if _ANY_DIGIT.search(text) is None:
        return
    code_words, places, delivery, _holders = _context_words()
    for m in code_words.finditer(view):
        loose = LOOSE_CONNECTOR.match(text, m.end())
        pos, connected = (loose.end(), True) if loose else value_start(text, m.end())
        said = view[max(0, m.start() - 24) : pos]
        if any(w.lower() in NOT_SECRET_CODE for w in _WORD.findall(said)):
            continue
        lo, hi = sentence_bounds(view, m.start(), m.end())
        # What it opens comes first ("locker 27, code 5521"), or a connector says the value is the code: "code
        # 4490 on the locker" may be the number painted on it.
        if places.search(view, lo, m.start()) or (connected and places.search(view, lo, hi)):
            value = access_value(text, pos)
            if value is not None:
                yield Hit("pin", *value, FIXED_MASKS["pin"])
        elif delivery.search(view, lo, hi):
            found = digits_value(text, pos, least=4, code=True)
            if found is not None and not amount_or_year(text, *found):
                yield Hit("code", *found, FIXED_MASKS["code"])
        elif connected and (six := _SIX_DIGITS.match(text, pos)) is not None:
            # "the code is 638743": six digits said as the code are how one-time codes come; a booking
            # reference has letters, a promo or postal code is named so (above).
            yield Hit("code", *six.span(), FIXED_MASKS["code"])
