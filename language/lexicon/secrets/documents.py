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
    why="",
    examples=("C01X00T47", "AB1234567"),
    non_examples="passport",
)

_DOCUMENT_CONTEXT = rule(
    "secrets.documents.document_context",
    words_pattern(set(listed(DOCUMENT_CONTEXT)) | {unaccented(w) for w in listed(DOCUMENT_CONTEXT)}),
    means="",
    why="",
    examples="[card expiry masked]",
    non_examples="passport",
)

_NOT_DOCUMENT = rule(
    "secrets.documents.not_document",
    r"\b(?:booking|ref|reference|order|ticket|tracking|confirmation|pnr|reservation|invoice|flight|phone|"
    r"call|tel|voucher|policy|membership|member|loyalty|reserva|réservation|buchung|prenotazione)\b",
    flags=re.I,
    means="",
    why="",
    examples="Bonvoy member",
    non_examples="passport",
)

_DOCUMENT_SHAPE = rule(
    "secrets.documents.document_shape",
    r"(?<![\w/-])(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{8,9}(?![\w/-])",
    means=(
        'Any mix of letters and digits a passport may use ("KPF9F60CJ", "XJKRT5A0B"), only where the sentence also '
        "talks of a document; the stricter shape above needs less."
    ),
    why="",
    examples=("KPF9F60CJ", "XJKRT5A0B"),
    non_examples="passport",
)

_NUMBER_WORD = fragment(
    "secrets.documents.number_word",
    r"(?:numbers?|num\.?|no\.?|nos\.?|n\.?\s?[º°o]\.?|n\.(?=\s)|nr\.?|#|num[ée]ro|n[úu]mero|nummer)",
    means=(
        "A document's number said with its number word on either side of the document's name: \"travel document no. "
        'YA9917024", "my passport\'s number is 563106014", "passaporte português n.º CB382739", "n° du titre de '
        'voyage 52CV35025".'
    ),
    why="The name and the number word together say what follows is the number, whatever the language.",
    examples=("no.", "number"),
    non_examples="always",
)

_DOCUMENT_NOUN = fragment(
    "secrets.documents.document_noun",
    r"(?:passports?|passaporte|pasaporte|passeport|passaporto|reisepass|travel\s+document|documents?|"
    r"documento|dokument|titre\s+de\s+voyage|photo[\s-]page|data\s+page|"
    r"(?P<id>titre\s+de\s+s[ée]jour|ausweis|carte\s+d'identit[ée]|id\s+card|identity\s+card|licen[cs]e|"
    r"f[üu]hrerschein|permis|carnet|patente))",
    means="",
    why="",
    examples="passport",
    non_examples="always",
)

_THEN_NUMBER = rule(
    "secrets.documents.then_number",
    rf"(?:\s*\([^()\n]{{1,40}}\))?(?:\s*[:=#-]+\s*|\s+(?:{alternation_of(CONNECTORS)})\s*:?\s*|\s+)"
    r"(?P<v>(?=[A-Za-z0-9-]*\d[A-Za-z0-9-]*\d)[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){5,15})(?![\w-])",
    flags=re.I,
    means="",
    why="",
    examples="G-482913",
    non_examples="passport",
)

_MRZ_LINE = rule(
    "secrets.documents.mrz_line",
    r"(?<![A-Z0-9<])(?=[A-Z0-9<]*<<)(?=(?:[A-Z<]*\d){6})[A-Z0-9<]{28,44}(?![A-Z0-9<])",
    means='A machine-readable zone line: capitals, digits and "<" fillers ("P<UTOSMITH<<JOHN…", "CKN620PM28D<<7905…").',
    why="",
    examples="I<ESPCAC1056583<<<<<<<<<<<<<<<",
    non_examples=("fillers (", ","),
)
