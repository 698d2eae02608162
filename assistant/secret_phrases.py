"""Secrets said in words: passwords, PINs, one-time codes, security answers, credentials.

Each rule is a cue ("password", "PIN", "verification code", "mother's maiden name" …), an optional qualifier
("for the airline app"), a connector ("is", ":", "=", "was changed to", "est", "ist" …) and a value. Only the
value is masked, so "my password is hunter2" becomes "my password is [password masked]" and the rest of the
sentence (a seat preference, say) survives.

Talking *about* a secret is not a secret: "I forgot my password last time", "my PIN got blocked", "can you pin
the hotel on the map?", "the code never arrived". Values are therefore checked: a password must not be a
function word or a description ("wrong", "expired", "printed", "too"); without a connector it must look like
a password (digits, symbols or mixed case); a PIN or code must be digits (or spelled-out digits); a bare
"code" counts only next to words about texts, apps or logins, and never after "promo", "booking", "airport" ….
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from assistant.secret_hits import CARD_CODE_MASK, FIXED_MASKS, Hit, SecretKind, strip_value, word_set

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
_QUALIFIER = re.compile(
    r"\s+(?:for|to|on|at|of|with|in|into|from)\s+[^\n.,;:!?=\[]{1,40}?(?=\s+(?:is|was|are|'s)\s|\s*[:=]|['’]s\s)",
    re.I,
)
_FUNCTION_WORDS = word_set(
    """a an the my your his her our their its this that these those it i me we you he she they them there here
    is was are were be been being am not no never n't and or but so if then than as at by for from in into of
    off on onto out over to up with without about again also just only still even very too quite really
    probably definitely maybe always usually sometimes somewhere something anything nothing everything what
    which who whom whose when where why how whatever whichever one same different other another all any some
    both each every either neither such own new old now later soon yet already please ok okay yes"""
)
_DESCRIPTIVE = word_set(
    """wrong incorrect correct right invalid valid expired expiring long short weak strong secure safe unsafe
    simple easy hard difficult complicated complex case-sensitive sensitive required needed necessary optional
    mandatory missing lost forgotten changed reset blocked locked hidden visible written saved stored printed
    shown displayed listed included attached available provided given sent texted emailed coming working
    broken useless annoying weird strange impossible ridiculous terrible fine good bad great unknown private
    secret confidential personal temporary temp default standard generic obvious random complicated
    impossible same identical unchanged blank empty null none nil tbd tba unclear stupid dumb silly funny
    enough protected encrypted hashed masked redacted there asking needing"""
)
_SUFFIXES = ("ing", "ed", "ly", "able", "ible")


_CONTRACTION = re.compile(r"[a-z]+['’](?:t|s|d|ll|re|ve|m)", re.I)


def _is_description(word: str) -> bool:
    w = word.lower().strip("'\"“”‘’")
    if w in _FUNCTION_WORDS or w in _DESCRIPTIVE or _CONTRACTION.fullmatch(w):
        return True
    return w.isalpha() and len(w) > 4 and w.endswith(_SUFFIXES)


def _looks_secret(word: str) -> bool:
    """Digits, symbols or inner capitals: "hunter2", "Tr0ub4dor&3", "pAssWord"; not "reset" or "again"."""
    core = word.strip(".,;:!?\"'")
    return len(core) >= 4 and (
        any(c.isdigit() for c in core) or not core.isalnum() or any(c.isupper() for c in core[1:])
    )


_QUOTES = {'"': '"', "'": "'", "“": "”", "‘": "’", "«": "»", "`": "`"}
_TOKEN = re.compile(r"\S+")


def _word_value(text: str, pos: int, connected: bool) -> tuple[int, int] | None:
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
    if _is_description(word) or (not connected and not _looks_secret(word)) or len(word) < 3:
        return None
    return start, end


_CLAUSE_END = re.compile(r"[.,;!?\n]|\s(?:and|but|so|because|if|though|although|or|which|plus)\s", re.I)


def _clause_value(text: str, pos: int) -> tuple[int, int] | None:
    """A free-text answer: the rest of the clause, at most six words ("O'Brien", "a hamster called Biscuit")."""
    if pos < len(text) and text[pos] in _QUOTES:
        return _word_value(text, pos, True)
    stop = _CLAUSE_END.search(text, pos)
    end = stop.start() if stop else len(text)
    words = list(_TOKEN.finditer(text, pos, end))[:6]
    first = words[0].group(0) if words else ""
    if not words or (_is_description(first) and first.lower() not in ("a", "an", "the")):
        return None
    return strip_value(text, pos, words[-1].end())


_SPELLED = r"(?:zero|oh|nought|one|two|three|four|five|six|seven|eight|nine)"
_DIGITS_VALUE = re.compile(
    rf"(?P<v>\d(?:[ -]?\d){{2,9}}|{_SPELLED}(?:[\s,-]+{_SPELLED}){{3,8}})(?![\d:/%.,]\d|[A-Za-z0-9€$£])",
    re.I,
)
_CODE_VALUE = re.compile(
    r"(?P<v>(?:G-)?\d(?:[ -]?\d){3,9}|[A-Za-z0-9]{4,5}-[A-Za-z0-9]{4,5})(?![\d:/%]\d|[A-Za-z0-9€$£])"
)


def _digits_value(text: str, pos: int, *, least: int, code: bool = False) -> tuple[int, int] | None:
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


def _after_cue(text: str, pos: int) -> tuple[int, bool]:
    """Where the value starts after a cue ending at ``pos``, and whether a connector led to it."""
    sent = _SENT_CLAUSE.match(text, pos)
    if sent:
        pos = sent.end()
    q = _QUALIFIER.match(text, pos)
    if q:
        c = _CONNECTOR.match(text, q.end())
        if c:
            return c.end(), True
    c = _CONNECTOR.match(text, pos)
    if c:
        return c.end(), True
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    return pos, False


_PASSWORD_CUE = re.compile(
    r"\b(?:pass[- ]?words?|passwd|pwd|pw|p/w|pword|passphrase|pass[- ]phrase|mot\s+de\s+passe|mdp|contrase[ñn]a|"
    r"clave|senha|wachtwoord|passwort|kennwort|l[öo]senord|has[łl]o|parola\s+d'ordine|(?<!boarding )(?<!day )"
    r"(?<!bus )(?<!rail )(?<!ski )pass(?=\s*[:=]))\b",
    re.I,
)
_PIN_CUE = re.compile(
    r"\b(?:pin(?:[- ]?(?:code|number|no\.?|nummer))?|code\s+pin|passcode|pass\s+code|geheimzahl|"
    r"(?:door|entry|safe|lock|lockbox|key\s?box|key\s?safe|keypad|alarm|gate|garage|building|access)\s+code)\b",
    re.I,
)
_CODE_CUE = re.compile(
    r"\b(?:(?:verification|verify|validation|one[- ]?time|otp|2fa|2-fa|two[- ]factor|two[- ]step|2[- ]step|mfa|"
    r"multi[- ]factor|authenticat(?:ion|or)|auth|login|log[- ]?in|sign[- ]?in|sms|text|backup|recovery|"
    r"security|magic|6[- ]digit|six[- ]digit)\s+(?:code|pin|number|token)s?|otp|totp|2fa|mfa|tan|"
    r"one[- ]time[- ]pass(?:word|code)|c[óo]digo(?:\s+de\s+verificaci[óo]n)?|code\s+de\s+(?:v[ée]rification|"
    r"confirmation|s[ée]curit[ée])|best[äa]tigungscode|verifizierungscode|sicherheitscode)\b",
    re.I,
)
_CARD_CODE_CUE = re.compile(
    r"\b(?:cvv2?|cvc2?|cid|csc|card\s+verification\s+(?:value|code)|card\s+security\s+code)\b", re.I
)
_CARDISH = re.compile(r"\b(?:card|visa|mastercard|amex|back|cvv|debit|credit)\b", re.I)
_BARE_CODE = re.compile(r"\b(?P<pre>[\w-]+\s+)?codes?\b", re.I)
_NOT_SECRET_CODE = word_set(
    """promo promotional discount voucher coupon gift booking reservation reference airport iata icao airline
    postal post zip country area dial dialling dialing fare error dress qr bar tax station city currency seat
    cabin class meal source status colour color hs customs shortcode short referral invite invitation
    confirmation ticket flight hotel room wifi wi-fi tracking order"""
)
_OTP_CONTEXT = re.compile(
    r"\b(?:text(?:ed)?|sms|sent|received|got|authenticator|app|log(?:ging)?[- ]?in|sign(?:ing)?[- ]?in|verify|"
    r"verification|two[- ]factor|2fa|otp|bank|phone|email(?:ed)?|expires?\s+in|valid\s+for)\b",
    re.I,
)
_SECURITY_CUE = re.compile(
    r"\b(?:(?:mother|mom|mum|mam|mommy|mummy)(?:['’]?s)?\s+maiden\s+name|maiden\s+name|"
    r"answer\s+to\s+(?:my|the)\s+(?:secret\s+|security\s+)?question(?:\s+[^\n.,;:!?]{1,40}?(?=\s+(?:is|was)\s|:))?|"
    r"(?:security|secret)\s+(?:question\s+)?answer|memorable\s+(?:word|information|info|phrase|name|date|place)|"
    r"(?:name\s+of\s+my\s+)?first\s+(?:pet|dog|cat|car|school|teacher)(?:['’]s\s+name)?|"
    r"childhood\s+(?:nickname|best\s+friend|hero|street|pet)|favou?rite\s+(?:teacher|childhood\s+\w+)|"
    r"street\s+I\s+grew\s+up\s+on|nom\s+de\s+jeune\s+fille(?:\s+de\s+ma\s+m[èe]re)?|apellido\s+de\s+soltera)"
    r"(?=\s|:|=|['’]s)",
    re.I,
)
_SECURITY_CONNECTOR = re.compile(
    r"(?:\s*[:=]\s*|\s+[-–—]+\s+|['’]s\s+|\s+(?:is called|was called|was named|is named|would be|is|was|est|es|ist|é)"
    r"\s*:?\s+)",
    re.I,
)
_REVERSED = re.compile(
    r"(?:\b(?:use|using|used|set|chose|picked|typed)\s+)?(?P<v>[^\s\[]+)\s+(?:is|was|as)\s+(?:my|the|our)\s+"
    r"(?:new\s+|old\s+|current\s+|temporary\s+|temp\s+|wifi\s+|wi-fi\s+|bank\s+|card\s+|phone\s+|app\s+)?"
    r"(?P<cue>password|passcode|pin(?:\s+code)?|pw|pwd|passphrase|verification\s+code|one[- ]time\s+code|otp|"
    r"2fa\s+code)\b",
    re.I,
)
_CREDENTIAL_PAIR = re.compile(
    r"\b(?:user(?:\s?name)?|login|log-?in|user\s?id|e-?mail|account|id)\s*(?:is|:|=|-)?\s*"
    r"(?P<u>[^\s,;]+)[\s,;]*(?:(?:and|&|/|with)\s+)?(?:(?:my|the|with|a)\s+)?"
    r"(?:pass(?:word)?|pwd|pw|passwd|p/w|passcode|pin)\s*(?:is|:|=|-)?\s*(?P<p>\S+)",
    re.I,
)
_JOINED_PAIR = re.compile(
    r"(?<![\w/@:.\-])(?!(?:log-?in|logon|username|user|creds?|credentials|account|e-?mail|password|pwd|pw|pass|id)"
    r"\s?[:/])(?P<u>[A-Za-z0-9._%+\-]+(?:@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)+)?)\s?(?::|\s/\s|/)\s?"
    r"(?P<p>[^\s:/]{3,64})"
)
_CREDENTIAL_CUE = re.compile(
    r"\b(?:credentials?|creds|login|log(?:ging)?[- ]?in|logon|log-on|sign(?:ing)?[- ]?in|username|user\s?name|"
    r"user/pass(?:word)?|account|portal|access)\b",
    re.I,
)
_URL_AUTH = re.compile(r"\b[a-z][a-z0-9+.\-]*://(?P<u>[^/\s:@]+):(?P<p>[^/\s@]+)@", re.I)


def password_hits(text: str, view: str) -> Iterator[Hit]:
    mask = FIXED_MASKS["password"]
    for m in _PASSWORD_CUE.finditer(view):
        pos, connected = _after_cue(text, m.end())
        if pos == m.end():  # "password-protected", "passwords," : a compound or a list, not a value
            continue
        is_phrase = "phrase" in m.group(0).lower()
        found = _clause_value(text, pos) if is_phrase and connected else _word_value(text, pos, connected)
        if found:
            yield Hit("password", *found, mask)
    for m in _REVERSED.finditer(view):
        cue = m.group("cue").lower()
        kind: SecretKind = "pin" if cue.startswith("pin") else "password"
        if any(w in cue for w in ("code", "otp", "2fa")):
            kind = "code"
        value = m.group("v")
        ok = (
            re.fullmatch(r"\d{4,10}", value.strip(".,;:!?\"'")) is not None
            if kind != "password"
            else not _is_description(value) and len(value.strip(".,;:!?\"'")) >= 3
        )
        if ok:
            yield Hit(kind, *strip_value(text, m.start("v"), m.end("v")), FIXED_MASKS[kind])


def pin_hits(text: str, view: str) -> Iterator[Hit]:
    for m in _PIN_CUE.finditer(view):
        pos, _connected = _after_cue(text, m.end())
        found = _digits_value(text, pos, least=4)
        if found is None and m.group(0).lower().startswith("pass"):
            # A passcode is nearly always digits; a word after it is a password only if it looks like one.
            word = _word_value(text, pos, False)
            if word:
                yield Hit("password", *word, FIXED_MASKS["password"])
            continue
        if found:
            yield Hit("pin", *found, FIXED_MASKS["pin"])


def code_hits(text: str, view: str) -> Iterator[Hit]:
    for m in _CARD_CODE_CUE.finditer(view):
        pos, _ = _after_cue(text, m.end())
        found = _digits_value(text, pos, least=3)
        if found and found[1] - found[0] <= 4:
            yield Hit("card", *found, CARD_CODE_MASK)
    for m in _CODE_CUE.finditer(view):
        pos, _ = _after_cue(text, m.end())
        found = _digits_value(text, pos, least=4, code=True)
        if not found:
            continue
        # "security code" is a card's CVV next to card words, and a one-time code otherwise.
        near = view[max(0, m.start() - 40) : m.end() + 40]
        if m.group(0).lower().startswith("security") and _CARDISH.search(near) and found[1] - found[0] <= 4:
            yield Hit("card", *found, CARD_CODE_MASK)
        else:
            yield Hit("code", *found, FIXED_MASKS["code"])
    if not _OTP_CONTEXT.search(view):
        return
    for m in _BARE_CODE.finditer(view):
        pre = (m.group("pre") or "").strip().lower()
        if pre in _NOT_SECRET_CODE:
            continue
        pos, _ = _after_cue(text, m.end())
        found = _digits_value(text, pos, least=4, code=True)
        if found:
            yield Hit("code", *found, FIXED_MASKS["code"])


def security_answer_hits(text: str, view: str) -> Iterator[Hit]:
    for m in _SECURITY_CUE.finditer(view):
        c = _SECURITY_CONNECTOR.match(text, m.end())
        if c is None:
            continue
        found = _clause_value(text, c.end())
        if found:
            yield Hit("security_answer", *found, FIXED_MASKS["security_answer"])


def credential_hits(text: str, view: str) -> Iterator[Hit]:
    mask = FIXED_MASKS["credentials"]
    for m in _URL_AUTH.finditer(text):
        yield Hit("credentials", m.start("u"), m.end("p"), mask)
    for m in _CREDENTIAL_PAIR.finditer(view):
        user, secret = m.group("u"), m.group("p")
        if _is_description(user) or _is_description(secret.strip(".,;:!?\"'")):
            continue
        yield Hit("credentials", *strip_value(text, m.start("u"), m.end("p")), mask)
    if ":" not in text and "/" not in text:
        return
    for m in _JOINED_PAIR.finditer(text):
        user, secret = m.group("u"), m.group("p")
        clock = secret[:2].isdigit() and user[-2:].isdigit()  # "10:30", "9/11"
        if user.isdigit() or clock or user.lower() in ("http", "https"):
            continue
        if not _CREDENTIAL_CUE.search(view, max(0, m.start() - 40), m.start()):
            continue
        if _is_description(user) or _is_description(secret):
            continue
        yield Hit("credentials", *strip_value(text, m.start("u"), m.end("p")), mask)
