"""The records of :mod:`language.secrets.numbers`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import fragment, rule, whole_words

_DIGIT = rule(
    "secrets.numbers.digit",
    r"\d",
    means="A digit.",
    why="A message with none holds no bank account or identity number, so those scanners stop at once.",
    examples=("acct 76143938",),
    non_examples=("my IBAN is on the invoice", "passport details to follow"),
)

_IBAN_START = rule(
    "secrets.numbers.iban_start",
    r"(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?=[ -]?[A-Za-z0-9])",
    means=(
        "Where an IBAN may start: two letters and two digits at the start of a word, with more letters or "
        'digits after ("PT50 0002 …", "DE89-3704-…").'
    ),
    why=(
        "The IBAN scanner reads the groups from there and tries each prefix of IBAN length against "
        "python-stdnum's checksum, the country's structure and the printed shape."
    ),
    examples=("PT50 0002 0123 1234 5678 9015 4", "DE89-3704-0044-0532-0130-00"),
    non_examples=("flight TP12", "A320 to Lisbon"),
)

_IBAN_CUE = rule(
    "secrets.numbers.iban_cue",
    r"\bIBAN\b",
    flags=re.I,
    means='"IBAN" as a word.',
    why=(
        "In the 24 characters before an IBAN-shaped value that fails every check, it still makes it an "
        "IBAN: a mistyped IBAN names somebody's account."
    ),
    examples=("IBAN NL91 ABNA 0417 1643 00",),
    non_examples=("account number", "SWIFT/BIC"),
)

_ALNUM_RUN = rule(
    "secrets.numbers.alnum_run",
    r"[A-Za-z0-9]{1,34}(?:[ -][A-Za-z0-9]{1,34}){0,16}",
    means=(
        "Groups of letters and digits joined by single spaces or dashes, as an IBAN is printed or typed "
        '("PT50 0002 …", "DE89-3704-…").'
    ),
    why="The stretch an IBAN is looked for in, from where it may start.",
    examples=("PT50 0002", "DE89-3704-0044"),
    non_examples=("…", "—"),
)

_ALNUM = rule(
    "secrets.numbers.alnum",
    r"[A-Za-z0-9]+",
    means='One group of letters and digits ("PT50", "0002").',
    why="A candidate IBAN is built group by group, so each prefix of IBAN length ends at a group's end.",
    examples=("PT50", "0002"),
    non_examples=("…", " - "),
)

_PRINTED_IBAN = rule(
    "secrets.numbers.printed_iban",
    r"[A-Z]{2}\d{2}(?: [A-Z0-9]{4})+(?: [A-Z0-9]{1,3})?",
    means=(
        'An IBAN as it is printed: country, check digits, groups of four and a shorter last one ("IT24 4787 3185 5031 '
        '0373 8783 390").'
    ),
    why="Printed so and as long as its country's IBANs, a mistyped IBAN still names an account.",
    examples=("IT24 4787 3185 5031 0373 8783 390", "ES15 5459 3502"),
    non_examples=("IT2447873185503103738783390", "it24 4787 3185"),
)

_NO_DIGIT_GROUP = rule(
    "secrets.numbers.no_digit_group",
    r"(?:^|[ -])[^\d\s-]+$",
    means='A last group with no digit in it at the end of a candidate IBAN ("… 00 for").',
    why=(
        'After "IBAN" a mistyped IBAN is taken only up to its last group with a digit, never the words '
        'after it ("IBAN NL91 ABNA 0417 1643 00 for the refund").'
    ),
    examples=("NL91 ABNA 0417 1643 00 for",),
    non_examples=("NL91 ABNA 0417 1643 00", "IBAN PT5048177368"),
)

_CONNECT = fragment(
    "secrets.numbers.connect",
    r"(?:\s*(?:number|no\.?|num|nr\.?|n[°º]|#))?(?:\s*(?:is|was|:|=|-|'s|’s)(?:\s*:)?)?\s*",
    means=(
        "What may stand between a bank code's or an account's name and its digits: a number word, a "
        'connector, spaces (" number is ", " no.: ", ": ").'
    ),
    why='"sort code: 20-00-00", "account number is 12345678".',
    examples=(" number is ", " no.: ", ": "),
    non_examples=(" for ", " number of "),
)

_SORT_CODE = rule(
    "secrets.numbers.sort_code",
    r"\b(?:sort[ -]?code|s/c|bsb|routing|aba|rtn|transit|ag[êe]ncia|agencia)"
    + _CONNECT
    + r"(?P<v>\d{2,3}[- ]?\d{2,3}(?:[- ]?\d{1,5})?)\b",
    flags=re.I,
    means=(
        "A bank's code and its digits: a UK sort code, an Australian BSB, a US routing (ABA) number, a "
        'Canadian transit number, a Brazilian agência ("sort code 20-00-00", "BSB 062-000", "agência 1234-5").'
    ),
    why=(
        "Masked as a bank code when it has six digits (sort code, BSB), nine with a valid routing "
        'checksum, or four or five after "agência".'
    ),
    examples=("BSB 062-000 acct 10293847", "sort code: 20-00-00", "agência 1234-5"),
    non_examples=("sort code to follow", "routing via Madrid"),
)

_ACCOUNT = rule(
    "secrets.numbers.account",
    r"\b(?P<cue>(?:(?:bank|checking|cheque|current|savings|business)\s+)?(?:account|acct|acc|a/c))"
    + _CONNECT
    + r"(?P<v>\d(?:[ -]?\d){5,16})(?![\d])",
    flags=re.I,
    means=(
        'An account number after its name ("account", "acct", "acc", "a/c", perhaps after "bank", '
        '"checking", "savings" …): six to seventeen digits ("acct 76143938", "bank account number: 12345678").'
    ),
    why=(
        '"Bank account", "acct" and "a/c" say it themselves; a bare "account" needs a bank code nearby, '
        "or bank words and no loyalty words: a hotel invoice and a loyalty card have account numbers too."
    ),
    examples=("acct 76143938 sc 05-90-67", "bank account number: 12345678"),
    non_examples=("account 1234", "my account was charged twice"),
)

_BANK_WORD = whole_words(
    "secrets.numbers.bank_word",
    r"bank|banking|sort[ -]?code|routing|bsb|iban|swift|bic|checking|cheque|current\s+account|savings|"
    r"transfer|wire|deposit|refund|direct\s+debit|standing\s+order|payee|acct|a/c|ifsc|branch",
    means=(
        "A word about banks and transfers: bank, sort code, routing, IBAN, SWIFT, transfer, refund, "
        "direct debit, payee, branch …"
    ),
    why=(
        'A bare "account" number is a bank\'s only with one of these within 60 characters (and no loyalty '
        "word)."
    ),
    examples=("refund to account 12345678", "IBAN"),
    non_examples=("Bonvoy account 12345678", "the bankside hotel"),
)

_LOYALTY_WORD = whole_words(
    "secrets.numbers.loyalty_word",
    r"loyalty|member|membership|frequent|flyer|flier|miles|avios|bonvoy|honors|points|rewards?|club|"
    r"customer|booking|reservation|airline|hotel|programme|program|executive|tap|flying\s+blue",
    means=(
        "A word about loyalty programmes, bookings and airlines: loyalty, member, miles, Avios, Bonvoy, "
        "points, rewards, booking, hotel, TAP, Flying Blue …"
    ),
    why='Near a bare "account" number it says the account is a programme\'s, unless a bank code is said too.',
    examples=("TAP Miles&Go", "Bonvoy account 12345678"),
    non_examples=("refund to account 12345678", "bank transfer"),
)

_BANK_CODE = rule(
    "secrets.numbers.bank_code",
    r"\b(?:sort(?:[ -]?code)?|s/c|bsb|routing|aba|transit|institution)(?:\s*(?:number|no\.?|#))?"
    r"(?:\s*(?:is|:|=))?\s*\d{2,3}(?:[- ]?\d{2,3}){1,2}\b|\b(?:transit|institution)\s+\d{3,5}\b",
    flags=re.I,
    means=(
        "A bank's code said with its number: a UK sort code, a US routing (ABA) number, an Australian "
        "BSB, a Canadian transit or institution number."
    ),
    why=(
        "Beside an account number it settles that the account is a bank's, whatever loyalty programme the "
        "sentence also mentions."
    ),
    examples=("BSB 062-000 acct 10293847", "sort code 20-00-00", "transit 12345"),
    non_examples=("sort code to follow", "routing via Madrid"),
)

_SORT = fragment(
    "secrets.numbers.sort",
    r"\d{2}[- ]\d{2}[- ]\d{2}",
    means='A UK sort code: three pairs of digits joined by dashes or spaces ("57-81-84", "20 00 00").',
    why="Beside an eight-digit account number it makes the pair a bank account, whatever it is called.",
    examples=("57-81-84", "20 00 00"),
    non_examples=("578184", "57/81/84"),
)

_BETWEEN_BANK = fragment(
    "secrets.numbers.between_bank",
    r"\s*(?:[/,;|]|\s(?:and|acc(?:oun)?t|a/c|s/?c|sort(?:\s*code)?)(?:\s*(?:no\.?|:))?)?\s*",
    means=(
        'What may stand between a sort code and an account number: a slash, a comma or a bar, "and", '
        '"acct", "a/c", "sc", "sort code" (" / ", " acct ", " sc ").'
    ),
    why="",
    examples=(" / ", " acct ", " sc "),
    non_examples=(" for ", " then "),
)

_SORT_AND_ACCOUNT = rule(
    "secrets.numbers.sort_and_account",
    rf"(?<![\d-]){_SORT}{_BETWEEN_BANK}\d{{8}}(?![\d-])|(?<![\d-])\d{{8}}{_BETWEEN_BANK}{_SORT}(?![\d-])",
    flags=re.I,
    means=(
        'A UK sort code beside an eight-digit account number, in either order ("90-14-52 / 33609399", '
        '"acct 76143938 sc 05-90-67").'
    ),
    why='The pair is a bank account whatever it is called: "my Monzo details: 90-14-52 / 33609399".',
    examples=("my Monzo details: 90-14-52 / 33609399", "acct 76143938 sc 05-90-67"),
    non_examples=("90-14-52 / 3360939", "90-14-52 then 33609399"),
)

_ID_GROUPS = rule(
    "secrets.numbers.id_groups",
    r"[A-Za-z0-9]+(?:[ .\-/][A-Za-z0-9]+){0,5}",
    means=(
        "An ID-shaped value: up to six groups of letters and digits joined by spaces, dots, dashes or "
        'slashes ("12.345.678-Z", "AB 12 34 56 C").'
    ),
    why=(
        "After a passport's or an ID's name, its groups with digits are kept (a short letter prefix or "
        "suffix allowed), so the words after the number stay."
    ),
    examples=("12.345.678-Z", "AB 12 34 56 C"),
    non_examples=("…", "—"),
)

_PASSPORT = rule(
    "secrets.numbers.passport",
    r"\b(?:passports?|reisepass(?:nummer)?|passeport|pasaporte|passaporto|paspoort|passaporte)"
    r"(?:\s+(?:number|no\.?|num|nr\.?|n[°º]|#|id|details|n[úu]mero|num[ée]ro|nummer))?"
    r"(?:\s+(?:for|on|in)\s+[^\n.,;:!?\d]{1,25}?(?=\s*:|\s+is\s))?"
    r"(?:\s+(?:is|was|reads|es|est|ist|é)(?:\s*:)?|\s*[:=#-]|'s|’s|\?\s*(?:it's|it is))?\s*",
    flags=re.I,
    means=(
        "A passport's name as a cue, with its number word, whose passport it is, and a connector: "
        '"passport no.", "passport number for my son is", "Reisepassnummer:", "passeport est".'
    ),
    why="The ID-shaped value after it, with four digits at least, is masked as a passport number.",
    examples=("passport no.", "passport number for my son is ", "Reisepassnummer: "),
    non_examples=("boarding pass", "passenger name"),
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
    means=(
        "A national ID's name as a cue, with a connector: national insurance number, SSN, DNI, NIE, NIF, "
        'CPF, codice fiscale, BSN, PESEL, Aadhaar, carte d\'identité, driving licence, "my ID", "ID number" '
        "…"
    ),
    why=(
        'The ID-shaped value after it, with five digits at least, is masked as an ID number; a bare "ID number" '
        "after a booking or order word (reference_word) is that booking's."
    ),
    examples=("DNI: 12345678Z", "national insurance number", "my driving licence number is "),
    non_examples=("booking ID", "consider it"),
)

_REFERENCE_WORD = rule(
    "secrets.numbers.reference_word",
    r"\b(?:booking|order|transaction|reservation|member|trip|user|session|ticket|passenger|customer|flight|"
    r"tracking|reference|confirmation|loyalty|account|device|employee|staff|student|event|conference|group|"
    r"apple|google|wi-?fi|player|registration|application)\W*$",
    flags=re.I,
    means=(
        "A word saying an \"ID number\" is a booking's, an order's, a member's …, ending right before it "
        '("booking ", "Bonvoy member ").'
    ),
    why='"id number 8901…" alone is a national ID; "booking id number …" and "order ID no. …" are not.',
    examples=("booking ", "Bonvoy member"),
    non_examples=("my ", "passport "),
)

_REFERENCE_BEFORE = rule(
    "secrets.numbers.reference_before",
    r"\b(?:booking|ref|reference|order|ticket|tracking|confirmation|pnr|reservation|invoice|flight)\b[^.\n]{0,12}$",
    flags=re.I,
    means=(
        "A booking, order, ticket or flight word at most twelve characters before a number, in the same "
        'sentence ("booking ref: ", "morning flight ").'
    ),
    why=(
        "A number that passes an ID checksum by chance (a DNI, an SSN, a CPF …) is the booking's when one "
        "of these stands just before it."
    ),
    examples=("booking ref: ", "morning flight"),
    non_examples=("passport: ", "flight booked. My DNI is "),
)

_MRZ = rule(
    "secrets.numbers.mrz",
    r"P[A-Z<][A-Z]{3}[A-Z<]{20,90}(?:\s*\n?\s*[A-Z0-9<]{9}\d[A-Z]{3}\d{6}[0-9<]\w?[A-Z0-9<]{0,30})?",
    means=(
        'The machine-readable lines of a passport\'s photo page: "P<GBRSMITH<<JOHN<<<…" and the number '
        "line after it."
    ),
    why=(
        'The name line has no digits, so its own shape ("P<", a country, a long run of capitals and "<") '
        "is enough; the number line is taken with it when it follows."
    ),
    examples=("P<GBRSMITH<<JOHN<<<<<<<<<<<<<<<<<<<<<<<<<<<",),
    non_examples=("P<GBRSMITH<<JOHN<<<", "PASSPORT CONTROL"),
)
