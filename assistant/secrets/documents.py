"""Identity documents recognised by their format and what is said around them, without their name.

A passport-shaped number (letters and digits of the lengths passports use) said with an expiry, an issue date or
a nationality is a passport number even without the word "passport"; and national ID numbers whose format is
unmistakable (Finnish, Swedish, Swiss, French, Belgian, Mexican, Chinese, Portuguese) are masked anywhere once
python-stdnum validates their checksum. Documents announced by their name are :mod:`assistant.secrets.cues`'.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache

from stdnum import get_cc_module

from assistant.secrets.hits import FIXED_MASKS, Hit, sentence_bounds
from assistant.secrets.vocabulary import DOCUMENT_CONTEXT, listed, unaccented, words_pattern

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


def document_hits(text: str, view: str) -> Iterator[Hit]:
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
