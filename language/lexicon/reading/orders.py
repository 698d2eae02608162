"""The records of :mod:`language.reading.orders`: its rules, fragments and word tables
(kept as data in orders.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

_WORDS, _CHUNKS, INJECTED, HARMFUL, IMPERATIVE = lexicon.rules(
    "reading.orders", "words", "chunks", "injected", "harmful", "imperative"
)
_LEAD_INS, _STATEMENT_OPENERS = lexicon.tables("reading.orders", "lead_ins", "statement_openers")
