"""Secrets announced by a cue word in any of the assistant's languages (the table in
:mod:`assistant.secrets.vocabulary`), and identity documents recognised by their format and what is said around
them.

A cue, an optional qualifier ("do wifi", "für die Haustür"), a connector ("é", "es", "est", "ist", "è", ":")
and a value of the cue's shape: the same structure in every language, so "a senha do wifi é Lua!2024", "mi
contraseña es Gato-77", "le digicode est 4821B" and "der Türcode ist 4821" are read by one rule. Values are
checked as in :mod:`assistant.secrets.values` (a password is not a description, a PIN is digits …).

Documents: a passport-shaped number (letters and digits of the lengths passports use) said with an expiry, an
issue date or a nationality is a passport number even without the word "passport"; and national ID numbers
whose format is unmistakable (Finnish, Swedish, Swiss, French, Belgian, Mexican, Chinese, Portuguese) are
masked anywhere once python-stdnum validates their checksum.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from functools import cache

from stdnum import get_cc_module

from assistant.secrets.hits import FIXED_MASKS, Hit, SecretKind, account_mask, strip_value
from assistant.secrets.numbers import id_value
from assistant.secrets.phrases import NOT_SECRET_CODE
from assistant.secrets.values import clause_value, digits_value, is_description, looks_secret, word_value
from assistant.secrets.vocabulary import (
    ACCESS_PLACES,
    AMOUNTS,
    CODE_WORDS,
    CONNECTORS,
    CUES,
    DELIVERY,
    DOCUMENT_CONTEXT,
    POSSESSIVES,
    QUALIFIERS,
    CueKind,
    listed,
    phrases,
)

_KIND: dict[CueKind, SecretKind] = {
    "password": "password",
    "pin": "pin",
    "access_code": "pin",
    "code": "code",
    "security_answer": "security_answer",
    "bank_account": "bank_account",
    "passport": "passport",
    "id": "national_id",
}


def _unaccented(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def _alternation(words: set[str]) -> str:
    """The words as one regex trie (shared prefixes written once, so a scan tries each letter once); spaces match
    any run of spaces."""
    trie: dict[str, dict] = {}  # type: ignore[type-arg]
    for word in words:
        node = trie
        for char in word.lower():
            node = node.setdefault(char, {})
        node[""] = {}
    return _trie_regex(trie)


def _trie_regex(node: dict[str, dict]) -> str:  # type: ignore[type-arg]
    branches = [
        (r"\s+" if c == " " else re.escape(c)) + _trie_regex(child) for c, child in sorted(node.items()) if c
    ]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if "" in node:
        return f"(?:{body})?"
    return body


def _words(phrases: set[str]) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w'’-])(?:{_alternation(phrases)})(?![\w-])", re.I)


@cache
def _cue_pattern() -> tuple[re.Pattern[str], dict[str, CueKind]]:
    """Every cue of every kind as one trie (one pass over a message), and the kind of each cue, by its key."""
    kinds: dict[str, CueKind] = {}
    for kind, languages in CUES.items():
        for phrase in phrases(languages):
            kinds[_key(phrase)] = kind
    words = set(kinds) | {w for ws in CUES.values() for w in phrases(ws)}
    return re.compile(rf"(?<![\w'’-])(?:{_alternation(words)})(?![\w-])", re.I), kinds


def _key(phrase: str) -> str:
    return " ".join(_unaccented(phrase).lower().split())


_CONNECT = (
    rf"(?:\s*[:=]+\s*|\s+[-–]\s+|\s+(?:{_alternation(set(listed(CONNECTORS)))})(?:\s*:)?\s+"
    r"|\s*,?\s*(?:it's|it is|its)\s+)"
)
_QUALIFIED = re.compile(
    rf"\s+(?:{_alternation(set(listed(QUALIFIERS)))})(?:\s+|(?<=['’]))[^\n.,;:!?=\[\d]{{1,32}}?(?={_CONNECT})",
    re.I,
)
_CONNECTOR = re.compile(_CONNECT, re.I)
# "der Code aus der SMS lautet …", "o código que recebi por SMS é …": a few words, then a connector.
_LOOSE_CONNECTOR = re.compile(rf"[^\n.;!?\d\[]{{0,40}}?{_CONNECT}", re.I)
_SPACES = re.compile(r"[ \t]+")


def _value_start(text: str, pos: int) -> tuple[int, bool]:
    """Where the value starts after a cue ending at ``pos``, and whether a connector led to it."""
    qualified = _QUALIFIED.match(text, pos)
    if qualified is not None:
        pos = qualified.end()
    connector = _CONNECTOR.match(text, pos)
    if connector is not None:
        return connector.end(), True
    spaces = _SPACES.match(text, pos)
    return (spaces.end() if spaces else pos), False


# Door, gate and locker codes: digits, perhaps a letter and the keypad's "#" or "*" ("4821B", "#7731", "372").
_ACCESS_VALUE = re.compile(r"[#*]?[A-Za-z]?\d(?:[ -]?\d){2,9}[A-Za-z]?[#*]?(?![\w:/%.,]\d|[\w€$£])")
_ACCOUNT_VALUE = re.compile(r"(?:[A-Z]{1,4}[ -]?)?\d[\d ./-]{4,34}\d(?![\w])")


def _account_value(text: str, pos: int) -> tuple[int, int, str] | None:
    m = _ACCOUNT_VALUE.match(text, pos)
    if m is None:
        return None
    digits = re.sub(r"\D", "", m.group(0))
    return (m.start(), m.end(), digits) if len(digits) >= 6 else None


def _value(kind: CueKind, text: str, pos: int, connected: bool) -> tuple[int, int] | None:
    if kind == "password":
        return word_value(text, pos, connected)
    if kind == "pin":
        return digits_value(text, pos, least=4)
    if kind == "access_code":
        m = _ACCESS_VALUE.match(text, pos)
        return m.span() if m else None
    if kind == "code":
        return digits_value(text, pos, least=4, code=True)
    if kind == "security_answer":
        return clause_value(text, pos) if connected else _answer_word(text, pos)
    if kind == "passport":
        return id_value(text, pos, 4, 12) or (_document_token(text, pos) if connected else None)
    return id_value(text, pos, 5, 20)


# One name or one token with digits right after an answer's cue, no connector ("memorable place Sintra",
# "secret answer pineapple42").
_ANSWER_WORD = re.compile(r"(?:[A-ZÀ-Ý][\w'’-]{1,40}|[\w'’-]*\d[\w'’-]*)(?=$|[\s.,;:!?)])")
# After "passport … is": the letters and digits a document number is made of, whatever their mix ("CJHYFAQGB",
# "X1VWJ5ASS"); the cue and the connector say what it is.
_DOCUMENT_TOKEN = re.compile(r"[A-Z0-9]{6,12}(?=$|[\s.,;:!?)])")


def _answer_word(text: str, pos: int) -> tuple[int, int] | None:
    m = _ANSWER_WORD.match(text, pos)
    return m.span() if m and not is_description(m.group(0)) else None


def _document_token(text: str, pos: int) -> tuple[int, int] | None:
    m = _DOCUMENT_TOKEN.match(text, pos)
    return m.span() if m else None


def cued_hits(text: str, view: str) -> Iterator[Hit]:
    pattern, kinds = _cue_pattern()
    for m in pattern.finditer(view):
        kind = kinds[_key(m.group(0))]
        secret = _KIND[kind]
        pos, connected = _value_start(text, m.end())
        if kind == "bank_account":
            account = _account_value(text, pos)
            if account is not None:
                yield Hit(secret, account[0], account[1], account_mask(account[2]))
            continue
        found = _value(kind, text, pos, connected)
        if found is None and kind in ("password", "pin", "access_code", "code"):
            found = _value_before(kind, view, m.start())
        if found is not None:
            yield Hit(secret, *strip_value(text, *found), FIXED_MASKS[secret])


# The value first: "Lua!2024 é a minha senha", "Gato-77 es mi contraseña", "4821 ist meine PIN".
_BEFORE_CUE = re.compile(
    rf"(?<![^\s(])(?P<v>[^\s,;:\[]{{3,64}})\s*,?\s+(?:{_alternation(set(listed(CONNECTORS)))})\s+"
    rf"(?:(?:{_alternation(set(listed(POSSESSIVES)))})\s+)?(?:[\w-]+\s+)?$",
    re.I,
)
_DIGITS_ONLY = re.compile(r"\d{3,10}#?")


def _value_before(kind: CueKind, view: str, cue_start: int) -> tuple[int, int] | None:
    lo = max(0, cue_start - 90)
    m = _BEFORE_CUE.search(view, lo, cue_start)
    if m is None:
        return None
    value = m.group("v")
    if kind == "password":
        ok = not is_description(value) and looks_secret(value)
    else:
        ok = _DIGITS_ONLY.fullmatch(value) is not None and (kind == "access_code" or len(value) >= 4)
    return m.span("v") if ok else None


# Letters and digits in the lengths passports use: "C01X00T47", "AB1234567", "X1234567", "123456789".
_PASSPORT_SHAPE = re.compile(
    r"(?<![\w/-])(?=(?:[A-Z]*\d){5})(?:[A-Z]{1,2}\d{6,8}|[A-Z]\d{2}[A-Z0-9]{5,6}|\d{2}[A-Z]{2}\d{5}|\d{9})(?![\w/-])"
)
_DOCUMENT_CONTEXT = _words(set(listed(DOCUMENT_CONTEXT)) | {_unaccented(w) for w in listed(DOCUMENT_CONTEXT)})
_NOT_DOCUMENT = re.compile(
    r"\b(?:booking|ref|reference|order|ticket|tracking|confirmation|pnr|reservation|invoice|flight|phone|"
    r"call|tel|voucher|policy|membership|member|loyalty|reserva|réservation|buchung|prenotazione)\b",
    re.I,
)


def _sentence_bounds(view: str, start: int, end: int) -> tuple[int, int]:
    """The sentence around a span (at most 80 characters either side)."""
    lo = max(view.rfind(".", 0, start), view.rfind("\n", 0, start), start - 80, 0)
    stop = [i for i in (view.find(". ", end), view.find("\n", end)) if i != -1]
    return lo, min([*stop, end + 80])


def _sentence_around(view: str, start: int, end: int) -> str:
    lo, hi = _sentence_bounds(view, start, end)
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


@cache
def _context_words() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    def pattern(table: dict[str, str]) -> re.Pattern[str]:
        words = set(phrases(table))
        return _words(words | {_unaccented(w) for w in words})

    return pattern(CODE_WORDS), pattern(ACCESS_PLACES), pattern(DELIVERY)


_WORD = re.compile(r"[\w-]+")
_ANY_DIGIT = re.compile(r"\d")
_AMOUNT_AFTER = re.compile(rf"\s*(?:[€$£%]|(?:{_alternation(set(listed(AMOUNTS)))})\b)", re.I)


_YEAR_THEN_WORD = re.compile(r"(?:19|20)\d\d\s+[^\W\d]")


def _amount_or_year(text: str, start: int, end: int) -> bool:
    """ "1500 EUR", "2024 statements": a number that counts or dates something, not a code."""
    return _AMOUNT_AFTER.match(text, end) is not None or _YEAR_THEN_WORD.match(text, start) is not None


def context_code_hits(text: str, view: str) -> Iterator[Hit]:
    """Codes said with a general word: "locker 27, code 5521", "the gate opens with 1379#" (an access code where
    the sentence names what it opens) and "der Code aus der SMS lautet 551203" (a one-time code where it says
    how the code came); never a promo, booking, postal or dialling code."""
    if _ANY_DIGIT.search(text) is None:
        return
    code_words, places, delivery = _context_words()
    for m in code_words.finditer(view):
        loose = _LOOSE_CONNECTOR.match(text, m.end())
        pos, connected = (loose.end(), True) if loose else _value_start(text, m.end())
        said = view[max(0, m.start() - 24) : pos]
        if any(w.lower() in NOT_SECRET_CODE for w in _WORD.findall(said)):
            continue
        lo, hi = _sentence_bounds(view, m.start(), m.end())
        # What it opens comes first ("locker 27, code 5521"), or a connector says the value is the code: "code
        # 4490 on the locker" may be the number painted on it.
        if places.search(view, lo, m.start()) or (connected and places.search(view, lo, hi)):
            value = _ACCESS_VALUE.match(text, pos)
            if value is not None:
                yield Hit("pin", *value.span(), FIXED_MASKS["pin"])
        elif delivery.search(view, lo, hi):
            found = digits_value(text, pos, least=4, code=True)
            if found is not None and not _amount_or_year(text, *found):
                yield Hit("code", *found, FIXED_MASKS["code"])
