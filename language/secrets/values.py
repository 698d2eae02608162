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

from language.secrets.hits import strip_value, word_set
from language.secrets.tries import alternation_of
from language.secrets.vocabulary import CONNECTORS

# Longest first: "was changed to" must win over "was", or "changed" would be read as the value.
_CONNECTOR_WORDS = (
    "is",
    "was",
    "are",
    "were",
    "is now",
    "is still",
    "is just",
    "is currently",
    "would be",
    "is going to be",
    "will be",
    "should be",
    "has been changed to",
    "has been set to",
    "was changed to",
    "changed to",
    "is set to",
    "set to",
    "reset to",
    "reads",
    "of",
    "est",
    "es",
    "ist",
    "é",
    "è",
    "era",
    "war",
    "c'est",
    "lautet",
)
_CONNECTOR = re.compile(
    r"(?:\s*(?:[:=]+|->|→|=>)\s*|\s+[-–—]+\s+|['’]s(?:\s+(?:just|still|now))?\s+|\s*[?,]?\s*(?:it's|it is|its)\s+|"
    r"\s+(?:" + "|".join(sorted(_CONNECTOR_WORDS, key=len, reverse=True)) + r")(?:\s*:)?\s+)",
    re.I,
)
# "password for the airline app is …", "password (that) I set is …"
_QUALIFIER = re.compile(
    r"\s+(?:(?:for|to|on|at|of|with|in|into|from)\s+|(?:(?:that|which)\s+)?(?:i|we|you|they)\s+)"
    r"[^\n.,;:!?=\[]{1,40}?(?=\s+(?:is|was|are|'s)\s|\s*[:=]|['’]s\s|\s+\d)",
    re.I,
)
_DIGITS_NEXT = re.compile(r"\s+(?=\d)")
_FUNCTION_WORDS = word_set(
    """a an the my your his her our their its this that these those it i me we you he she they them there here
    is was are were be been being am not no never n't and or but so if then than as at by for from in into of
    off on onto out over to up with without about again also just only still even very too quite really
    probably definitely maybe always usually sometimes somewhere something anything nothing everything what
    which who whom whose when where why how whatever whichever one same different other another all any some
    both each every either neither such own new old now later soon yet already please ok okay yes"""
)
# The same role in the other languages: where a secret is kept or what it is like, never the secret itself
# ("la réponse … est dans mon carnet", "a senha está no recibo").
_OTHER_FUNCTION_WORDS = word_set(
    """dans sur sous avec chez pour par sans vers ici là em no na nos nas com sem para por sobre aqui ali en con
    sin aquí allí im auf bei mit ohne für unter über hier dort nel nella nei sul sulla senza per su qui lì
    dentro affiché affichée écrit écrite noté notée imprimé imprimée indiqué indiquée mostrado mostrada escrito
    escrita impreso impresa anotado anotada impresso impressa angezeigt geschrieben gedruckt notiert scritto
    scritta stampato stampata indicato indicata"""
)
_DESCRIPTIVE = word_set(
    """wrong incorrect correct right invalid valid expired expiring long short weak strong secure safe unsafe
    simple easy hard difficult complicated complex case-sensitive sensitive required needed necessary optional
    mandatory missing lost forgotten changed reset blocked locked hidden visible written saved stored printed
    shown displayed listed included attached available provided given sent texted emailed coming working
    broken useless annoying weird strange impossible ridiculous terrible fine good bad great unknown private
    secret confidential personal temporary temp default standard generic obvious random same identical
    unchanged blank empty null none nil tbd tba unclear stupid dumb silly funny face fingerprint touch
    biometric biometrics
    enough protected encrypted hashed masked redacted there asking needing"""
)
_SUFFIXES = ("ing", "ed", "ly", "able", "ible")


_CONTRACTION = re.compile(r"[a-z]+['’](?:t|s|d|ll|re|ve|m)", re.I)


def is_description(word: str) -> bool:
    """A word that describes a secret or carries the sentence on ("wrong", "expired", "the", "isn't"), so it
    cannot be the secret itself."""
    w = word.lower().strip("'\"“”‘’")
    if w in _FUNCTION_WORDS or w in _OTHER_FUNCTION_WORDS or w in _DESCRIPTIVE or _CONTRACTION.fullmatch(w):
        return True
    return w.isalpha() and len(w) > 4 and w.endswith(_SUFFIXES)


_ELIDED = re.compile(r"[^\W\d_]{1,5}['’][^\W\d_]+")


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


_LATER_VALUE = re.compile(
    r"(?:\s+(?:the\s+)?same)?\s*[,;:]?\s*(?:(?:it's|it is|its|which is|namely|i\.e\.)\s+)?", re.I
)
_QUOTES = {'"': '"', "'": "'", "“": "”", "‘": "’", "«": "»", "`": "`"}
_TOKEN = re.compile(r"\S+")


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


_APPOSITION = re.compile(r",\s*([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,3})")
# (A dash between spaces ends it too: "it's Biscuit — also I'm in the BA Executive Club".)
_CLAUSE_END = re.compile(
    r"[.,;!?\n]|\s[-\u2013\u2014]+\s|\s(?:and|but|so|because|if|though|although|or|which|plus)\s", re.I
)


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


_SPELLED = r"(?:zero|oh|nought|one|two|three|four|five|six|seven|eight|nine)"
_DIGITS_VALUE = re.compile(
    rf"(?P<v>\d(?:[ -]?\d){{2,9}}|{_SPELLED}(?:[\s,-]+{_SPELLED}){{3,8}})(?![\d:/%.,]\d|[A-Za-z0-9€$£])",
    re.I,
)
_COMMA = re.compile(r",\s*")
_ASIDE = re.compile(r",[^\n.;:!?\d]{1,40}:\s*")
_CODE_VALUE = re.compile(
    r"(?P<v>(?:G-)?\d(?:[ -]?\d){3,9}|[A-Za-z0-9]{4,5}-[A-Za-z0-9]{4,5})(?![\d:/%]\d|[A-Za-z0-9€$£])"
)


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


# "the code (that) you sent me: …", "the login code they texted is …", "security code sent by my bank: …"
_SENT_CLAUSE = re.compile(
    r"\s+(?:that\s+)?(?:(?:you|they|it|i|we|the\s+\w+|my\s+\w+)\s+)?(?:just\s+)?(?:sent|texted|emailed|got|"
    r"received|gave|shows?|showed)(?:\s+(?:me|us|to\s+me|by\s+[^\n.,;:!?\d]{1,25}?|from\s+[^\n.,;:!?\d]{1,25}?))?"
    r"(?=\s*[:=]|\s+(?:is|was)\s|\s+\d)",
    re.I,
)


# An aside in brackets, or between dashes ("mot de passe du compte SNCF — celui lié à l'adresse perso — c'est …").
_CONNECTOR_NEXT = rf"(?=\s+(?:{alternation_of(CONNECTORS)})\b|\s*[:=])"
_BRACKETED = re.compile(
    rf"\s*\([^()\n]{{1,40}}\)|\s+[-–—]{{1,2}}\s[^-–—\n]{{1,40}}\s[-–—]{{1,2}}{_CONNECTOR_NEXT}"
    # "my mother's maiden name, for the bank's check, is …": an aside between commas, when a connector follows.
    rf"|\s*,\s[^,\n.;:]{{1,30}},{_CONNECTOR_NEXT}"
)


def skip_aside(text: str, pos: int) -> int:
    """Past an aside in brackets right after a secret's name ("the name of my first school (for the security q)
    is …"): what is said in brackets is about the secret, never its value."""
    aside = _BRACKETED.match(text, pos)
    return aside.end() if aside else pos


# A value set off as people set it off in chat: bold or italic asterisks, a code span, quotes ("pin *9291*",
# "the PIN: `158355`", 'PIN "9036"'). The mark is no part of the value; what it opens is read as usual.
_WRAPPED = re.compile(r"""(?:\*{1,2}|_|`|"|')(?=[A-Za-z]{0,3}\d)""")


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


_GROUP = re.compile(r"[A-Za-z0-9]{3,10}(?:-[A-Za-z0-9]{3,10})*(?![\w-])")
_LIST_GAP = re.compile(r"[ \t]*[,;/][ \t]*|[ \t]+(?:(?:and|und|e|y|et|ed|&)[ \t]+)?")


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


# Door, gate and locker codes: digits, perhaps a letter and the keypad's "#" or "*" ("4821B", "#7731", "372").
_ACCESS_VALUE = re.compile(
    r"(?:[#*] ?)?[A-Za-z]?\d(?:[ -]?\d){2,9}[A-Za-z]?(?: ?[#*])?(?![\w:/%.,]\d|[\w€$£])"
)
_ACCESS_TOKEN = re.compile(r"[#*]?(?=[A-Za-z]*\d)[A-Za-z0-9]{3,10}[#*]?(?![\w-])")


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


_CLOCK_OR_PRICE = re.compile(r"[€$£]?\d{1,4}(?:[:h.,]\d{1,2})?(?:[€$£%]|am|pm|h|eur|usd)?", re.I)


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
