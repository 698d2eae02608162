"""How a secret's value is read after its cue, for the scanners of secrets said in words.

A rule is a cue ("password", "PIN", "verification code" …), an optional qualifier ("for the airline app", "I
set", "they texted me"), a connector ("is", ":", "=", "was changed to", "est", "ist" …) and a value. Talking
*about* a secret is not a secret ("I forgot my password last time", "my PIN got blocked"), so a value is checked
before it counts: a password must not be a function word or a description ("wrong", "expired", "printed",
"too"), and without a connector it must look like a password (digits, symbols or inner capitals); PINs and codes
are digits, or spelled-out digits; a free-text answer is the rest of its clause.
"""

from __future__ import annotations

import re

from language.lexicon.secrets.values import (
    _ACCESS_TOKEN,
    _ACCESS_VALUE,
    _APPOSITION,
    _ASIDE,
    _BRACKETED,
    _CLAUSE_END,
    _CLOCK_OR_PRICE,
    _CODE_VALUE,
    _COMMA,
    _CONNECTOR,
    _CONTRACTION,
    _DESCRIPTIVE,
    _DIGITS_NEXT,
    _DIGITS_VALUE,
    _ELIDED,
    _FUNCTION_WORDS,
    _GROUP,
    _LATER_VALUE,
    _LIST_GAP,
    _OTHER_FUNCTION_WORDS,
    _QUALIFIER,
    _SENT_CLAUSE,
    _SPELLED,
    _SUFFIXES,
    _TOKEN,
    _WRAPPED,
)
from language.secrets.hits import strip_value


def is_description(word: str) -> bool:
    """A word that describes a secret or carries the sentence on ("wrong", "expired", "the", "isn't"), so it
    cannot be the secret itself."""
    w = word.lower().strip("'\"“”‘’")
    if w in _FUNCTION_WORDS or w in _OTHER_FUNCTION_WORDS or w in _DESCRIPTIVE or _CONTRACTION.fullmatch(w):
        return True
    return w.isalpha() and len(w) > 4 and w.endswith(_SUFFIXES)


def looks_secret(word: str) -> bool:
    """Digits, symbols or inner capitals: "hunter2", "Tr0ub4dor&3", "pAssWord"; not "reset" or "again", nor an
    elided word ("dell'account", "l'hôtel"), nor a name in capitals ("SNCF")."""
    core = word.strip(".,;:!?\"'")
    if _ELIDED.fullmatch(core):
        return False
    return (
        len(core) >= 4
        and (
            any(c.isdigit() for c in core)
            or not core.isalnum()
            # Inner capitals in a mixed-case word ("pAssWord"); a word in capitals is a name ("SNCF", "KLM").
            or (any(c.isupper() for c in core[1:]) and any(c.islower() for c in core))
        )
    )


_QUOTES = {'"': '"', "'": "'", "“": "”", "‘": "’", "«": "»", "`": "`"}


def word_value(text: str, pos: int, connected: bool) -> tuple[int, int] | None:
    """A password-like value at ``pos``: a quoted string, or one token."""
    if pos < len(text) and text[pos] in _QUOTES:
        close = text.find(_QUOTES[text[pos]], pos + 1, pos + 80)
        if close > pos + 1 and "\n" not in text[pos:close]:
            return pos + 1, close
        return None
    m = _TOKEN.match(text, pos)
    if m is None:
        return None
    start, end = strip_value(text, m.start(), m.end())
    word = text[start:end]
    if connected and is_description(word):
        # "is literally password123", "is the same, it's Qwerty2024": look one step further, for a value
        # that must then look like a password.
        later = _LATER_VALUE.match(text, end)  # all optional: it always matches
        return word_value(text, later.end(), False) if later else None
    if is_description(word) or (not connected and not looks_secret(word)) or len(word) < 3:
        return None
    return start, end


def clause_value(text: str, pos: int) -> tuple[int, int] | None:
    """A free-text answer: the rest of the clause, at most six words ("O'Brien", "a hamster called Biscuit")."""
    if pos < len(text) and text[pos] in _QUOTES:
        return word_value(text, pos, True)
    # Bounded: one short scan per cue, never to the end of a long text.
    stop = _CLAUSE_END.search(text, pos, pos + 120)
    end = stop.start() if stop else min(len(text), pos + 120)
    words = list(_TOKEN.finditer(text, pos, end))[:6]
    first = words[0].group(0) if words else ""
    if not words or (is_description(first) and first.lower() not in ("a", "an", "the")):
        # "is my grandmother's village, Azinhaga": a description, then the answer itself as an apposition.
        named = _APPOSITION.match(text, end)
        return (named.start(1), named.end(1)) if named else None
    return strip_value(text, pos, words[-1].end())


def digits_value(text: str, pos: int, *, least: int, code: bool = False) -> tuple[int, int] | None:
    """A PIN or code at ``pos``: ``least`` or more digits (spaces or dashes between them allowed), or spelled-out
    digits; with ``code``, also "G-551024" and backup codes like "8f3k-29dx"."""
    # "TAP sent me a code, 559201"; "my PIN, in case the machine asks: 6611"
    comma = _ASIDE.match(text, pos) or _COMMA.match(text, pos)
    if comma:
        pos = comma.end()
    m = (_CODE_VALUE if code else _DIGITS_VALUE).match(text, pos) or (
        _DIGITS_VALUE.match(text, pos) if code else None
    )
    if m is None:
        return None
    value = m.group("v")
    digits = sum(c.isdigit() for c in value) or len(re.findall(_SPELLED, value, re.I))
    if digits < least or (code and "-" in value and not any(c.isdigit() for c in value)):
        return None
    return m.start("v"), m.end("v")


def skip_aside(text: str, pos: int) -> int:
    """Past an aside in brackets right after a secret's name ("the name of my first school (for the security q)
    is …"): what is said in brackets is about the secret, never its value."""
    aside = _BRACKETED.match(text, pos)
    return aside.end() if aside else pos


def unwrapped(text: str, pos: int) -> int:
    """``pos``, or just past a mark that opens a value made of (or led by up to three letters and) digits."""
    wrapped = _WRAPPED.match(text, pos)
    return wrapped.end() if wrapped else pos


def after_cue(text: str, pos: int) -> tuple[int, bool]:
    """Where the value starts after a cue ending at ``pos``, and whether a connector led to it (past a mark
    that sets the value off: :func:`unwrapped`)."""
    pos, connected = _after_cue(text, pos)
    return unwrapped(text, pos), connected


def _after_cue(text: str, pos: int) -> tuple[int, bool]:
    pos = skip_aside(text, pos)
    sent = _SENT_CLAUSE.match(text, pos)
    if sent:
        pos = sent.end()
    q = _QUALIFIER.match(text, pos)
    if q:
        c = _CONNECTOR.match(text, q.end())
        if c:
            return c.end(), True
        digits = _DIGITS_NEXT.match(text, q.end())  # "access code for the building 90210"
        if digits:
            return digits.end(), False
    c = _CONNECTOR.match(text, pos)
    if c:
        return c.end(), True
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    return pos, False


def code_list(text: str, pos: int) -> tuple[int, int] | None:
    """Recovery or backup codes at ``pos``: one group or several ("k5x3-592s cm2n-k6e9", "46171910, 24178985",
    "QW5U YTW5 JXHH 1LI8"), each with a digit or written in capitals; three digits or more in all, so "codes:
    ask the desk" is no value."""
    start, end, digits = pos, None, 0
    while (m := _GROUP.match(text, pos)) is not None:
        group = m.group(0)
        if not (any(c.isdigit() for c in group) or (group.isupper() and len(group) <= 6)):
            break
        digits += sum(c.isdigit() for c in group)
        end = m.end()
        gap = _LIST_GAP.match(text, end)
        if gap is None:
            break
        pos = gap.end()
    if end is None:
        return None
    said = text[start:end]
    # Three digits in all; or fewer in a group with a dash ("ex7g-fpe8") or as long as a key ("d52pnjykcp").
    enough = digits >= 3 or (digits >= 1 and ("-" in said or len(said) >= 8))
    return (start, end) if enough else None


def access_value(text: str, pos: int) -> tuple[int, int] | None:
    """A door, safe or lock code at ``pos``: digits with spaces or dashes between them ("8-6-5-3", "4821B"), or
    one token of three digits or more with a letter or two among them ("37C47")."""
    m = _ACCESS_VALUE.match(text, pos)
    if m is not None:
        return m.span()
    m = _ACCESS_TOKEN.match(text, pos)
    if m is None:
        return None
    value = m.group(0)
    ok = sum(c.isdigit() for c in value) >= 3 and sum(c.isalpha() for c in value) <= 2
    return m.span() if ok else None


def password_shaped(value: str) -> bool:
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
