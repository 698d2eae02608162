"""The records of :mod:`language.secrets.phrases`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import rule, whole_words, words
from language.secrets.hits import word_set

_PASSWORD_CUE = whole_words(
    "secrets.phrases.password_cue",
    r"pass[- ]?words?|passwd|pwd|pw|p/w|pword|passphrase|pass[- ]phrase|mot\s+de\s+passe|mdp|contrase[ñn]a|"
    r"clave|senha|wachtwoord|passwort|kennwort|l[öo]senord|has[łl]o|parola\s+d'ordine|(?<!boarding )(?<!day )"
    r"(?<!bus )(?<!rail )(?<!ski )pass(?=\s*[:=]|\s+(?:for|to)\s+(?:the\s+|my\s+|our\s+)?[\w\s-]{0,20}?"
    r"(?:wi-?fi|network|router|account|portal|app|login|laptop|computer|email)\b)",
    means="",
    why="",
    examples=("my password is hunter2", "my password is [password masked]"),
    non_examples=("code", "promo"),
)

_PIN_CUE = whole_words(
    "secrets.phrases.pin_cue",
    r"pin(?:[- ]?(?:code|number|no\.?|nummer))?|code\s+pin|passcode|pass\s+code|geheimzahl|"
    r"(?:door|entry|safe|lock|lockbox|key\s?box|key\s?safe|keypad|alarm|gate|garage|building|access)\s+code|"
    r"(?:(?:safe|lock|locker|padlock|suitcase)\s+)?combination(?:\s+(?:code|number))?|"
    r"code\s+(?:for|to|of|on)\s+(?:the\s+|my\s+|our\s+)?(?:front\s+|main\s+|back\s+|apartment\s+|building\s+)?"
    r"(?:door|safe|gate|lockbox|key\s?box|key\s?safe|building|apartment|flat|garage|alarm|padlock|lock)",
    means="",
    why="",
    examples="meu PIN",
    non_examples=("my password is hunter2", "my password is [password masked]"),
)

_CODE_CUE = rule(
    "secrets.phrases.code_cue",
    r"\b(?:(?:verification|verify|validation|one[- ]?time|otp|2fa|2-fa|two[- ]factor|two[- ]step|2[- ]step|mfa|"
    r"multi[- ]factor|authenticat(?:ion|or)|auth|login|log[- ]?in|sign[- ]?in|sms|text|backup|recovery|"
    r"security|magic|6[- ]digit|six[- ]digit)\s+(?:code|pin|number|token)s?|otp|totp|2fa|mfa|tan|"
    r"one[- ]time[- ]pass(?:word|code)|c[óo]digo(?:\s+de\s+verificaci[óo]n)?|code\s+de\s+(?:v[ée]rification|"
    r"confirmation|s[ée]curit[ée])|best[äa]tigungscode|verifizierungscode|sicherheitscode)\b",
    flags=re.I,
    means="",
    why="",
    examples="security code",
    non_examples=("my password is hunter2", "my password is [password masked]"),
)

_CARD_CODE_CUE = whole_words(
    "secrets.phrases.card_code_cue",
    r"(?:cvv2?|cvc2?|cid|csc)(?:\s+(?:code|number|no))?|card\s+verification\s+(?:value|code)|"
    r"card\s+security\s+code|"
    # Where the code is printed, said instead of its name: "the 3 digits on the back", "back of card says".
    r"(?:\w+\s+)?digits\s+on\s+the\s+back(?:\s+of\s+(?:the|my)\s+card)?|"
    r"back\s+of\s+(?:the\s+|my\s+)?card(?:\s+(?:says|reads|shows))?",
    means="",
    why="",
    examples=("the 3 digits on the back", "back of card says"),
    non_examples=("my password is hunter2", "my password is [password masked]"),
)

_CARDISH = whole_words(
    "secrets.phrases.cardish",
    r"card|visa|mastercard|amex|back|cvv|debit|credit",
    means="",
    why="",
    examples="cvv is",
    non_examples=("my password is hunter2", "my password is [password masked]"),
)

_BARE_CODE = rule(
    "secrets.phrases.bare_code",
    r"\b(?P<pre>[\w-]{1,30}\s+)?codes?\b",
    flags=re.I,
    means="",
    why="",
    examples=("code", "security code"),
    non_examples=("my password is hunter2", "my password is [password masked]"),
)

NOT_SECRET_CODE = words(
    "secrets.phrases.not_secret_code",
    word_set(
        """promo promotional discount voucher coupon gift booking reservation reference airport iata icao airline
    postal post zip country area dial dialling dialing fare error dress qr bar tax station city currency seat
    cabin class meal source status colour color hs customs shortcode short referral invite invitation
    confirmation ticket flight hotel room wifi wi-fi tracking order"""
    ),
    means="",
    why="",
    examples=("promo", "booking"),
    non_examples=("my password is hunter2", "my password is [password masked]"),
)

_TEXTED_ME = rule(
    "secrets.phrases.texted_me",
    r"\b(?:texted|sms(?:'d|ed)?|messaged|whatsapped)\s+(?:me|us)\s+(?:(?:a|the)\s+)?",
    flags=re.I,
    means='"They texted me 902114": the code without the word "code".',
    why="",
    examples="They texted me 902114",
    non_examples=("code", "my password is hunter2"),
)

_OTP_CONTEXT = whole_words(
    "secrets.phrases.otp_context",
    r"text(?:ed)?|sms|sent|received|got|authenticator|app|log(?:ging)?[- ]?in|sign(?:ing)?[- ]?in|verify|"
    r"verification|two[- ]factor|2fa|otp|bank|phone|email(?:ed)?|expires?\s+in|valid\s+for",
    means="",
    why="",
    examples="OTP: 9981",
    non_examples=("my password is hunter2", "my password is [password masked]"),
)

_DELIVERED_CODE = rule(
    "secrets.phrases.delivered_code",
    r"\b(?:sms|text(?:\s+message)?|texted|authenticator(?:\s+app)?|2fa(?:\s+app)?|otp)\b[^\d\n.;!?]{0,24}?"
    r"(?<![\d:/.-])(?P<v>\d{6})(?![\d:/.,]\d|\d|[A-Za-z€$£%])",
    flags=re.I,
    means=(
        'A six-digit number a moment after how one-time codes arrive ("got the sms: 964054", "authenticator says '
        '093931"): six digits is what those codes are, and little else in a trip is.'
    ),
    why="",
    examples=("got the sms: 964054", "authenticator says 093931"),
    non_examples=("my password is hunter2", "my password is [password masked]"),
)

_REVERSED = rule(
    "secrets.phrases.reversed",
    r"(?:\b(?:use|using|used|set|chose|picked|typed)\s+)?(?<![^\s(])(?P<v>[^\s\[,]{1,64})(?:\s+(?:is|was|as)|,)\s+(?:my|the|our)\s+"
    r"(?:new\s+|old\s+|current\s+|temporary\s+|temp\s+|wifi\s+|wi-fi\s+|bank\s+|card\s+|phone\s+|app\s+)?"
    r"(?P<cue>password|passcode|pin(?:\s+code)?|pw|pwd|passphrase|verification\s+code|one[- ]time\s+code|otp|"
    r"2fa\s+code|code)\b",
    flags=re.I,
    means=(
        'The value first: "4739 is my PIN", "I use Blue!Monday77 as my password", "it\'s 2846, my pin", "I got '
        '283746 as the code".'
    ),
    why="",
    examples=("4739 is my PIN", "I use Blue!Monday77 as my password"),
    non_examples=("my password is hunter2", "my password is [password masked]"),
)
