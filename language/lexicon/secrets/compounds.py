"""The records of :mod:`language.secrets.compounds`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import rule, words

_PASSWORD_HEADS = words(
    "secrets.compounds.password_heads",
    frozenset({"passwort", "kennwort", "password", "passcode", "passwd"}),
    means='The heads that make a one-word compound a password\'s name: "Zugangspasswort", "WLAN-Kennwort".',
    why=(
        "A password's head is enough whatever comes before it; a code's or a number's head needs the "
        "modifier."
    ),
    examples=("WLAN-Kennwort: Sonne2024", "la mia password"),
    non_examples=("Haustür-Code", "Passwortänderung"),
)

_COMPOUND = rule(
    "secrets.compounds.compound",
    rf"(?<![\w'’-])(?P<mod>[^\W\d_]{{3,}}?)-?(?P<head>{'|'.join(sorted(_PASSWORD_HEADS))}|codes?|nummer)(?![\w-])",
    flags=re.I,
    means=(
        "A secret's name written as one word with what it is for: a modifier, perhaps a hyphen, then a "
        'head (a password word, "code(s)" or "nummer"): "Haustür-Code", "Zugangspasswort", '
        '"Reisepassnummer".'
    ),
    why=(
        "German, and people typing fast in any language, join a secret's name to what it opens, so no cue "
        "table can list them all. The modifier then decides whether it is a secret's name at all: "
        '"Rabattcode", "Buchungsnummer" and "Dresscode" are matched here and dropped by compound_cues.'
    ),
    examples=("Haustür-Code", "Zugangspasswort", "Reisepassnummer"),
    non_examples=("door code", "Code"),
)

_RECOVERY = words(
    "secrets.compounds.recovery",
    ("wiederherstellung", "recovery", "backup", "sicherung", "notfall", "ersatz", "reserve"),
    means=(
        'The modifiers that make a "-code" compound a lost login\'s way back in: "Wiederherstellungscode", '
        '"Backup-Codes", "Notfallcode".'
    ),
    why="Such a compound is read as a recovery-code cue, whose value may be a list of short groups.",
    examples=("Backup-Codes: 8f3k-29dx", "Notfall-Code"),
    non_examples=("Rabattcode", "Buchungscode"),
)

_PASSPORT = words(
    "secrets.compounds.passport",
    ("pass", "dokument", "dokumenten", "reisedokument", "passport"),
    means='The modifiers that make a "-nummer" compound a passport number: "Passnummer", "Reisepassnummer".',
    why='Other numbers written so ("Buchungsnummer", "Kundennummer") are no cue.',
    examples=("Pass-Nummer: C01X00T47", "Reisedokument-Nummer"),
    non_examples=("Buchungsnummer", "Kundennummer"),
)

_ID = words(
    "secrets.compounds.id",
    ("ausweis", "identifikation", "identitats", "identitat", "fuhrerschein"),
    means=(
        'The modifiers that make a "-nummer" compound an identity document\'s number: "Ausweisnummer", '
        '"Identifikationsnummer", "Führerscheinnummer" (written without accents, as the modifier is '
        "compared)."
    ),
    why='Other numbers written so ("Kundennummer", "Rechnungsnummer") are no cue.',
    examples=("Ausweis-Nummer: L01X00T47", "Fuhrerschein-Nummer"),
    non_examples=("Kundennummer", "Rechnungsnummer"),
)
