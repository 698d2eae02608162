"""The records of :mod:`language.reading.corrections`: how people correct themselves, inside a message or in the
next one (kept as data in corrections.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

REPAIR, REPAIR_AFTER, POINTS_BACK, BARE, DASHED, STRUCK, WORD, SENTENCE_END, ACCEPTED_ONLY = lexicon.rules(
    "reading.corrections",
    "repair",
    "repair_after",
    "points_back",
    "bare",
    "dashed",
    "struck",
    "word",
    "sentence_end",
    "accepted_only",
)
