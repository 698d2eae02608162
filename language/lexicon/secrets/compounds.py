"""The records of :mod:`language.secrets.compounds`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import rule, words

_PASSWORD_HEADS = words(
    "secrets.compounds.password_heads",
    frozenset({"passwort", "kennwort", "password", "passcode", "passwd"}),
    means="",
    why="",
    examples="la mia password",
    non_examples=("Haustür-Code", "Zugangspasswort"),
)

_COMPOUND = rule(
    "secrets.compounds.compound",
    rf"(?<![\w'’-])(?P<mod>[^\W\d_]{{3,}}?)-?(?P<head>{'|'.join(sorted(_PASSWORD_HEADS))}|codes?|nummer)(?![\w-])",
    flags=re.I,
    means="",
    why="",
    examples=("Haustür-Code", "Zugangspasswort"),
    non_examples="-nummer",
)

_RECOVERY = words(
    "secrets.compounds.recovery",
    ("wiederherstellung", "recovery", "backup", "sicherung", "notfall", "ersatz", "reserve"),
    means="How a lost login gets back in, and the documents whose number is an identity number.",
    why="",
    examples="backup code: 8f3k-29dx",
    non_examples=("Haustür-Code", "Zugangspasswort"),
)

_PASSPORT = words(
    "secrets.compounds.passport",
    ("pass", "dokument", "dokumenten", "reisedokument", "passport"),
    means="",
    why="",
    examples="pass",
    non_examples=("Haustür-Code", "Zugangspasswort"),
)

_ID = words(
    "secrets.compounds.id",
    ("ausweis", "identifikation", "identitats", "identitat", "fuhrerschein"),
    means="",
    why="",
    examples=("mein Ausweis bitte",),
    non_examples=("Haustür-Code",),
)
