"""Secrets announced by a cue word in any of the assistant's languages (the table in
:mod:`language.secrets.vocabulary`, and names written as one word with what they open:
:mod:`language.secrets.compounds`). Codes said with a general word beside what they open or how they came are
:mod:`language.secrets.holders`'.

A cue, an optional qualifier ("do wifi", "für die Haustür"), a connector ("é", "es", "est", "ist", "è", ":")
and a value of the cue's shape: the same structure in every language, so "a senha do wifi é Lua!2024", "mi
contraseña es Gato-77", "le digicode est 4821B" and "der Türcode ist 4821" are read by one rule. Values are
checked as in :mod:`language.secrets.values` (a password is not a description, a PIN is digits, a card's
security code three or four digits …).

The value is the one said next to the secret's name, on either side: after it (with an aside in brackets, a
"new" or a qualifier between), before it ("Gelato!2005 - that's my password", "put 2474259849 as my tax id",
when the name closes its phrase), or, for a password, a few words on in the same clause where a connector with
no other subject introduces it ("mudei a senha, agora é …"). Whichever side, the value must have the shape
its kind's value has after the name, so talk about a secret without one ("the cvv is on the back", "j'ai changé
le mot de passe, c'est fait") masks nothing. A name may also be followed by a label of what the secret is for
("mot de passe SNCF Connect c'est …", "pregunta secreta, colegio: …"), and a code whose value is a word with
digits in it is a password whatever its name ("code d'accès au site : CalanquesCassis13").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from language.lexicon.secrets.cues import (
    _ACCOUNT_VALUE,
    _ANSWER_WORD,
    _ARTICLE,
    _BEFORE_CUE,
    _CALLED,
    _CARD_CODE,
    _CHANGED_TO,
    _CLAUSE_END,
    _CONNECTOR,
    _DIGITS_ONLY,
    _DOCUMENT_TOKEN,
    _KIND,
    _LABEL_HEAD,
    _LABELLED,
    _LATER,
    _NAME,
    _NEW,
    _QUALIFIED,
    _SPACES,
    _VALUE_GAP,
)
from language.lexicon.secrets.hits import CARD_CODE_MASK, FIXED_MASKS
from language.secrets.compounds import compound_cues
from language.secrets.hits import Hit, account_mask, strip_value
from language.secrets.numbers import id_value
from language.secrets.tries import alternation, phrases, unaccented
from language.secrets.values import (
    access_value,
    clause_value,
    code_list,
    digits_value,
    is_description,
    looks_secret,
    password_shaped,
    skip_aside,
    unwrapped,
    word_value,
)
from language.secrets.vocabulary import (
    CUES,
    CueKind,
    name_closes,
)


@cache
def _cue_pattern() -> tuple[re.Pattern[str], dict[str, CueKind]]:
    """Every cue of every kind as one trie (one pass over a message), and the kind of each cue, by its key."""
    kinds: dict[str, CueKind] = {}
    for kind, languages in CUES.items():
        for phrase in phrases(languages):
            kinds[_key(phrase)] = kind
    words = set(kinds) | {w for ws in CUES.values() for w in phrases(ws)}
    # A plural names the same secret ("my PINs are …", "the door codes:"): an "s" may follow any cue.
    return re.compile(rf"(?<![\w'’-])(?:{alternation(words)})s?(?![\w-])", re.I), kinds


def _key(phrase: str) -> str:
    return " ".join(unaccented(phrase).lower().split())


def _kind_of(said: str, kinds: dict[str, CueKind]) -> CueKind | None:
    """The cue's kind; a plural only names codes made of digits, whose values have a shape no remark has
    ("security questions are a terrible idea" holds no answer)."""
    key = _key(said)
    if key in kinds:
        return kinds[key]
    kind = kinds[key[:-1]]
    return kind if kind in _LISTED else None


def value_start(text: str, pos: int) -> tuple[int, bool]:
    """Where the value starts after a cue ending at ``pos``, and whether a connector led to it.

    Between the name and the connector may stand an aside in brackets, a word saying the secret changed
    ("contraseña nueva …") and a qualifier saying what it is for ("do wifi", "für die Haustür").
    """
    pos = skip_aside(text, pos)
    new = _NEW.match(text, pos)
    if new is not None:
        pos = new.end()
    qualified = _QUALIFIED.match(text, pos) or _LABELLED.match(text, pos)
    if qualified is not None:
        pos = skip_aside(text, qualified.end())  # "senha do Airbnb (conta da minha mãe): …"
    connector = _CONNECTOR.match(text, pos)
    if connector is not None:
        article = _ARTICLE.match(text, connector.end())
        return (article.end() if article else connector.end()), True
    spaces = _SPACES.match(text, pos)
    return (spaces.end() if spaces else pos), False


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
        return access_value(text, pos)
    if kind == "code":
        return digits_value(text, pos, least=4, code=True)
    if kind == "recovery":
        return code_list(text, pos)
    if kind == "card_code":
        m = _CARD_CODE.match(text, pos)
        return m.span() if m else None
    if kind == "security_answer":
        called = None if connected else _CALLED.match(text, pos)
        if called is not None:  # "first pet was called Captain Whiskers"
            return clause_value(text, called.end())
        return clause_value(text, pos) if connected else _answer_word(text, pos)
    if kind == "bank_account":
        account = _account_value(text, pos)
        return account[:2] if account else None
    if kind == "passport":
        return id_value(text, pos, 4, 12) or _document_token(text, pos, connected, least=1)
    return id_value(text, pos, 5, 20) or _document_token(text, pos, connected, least=3)


def _answer_word(text: str, pos: int) -> tuple[int, int] | None:
    m = _ANSWER_WORD.match(text, pos)
    return m.span() if m and not is_description(m.group(0)) else None


def _document_token(text: str, pos: int, connected: bool, least: int = 2) -> tuple[int, int] | None:
    """After a connector any mix will do; right after the name ("Reisepassnummer C6VYTRL41") it needs ``least``
    digits, so a word in capitals ("PASSPORT CONTROL") is no number."""
    m = _DOCUMENT_TOKEN.match(text, pos)
    if m is None or connected:
        return m.span() if m else None
    token = m.group(0)
    # One digit is enough only in a token as long as a passport number ("HVNNHLY5Z"), not in "PASS1".
    enough = sum(c.isdigit() for c in token) >= least and (least > 1 or len(token) >= 8)
    return m.span() if enough else None


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
    named = [
        (kind, m.start(), m.end()) for m in pattern.finditer(view) if (kind := _kind_of(m.group(0), kinds))
    ]
    for kind, start, end in (*named, *compound_cues(view)):
        hit = _cue_hit(kind, text, view, start, end)
        if hit is not None:
            yield hit


def _cue_hit(kind: CueKind, text: str, view: str, start: int, end: int) -> Hit | None:
    pos, connected = value_start(text, end)
    if kind != "password":
        pos = unwrapped(text, pos)  # "pin *9291*", 'PIN "9036"'
    found = _value(kind, text, pos, connected)
    if found is None and kind == "code":  # three digits after a security code: a card's, no one-time code
        short = _CARD_CODE.match(text, pos)
        if short is not None and short.end() - short.start() == 3:
            kind, found = "card_code", short.span()
    if found is None and connected and kind in ("access_code", "code", "pin"):
        # A code that is a word with digits in it is a password, whatever the name ("code d'accès au site :
        # CalanquesCassis13").
        found = _shaped_word(text, pos, connected)
        kind = "password" if found is not None else kind
    if found is None and kind == "password" and not connected:
        found = _after_label(text, pos)
    if found is None and kind != "security_answer":
        found = _value_before(kind, view, start, end)
    # Only when no connector followed the name: one that did led elsewhere ("is on the TV, it's …").
    if found is None and kind == "password" and not connected:
        found = _value_later(text, end)
    if found is not None and kind in _LISTED:
        found = _listed(kind, text, *found)
    return _hit(kind, text, *found) if found is not None else None


_LISTED: frozenset[CueKind] = frozenset({"pin", "access_code", "code"})


def _listed(kind: CueKind, text: str, start: int, end: int) -> tuple[int, int]:
    while (gap := _VALUE_GAP.match(text, end)) is not None:
        more = _value(kind, text, gap.end(), True)
        if more is None or more[0] != gap.end():
            break
        end = more[1]
    return start, end


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
        ok = _DIGITS_ONLY.fullmatch(value) is not None and (
            kind == "access_code" or len(value.lstrip("G-")) >= 4
        )
    else:  # a card code, an account, a document: the shape a value after the cue would need, all of it
        ok = _value(kind, view, start, True) == (start, end)
    return (start, end) if ok else None


def _shaped_word(text: str, pos: int, connected: bool) -> tuple[int, int] | None:
    found = word_value(text, pos, connected)
    return found if found is not None and password_shaped(text[found[0] : found[1]]) else None


def _after_label(text: str, pos: int) -> tuple[int, int] | None:
    at = _LABEL_HEAD.match(text, pos)
    pos = at.end() if at else pos
    for _ in range(3):
        name = _NAME.match(text, pos)
        if name is None:
            return None
        pos = name.end()
        found = _shaped_word(text, pos, False)
        if found is not None:
            return found
    return None


def _value_later(text: str, pos: int) -> tuple[int, int] | None:
    """A password a few words after its name in the same clause, introduced by a connector with no other
    subject ("mudei a senha, agora é …", "j'ai changé le mot de passe, c'est …"); "the password expired, my
    flight is TP1234" has one (the flight), and a booking code is no password anyway."""
    stop = _CLAUSE_END.search(text, pos, pos + 64)
    end = stop.start() if stop else min(len(text), pos + 64)
    for later in (*_LATER.finditer(text, pos, end), *_CHANGED_TO.finditer(text, pos, end)):
        found = word_value(text, later.end(), False)
        if found is not None and password_shaped(text[found[0] : found[1]]):
            return found
    return None
