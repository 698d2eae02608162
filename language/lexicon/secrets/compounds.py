"""The records of :mod:`language.secrets.compounds`: its rules, fragments and word tables
(kept as data in compounds.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

_PASSWORD_HEADS, _RECOVERY, _PASSPORT, _ID = lexicon.tables(
    "secrets.compounds", "password_heads", "recovery", "passport", "id"
)
_COMPOUND = lexicon.rule("secrets.compounds.compound")
