"""The records of :mod:`language.secrets.documents`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import fragment, rule
from language.secrets.tries import alternation_of, listed, unaccented, words_pattern
from language.secrets.vocabulary import CONNECTORS, DOCUMENT_CONTEXT

_PASSPORT_SHAPE = rule(
    "secrets.documents.passport_shape",
    r"(?<![\w/-])(?=(?:[A-Z]*\d){5})(?:[A-Z]{1,2}\d{6,8}|[A-Z]\d{2}[A-Z0-9]{5,6}|\d{2}[A-Z]{2}\d{5}|\d{9})(?![\w/-])",
    means='Letters and digits in the lengths passports use: "C01X00T47", "AB1234567", "X1234567", "123456789".',
    why=(
        "In a sentence that also gives an expiry, an issue date or a nationality, and with no booking "
        'word just before it, it is a passport number even without the word "passport" ("C01X00T47, expires 2031").'
    ),
    examples=("C01X00T47, expires 2031", "AB1234567"),
    non_examples=("flight TP1234", "call me on 351912345678"),
)

_DOCUMENT_CONTEXT = rule(
    "secrets.documents.document_context",
    words_pattern(set(listed(DOCUMENT_CONTEXT)) | {unaccented(w) for w in listed(DOCUMENT_CONTEXT)}),
    means=(
        "What is said around a document number whose name is missing: an expiry, an issue date or place, "
        'a nationality, a date of birth, "document" ("expires", "validade", "caducidad", "délivré", '
        '"gültig bis", "scadenza").'
    ),
    why=(
        "With one of these in its sentence a passport-shaped number (or, more loosely, any 8-9 capitals "
        'and digits) is read as a passport number: "C01X00T47, expires 2031, issued in Berlin".'
    ),
    examples=("C01X00T47, expires 2031, issued in Berlin", "validade 2030"),
    non_examples=("my booking expired", "Lisbon to Porto on Friday"),
)

_NOT_DOCUMENT = rule(
    "secrets.documents.not_document",
    r"\b(?:booking|ref|reference|order|ticket|tracking|confirmation|pnr|reservation|invoice|flight|phone|"
    r"call|tel|voucher|policy|membership|member|loyalty|reserva|réservation|buchung|prenotazione)\b",
    flags=re.I,
    means=(
        "A word saying a number is a booking, order, ticket, flight, phone or loyalty number, in a few "
        'languages ("booking ref", "Bonvoy member", "réservation", "Buchung").'
    ),
    why=(
        "In the sentence of a document-shaped number, or just before a document's name, it says the "
        'number is no document\'s: "booking ref KPF9F60CJ, expires tomorrow".'
    ),
    examples=("Bonvoy member", "booking ref KPF9F60CJ"),
    non_examples=("passport number C01X00T47", "rebooking fee"),
)

_DOCUMENT_SHAPE = rule(
    "secrets.documents.document_shape",
    r"(?<![\w/-])(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{8,9}(?![\w/-])",
    means=(
        'Eight or nine capitals and digits in any mix a passport may use ("KPF9F60CJ", "XJKRT5A0B"), with '
        "a digit and a letter among them."
    ),
    why=(
        "Looser than passport_shape, so it counts only where its whole sentence talks of a document and "
        "none of it of a booking."
    ),
    examples=("KPF9F60CJ", "XJKRT5A0B"),
    non_examples=("12345678", "seat 12A"),
)

_NUMBER_WORD = fragment(
    "secrets.documents.number_word",
    r"(?:numbers?|num\.?|no\.?|nos\.?|n\.?\s?[º°o]\.?|n\.(?=\s)|nr\.?|#|num[ée]ro|n[úu]mero|nummer)",
    means='A number word in the six languages: "number", "no.", "n.º", "nr", "#", "numéro", "número", "nummer".',
    why=(
        "Said on either side of a document's name it says what follows is the number, whatever the "
        'language: "travel document no. YA9917024", "my passport\'s number is 563106014", "passaporte português n.º '
        'CB382739", "n° du titre de voyage 52CV35025".'
    ),
    examples=("no.", "number", "n.º"),
    non_examples=("name", "nom"),
)

_DOCUMENT_NOUN = fragment(
    "secrets.documents.document_noun",
    r"(?:passports?|passaporte|pasaporte|passeport|passaporto|reisepass|travel\s+document|documents?|"
    r"documento|dokument|titre\s+de\s+voyage|photo[\s-]page|data\s+page|"
    r"(?P<id>titre\s+de\s+s[ée]jour|ausweis|carte\s+d'identit[ée]|id\s+card|identity\s+card|licen[cs]e|"
    r"f[üu]hrerschein|permis|carnet|patente))",
    means=(
        "A document's name in the six languages: passport, travel document, data page, and (group id) the "
        "identity documents: ID card, carte d'identité, Ausweis, licence, Führerschein, permis, patente."
    ),
    why=(
        "With a number word beside it, the value after is the document's number; the id group decides "
        "whether it is masked as a passport or a national ID number."
    ),
    examples=("passport", "carte d'identité", "Führerschein"),
    non_examples=("pass", "ticket"),
)

_THEN_NUMBER = rule(
    "secrets.documents.then_number",
    rf"(?:\s*\([^()\n]{{1,40}}\))?(?:\s*[:=#-]+\s*|\s+(?:{alternation_of(CONNECTORS)})\s*:?\s*|\s+)"
    r"(?P<v>(?=[A-Za-z0-9-]*\d[A-Za-z0-9-]*\d)[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){5,15})(?![\w-])",
    flags=re.I,
    means=(
        "After a document's name and number word: perhaps an aside in brackets, a connector, then the "
        'number, six to sixteen letters, digits and inner dashes with two digits at least (" is 563106014", '
        '": YA9917024").'
    ),
    why="Only the number is masked; a remark with no digits after the name is left alone.",
    examples=(" is 563106014", ": YA9917024", " (Portuguese) CB382739"),
    non_examples=(": ask at the desk", " is 12A"),
)

_MRZ_LINE = rule(
    "secrets.documents.mrz_line",
    r"(?<![A-Z0-9<])(?=[A-Z0-9<]*<<)(?=(?:[A-Z<]*\d){6})[A-Z0-9<]{28,44}(?![A-Z0-9<])",
    means=(
        'A machine-readable zone line with its numbers: capitals, digits and "<" fillers, 28 to 44 of '
        'them with a "<<" and six digits at least ("L898902C36UTO7408122F1204159ZE184226B<<<<<10").'
    ),
    why=(
        "A copied passport or ID card line is the document's data whatever is said around it, so it is "
        "masked anywhere; a name line, with no digits, is numbers.mrz's."
    ),
    examples=("I<ESPCAC1056583<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"),
    non_examples=("P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "C01X00T47"),
)
