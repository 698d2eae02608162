"""The records of :mod:`language.secrets.phrases`: its rules, fragments and word tables
(kept as data in phrases.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

(
    _PASSWORD_CUE,
    _PIN_CUE,
    _CODE_CUE,
    _CARD_CODE_CUE,
    _CARDISH,
    _BARE_CODE,
    _TEXTED_ME,
    _OTP_CONTEXT,
    _DELIVERED_CODE,
    _REVERSED,
) = lexicon.rules(
    "secrets.phrases",
    "password_cue",
    "pin_cue",
    "code_cue",
    "card_code_cue",
    "cardish",
    "bare_code",
    "texted_me",
    "otp_context",
    "delivered_code",
    "reversed",
)
NOT_SECRET_CODE = lexicon.words("secrets.phrases.not_secret_code")
