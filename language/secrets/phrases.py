"""Secrets said in words, first part: passwords, PINs (and door, safe and key-box codes), one-time codes.

Only the value is masked, so "my password is hunter2" becomes "my password is [password masked]" and the rest
of the sentence (a seat preference, say) survives. How values are read and checked is in
:mod:`language.secrets.values`; a bare "code" counts only next to words about texts, apps or logins, and never
after "promo", "booking", "airport" …; "security code" next to card words is a card's CVV.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from language.lexicon.secrets.hits import CARD_CODE_MASK, FIXED_MASKS, SecretKind
from language.lexicon.secrets.phrases import (
    _BARE_CODE,
    _CARD_CODE_CUE,
    _CARDISH,
    _CODE_CUE,
    _DELIVERED_CODE,
    _OTP_CONTEXT,
    _PASSWORD_CUE,
    _PIN_CUE,
    _REVERSED,
    _TEXTED_ME,
    NOT_SECRET_CODE,
)
from language.secrets.hits import Hit, strip_value
from language.secrets.values import after_cue, clause_value, digits_value, is_description, word_value
from language.secrets.vocabulary import name_closes


def password_hits(text: str, view: str) -> Iterator[Hit]:
    mask = FIXED_MASKS["password"]
    for m in _PASSWORD_CUE.finditer(view):
        pos, connected = after_cue(text, m.end())
        if pos == m.end():  # "password-protected", "passwords," : a compound or a list, not a value
            continue
        is_phrase = "phrase" in m.group(0).lower()
        found = clause_value(text, pos) if is_phrase and connected else word_value(text, pos, connected)
        if found:
            yield Hit("password", *found, mask)
    for m in _REVERSED.finditer(view):
        if not name_closes(view, m.end()):  # "1Password is my password manager"
            continue
        cue = m.group("cue").lower()
        kind: SecretKind = "pin" if cue.startswith("pin") else "password"
        if any(w in cue for w in ("code", "otp", "2fa")):
            kind = "code"
        if cue == "code" and not _OTP_CONTEXT.search(view):  # a bare "the code" needs talk of texts or apps
            continue
        value = m.group("v")
        ok = (
            re.fullmatch(r"\d{4,10}", value.strip(".,;:!?\"'")) is not None
            if kind != "password"
            else not is_description(value) and len(value.strip(".,;:!?\"'")) >= 3
        )
        if ok:
            yield Hit(kind, *strip_value(text, m.start("v"), m.end("v")), FIXED_MASKS[kind])


def pin_hits(text: str, view: str) -> Iterator[Hit]:
    for m in _PIN_CUE.finditer(view):
        pos, _connected = after_cue(text, m.end())
        found = digits_value(text, pos, least=4)
        if found is None and m.group(0).lower().startswith("pass"):
            # A passcode is nearly always digits; a word after it is a password only if it looks like one.
            word = word_value(text, pos, False)
            if word:
                yield Hit("password", *word, FIXED_MASKS["password"])
            continue
        if found:
            yield Hit("pin", *found, FIXED_MASKS["pin"])


def code_hits(text: str, view: str) -> Iterator[Hit]:
    for m in _DELIVERED_CODE.finditer(view):
        yield Hit("code", m.start("v"), m.end("v"), FIXED_MASKS["code"])
    for m in _TEXTED_ME.finditer(view):
        found = digits_value(text, m.end(), least=4, code=True)
        if found:
            yield Hit("code", *found, FIXED_MASKS["code"])
    for m in _CARD_CODE_CUE.finditer(view):
        pos, _ = after_cue(text, m.end())
        found = digits_value(text, pos, least=3)
        if found and found[1] - found[0] <= 4:
            yield Hit("card", *found, CARD_CODE_MASK)
    for m in _CODE_CUE.finditer(view):
        pos, _ = after_cue(text, m.end())
        found = digits_value(text, pos, least=4, code=True)
        if not found and m.group(0).lower().startswith("security"):
            # Three digits after "security code": no one-time code is that short, a card's CVC is.
            short = digits_value(text, pos, least=3)
            if short and short[1] - short[0] == 3:
                yield Hit("card", *short, CARD_CODE_MASK)
            continue
        if not found:
            continue
        # "security code" is a card's CVV next to card words, and a one-time code otherwise.
        near = view[max(0, m.start() - 40) : m.end() + 40]
        if m.group(0).lower().startswith("security") and _CARDISH.search(near) and found[1] - found[0] <= 4:
            yield Hit("card", *found, CARD_CODE_MASK)
        else:
            yield Hit("code", *found, FIXED_MASKS["code"])
    if not _OTP_CONTEXT.search(view):
        return
    for m in _BARE_CODE.finditer(view):
        pre = (m.group("pre") or "").strip().lower()
        if pre in NOT_SECRET_CODE:
            continue
        pos, _ = after_cue(text, m.end())
        found = digits_value(text, pos, least=4, code=True)
        if found:
            yield Hit("code", *found, FIXED_MASKS["code"])
