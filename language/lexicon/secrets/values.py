"""The records of :mod:`language.secrets.values`: its rules, fragments and word tables
(kept as data in values.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon
from language.secrets.tries import alternation_of
from language.secrets.vocabulary import CONNECTORS

_CONNECTOR_WORDS, _FUNCTION_WORDS, _OTHER_FUNCTION_WORDS, _DESCRIPTIVE, _SUFFIXES = lexicon.tables(
    "secrets.values", "connector_words", "function_words", "other_function_words", "descriptive", "suffixes"
)
(
    _CONNECTOR,
    _QUALIFIER,
    _DIGITS_NEXT,
    _CONTRACTION,
    _ELIDED,
    _LATER_VALUE,
    _TOKEN,
    _APPOSITION,
    _CLAUSE_END,
    _DIGITS_VALUE,
    _COMMA,
    _ASIDE,
    _CODE_VALUE,
    _SENT_CLAUSE,
    _BRACKETED,
    _WRAPPED,
    _GROUP,
    _LIST_GAP,
    _ACCESS_VALUE,
    _ACCESS_TOKEN,
    _CLOCK_OR_PRICE,
) = lexicon.rules(
    "secrets.values",
    "connector",
    "qualifier",
    "digits_next",
    "contraction",
    "elided",
    "later_value",
    "token",
    "apposition",
    "clause_end",
    "digits_value",
    "comma",
    "aside",
    "code_value",
    "sent_clause",
    "bracketed",
    "wrapped",
    "group",
    "list_gap",
    "access_value",
    "access_token",
    "clock_or_price",
)
_SPELLED = lexicon.fragment("secrets.values.spelled")


_CONNECTOR_NEXT = rf"(?=\s+(?:{alternation_of(CONNECTORS)})\b|\s*[:=])"
