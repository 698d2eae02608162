"""The records of :mod:`language.secrets.cards`: its rules, fragments and word tables
(kept as data in cards.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

(
    _CHAIN,
    _DIGITS,
    _CARD_WORD,
    _NOT_CARD_WORD,
    _LABEL_BEFORE,
    _LABEL_AFTER,
    _NAMED_NUMBER,
    _EXPIRY_THEN_CODE,
    _EXPIRY,
    _AFTER_TAIL,
    _BEFORE_HEAD,
    _PART_LABEL,
) = lexicon.rules(
    "secrets.cards",
    "chain",
    "digits",
    "card_word",
    "not_card_word",
    "label_before",
    "label_after",
    "named_number",
    "expiry_then_code",
    "expiry",
    "after_tail",
    "before_head",
    "part_label",
)
_OTHER_CARDS, _PAYMENT_PRE = lexicon.tables("secrets.cards", "other_cards", "payment_pre")
_LABEL_TAIL = lexicon.fragment("secrets.cards.label_tail")
