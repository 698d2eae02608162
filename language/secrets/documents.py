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

from language.lexicon.secrets.documents import (
    _DOCUMENT_CONTEXT,
    _DOCUMENT_NOUN,
    _DOCUMENT_SHAPE,
    _MRZ_LINE,
    _NOT_DOCUMENT,
    _NUMBER_WORD,
    _PASSPORT_SHAPE,
    _THEN_NUMBER,
)
from language.lexicon.secrets.hits import FIXED_MASKS, SecretKind
from language.secrets.hits import Hit, sentence_bounds
from language.secrets.tries import alternation_of
from language.secrets.vocabulary import POSSESSIVES, QUALIFIERS


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
