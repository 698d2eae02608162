"""The records of :mod:`language.secrets.holders`: its rules, fragments and word tables
(kept as data in holders.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

(
    _BELONGS,
    _KEYED,
    _KEYPAD,
    _KEYPAD_DIGITS,
    _SIX_DIGITS,
    _SET,
    _JOIN,
    _WORD,
    _ANY_DIGIT,
    _AMOUNT_AFTER,
    _YEAR_THEN_WORD,
) = lexicon.rules(
    "secrets.holders",
    "belongs",
    "keyed",
    "keypad",
    "keypad_digits",
    "six_digits",
    "set",
    "join",
    "word",
    "any_digit",
    "amount_after",
    "year_then_word",
)
_SET_TO = lexicon.words("secrets.holders.set_to")
