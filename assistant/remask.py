"""Correcting a logged message: the one change an append-only log allows, and what limits it."""

from __future__ import annotations

from assistant.errors import InvalidInput
from language.secrets.mask import has_mask


def check_remask(text: str) -> None:
    """What a store checks before correcting a logged message (``ThreadLog.remask``): the new text holds a mask,
    so the correction can only hide something, never put new words in the user's mouth."""
    if not has_mask(text):
        raise InvalidInput("a logged message can only be corrected to mask a secret")
