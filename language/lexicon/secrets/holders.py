"""The records of :mod:`language.secrets.holders`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import rule, words
from language.secrets.code_words import AMOUNTS
from language.secrets.tries import alternation_of
from language.secrets.vocabulary import CONNECTORS

_BELONGS = rule(
    "secrets.holders.belongs",
    r"(?:\s+(?:of|de|da|do|del|du|des|della|dell'|in|im|der|the|my|la|le|el|il|o|a|am|vom|on|at|by|for))+"
    r"(?:\s+[^\W\d_]{2,20}(?:['’]s)?){1,3}(?![\w'])",
    flags=re.I,
    means=(
        'What a code\'s holder belongs to, said right after it: little words, then up to three words ("da mala", '
        '"de la habitación", "of the flat", "in the hallway").'
    ),
    why=(
        'Passed over between the holder and its connector: "cadeado da mala: 812", "la caja fuerte de la habitación: '
        '1210".'
    ),
    examples=("cadeado da mala: 812", "la caja fuerte de la habitación: 1210"),
    non_examples=("room safe: 7860", "keypad 0606"),
)

_KEYED = rule(
    "secrets.holders.keyed",
    r"\s*[:=]?\s*(?P<v>[#*]\d{3,8}[#*]?|\d{3,8}[#*])(?![\w#*])",
    means=(
        'Digits keyed on a keypad right after what a code opens, with a "#" or "*" before or after them '
        '("portão: 7777#", "gate: *1016").'
    ),
    why=(
        'The "#" or "*" says they are typed in, not the number of a gate or a door, so after any access '
        "place they are a PIN."
    ),
    examples=("portão: 7777#", "gate: *1016"),
    non_examples=("gate 7777", "room #12"),
)

_KEYPAD = rule(
    "secrets.holders.keypad",
    r"keypad|teclado|clavier|tastierino|tastatur",
    flags=re.I,
    means='A keypad in the six languages: "keypad", "teclado", "clavier", "tastierino", "Tastatur".',
    why=(
        "A keypad is for typing a code, so digits right after one are a code even with no connector "
        '("front door keypad 0606 then …").'
    ),
    examples=("flat keypad: 8-6-5-3", "el teclado de la puerta"),
    non_examples=("the keyboard is broken", "key box"),
)

_KEYPAD_DIGITS = rule(
    "secrets.holders.keypad_digits",
    r"\s+(?P<v>\d{4,8})(?![\w:/%.,]\d|[\w€$£])",
    means='Four to eight digits right after a keypad with no connector: "front door keypad 0606 then …".',
    why="Masked as a PIN; a time, a price or a longer number is not one.",
    examples=("front door keypad 0606 then #", "flat keypad 4821"),
    non_examples=("keypad 12", "keypad, 10:30"),
)

_SIX_DIGITS = rule(
    "secrets.holders.six_digits",
    r"\d{6}(?![\w:/%.,]\d|[\w€$£])",
    means="Six digits on their own: not the start of a longer number, a time, a price or a word.",
    why=(
        'Said as "the code" with a connector, they are a one-time code ("Il codice è 638743"): that is '
        "how one-time codes come; a booking reference has letters, and a promo or postal code is named "
        "so."
    ),
    examples=("Il codice è 638743", "der Code aus der SMS lautet 551203"),
    non_examples=("code 5521", "code X7QK21"),
)

_SET = rule(
    "secrets.holders.set",
    r"\b(?:set|changed?|reset|put|programmed|mis|puse|pus|gesetzt|gestellt|impostato)\b",
    flags=re.I,
    means=(
        'A verb saying a code was set, in the six languages: "set", "changed", "reset", "put", '
        '"programmed", "mis", "puse", "gesetzt", "impostato".'
    ),
    why=(
        'Only in its sentence does "to" join a holder to its code: "I set the room safe to 7860", not '
        '"the safe is next to the wardrobe".'
    ),
    examples=("I set the room safe to 7860", "puse la caja fuerte a 1210"),
    non_examples=("the safe is next to the wardrobe", "check the settings"),
)

_SET_TO = words(
    "secrets.holders.set_to",
    ("to", "auf", "a", "para", "sur", "su"),
    means='"To" and its counterparts ("auf", "a", "para", "sur", "su") between a holder and a code.',
    why=(
        'A connector only where the sentence says the code was set ("set the room safe to 7860"); '
        "elsewhere it is a place."
    ),
    examples=("set the room safe to 7860", "den Safe auf 4821"),
    non_examples=("the safe is in the wardrobe", "keypad: 8-6-5-3"),
)

_JOIN = rule(
    "secrets.holders.join",
    rf"\s*[:=]\s*|\s+(?:{alternation_of(CONNECTORS)}|{'|'.join(_SET_TO)})\s+",
    flags=re.I,
    means=(
        'What joins a holder to its code: ":", "=", a connector ("is", "é", "ist" …), or "to" and its '
        "counterparts."
    ),
    why='A code said after a holder counts only when joined so: "cadeado da mala: 812", "the safe is 4821".',
    examples=("cadeado da mala: 812", "the safe is 4821"),
    non_examples=("keypad 0606 then #", "locker 27, code 5521"),
)

_WORD = rule(
    "secrets.holders.word",
    r"[\w-]+",
    means='A word, hyphens kept ("wi-fi", "check-in").',
    why=(
        "Every word said just before a general code word, up to its value, is looked up in "
        'not_secret_code: "promo code", "booking code" and "wi-fi code" are no door\'s.'
    ),
    examples=("the wi-fi code is 4821",),
    non_examples=(", ", "?!"),
)

_ANY_DIGIT = rule(
    "secrets.holders.any_digit",
    r"\d",
    means="A digit.",
    why="A message with none holds no code said with a general word, so that scanner stops at once.",
    examples=("locker 27, code 5521",),
    non_examples=("the code is in the email", "ask reception for the code"),
)

_AMOUNT_AFTER = rule(
    "secrets.holders.amount_after",
    rf"\s*(?:[€$£%]|(?:{alternation_of(AMOUNTS)})\b)",
    flags=re.I,
    means=(
        'A currency, a percent sign or a unit after a number: "€", "EUR", "euros", "miles", "nights", '
        '"people", "pessoas" …'
    ),
    why='A number that counts something is no code: "the safe is 300 euros", "they sent 1500 EUR".',
    examples=("the safe is 300 euros", "they sent 1500 EUR"),
    non_examples=("7860 for the room safe", "4821#"),
)

_YEAR_THEN_WORD = rule(
    "secrets.holders.year_then_word",
    r"(?:19|20)\d\d\s+[^\W\d]",
    means='A year followed by a word: "2024 statements", "1998 model".',
    why="A year that dates something is no code, even where a code could stand.",
    examples=("sent me the 2024 statements", "a 1998 model"),
    non_examples=("safe: 2024#", "the code is 2024"),
)
