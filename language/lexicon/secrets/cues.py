"""The records of :mod:`language.secrets.cues`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.lexicon.secrets.hits import SecretKind
from language.rules import fragment, rule
from language.secrets.tries import alternation_of
from language.secrets.vocabulary import (
    BEFORE_JOINERS,
    CONNECTORS,
    NEW_WORDS,
    NOW_WORDS,
    POSSESSIVES,
    QUALIFIERS,
    CueKind,
)

# As a record the table's words are the cue kinds it maps ("password", "pin", "code" …), so its examples are texts
# that name one.
_KIND: dict[CueKind, SecretKind] = {
    "password": "password",
    "pin": "pin",
    "access_code": "pin",
    "code": "code",
    "recovery": "code",
    "card_code": "card",
    "security_answer": "security_answer",
    "bank_account": "bank_account",
    "passport": "passport",
    "id": "national_id",
}

_STEP = fragment(
    "secrets.cues.step",
    rf"(?:\s*[:=]+|(?<=\s)#+|\s+#+|\s*-+(?=\s)|\s+(?:{alternation_of(CONNECTORS)})(?:\s*:)?(?=\s)"
    r"|\s*,?\s*(?:it's|it is|its|that's|that is|which is|which's)(?=\s))",
    means='One step from a name to its value: ":", "=", "#", a dash, a connector word ("é", "ist"), "it\'s".',
    why='A dash or a word needs a space after it, left to the next step ("ist es"); alone only marks show.',
    examples=(":", " =", " #"),
    non_examples=(",", " and"),
)

_CONNECT = fragment(
    "secrets.cues.connect",
    rf"(?:{_STEP}){{1,3}}\s*",
    means='One to three steps and the spaces after them: " é ", " - that\'s ", " # - it\'s ".',
    why="connector, later, loose_connector and qualified are built from it.",
    examples=(" é ", " - that's ", " # - it's "),
    non_examples=(", ", " was going to be "),
)

_QUALIFIED = rule(
    "secrets.cues.qualified",
    rf"\s+(?:{alternation_of(QUALIFIERS)})(?:\s+|(?<=['’]))(?:[^\n.,;:!?=\[\d]|\.(?=\w)){{1,32}}?"
    rf"(?=(?:\s*\([^()\n]{{1,40}}\))?{_CONNECT})",
    flags=re.I,
    means='What a secret is for, between its name and its connector: "do wifi", "für die Haustür".',
    why='Passed over when a connector follows; never past a digit, a comma or a full stop ("quarto 12").',
    examples=("a senha do wifi é Lua!2024", "code d'accès au site : CalanquesCassis13"),
    non_examples=("senha do wifi do hotel", "a senha do quarto 12 é 4821"),
)

_LABEL_CHARS = fragment(
    "secrets.cues.label_chars",
    r"(?:[^\n.,;:!?=\[\d'\"]|\.(?=\w)|(?<=\w)['’](?=\w))",
    means=(
        'One character of a label: anything but a line break, a digit, sentence punctuation, "=", "[" or '
        'a quote; a dot or an apostrophe only inside a word ("SNCF.com", "per l\'app", "dell\'hotel").'
    ),
    why="A digit or a comma ends a label, so a value is never read as part of one.",
    examples=("S", "é", " "),
    non_examples=("7", ",", ":"),
)  # ("per l'app", "dell'hotel")

_LABELLED = rule(
    "secrets.cues.labelled",
    rf"\s+(?:'[^'\n]{{1,40}}'|\"[^\"\n]{{1,40}}\")(?=\s*[:=]|\s+(?:{alternation_of(CONNECTORS)})\s)"
    rf"|,?\s+{_LABEL_CHARS}{{1,28}}?(?=\s*[:=])"
    rf"|\s+(?!(?:{alternation_of(NOW_WORDS)})\b){_LABEL_CHARS}{{1,28}}?(?=\s+(?:{alternation_of(CONNECTORS)})\s)",
    flags=re.I,
    means=(
        "A label after a secret's name with no little word before it: quoted, or a few words before a "
        '":", or a name before a connector word, never a "now" that starts the next clause.'
    ),
    why=(
        'Passed over like a qualifier: "pregunta secreta, colegio: …", "Sicherheitsfrage \'erstes Auto\': …", '
        '"mot de passe SNCF Connect c\'est …", "o NIF que uso é o …"; in "mudei a senha, agora é …" the '
        '"agora é" stays the connector.'
    ),
    examples=("mot de passe SNCF Connect c'est Rail2024!", "pregunta secreta, colegio: San José"),
    non_examples=("mudei a senha, agora é Lua!2024", "senha do quarto 12: 4821"),
)

_ARTICLE = rule(
    "secrets.cues.article",
    r"(?:o|a|el|la|le|l'|the|der|die|das|il|lo)\s+(?=[A-Z]{0,3}\d)",
    flags=re.I,
    means='An article after the connector, before a number: "é o 295381132", "es el 4821", "ist die 4821".',
    why='Passed over so the value starts at the number ("o" is no part of it).',
    examples=("é o 295381132", "es el 4821"),
    non_examples=("é o meu", "es la misma"),
)

_CONNECTOR = rule(
    "secrets.cues.connector",
    _CONNECT,
    flags=re.I,
    means=(
        'The connector after a secret\'s name (and its qualifier): one to three steps, "senha: é", '
        '"passport # - it\'s", "ist", "c\'est".'
    ),
    why="After it the value counts as connected: a password then need only not be a description.",
    examples=("a senha do wifi é Lua!2024", "passport # - it's 830307647"),
    non_examples=("senha Lua!2024", "my pin 4821"),
)

LOOSE_CONNECTOR = rule(
    "secrets.cues.loose_connector",
    rf"[^\n.;!?\d\[]{{0,40}}?{_CONNECT}",
    flags=re.I,
    means=(
        'A few words after a general code word, then a connector: "der Code aus der SMS lautet …", "o código que '
        'recebi por SMS é …".'
    ),
    why="The holders scanner reads the value after it as connected; 40 characters at most, no digit.",
    examples=("der Code aus der SMS lautet 551203", "o código que recebi por SMS é 551203"),
    non_examples=("der Code aus der SMS 551203", "the code from the bank app 551203"),
)

_NEW = rule(
    "secrets.cues.new",
    rf"\s+(?:{alternation_of(NEW_WORDS)})(?![\w-])",
    flags=re.I,
    means=(
        'A word between a secret\'s name and its value saying it changed or is the one in use: "contraseña nueva", '
        '"mot de passe provisoire", "PIN actual", "Passwort neu".'
    ),
    why="Passed over before the qualifier and the connector; a longer word that starts so is not one.",
    examples=("contraseña nueva: Gato-77", "mot de passe provisoire : Tour2024"),
    non_examples=("contraseña, nuevamente", "I read the news"),
)

_SPACES = rule(
    "secrets.cues.spaces",
    r"[ \t]+",
    means="Spaces or tabs between a name and a value with no connector (a line break is not one).",
    why="The value starts after them and is read as unconnected: a password must then look like one.",
    examples=("senha Lua!2024", "PIN\t4821"),
    non_examples=("senha:Lua!2024", "PIN\n4821"),
)

_ACCOUNT_VALUE = rule(
    "secrets.cues.account_value",
    r"(?:[A-Z]{1,4}[ -]?)?\d[\d ./-]{4,34}\d(?![\w])",
    means=(
        "A bank account number after its cue: digits with spaces, dots, slashes or dashes between them, "
        'perhaps after up to four capitals ("PT 0035 0651 0000", "0035-0651-0001234567").'
    ),
    why="Six digits or more in all count; the mask keeps the last two.",
    examples=("número de conta 0035-0651-0001234567", "Kontonummer 1234567890"),
    non_examples=("my account at Millennium bank", "conto 1204"),
)

_CARD_CODE = rule(
    "secrets.cues.card_code",
    r"\d{3,4}(?![\d:/%.,]\d|[\w€$£])",
    means='A card\'s security code: three or four digits alone, no time, price or longer number ("cvv 933").',
    why='Three digits after "security code" make it a card code, not a one-time code.',
    examples=("cvv 933", "CVC: 4821"),
    non_examples=("1500€", "cvv 12"),
)

_ANSWER_WORD = rule(
    "secrets.cues.answer_word",
    r"(?:[A-ZÀ-Ý][\w'’-]{1,40}|[\w'’-]*\d[\w'’-]*)(?=$|[\s.,;:!?)])",
    means=(
        "One name or one token with digits right after a security answer's cue, with no connector: "
        '"memorable place Sintra", "secret answer pineapple42".'
    ),
    why="Without a connector only a capitalised word or a token with digits can be the answer.",
    examples=("memorable place Sintra", "secret answer pineapple42"),
    non_examples=("memorable place is lovely", "my secret answer was too long"),
)

_DOCUMENT_TOKEN = rule(
    "secrets.cues.document_token",
    r"[A-Z0-9]{6,12}(?=$|[\s.,;:!?)])",
    means=(
        "Six to twelve capitals and digits, the stuff a document number is made of, whatever their mix "
        '("CJHYFAQGB", "X1VWJ5ASS").'
    ),
    why='Right after the name (no connector) it needs digits, so "PASSPORT CONTROL" is no number.',
    examples=("passport CJHYFAQGB", "passport is X1VWJ5ASS"),
    non_examples=("my passport is in the safe", "seat 12A"),
)

_CALLED = rule(
    "secrets.cues.called",
    r"(?:called|named|chamad[oa]|llamad[oa]|appel[ée]e?|s'appelait|hie(?:ß|ss)|si\s+chiamava|chiamat[oa])\s+",
    flags=re.I,
    means=(
        'A word saying what something was called: "called", "named", "chamado", "llamado", "s\'appelait", '
        '"hieß", "si chiamava".'
    ),
    why='After an answer\'s cue the answer follows it: "first pet was called Captain Whiskers".',
    examples=("my first pet was called Captain Whiskers", "o meu primeiro cão chamado Bolinhas"),
    non_examples=("call me tomorrow", "the hotel's name is Aurora"),
)

_VALUE_GAP = rule(
    "secrets.cues.value_gap",
    r"[ \t]*[,;/&][ \t]*(?:(?:and|or)[ \t]+)?|[ \t]+(?:and|or|&)[ \t]+",
    flags=re.I,
    means=(
        'What stands between two values of one list: a comma, a semicolon, a slash, "&", "and" or "or" '
        '("PINs 4821 and 9930", "codes 1234, 5678").'
    ),
    why="More values of the same shape joined so are masked with the first PIN or code.",
    examples=("PINs 4821 and 9930", "codes 1234, 5678"),
    non_examples=("4821 then 9930", "PIN 4821 for the card"),
)

_JOINER = fragment(
    "secrets.cues.joiner",
    alternation_of(CONNECTORS, BEFORE_JOINERS),
    means=(
        'What joins a value said first to its name: a connector, "that\'s", "c\'est", "das ist", "esa es", '
        '"as", "als", "como" ("Lua!2024 é a minha senha", "Gelato!2005 - that\'s my password", "put 2474259849 as my '
        'tax id").'
    ),
    why="",
    examples=("é", "that's", "as"),
    non_examples=("and", "then"),
)

_POSSESSIVE = fragment(
    "secrets.cues.possessive",
    alternation_of(POSSESSIVES),
    means=(
        'A possessive or article before a secret\'s name said after its value: "my", "the", "a minha", '
        '"meine", "la mia", "votre" …'
    ),
    why='It may stand between the joiner and the name: "4821 ist meine PIN", "Lua!2024 é a minha senha".',
    examples=("my", "a minha", "meine"),
    non_examples=("this", "any"),
)

_BEFORE_CUE = rule(
    "secrets.cues.before_cue",
    rf"(?<![^\s(])(?P<v>[^\s,;:\[]{{3,64}})(?:\s*[,;-]\s*|\s+)"
    rf"(?:{_JOINER})\s+(?:(?:{_POSSESSIVE})\s+)?(?:[\w-]+\s+)?$",
    flags=re.I,
    means=(
        "A value said right before its name: one token, a joiner, perhaps a possessive and one more word, "
        'up to the name ("Lua!2024 é a minha senha", "4821 ist meine PIN", "Gelato!2005 - that\'s my password").'
    ),
    why=(
        "Read only when the name closes its phrase, and the value must have the shape a value after the "
        'name would need ("1Password is my password manager" holds none).'
    ),
    examples=("Lua!2024 é a minha ", "4821 ist meine ", "Gelato!2005 - that's my "),
    non_examples=("Lua!2024 for the ", "ok, that's my "),
)

_DIGITS_ONLY = rule(
    "secrets.cues.digits_only",
    r"(?:G-)?\d{3,10}#?",
    means=(
        'A PIN or a code said before its name: three to ten digits, perhaps "G-" before (Google\'s codes) '
        'or a keypad\'s "#" after ("4821", "G-551024", "1379#").'
    ),
    why='Said before "PIN" or "code" only digits count: four or more, three for an access code.',
    examples=("4821", "G-551024", "1379#"),
    non_examples=("PIN 12", "code four-eight-two-one"),
)

_CLAUSE_END = rule(
    "secrets.cues.clause_end",
    r"[!?\n]|\.(?:\s|$)",
    means='Where a clause ends: "!", "?", a line break, or a full stop before a space or the end.',
    why=(
        'A password\'s value a few words after its name is looked for only up to it ("mudei a senha, agora é …"), '
        'never in the next sentence; a dot inside a token ("Lua.2024") ends nothing.'
    ),
    examples=("I changed the password. Now it's Lua!2024", "mudei a senha!"),
    non_examples=("Lua.2024", "mudei a senha, agora é Lua.2024"),
)

_NOW = fragment(
    "secrets.cues.now",
    alternation_of(NOW_WORDS),
    means='"Now" or "then" in the six languages: "now", "agora", "jetzt", "maintenant", "ora", "dann" …',
    why='It introduces a changed password\'s new value ("mudei a senha, agora é …"); no label starts so.',
    examples=("agora", "jetzt", "now"),
    non_examples=("nowhere", "later"),
)

_LATER = rule(
    "secrets.cues.later",
    rf"(?:[,;]|(?<![\w'’-])(?:{_NOW}))(?:{_CONNECT})(?:(?:{_NOW})\s+)?",
    flags=re.I,
    means=(
        "Where a changed password's new value is introduced with no other subject: after a comma or "
        '"now", a connector ("…, agora é", "jetzt ist es", "…, it\'s now").'
    ),
    why=(
        "Read in the same clause after a password's name that no connector followed; only a "
        "password-shaped word after it counts."
    ),
    examples=(
        "mudei a senha, agora é Lua!2024",
        "ich habe das Passwort geändert, jetzt ist es Sonne!7",
        "I changed the password, it's now Lua!2024",
    ),
    non_examples=("mudei a senha agora", "the password expired; my flight leaves at noon"),
)

_LABEL_HEAD = rule(
    "secrets.cues.label_head",
    rf"(?i:(?:{alternation_of(QUALIFIERS)})\s+)?(?i:(?:{_POSSESSIVE})\s+)?",
    means=(
        "The little words that may open what a password is for when no connector follows its name: a "
        'qualifier, then a possessive ("for the ", "do ", "di ").'
    ),
    why=(
        'After them come up to three names, then a word only a password could be: "password di ITA Airways '
        'Colosseo1980", "senha do Gmail Lua!2024".'
    ),
    examples=("for the ", "do "),
    non_examples=("hunter2", "Gmail "),
    test="whole",
)

_NAME = rule(
    "secrets.cues.name",
    r"[A-Z][\w.&'’-]*\s+",
    means='One capitalised name and the spaces after it: "ITA ", "Airways ", "Gmail ".',
    why=(
        "Up to three are passed over after a password's name with no connector, to reach a value only a "
        'password could be ("password di ITA Airways Colosseo1980").'
    ),
    examples=("password di ITA Airways Colosseo1980", "senha do Gmail Lua!2024"),
    non_examples=("senha do gmail lua!2024", "password hunter2"),
)

_CHANGED_TO = rule(
    "secrets.cues.changed_to",
    r"\s(?:to|as|into|para|pra|a|pour|en|auf|in|zu|lautet|c'est|è|é|ist|is)\s+|\s*(?:→|->|=>)\s*",
    flags=re.I,
    means=(
        'The word after which a password\'s new value comes, a few words on from its name: "to", "as", '
        '"para", "a", "pour", "auf", "lautet", "ist", or an arrow ("changed my password to …", "mudei a senha para '
        '…", "das Passwort auf …").'
    ),
    why=(
        'Read when no connector followed the name; only a password-shaped word counts after it, so "set the alarm to '
        '7" masks nothing.'
    ),
    examples=("changed my password to Lua!2024", "mudei a senha para Lua!2024", "Passwort → Sonne!7"),
    non_examples=("password changed yesterday", "Passwort geändert"),
)
