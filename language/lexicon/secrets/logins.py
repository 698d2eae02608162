"""The records of :mod:`language.secrets.logins`: its rules, fragments and word tables
(kept as data in logins.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

(
    _SECURITY_CUE,
    _NAMED_ANSWER,
    _CAPITALISED,
    _BARE_ANSWER,
    _SECURITY_TOPIC,
    _SECURITY_CONNECTOR,
    _CREDENTIAL_PAIR,
    _JOINED_PAIR,
    _CREDENTIAL_CUE,
    _DEVICE,
    _URL_AUTH,
) = lexicon.rules(
    "secrets.logins",
    "security_cue",
    "named_answer",
    "capitalised",
    "bare_answer",
    "security_topic",
    "security_connector",
    "credential_pair",
    "joined_pair",
    "credential_cue",
    "device",
    "url_auth",
)
_ANSWER = lexicon.fragment("secrets.logins.answer")
