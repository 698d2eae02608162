"""Secrets said in words, first part: passwords, PINs (and door, safe and key-box codes), one-time codes.

Only the value is masked, so "my password is hunter2" becomes "my password is [password masked]" and the rest
of the sentence (a seat preference, say) survives. How values are read and checked is in
:mod:`language.secrets.values`; a bare "code" counts only next to words about texts, apps or logins, and never
after "promo", "booking", "airport" …; "security code" next to card words is a card's CVV.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from language.secrets.hits import CARD_CODE_MASK, FIXED_MASKS, Hit, SecretKind, strip_value, word_set
from language.secrets.values import after_cue, clause_value, digits_value, is_description, word_value
from language.secrets.vocabulary import name_closes
from language.text import whole_words

_PASSWORD_CUE = whole_words(
    r"pass[- ]?words?|passwd|pwd|pw|p/w|pword|passphrase|pass[- ]phrase|mot\s+de\s+passe|mdp|contrase[ñn]a|"
    r"clave|senha|wachtwoord|passwort|kennwort|l[öo]senord|has[łl]o|parola\s+d'ordine|(?<!boarding )(?<!day )"
    r"(?<!bus )(?<!rail )(?<!ski )pass(?=\s*[:=]|\s+(?:for|to)\s+(?:the\s+|my\s+|our\s+)?[\w\s-]{0,20}?"
    r"(?:wi-?fi|network|router|account|portal|app|login|laptop|computer|email)\b)"
)
_PIN_CUE = whole_words(
    r"pin(?:[- ]?(?:code|number|no\.?|nummer))?|code\s+pin|passcode|pass\s+code|geheimzahl|"
    r"(?:door|entry|safe|lock|lockbox|key\s?box|key\s?safe|keypad|alarm|gate|garage|building|access)\s+code|"
    r"(?:(?:safe|lock|locker|padlock|suitcase)\s+)?combination(?:\s+(?:code|number))?|"
    r"code\s+(?:for|to|of|on)\s+(?:the\s+|my\s+|our\s+)?(?:front\s+|main\s+|back\s+|apartment\s+|building\s+)?"
    r"(?:door|safe|gate|lockbox|key\s?box|key\s?safe|building|apartment|flat|garage|alarm|padlock|lock)"
)
_CODE_CUE = re.compile(
    r"\b(?:(?:verification|verify|validation|one[- ]?time|otp|2fa|2-fa|two[- ]factor|two[- ]step|2[- ]step|mfa|"
    r"multi[- ]factor|authenticat(?:ion|or)|auth|login|log[- ]?in|sign[- ]?in|sms|text|backup|recovery|"
    r"security|magic|6[- ]digit|six[- ]digit)\s+(?:code|pin|number|token)s?|otp|totp|2fa|mfa|tan|"
    r"one[- ]time[- ]pass(?:word|code)|c[óo]digo(?:\s+de\s+verificaci[óo]n)?|code\s+de\s+(?:v[ée]rification|"
    r"confirmation|s[ée]curit[ée])|best[äa]tigungscode|verifizierungscode|sicherheitscode)\b",
    re.I,
)
_CARD_CODE_CUE = whole_words(
    r"(?:cvv2?|cvc2?|cid|csc)(?:\s+(?:code|number|no))?|card\s+verification\s+(?:value|code)|"
    r"card\s+security\s+code|"
    # Where the code is printed, said instead of its name: "the 3 digits on the back", "back of card says".
    r"(?:\w+\s+)?digits\s+on\s+the\s+back(?:\s+of\s+(?:the|my)\s+card)?|"
    r"back\s+of\s+(?:the\s+|my\s+)?card(?:\s+(?:says|reads|shows))?"
)
_CARDISH = whole_words(r"card|visa|mastercard|amex|back|cvv|debit|credit")
_BARE_CODE = re.compile(r"\b(?P<pre>[\w-]{1,30}\s+)?codes?\b", re.I)
NOT_SECRET_CODE = word_set(
    """promo promotional discount voucher coupon gift booking reservation reference airport iata icao airline
    postal post zip country area dial dialling dialing fare error dress qr bar tax station city currency seat
    cabin class meal source status colour color hs customs shortcode short referral invite invitation
    confirmation ticket flight hotel room wifi wi-fi tracking order"""
)
# "They texted me 902114": the code without the word "code".
_TEXTED_ME = re.compile(
    r"\b(?:texted|sms(?:'d|ed)?|messaged|whatsapped)\s+(?:me|us)\s+(?:(?:a|the)\s+)?", re.I
)
_OTP_CONTEXT = whole_words(
    r"text(?:ed)?|sms|sent|received|got|authenticator|app|log(?:ging)?[- ]?in|sign(?:ing)?[- ]?in|verify|"
    r"verification|two[- ]factor|2fa|otp|bank|phone|email(?:ed)?|expires?\s+in|valid\s+for"
)
# A six-digit number a moment after how one-time codes arrive ("got the sms: 964054", "authenticator says
# 093931"): six digits is what those codes are, and little else in a trip is.
_DELIVERED_CODE = re.compile(
    r"\b(?:sms|text(?:\s+message)?|texted|authenticator(?:\s+app)?|2fa(?:\s+app)?|otp)\b[^\d\n.;!?]{0,24}?"
    r"(?<![\d:/.-])(?P<v>\d{6})(?![\d:/.,]\d|\d|[A-Za-z€$£%])",
    re.I,
)
# The value first: "4739 is my PIN", "I use Blue!Monday77 as my password", "it's 2846, my pin", "I got 283746 as
# the code".
_REVERSED = re.compile(
    r"(?:\b(?:use|using|used|set|chose|picked|typed)\s+)?(?<![^\s(])(?P<v>[^\s\[,]{1,64})(?:\s+(?:is|was|as)|,)\s+(?:my|the|our)\s+"
    r"(?:new\s+|old\s+|current\s+|temporary\s+|temp\s+|wifi\s+|wi-fi\s+|bank\s+|card\s+|phone\s+|app\s+)?"
    r"(?P<cue>password|passcode|pin(?:\s+code)?|pw|pwd|passphrase|verification\s+code|one[- ]time\s+code|otp|"
    r"2fa\s+code|code)\b",
    re.I,
)


def password_hits(text: str, view: str) -> Iterator[Hit]:
    mask = FIXED_MASKS["password"]
    for m in _PASSWORD_CUE.finditer(view):
        pos, connected = after_cue(text, m.end())
        if pos == m.end():  # "password-protected", "passwords," : a compound or a list, not a value
            continue
        is_phrase = "phrase" in m.group(0).lower()
        found = clause_value(text, pos) if is_phrase and connected else word_value(text, pos, connected)
        if found:
            yield Hit("password", *found, mask)
    for m in _REVERSED.finditer(view):
        if not name_closes(view, m.end()):  # "1Password is my password manager"
            continue
        cue = m.group("cue").lower()
        kind: SecretKind = "pin" if cue.startswith("pin") else "password"
        if any(w in cue for w in ("code", "otp", "2fa")):
            kind = "code"
        if cue == "code" and not _OTP_CONTEXT.search(view):  # a bare "the code" needs talk of texts or apps
            continue
        value = m.group("v")
        ok = (
            re.fullmatch(r"\d{4,10}", value.strip(".,;:!?\"'")) is not None
            if kind != "password"
            else not is_description(value) and len(value.strip(".,;:!?\"'")) >= 3
        )
        if ok:
            yield Hit(kind, *strip_value(text, m.start("v"), m.end("v")), FIXED_MASKS[kind])


def pin_hits(text: str, view: str) -> Iterator[Hit]:
    for m in _PIN_CUE.finditer(view):
        pos, _connected = after_cue(text, m.end())
        found = digits_value(text, pos, least=4)
        if found is None and m.group(0).lower().startswith("pass"):
            # A passcode is nearly always digits; a word after it is a password only if it looks like one.
            word = word_value(text, pos, False)
            if word:
                yield Hit("password", *word, FIXED_MASKS["password"])
            continue
        if found:
            yield Hit("pin", *found, FIXED_MASKS["pin"])


def code_hits(text: str, view: str) -> Iterator[Hit]:
    for m in _DELIVERED_CODE.finditer(view):
        yield Hit("code", m.start("v"), m.end("v"), FIXED_MASKS["code"])
    for m in _TEXTED_ME.finditer(view):
        found = digits_value(text, m.end(), least=4, code=True)
        if found:
            yield Hit("code", *found, FIXED_MASKS["code"])
    for m in _CARD_CODE_CUE.finditer(view):
        pos, _ = after_cue(text, m.end())
        found = digits_value(text, pos, least=3)
        if found and found[1] - found[0] <= 4:
            yield Hit("card", *found, CARD_CODE_MASK)
    for m in _CODE_CUE.finditer(view):
        pos, _ = after_cue(text, m.end())
        found = digits_value(text, pos, least=4, code=True)
        if not found and m.group(0).lower().startswith("security"):
            # Three digits after "security code": no one-time code is that short, a card's CVC is.
            short = digits_value(text, pos, least=3)
            if short and short[1] - short[0] == 3:
                yield Hit("card", *short, CARD_CODE_MASK)
            continue
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
        if pre in NOT_SECRET_CODE:
            continue
        pos, _ = after_cue(text, m.end())
        found = digits_value(text, pos, least=4, code=True)
        if found:
            yield Hit("code", *found, FIXED_MASKS["code"])
