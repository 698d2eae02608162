"""The records of :mod:`language.secrets.hits`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re
from typing import Literal

from language.rules import rule

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

MASK_RE = rule(
    "secrets.hits.mask_re",
    r"\[(?:card ending \d{4}|IBAN ending [0-9A-Z]{1,4}|bank account ending \d{1,2}|"
    + "|".join(
        re.escape(m[1:-1])
        for m in (*FIXED_MASKS.values(), CARD_CODE_MASK, CARD_EXPIRY_MASK, BANK_CODE_MASK, SEED_PHRASE_MASK)
    )
    + r")\]",
    means=(
        'A mask already in the text: "[card ending 1111]", "[IBAN ending 4432]", "[bank account ending 67]", '
        'or one of the fixed masks ("[password masked]", "[card security code masked]" …).'
    ),
    why=(
        "The scanners never report a hit that overlaps a mask, and read a view with the masks blanked, so "
        "a mask's own words act as no cue: masking a masked message changes nothing."
    ),
    examples=("my card is [card ending 1111]", "wifi [password masked]"),
    non_examples=("[card ending 11]", "[password hidden]"),
)

URL_BEFORE = rule(
    "secrets.hits.url_before",
    r"(?:https?://|www\.)\S*$",
    flags=re.I,
    means='A link running up to the position where a token starts ("https://…/", "www.…/").',
    why="A token inside a link is its path or query, no secret: the entropy and keyed-token scanners skip it.",
    examples=("see https://www.booking.com/hotel/pt/", "www.tap.pt/booking/"),
    non_examples=("see https://www.booking.com/ for ", "my key is "),
)
