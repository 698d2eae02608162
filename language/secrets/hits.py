"""What the secret scanners share: the kinds, one hit, the masks, and the pattern that recognises a mask.

A mask is a single bracketed line that says what was there and keeps only what is safe to keep (a card's last
four digits, an IBAN's last four characters, a bank account's last two), so the masked sentence still reads
naturally ("my card is [card ending 1111]") and a person can tell which card was meant. The scanners never
report a hit that overlaps a mask: that is what makes masking idempotent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import get_args

from language.lexicon.secrets.hits import MASK_RE, SecretKind

SECRET_KINDS: tuple[SecretKind, ...] = get_args(SecretKind)


@dataclass(frozen=True, slots=True)
class Hit:
    """One secret a scanner found: its kind, its span in the scanned text and the mask that replaces it."""

    kind: SecretKind
    start: int
    end: int
    mask: str


def card_mask(digits: str) -> str:
    return f"[card ending {digits[-4:]}]"


def iban_mask(compact: str) -> str:
    return f"[IBAN ending {compact[-4:].upper()}]"


def account_mask(digits: str) -> str:
    return f"[bank account ending {digits[-2:]}]"


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


def sentence_bounds(view: str, start: int, end: int) -> tuple[int, int]:
    """The sentence around a span (at most 80 characters either side)."""
    lo = max(view.rfind(".", 0, start), view.rfind("\n", 0, start), start - 80, 0)
    stop = [i for i in (view.find(". ", end), view.find("\n", end)) if i != -1]
    return lo, min([*stop, end + 80])
