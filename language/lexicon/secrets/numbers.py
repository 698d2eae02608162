"""The records of :mod:`language.secrets.numbers`: its rules, fragments and word tables
(kept as data in numbers.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

(
    _DIGIT,
    _IBAN_START,
    _IBAN_CUE,
    _ALNUM_RUN,
    _ALNUM,
    _PRINTED_IBAN,
    _NO_DIGIT_GROUP,
    _SORT_CODE,
    _ACCOUNT,
    _BANK_WORD,
    _LOYALTY_WORD,
    _BANK_CODE,
    _SORT_AND_ACCOUNT,
    _ID_GROUPS,
    _PASSPORT,
    _NATIONAL_ID,
    _REFERENCE_WORD,
    _REFERENCE_BEFORE,
    _MRZ,
) = lexicon.rules(
    "secrets.numbers",
    "digit",
    "iban_start",
    "iban_cue",
    "alnum_run",
    "alnum",
    "printed_iban",
    "no_digit_group",
    "sort_code",
    "account",
    "bank_word",
    "loyalty_word",
    "bank_code",
    "sort_and_account",
    "id_groups",
    "passport",
    "national_id",
    "reference_word",
    "reference_before",
    "mrz",
)
_CONNECT, _SORT, _BETWEEN_BANK = lexicon.fragments("secrets.numbers", "connect", "sort", "between_bank")
