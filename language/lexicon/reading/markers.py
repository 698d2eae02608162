"""The records of :mod:`language.reading.markers`: its rules, fragments and word tables
(kept as data in markers.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

(
    TAKEN_BACK,
    DENIAL_FRAGMENT,
    LEADING_HESITATION,
    SOFT_JOKE,
    IRONIC,
    SARCASM_OPENER,
    MOCK_WELCOME,
    SHOUTED_LIKING,
    SARCASTIC_LAST_WORD,
    SARCASTIC_AFTER,
    RHETORICAL,
    INDIFFERENT,
    NOT_FOR_REAL,
) = lexicon.rules(
    "reading.markers",
    "taken_back",
    "denial_fragment",
    "leading_hesitation",
    "soft_joke",
    "ironic",
    "sarcasm_opener",
    "mock_welcome",
    "shouted_liking",
    "sarcastic_last_word",
    "sarcastic_after",
    "rhetorical",
    "indifferent",
    "not_for_real",
)
_FILLER, _DENIAL, _TAIL, HESITATION = lexicon.fragments(
    "reading.markers", "filler", "denial", "tail", "hesitation"
)
