"""What the secret scanners share: the kinds, one hit, the masks, and the pattern that recognises a mask.

A mask is a single bracketed line that says what was there and keeps only what is safe to keep (a card's last
four digits, an IBAN's last four characters, a bank account's last two), so the masked sentence still reads
naturally ("my card is [card ending 1111]") and a person can tell which card was meant. The scanners never
report a hit that overlaps a mask: that is what makes masking idempotent.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, get_args

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
SECRET_KINDS: tuple[SecretKind, ...] = get_args(SecretKind)


@dataclass(frozen=True, slots=True)
class Hit:
    """One secret a scanner found: its kind, its span in the scanned text and the mask that replaces it."""

    kind: SecretKind
    start: int
    end: int
    mask: str


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
CARD_CODE_MASK = "[card security code masked]"
CARD_EXPIRY_MASK = "[card expiry masked]"
BANK_CODE_MASK = "[bank code masked]"
SEED_PHRASE_MASK = "[recovery phrase masked]"


def card_mask(digits: str) -> str:
    return f"[card ending {digits[-4:]}]"


def iban_mask(compact: str) -> str:
    return f"[IBAN ending {compact[-4:].upper()}]"


def account_mask(digits: str) -> str:
    return f"[bank account ending {digits[-2:]}]"


MASK_RE = re.compile(
    r"\[(?:card ending \d{4}|IBAN ending [0-9A-Z]{1,4}|bank account ending \d{1,2}|"
    + "|".join(
        re.escape(m[1:-1])
        for m in (*FIXED_MASKS.values(), CARD_CODE_MASK, CARD_EXPIRY_MASK, BANK_CODE_MASK, SEED_PHRASE_MASK)
    )
    + r")\]"
)


def mask_spans(text: str) -> list[tuple[int, int]]:
    """Where masks already stand in ``text`` (cheap: no ``[`` means none)."""
    if "[" not in text:
        return []
    return [m.span() for m in MASK_RE.finditer(text)]


def blank_masks(text: str) -> str:
    """``text`` with every mask replaced by a run of "■" of the same length (offsets are unchanged).

    Cue and context checks read this view: a mask's own words ("[card ending 1111]", "[password masked]") must
    not act as a cue or turn a neighbouring ticket number into a card when a masked message is scanned again.
    The filler is neither a word character nor a space, so the words either side of a mask never join up.
    """
    if "[" not in text:
        return text
    return MASK_RE.sub(lambda m: "■" * len(m.group(0)), text)


def word_set(words: str) -> frozenset[str]:
    """A vocabulary written as one whitespace-separated string (easier to read and extend than a list)."""
    return frozenset(words.split())


def strip_value(text: str, start: int, end: int) -> tuple[int, int]:
    """Trim sentence punctuation and closing quotes/brackets off a value's end ("hunter2." → "hunter2").

    "!" is kept: it is as likely part of a password as the end of the sentence, and masking it costs nothing.
    """
    while end > start + 1 and text[end - 1] in ".,;:?)]}\"'»”’":
        end -= 1
    return start, end


# A link running up to a position ("https://…/" right before a token): its path is no secret.
URL_BEFORE = re.compile(r"(?:https?://|www\.)\S*$", re.I)


def sentence_bounds(view: str, start: int, end: int) -> tuple[int, int]:
    """The sentence around a span (at most 80 characters either side)."""
    lo = max(view.rfind(".", 0, start), view.rfind("\n", 0, start), start - 80, 0)
    stop = [i for i in (view.find(". ", end), view.find("\n", end)) if i != -1]
    return lo, min([*stop, end + 80])
