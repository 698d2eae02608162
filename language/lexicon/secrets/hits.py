"""The records of :mod:`language.secrets.hits`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re
from typing import Literal

from language.rules import fragment, rule

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

CARD_CODE_MASK = fragment(
    "secrets.hits.card_code_mask",
    "[card security code masked]",
    means="",
    why="",
    examples=("m", "y"),
    non_examples="always",
)

CARD_EXPIRY_MASK = fragment(
    "secrets.hits.card_expiry_mask",
    "[card expiry masked]",
    means="",
    why="",
    examples=("m", "y"),
    non_examples="always",
)

BANK_CODE_MASK = fragment(
    "secrets.hits.bank_code_mask",
    "[bank code masked]",
    means="",
    why="",
    examples=("m", " "),
    non_examples="always",
)

SEED_PHRASE_MASK = fragment(
    "secrets.hits.seed_phrase_mask",
    "[recovery phrase masked]",
    means="",
    why="",
    examples=("m", "y"),
    non_examples="always",
)

MASK_RE = rule(
    "secrets.hits.mask_re",
    r"\[(?:card ending \d{4}|IBAN ending [0-9A-Z]{1,4}|bank account ending \d{1,2}|"
    + "|".join(
        re.escape(m[1:-1])
        for m in (*FIXED_MASKS.values(), CARD_CODE_MASK, CARD_EXPIRY_MASK, BANK_CODE_MASK, SEED_PHRASE_MASK)
    )
    + r")\]",
    means="",
    why="",
    examples="my card is [card ending 1111]",
    non_examples="my card is ",
)

URL_BEFORE = rule(
    "secrets.hits.url_before",
    r"(?:https?://|www\.)\S*$",
    flags=re.I,
    means='A link running up to a position ("https://…/" right before a token): its path is no secret.',
    why="",
    examples="https:///",
    non_examples="my card is [card ending 1111]",
)
