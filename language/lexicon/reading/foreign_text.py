"""The records of :mod:`language.reading.foreign_text`: its rules, fragments and word tables
(kept as data in foreign_text.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

_HEADER, _INJECTION, _SPEAKER, _OPENER = lexicon.rules(
    "reading.foreign_text", "header", "injection", "speaker", "opener"
)
_OWN_LABELS, _FORM_LABELS, _ROLES, _OWN_HEADING, _NOT_A_NAME = lexicon.tables(
    "reading.foreign_text", "own_labels", "form_labels", "roles", "own_heading", "not_a_name"
)
