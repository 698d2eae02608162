"""Secrets announced by a cue word in any of the assistant's languages (the table in
:mod:`assistant.secrets.vocabulary`), and codes said with a general word beside what they open or how they came.

A cue, an optional qualifier ("do wifi", "für die Haustür"), a connector ("é", "es", "est", "ist", "è", ":")
and a value of the cue's shape: the same structure in every language, so "a senha do wifi é Lua!2024", "mi
contraseña es Gato-77", "le digicode est 4821B" and "der Türcode ist 4821" are read by one rule. Values are
checked as in :mod:`assistant.secrets.values` (a password is not a description, a PIN is digits, a card's
security code three or four digits …).

The value is the one said next to the secret's name, on either side: after it (with an aside in brackets, a
"new" or a qualifier between), before it ("Gelato!2005 - that's my password", "put 2474259849 as my tax id",
when the name closes its phrase), or, for a password, a few words on in the same clause where a connector with
no other subject introduces it ("mudei a senha, agora é …"). Whichever side, the value must have the shape
its kind's value has after the name, so talk about a secret without one ("the cvv is on the back", "j'ai changé
le mot de passe, c'est fait") masks nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from assistant.secrets.hits import (
    CARD_CODE_MASK,
    FIXED_MASKS,
    Hit,
    SecretKind,
    account_mask,
    sentence_bounds,
    strip_value,
)
from assistant.secrets.numbers import id_value
from assistant.secrets.phrases import NOT_SECRET_CODE
from assistant.secrets.values import (
    clause_value,
    digits_value,
    is_description,
    looks_secret,
    skip_aside,
    word_value,
)
from assistant.secrets.vocabulary import (
    ACCESS_PLACES,
    AMOUNTS,
    BEFORE_JOINERS,
    CODE_WORDS,
    CONNECTORS,
    CUES,
    DELIVERY,
    NEW_WORDS,
    NOW_WORDS,
    POSSESSIVES,
    QUALIFIERS,
    CueKind,
    alternation,
    alternation_of,
    name_closes,
    phrases,
    unaccented,
    words_pattern,
)

_KIND: dict[CueKind, SecretKind] = {
    "password": "password",
    "pin": "pin",
    "access_code": "pin",
    "code": "code",
    "card_code": "card",
    "security_answer": "security_answer",
    "bank_account": "bank_account",
    "passport": "passport",
    "id": "national_id",
}


@cache
def _cue_pattern() -> tuple[re.Pattern[str], dict[str, CueKind]]:
    """Every cue of every kind as one trie (one pass over a message), and the kind of each cue, by its key."""
    kinds: dict[str, CueKind] = {}
    for kind, languages in CUES.items():
        for phrase in phrases(languages):
            kinds[_key(phrase)] = kind
    words = set(kinds) | {w for ws in CUES.values() for w in phrases(ws)}
    return re.compile(rf"(?<![\w'’-])(?:{alternation(words)})(?![\w-])", re.I), kinds


def _key(phrase: str) -> str:
    return " ".join(unaccented(phrase).lower().split())


# One step from a name to its value: ":", "=", "#", a dash, a connector word, "it's"; up to three in a row
# ("passport # - it's 830307647", "senha: é …"). Each step leaves the spaces after it to the next ("ist es").
_STEP = (
    rf"(?:\s*[:=]+|(?<=\s)#+|\s+#+|\s*-+(?=\s)|\s+(?:{alternation_of(CONNECTORS)})(?:\s*:)?(?=\s)"
    r"|\s*,?\s*(?:it's|it is|its|that's|that is)(?=\s))"
)
_CONNECT = rf"(?:{_STEP}){{1,3}}\s*"
_QUALIFIED = re.compile(
    rf"\s+(?:{alternation_of(QUALIFIERS)})(?:\s+|(?<=['’]))[^\n.,;:!?=\[\d]{{1,32}}?(?={_CONNECT})",
    re.I,
)
_CONNECTOR = re.compile(_CONNECT, re.I)
# "der Code aus der SMS lautet …", "o código que recebi por SMS é …": a few words, then a connector.
_LOOSE_CONNECTOR = re.compile(rf"[^\n.;!?\d\[]{{0,40}}?{_CONNECT}", re.I)
_NEW = re.compile(rf"\s+(?:{alternation_of(NEW_WORDS)})(?![\w-])", re.I)
_SPACES = re.compile(r"[ \t]+")


def _value_start(text: str, pos: int) -> tuple[int, bool]:
    """Where the value starts after a cue ending at ``pos``, and whether a connector led to it.

    Between the name and the connector may stand an aside in brackets, a word saying the secret changed
    ("contraseña nueva …") and a qualifier saying what it is for ("do wifi", "für die Haustür").
    """
    pos = skip_aside(text, pos)
    new = _NEW.match(text, pos)
    if new is not None:
        pos = new.end()
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


_CARD_CODE = re.compile(r"\d{3,4}(?![\d:/%.,]\d|[\w€$£])")


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
    if kind == "card_code":
        m = _CARD_CODE.match(text, pos)
        return m.span() if m else None
    if kind == "security_answer":
        return clause_value(text, pos) if connected else _answer_word(text, pos)
    if kind == "bank_account":
        account = _account_value(text, pos)
        return account[:2] if account else None
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


def _hit(kind: CueKind, text: str, start: int, end: int) -> Hit:
    secret = _KIND[kind]
    if kind == "bank_account":
        return Hit(secret, start, end, account_mask(re.sub(r"\D", "", text[start:end])))
    start, end = strip_value(text, start, end)
    return Hit(secret, start, end, CARD_CODE_MASK if kind == "card_code" else FIXED_MASKS[secret])


def cued_hits(text: str, view: str) -> Iterator[Hit]:
    """Each cue's value, read where people say it: after the name ("mi contraseña es Gato-77"), before it
    ("Gato-77, that's my password"), or, for a password, later in the same clause once a connector introduces
    it ("mudei a senha, agora é …", "ich habe das Passwort geändert, jetzt ist es …")."""
    pattern, kinds = _cue_pattern()
    for m in pattern.finditer(view):
        kind = kinds[_key(m.group(0))]
        pos, connected = _value_start(text, m.end())
        found = _value(kind, text, pos, connected)
        if found is None and kind == "code":  # three digits after a security code: a card's, no one-time code
            short = _CARD_CODE.match(text, pos)
            if short is not None and short.end() - short.start() == 3:
                kind, found = "card_code", short.span()
        if found is None and kind != "security_answer":
            found = _value_before(kind, view, m.start(), m.end())
        # Only when no connector followed the name: one that did led elsewhere ("is on the TV, it's …").
        if found is None and kind == "password" and not connected:
            found = _value_later(text, m.end())
        if found is not None:
            yield _hit(kind, text, *found)


# The value first: "Lua!2024 é a minha senha", "Gato-77 es mi contraseña", "4821 ist meine PIN", "Gelato!2005 -
# that's my password", "put 2474259849 as my tax id".
_JOINER = alternation_of(CONNECTORS, BEFORE_JOINERS)
_POSSESSIVE = alternation_of(POSSESSIVES)
_BEFORE_CUE = re.compile(
    rf"(?<![^\s(])(?P<v>[^\s,;:\[]{{3,64}})(?:\s*[,;-]\s*|\s+)"
    rf"(?:{_JOINER})\s+(?:(?:{_POSSESSIVE})\s+)?(?:[\w-]+\s+)?$",
    re.I,
)
_DIGITS_ONLY = re.compile(r"\d{3,10}#?")


def _value_before(kind: CueKind, view: str, cue_start: int, cue_end: int) -> tuple[int, int] | None:
    """A value said just before its cue, checked against the cue's shape as a value after it would be; the cue
    must end its clause or be followed by what it is for ("Gelato!2005 - that's my password for the app")."""
    if not name_closes(view, cue_end):
        return None
    lo = max(0, cue_start - 90)
    m = _BEFORE_CUE.search(view, lo, cue_start)
    if m is None:
        return None
    value = m.group("v")
    start, end = strip_value(view, *m.span("v"))
    if kind == "password":
        ok = not is_description(value) and looks_secret(value)
    elif kind in ("pin", "code", "access_code"):
        ok = _DIGITS_ONLY.fullmatch(value) is not None and (kind == "access_code" or len(value) >= 4)
    else:  # a card code, an account, a document: the shape a value after the cue would need, all of it
        ok = _value(kind, view, start, True) == (start, end)
    return (start, end) if ok else None


_CLAUSE_END = re.compile(r"[!?\n]|\.(?:\s|$)")
_NOW = alternation_of(NOW_WORDS)
# Where a changed password's new value is introduced with no other subject: after a comma or "now", a connector
# ("…, agora é", "…, c'est", "jetzt ist es", "…, it's now").
_LATER = re.compile(
    rf"(?:[,;]|(?<![\w'’-])(?:{_NOW}))(?:{_CONNECT})(?:(?:{_NOW})\s+)?",
    re.I,
)
_CLOCK_OR_PRICE = re.compile(r"[€$£]?\d{1,4}(?:[:h.,]\d{1,2})?(?:[€$£%]|am|pm|h|eur|usd)?", re.I)


def _password_shaped(value: str) -> bool:
    """A value that cannot be a word of the sentence: six characters or more, letters with digits or symbols,
    a lower-case letter or a symbol among them (not a flight number or a booking code), not a time or a
    price."""
    return (
        len(value) >= 6
        and any(c.isalpha() for c in value)
        and not value.isalpha()
        and (any(c.islower() for c in value) or not value.isalnum())
        and _CLOCK_OR_PRICE.fullmatch(value) is None
    )


def _value_later(text: str, pos: int) -> tuple[int, int] | None:
    """A password a few words after its name in the same clause, introduced by a connector with no other
    subject ("mudei a senha, agora é …", "j'ai changé le mot de passe, c'est …"); "the password expired, my
    flight is TP1234" has one (the flight), and a booking code is no password anyway."""
    stop = _CLAUSE_END.search(text, pos, pos + 64)
    end = stop.start() if stop else min(len(text), pos + 64)
    for later in (*_LATER.finditer(text, pos, end), *_CHANGED_TO.finditer(text, pos, end)):
        found = word_value(text, later.end(), False)
        if found is not None and _password_shaped(text[found[0] : found[1]]):
            return found
    return None


# What a password was set or changed to, a few words on: "changed my password to …", "set the Expedia password
# as …", "mudei a senha para …", "cambié la contraseña a …", "le mot de passe pour …", "das Passwort auf …",
# "la password in …", "Kennwort fürs Mailkonto lautet …". Only a password-shaped word counts after it.
_CHANGED_TO = re.compile(
    r"\s(?:to|as|into|para|pra|a|pour|en|auf|in|zu|lautet|c'est|è|é|ist|is)\s+|\s*(?:→|->|=>)\s*", re.I
)


@cache
def _context_words() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    def pattern(table: dict[str, str]) -> re.Pattern[str]:
        words = set(phrases(table))
        return words_pattern(words | {unaccented(w) for w in words})

    return pattern(CODE_WORDS), pattern(ACCESS_PLACES), pattern(DELIVERY)


_WORD = re.compile(r"[\w-]+")
_ANY_DIGIT = re.compile(r"\d")
_AMOUNT_AFTER = re.compile(rf"\s*(?:[€$£%]|(?:{alternation_of(AMOUNTS)})\b)", re.I)


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
        lo, hi = sentence_bounds(view, m.start(), m.end())
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
