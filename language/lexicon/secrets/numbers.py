"""The records of :mod:`language.secrets.numbers`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import fragment, rule, whole_words

_DIGIT = rule(
    "secrets.numbers.digit", r"\d", means="", why="", examples="5453", non_examples=("IBAN", "account number")
)

_IBAN_START = rule(
    "secrets.numbers.iban_start",
    r"(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?=[ -]?[A-Za-z0-9])",
    means="",
    why="",
    examples="TP1234",
    non_examples=("IBAN", "account number"),
)

_IBAN_CUE = rule(
    "secrets.numbers.iban_cue",
    r"\bIBAN\b",
    flags=re.I,
    means="",
    why="",
    examples="IBAN",
    non_examples=("account number", "passport no."),
)

_ALNUM_RUN = rule(
    "secrets.numbers.alnum_run",
    r"[A-Za-z0-9]{1,34}(?:[ -][A-Za-z0-9]{1,34}){0,16}",
    means="",
    why="",
    examples=("IBAN", "account number"),
    non_examples="ｑｗｅｒｔｙ２０２４",
)

_ALNUM = rule(
    "secrets.numbers.alnum",
    r"[A-Za-z0-9]+",
    means="",
    why="",
    examples=("IBAN", "account number"),
    non_examples="ｑｗｅｒｔｙ２０２４",
)

_PRINTED_IBAN = rule(
    "secrets.numbers.printed_iban",
    r"[A-Z]{2}\d{2}(?: [A-Z0-9]{4})+(?: [A-Z0-9]{1,3})?",
    means="",
    why="",
    examples="ES15 5459 3502",
    non_examples=("IBAN", "account number"),
)

_NO_DIGIT_GROUP = rule(
    "secrets.numbers.no_digit_group",
    r"(?:^|[ -])[^\d\s-]+$",
    means="",
    why="",
    examples=("IBAN", "account number"),
    non_examples="IBAN PT5048177368",
)

_CONNECT = fragment(
    "secrets.numbers.connect",
    r"(?:\s*(?:number|no\.?|num|nr\.?|n[°º]|#))?(?:\s*(?:is|was|:|=|-|'s|’s)(?:\s*:)?)?\s*",
    means="",
    why="",
    examples=(" number", " no."),
    non_examples="always",
)

_SORT_CODE = rule(
    "secrets.numbers.sort_code",
    r"\b(?:sort[ -]?code|s/c|bsb|routing|aba|rtn|transit|ag[êe]ncia|agencia)"
    + _CONNECT
    + r"(?P<v>\d{2,3}[- ]?\d{2,3}(?:[- ]?\d{1,5})?)\b",
    flags=re.I,
    means="",
    why="",
    examples="BSB 062-000 acct 10293847",
    non_examples=("IBAN", "account number"),
)

_ACCOUNT = rule(
    "secrets.numbers.account",
    r"\b(?P<cue>(?:(?:bank|checking|cheque|current|savings|business)\s+)?(?:account|acct|acc|a/c))"
    + _CONNECT
    + r"(?P<v>\d(?:[ -]?\d){5,16})(?![\d])",
    flags=re.I,
    means="",
    why="",
    examples="acct 76143938 sc 05-90-67",
    non_examples=("IBAN", "account number"),
)

_BANK_WORD = whole_words(
    "secrets.numbers.bank_word",
    r"bank|banking|sort[ -]?code|routing|bsb|iban|swift|bic|checking|cheque|current\s+account|savings|"
    r"transfer|wire|deposit|refund|direct\s+debit|standing\s+order|payee|acct|a/c|ifsc|branch",
    means="",
    why="",
    examples="IBAN",
    non_examples=("account number", "passport no."),
)

_LOYALTY_WORD = whole_words(
    "secrets.numbers.loyalty_word",
    r"loyalty|member|membership|frequent|flyer|flier|miles|avios|bonvoy|honors|points|rewards?|club|"
    r"customer|booking|reservation|airline|hotel|programme|program|executive|tap|flying\s+blue",
    means="",
    why="",
    examples="TAP Miles&Go",
    non_examples=("IBAN", "account number"),
)

_BANK_CODE = rule(
    "secrets.numbers.bank_code",
    r"\b(?:sort(?:[ -]?code)?|s/c|bsb|routing|aba|transit|institution)(?:\s*(?:number|no\.?|#))?"
    r"(?:\s*(?:is|:|=))?\s*\d{2,3}(?:[- ]?\d{2,3}){1,2}\b|\b(?:transit|institution)\s+\d{3,5}\b",
    flags=re.I,
    means=(
        "A bank's code said with its number: a UK sort code, a US routing (ABA) number, an Australian BSB, a "
        "Canadian transit or institution number."
    ),
    why=(
        "Beside an account number it settles that the account is a bank's, whatever loyalty programme the sentence "
        "also mentions."
    ),
    examples="BSB 062-000 acct 10293847",
    non_examples=("IBAN", "account number"),
)

_SORT = fragment(
    "secrets.numbers.sort",
    r"\d{2}[- ]\d{2}[- ]\d{2}",
    means="",
    why="",
    examples="57-81-84",
    non_examples="always",
)

_BETWEEN_BANK = fragment(
    "secrets.numbers.between_bank",
    r"\s*(?:[/,;|]|\s(?:and|acc(?:oun)?t|a/c|s/?c|sort(?:\s*code)?)(?:\s*(?:no\.?|:))?)?\s*",
    means="",
    why="",
    examples=" ",
    non_examples="always",
)

_SORT_AND_ACCOUNT = rule(
    "secrets.numbers.sort_and_account",
    rf"(?<![\d-]){_SORT}{_BETWEEN_BANK}\d{{8}}(?![\d-])|(?<![\d-])\d{{8}}{_BETWEEN_BANK}{_SORT}(?![\d-])",
    flags=re.I,
    means="",
    why="",
    examples="acct 76143938 sc 05-90-67",
    non_examples=("IBAN", "account number"),
)

_ID_GROUPS = rule(
    "secrets.numbers.id_groups",
    r"[A-Za-z0-9]+(?:[ .\-/][A-Za-z0-9]+){0,5}",
    means="",
    why="",
    examples=("IBAN", "account number"),
    non_examples="ｑｗｅｒｔｙ２０２４",
)

_PASSPORT = rule(
    "secrets.numbers.passport",
    r"\b(?:passports?|reisepass(?:nummer)?|passeport|pasaporte|passaporto|paspoort|passaporte)"
    r"(?:\s+(?:number|no\.?|num|nr\.?|n[°º]|#|id|details|n[úu]mero|num[ée]ro|nummer))?"
    r"(?:\s+(?:for|on|in)\s+[^\n.,;:!?\d]{1,25}?(?=\s*:|\s+is\s))?"
    r"(?:\s+(?:is|was|reads|es|est|ist|é)(?:\s*:)?|\s*[:=#-]|'s|’s|\?\s*(?:it's|it is))?\s*",
    flags=re.I,
    means="",
    why="",
    examples="passport no.",
    non_examples=("-]|'s|’s|\\?\\s*(?:it's|it is))?\\s*", "IBAN"),
)

_NATIONAL_ID = rule(
    "secrets.numbers.national_id",
    r"\b(?:national\s+insurance(?:\s+(?:number|no\.?))?|ni\s+(?:number|no\.?)|nino|social\s+security"
    r"(?:\s+(?:number|no\.?))?|ssn|social\s+insurance\s+number|sin|(?:national|personal|government|citizen)\s+id"
    r"(?:entity)?(?:\s+(?:card|number|no\.?))?|id(?:entity)?\s+card(?:\s+(?:number|no\.?))?|identity\s+number|"
    r"(?:my|your)\s+id(?:\s+(?:number|no\.?|#))?|(?P<bare>id)\s+(?:number|no\.?|#)|"
    r"dni|nie|nif|cpf|codice\s+fiscale|bsn|burgerservicenummer|"
    r"pesel|personnummer|aadhaa?r(?:\s+(?:number|no\.?))?|tax\s+file\s+number|tfn|pps(?:n|\s+number)?|"
    r"steuer-?id|steueridentifikationsnummer|personalausweis(?:nummer)?|carte\s+d'identit[ée]|"
    r"num[ée]ro\s+de\s+s[ée]curit[ée]\s+sociale|cart[ãa]o\s+de\s+cidad[ãa]o|nric|mykad|emirates\s+id|"
    r"driv(?:er'?s|ing)\s+licen[cs]e(?:\s+(?:number|no\.?))?)"
    r"(?:\s+(?:is|was|reads)(?:\s*:)?|\s*[:=#-]|'s|’s|\?\s*(?:it's|it is))?\s*",
    flags=re.I,
    means="",
    why="",
    examples=("DNI", "national insurance number"),
    non_examples=("-]|'s|’s|\\?\\s*(?:it's|it is))?\\s*", "IBAN"),
)

_REFERENCE_WORD = rule(
    "secrets.numbers.reference_word",
    r"\b(?:booking|order|transaction|reservation|member|trip|user|session|ticket|passenger|customer|flight|"
    r"tracking|reference|confirmation|loyalty|account|device|employee|staff|student|event|conference|group|"
    r"apple|google|wi-?fi|player|registration|application)\W*$",
    flags=re.I,
    means="",
    why="",
    examples="Bonvoy member",
    non_examples=("IBAN", "account number"),
)

_REFERENCE_BEFORE = rule(
    "secrets.numbers.reference_before",
    r"\b(?:booking|ref|reference|order|ticket|tracking|confirmation|pnr|reservation|invoice|flight)\b[^.\n]{0,12}$",
    flags=re.I,
    means="",
    why="",
    examples="morning flight",
    non_examples=("IBAN", "account number"),
)

_MRZ = rule(
    "secrets.numbers.mrz",
    r"P[A-Z<][A-Z]{3}[A-Z<]{20,90}(?:\s*\n?\s*[A-Z0-9<]{9}\d[A-Z]{3}\d{6}[0-9<]\w?[A-Z0-9<]{0,30})?",
    means=(
        'The machine-readable lines of a passport\'s photo page: "P<GBRSMITH<<JOHN<<<…" and the number line after '
        "it."
    ),
    why="",
    examples="P<GBRSMITH<<JOHN<<<<<<<<<<<<<<<<<<<<<<<<<<<",
    non_examples=("P<GBRSMITH<<JOHN<<<", "IBAN"),
)
