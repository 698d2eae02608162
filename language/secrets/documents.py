"""Identity documents recognised by their format and what is said around them, without their name.

A passport-shaped number (letters and digits of the lengths passports use) said with an expiry, an issue date or
a nationality is a passport number even without the word "passport"; and national ID numbers whose format is
unmistakable (Finnish, Swedish, Swiss, French, Belgian, Mexican, Chinese, Portuguese) are masked anywhere once
python-stdnum validates their checksum. Documents announced by their name are :mod:`language.secrets.cues`'.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache

from stdnum import get_cc_module

from language.secrets.hits import FIXED_MASKS, Hit, SecretKind, sentence_bounds
from language.secrets.tries import alternation_of, listed, unaccented, words_pattern
from language.secrets.vocabulary import CONNECTORS, DOCUMENT_CONTEXT, POSSESSIVES, QUALIFIERS

# Letters and digits in the lengths passports use: "C01X00T47", "AB1234567", "X1234567", "123456789".
_PASSPORT_SHAPE = re.compile(
    r"(?<![\w/-])(?=(?:[A-Z]*\d){5})(?:[A-Z]{1,2}\d{6,8}|[A-Z]\d{2}[A-Z0-9]{5,6}|\d{2}[A-Z]{2}\d{5}|\d{9})(?![\w/-])"
)
_DOCUMENT_CONTEXT = words_pattern(
    set(listed(DOCUMENT_CONTEXT)) | {unaccented(w) for w in listed(DOCUMENT_CONTEXT)}
)
_NOT_DOCUMENT = re.compile(
    r"\b(?:booking|ref|reference|order|ticket|tracking|confirmation|pnr|reservation|invoice|flight|phone|"
    r"call|tel|voucher|policy|membership|member|loyalty|reserva|réservation|buchung|prenotazione)\b",
    re.I,
)


def _sentence_around(view: str, start: int, end: int) -> str:
    lo, hi = sentence_bounds(view, start, end)
    return view[lo:hi]


_STDNUM_IDS: tuple[tuple[str, str, str], ...] = (
    ("fi", "hetu", r"\d{6}[-+A]\d{3}[0-9A-Y]"),
    ("se", "personnummer", r"(?:19|20)?\d{6}[-+]\d{4}"),
    ("ch", "ssn", r"756\.\d{4}\.\d{4}\.\d{2}"),
    ("fr", "nir", r"[12] ?\d{2} ?\d{2} ?(?:\d{2}|2[AB]) ?\d{3} ?\d{3} ?\d{2}"),
    ("be", "nn", r"\d{2}\.\d{2}\.\d{2}-\d{3}\.\d{2}"),
    ("mx", "curp", r"[A-Z]{4}\d{6}[HM][A-Z]{5}[0-9A-Z]\d"),
    ("cn", "ric", r"\d{17}[\dX]"),
    ("pt", "cc", r"\d{8} ?\d ?[A-Z]{2}\d"),
)


@cache
def _stdnum_ids() -> tuple[re.Pattern[str], dict[str, Callable[[str], bool]]]:
    """One pattern with a named group per ID format, and each format's python-stdnum validator."""
    shapes = "|".join(f"(?P<{country}_{name}>{shape})" for country, name, shape in _STDNUM_IDS)
    validators = {
        f"{country}_{name}": get_cc_module(country, name).is_valid for country, name, _ in _STDNUM_IDS
    }
    return re.compile(rf"(?<![\w.-])(?:{shapes})(?![\w-]|\.\d)"), validators


# Any mix of letters and digits a passport may use ("KPF9F60CJ", "XJKRT5A0B"), only where the sentence also
# talks of a document; the stricter shape above needs less.
_DOCUMENT_SHAPE = re.compile(r"(?<![\w/-])(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{8,9}(?![\w/-])")


# A document's number said with its number word on either side of the document's name: "travel document no.
# YA9917024", "my passport's number is 563106014", "passaporte português n.º CB382739", "n° du titre de voyage
# 52CV35025". The name and the number word together say what follows is the number, whatever the language.
_NUMBER_WORD = (
    r"(?:numbers?|num\.?|no\.?|nos\.?|n\.?\s?[º°o]\.?|n\.(?=\s)|nr\.?|#|num[ée]ro|n[úu]mero|nummer)"
)
_DOCUMENT_NOUN = (
    r"(?:passports?|passaporte|pasaporte|passeport|passaporto|reisepass|travel\s+document|documents?|"
    r"documento|dokument|titre\s+de\s+voyage|photo[\s-]page|data\s+page|"
    r"(?P<id>titre\s+de\s+s[ée]jour|ausweis|carte\s+d'identit[ée]|id\s+card|identity\s+card|licen[cs]e|"
    r"f[üu]hrerschein|permis|carnet|patente))"
)
# The name, then its number word ("passport's number", "document no."), or the number word, then the name
# ("n° du titre de voyage", "número de pasaporte").
_NUMBERED_DOCUMENT = (
    re.compile(
        rf"(?<![\w-]){_DOCUMENT_NOUN}(?:['’]s)?(?:\s+[^\W\d_]{{2,15}}){{0,2}}?[\s-]*{_NUMBER_WORD}(?![\w])",
        re.I,
    ),
    re.compile(
        rf"(?<![\w-]){_NUMBER_WORD}\s+(?:(?:{alternation_of(QUALIFIERS)})\s+)?(?:(?:{alternation_of(POSSESSIVES)})\s+)?"
        rf"{_DOCUMENT_NOUN}(?![\w])",
        re.I,
    ),
)
_THEN_NUMBER = re.compile(
    rf"(?:\s*\([^()\n]{{1,40}}\))?(?:\s*[:=#-]+\s*|\s+(?:{alternation_of(CONNECTORS)})\s*:?\s*|\s+)"
    r"(?P<v>(?=[A-Za-z0-9-]*\d[A-Za-z0-9-]*\d)[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){5,15})(?![\w-])",
    re.I,
)
# A machine-readable zone line: capitals, digits and "<" fillers ("P<UTOSMITH<<JOHN…", "CKN620PM28D<<7905…").
_MRZ_LINE = re.compile(r"(?<![A-Z0-9<])(?=[A-Z0-9<]*<<)(?=(?:[A-Z<]*\d){6})[A-Z0-9<]{28,44}(?![A-Z0-9<])")


def numbered_document_hits(text: str, view: str) -> Iterator[Hit]:
    """Document numbers after a document's name and its number word, and machine-readable zone lines."""
    if sum(map(str.isdigit, text)) < 2:
        return
    for m in (m for pattern in _NUMBERED_DOCUMENT for m in pattern.finditer(view)):
        value = _THEN_NUMBER.match(text, m.end())
        if value is not None and not _NOT_DOCUMENT.search(view, max(0, m.start() - 30), m.start()):
            kind: SecretKind = "national_id" if m.group("id") else "passport"
            yield Hit(kind, *value.span("v"), FIXED_MASKS[kind])
    for m in _MRZ_LINE.finditer(text):
        yield Hit("passport", m.start(), m.end(), FIXED_MASKS["passport"])


def document_hits(text: str, view: str) -> Iterator[Hit]:
    yield from numbered_document_hits(text, view)
    if not any(map(str.isdigit, text)):
        return
    for m in _DOCUMENT_SHAPE.finditer(text):
        around = _sentence_around(view, m.start(), m.end())
        if _DOCUMENT_CONTEXT.search(around) and not _NOT_DOCUMENT.search(around):
            yield Hit("passport", m.start(), m.end(), FIXED_MASKS["passport"])
    if sum(map(str.isdigit, text)) < 5:
        return
    for m in _PASSPORT_SHAPE.finditer(text):
        around = _sentence_around(view, m.start(), m.end())
        if _DOCUMENT_CONTEXT.search(around) and not _NOT_DOCUMENT.search(
            view, max(0, m.start() - 30), m.start()
        ):
            yield Hit("passport", m.start(), m.end(), FIXED_MASKS["passport"])
    pattern, validators = _stdnum_ids()
    for m in pattern.finditer(text):
        if m.lastgroup is not None and validators[m.lastgroup](m.group(0)):
            yield Hit("national_id", m.start(), m.end(), FIXED_MASKS["national_id"])
