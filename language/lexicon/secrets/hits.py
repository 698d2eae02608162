"""The records of :mod:`language.secrets.hits`: its rules, fragments and word tables
(kept as data in hits.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from typing import Literal

from language import lexicon

# The kinds of secret the masker knows, said once.
SecretKind = Literal[
    "card",
    "bank_account",
    "api_key",
    "private_key",
    "password",
    "pin",
    "code",
    "security_answer",
    "credentials",
    "passport",
    "national_id",
]


FIXED_MASKS: dict[SecretKind, str] = {
    "api_key": "[API key masked]",
    "private_key": "[private key masked]",
    "password": "[password masked]",
    "pin": "[PIN masked]",
    "code": "[code masked]",
    "security_answer": "[security answer masked]",
    "credentials": "[credentials masked]",
    "passport": "[passport number masked]",
    "national_id": "[ID number masked]",
}

# A mask is literal text, not a pattern: registered as a fragment, its text reads as a regex character class
# ("[card security code masked]" is any one of those letters), so its examples are single letters of it and the
# mask itself is a non-example. MASK_RE escapes each mask to recognise it.
CARD_CODE_MASK = "[card security code masked]"

CARD_EXPIRY_MASK = "[card expiry masked]"

BANK_CODE_MASK = "[bank code masked]"

SEED_PHRASE_MASK = "[recovery phrase masked]"

MASK_RE, URL_BEFORE = lexicon.rules("secrets.hits", "mask_re", "url_before")
