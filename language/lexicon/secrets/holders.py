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
    means="",
    why="",
    examples=("der Code aus der SMS lautet 551203", "cadeado da mala: 812"),
    non_examples=("locker 27, code 5521", "the gate opens with 1379#"),
)

_KEYED = rule(
    "secrets.holders.keyed",
    r"\s*[:=]?\s*(?P<v>[#*]\d{3,8}[#*]?|\d{3,8}[#*])(?![\w#*])",
    means="",
    why="",
    examples=("the gate opens with 1379#", "portão: 7777#"),
    non_examples=("locker 27, code 5521", "der Code aus der SMS lautet 551203"),
)

_KEYPAD = rule(
    "secrets.holders.keypad",
    r"keypad|teclado|clavier|tastierino|tastatur",
    flags=re.I,
    means="",
    why="",
    examples="flat keypad: 8-6-5-3",
    non_examples=("locker 27, code 5521", "the gate opens with 1379#"),
)

_KEYPAD_DIGITS = rule(
    "secrets.holders.keypad_digits",
    r"\s+(?P<v>\d{4,8})(?![\w:/%.,]\d|[\w€$£])",
    means="",
    why="",
    examples=("locker 27, code 5521", "the gate opens with 1379#"),
    non_examples=("code", "cadeado da mala: 812"),
)

_SIX_DIGITS = rule(
    "secrets.holders.six_digits",
    r"\d{6}(?![\w:/%.,]\d|[\w€$£])",
    means="",
    why="",
    examples=("der Code aus der SMS lautet 551203", "Il codice è 638743"),
    non_examples=("locker 27, code 5521", "the gate opens with 1379#"),
)

_SET = rule(
    "secrets.holders.set",
    r"\b(?:set|changed?|reset|put|programmed|mis|puse|pus|gesetzt|gestellt|impostato)\b",
    flags=re.I,
    means="",
    why="",
    examples=("I set the room safe to 7860", "when the sentence says the code was set ("),
    non_examples=("locker 27, code 5521", "the gate opens with 1379#"),
)

_SET_TO = words(
    "secrets.holders.set_to",
    ("to", "auf", "a", "para", "sur", "su"),
    means='What a code was set to ("set the room safe to 7860"): a connector only where the sentence says it was set.',
    why="",
    examples=("set the room safe to 7860", "I set the room safe to 7860"),
    non_examples=("locker 27, code 5521", "the gate opens with 1379#"),
)

_JOIN = rule(
    "secrets.holders.join",
    rf"\s*[:=]\s*|\s+(?:{alternation_of(CONNECTORS)}|{'|'.join(_SET_TO)})\s+",
    flags=re.I,
    means="",
    why="",
    examples=("der Code aus der SMS lautet 551203", "cadeado da mala: 812"),
    non_examples=("locker 27, code 5521", "the gate opens with 1379#"),
)

_WORD = rule(
    "secrets.holders.word",
    r"[\w-]+",
    means="",
    why="",
    examples=("locker 27, code 5521", "the gate opens with 1379#"),
    non_examples=",",
)

_ANY_DIGIT = rule(
    "secrets.holders.any_digit",
    r"\d",
    means="",
    why="",
    examples=("locker 27, code 5521", "the gate opens with 1379#"),
    non_examples=("code", "locker"),
)

_AMOUNT_AFTER = rule(
    "secrets.holders.amount_after",
    rf"\s*(?:[€$£%]|(?:{alternation_of(AMOUNTS)})\b)",
    flags=re.I,
    means="",
    why="",
    examples="the safe is 300 euros",
    non_examples=("locker 27, code 5521", "the gate opens with 1379#"),
)

_YEAR_THEN_WORD = rule(
    "secrets.holders.year_then_word",
    r"(?:19|20)\d\d\s+[^\W\d]",
    means="",
    why="",
    examples="Lua!2024 é a minha senha",
    non_examples=("locker 27, code 5521", "the gate opens with 1379#"),
)
