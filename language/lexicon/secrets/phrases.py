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
    means=(
        'A password\'s name as people type it: "password", "pw", "passphrase", "mot de passe", '
        '"contraseña", "senha", "Passwort", "hasło" …, and "pass" only before ":" or what it opens ("pass for the '
        'wifi").'
    ),
    why=(
        'The value after it is masked: a quoted string or one token that is no description ("my password is wrong" '
        "masks nothing). A boarding, day, bus, rail or ski pass is no password."
    ),
    examples=("my password is hunter2", "pass for the wifi: Lua!2024", "mot de passe : Tour2024"),
    non_examples=("my boarding pass: 12B", "a day pass for the metro"),
)

_PIN_CUE = whole_words(
    "secrets.phrases.pin_cue",
    r"pin(?:[- ]?(?:code|number|no\.?|nummer))?|code\s+pin|passcode|pass\s+code|geheimzahl|"
    r"(?:door|entry|safe|lock|lockbox|key\s?box|key\s?safe|keypad|alarm|gate|garage|building|access)\s+code|"
    r"(?:(?:safe|lock|locker|padlock|suitcase)\s+)?combination(?:\s+(?:code|number))?|"
    r"code\s+(?:for|to|of|on)\s+(?:the\s+|my\s+|our\s+)?(?:front\s+|main\s+|back\s+|apartment\s+|building\s+)?"
    r"(?:door|safe|gate|lockbox|key\s?box|key\s?safe|building|apartment|flat|garage|alarm|padlock|lock)",
    means=(
        'A PIN\'s name, or a door, safe or lock code\'s: "PIN", "PIN code", "passcode", "Geheimzahl", "door code", '
        '"combination", "code for the front door" …'
    ),
    why=(
        'Four digits or more after it are masked as a PIN; after "passcode" a word that looks like a '
        "password is masked as one."
    ),
    examples=("meu PIN 4821", "the code for the front door is 4821", "safe combination 1210"),
    non_examples=("the post code is 1000-001", "spinning class"),
)

_CODE_CUE = rule(
    "secrets.phrases.code_cue",
    r"\b(?:(?:verification|verify|validation|one[- ]?time|otp|2fa|2-fa|two[- ]factor|two[- ]step|2[- ]step|mfa|"
    r"multi[- ]factor|authenticat(?:ion|or)|auth|login|log[- ]?in|sign[- ]?in|sms|text|backup|recovery|"
    r"security|magic|6[- ]digit|six[- ]digit)\s+(?:code|pin|number|token)s?|otp|totp|2fa|mfa|tan|"
    r"one[- ]time[- ]pass(?:word|code)|c[óo]digo(?:\s+de\s+verificaci[óo]n)?|code\s+de\s+(?:v[ée]rification|"
    r"confirmation|s[ée]curit[ée])|best[äa]tigungscode|verifizierungscode|sicherheitscode)\b",
    flags=re.I,
    means=(
        'A one-time code\'s name: "verification code", "one-time code", "OTP", "2FA", "login code", "SMS code", '
        '"security code", "TAN", "código de verificación", "Bestätigungscode" …'
    ),
    why=(
        'Four digits or more after it are masked as a code; "security code" beside card words, or '
        "followed by three digits, is a card's security code instead."
    ),
    examples=("security code 4821", "OTP: 998123", "Bestätigungscode 551203"),
    non_examples=("promo code SUMMER10", "the code is on the door"),
)

_CARD_CODE_CUE = whole_words(
    "secrets.phrases.card_code_cue",
    r"(?:cvv2?|cvc2?|cid|csc)(?:\s+(?:code|number|no))?|card\s+verification\s+(?:value|code)|"
    r"card\s+security\s+code|"
    # Where the code is printed, said instead of its name: "the 3 digits on the back", "back of card says".
    r"(?:\w+\s+)?digits\s+on\s+the\s+back(?:\s+of\s+(?:the|my)\s+card)?|"
    r"back\s+of\s+(?:the\s+|my\s+)?card(?:\s+(?:says|reads|shows))?",
    means=(
        'A card security code\'s name, or where it is printed said instead: "CVV", "CVC", "CSC", "card verification '
        'value", "the 3 digits on the back", "back of card says".'
    ),
    why="Three or four digits after it are masked as card data.",
    examples=("the 3 digits on the back", "back of card says", "CVV2: 933"),
    non_examples=("the back of the bus", "the digits on the screen"),
)

_CARDISH = whole_words(
    "secrets.phrases.cardish",
    r"card|visa|mastercard|amex|back|cvv|debit|credit",
    means="A payment card word: card, visa, mastercard, amex, back, cvv, debit, credit.",
    why=(
        'Within 40 characters of "security code" it makes the code a card\'s ("security code on the back of my visa: '
        '933"), not a one-time code.'
    ),
    examples=("security code on the back of my visa", "cvv is"),
    non_examples=("security code from the bank app", "cardigan"),
)

_BARE_CODE = rule(
    "secrets.phrases.bare_code",
    r"\b(?P<pre>[\w-]{1,30}\s+)?codes?\b",
    flags=re.I,
    means='"Code" or "codes" as a word, with the word before it kept (group pre): "the code", "login codes".',
    why=(
        "Read only in a message that talks of texts, apps or logins (otp_context), and never after a word "
        'of not_secret_code ("promo code", "booking code").'
    ),
    examples=("the code is 551203", "login codes"),
    non_examples=("barcode", "postcode"),
)

NOT_SECRET_CODE = words(
    "secrets.phrases.not_secret_code",
    word_set(
        """promo promotional discount voucher coupon gift booking reservation reference airport iata icao airline
    postal post zip country area dial dialling dialing fare error dress qr bar tax station city currency seat
    cabin class meal source status colour color hs customs shortcode short referral invite invitation
    confirmation ticket flight hotel room wifi wi-fi tracking order"""
    ),
    means=(
        "Words that make a code no secret: promo, discount, voucher, booking, airport, IATA, postal, zip, "
        "dial, fare, dress, QR, tax, seat, cabin, confirmation, ticket, flight, hotel, room, wi-fi, "
        "tracking …"
    ),
    why=(
        "A code said after one of these is that thing's, never a login's or a door's: \"promo code SUMMER10\", "
        '"airport code LIS", "dress code".'
    ),
    examples=("promo code SUMMER10", "airport code LIS", "the booking code"),
    non_examples=("verification code", "door code"),
)

_TEXTED_ME = rule(
    "secrets.phrases.texted_me",
    r"\b(?:texted|sms(?:'d|ed)?|messaged|whatsapped)\s+(?:me|us)\s+(?:(?:a|the)\s+)?",
    flags=re.I,
    means='"They texted me 902114": a one-time code said without the word "code".',
    why="Four digits or more right after it are masked as a code.",
    examples=("They texted me 902114", "they whatsapped us the 551203"),
    non_examples=("I texted the hotel", "they sent me 902114"),
)

_OTP_CONTEXT = whole_words(
    "secrets.phrases.otp_context",
    r"text(?:ed)?|sms|sent|received|got|authenticator|app|log(?:ging)?[- ]?in|sign(?:ing)?[- ]?in|verify|"
    r"verification|two[- ]factor|2fa|otp|bank|phone|email(?:ed)?|expires?\s+in|valid\s+for",
    means=(
        "Words about how one-time codes come and what they are for: text, SMS, sent, got, authenticator, "
        'app, log in, sign in, verify, 2FA, OTP, bank, phone, email, "expires in", "valid for".'
    ),
    why=(
        'Only in a message with one of these is a bare "code", or "the code" after its value, a one-time '
        "code."
    ),
    examples=("OTP: 9981", "the code expires in 10 minutes"),
    non_examples=("the door code is 4821", "promo code SUMMER10"),
)

_DELIVERED_CODE = rule(
    "secrets.phrases.delivered_code",
    r"\b(?:sms|text(?:\s+message)?|texted|authenticator(?:\s+app)?|2fa(?:\s+app)?|otp)\b[^\d\n.;!?]{0,24}?"
    r"(?<![\d:/.-])(?P<v>\d{6})(?![\d:/.,]\d|\d|[A-Za-z€$£%])",
    flags=re.I,
    means=(
        'A six-digit number a moment after how one-time codes arrive ("got the sms: 964054", '
        '"authenticator says 093931").'
    ),
    why=(
        'Masked with no word "code": six digits is what those codes are, and little else in a trip is. A '
        "time, a price or a longer number (a phone's) is none."
    ),
    examples=("got the sms: 964054", "authenticator says 093931"),
    non_examples=("got the sms at 10:30", "text me at 912345678"),
)

_REVERSED = rule(
    "secrets.phrases.reversed",
    r"(?:\b(?:use|using|used|set|chose|picked|typed)\s+)?(?<![^\s(])(?P<v>[^\s\[,]{1,64})(?:\s+(?:is|was|as)|,)\s+(?:my|the|our)\s+"
    r"(?:new\s+|old\s+|current\s+|temporary\s+|temp\s+|wifi\s+|wi-fi\s+|bank\s+|card\s+|phone\s+|app\s+)?"
    r"(?P<cue>password|passcode|pin(?:\s+code)?|pw|pwd|passphrase|verification\s+code|one[- ]time\s+code|otp|"
    r"2fa\s+code|code)\b",
    flags=re.I,
    means=(
        'The value first: "4739 is my PIN", "I use Blue!Monday77 as my password", "it\'s 2846, my pin", "I got 283746 '
        'as the code".'
    ),
    why=(
        'Only when the name closes its phrase ("1Password is my password manager" holds no password); a '
        'PIN or a code must be four to ten digits, and a bare "code" needs talk of texts or apps.'
    ),
    examples=("4739 is my PIN", "I use Blue!Monday77 as my password"),
    non_examples=("my password is hunter2", "the password is on the fridge"),
)
