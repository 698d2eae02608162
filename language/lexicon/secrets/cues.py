"""The records of :mod:`language.secrets.cues`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.lexicon.secrets.hits import SecretKind
from language.rules import fragment, rule, words
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

_KIND: dict[CueKind, SecretKind] = words(
    "secrets.cues.kind",
    {
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
    },
    means="",
    why="",
    examples=("Gelato!2005 - that's my password", "put 2474259849 as my tax id"),
    non_examples=("do wifi", "für die Haustür"),
)

_STEP = fragment(
    "secrets.cues.step",
    rf"(?:\s*[:=]+|(?<=\s)#+|\s+#+|\s*-+(?=\s)|\s+(?:{alternation_of(CONNECTORS)})(?:\s*:)?(?=\s)"
    r"|\s*,?\s*(?:it's|it is|its|that's|that is|which is|which's)(?=\s))",
    means=(
        'One step from a name to its value: ":", "=", "#", a dash, a connector word, "it\'s"; up to three in a row '
        '("passport # - it\'s 830307647", "senha: é …").'
    ),
    why='Each step leaves the spaces after it to the next ("ist es").',
    examples=(":", " :"),
    non_examples="always",
)

_CONNECT = fragment(
    "secrets.cues.connect",
    rf"(?:{_STEP}){{1,3}}\s*",
    means="",
    why="",
    examples=(" é ", " - that's "),
    non_examples="always",
)

_QUALIFIED = rule(
    "secrets.cues.qualified",
    rf"\s+(?:{alternation_of(QUALIFIERS)})(?:\s+|(?<=['’]))(?:[^\n.,;:!?=\[\d]|\.(?=\w)){{1,32}}?"
    rf"(?=(?:\s*\([^()\n]{{1,40}}\))?{_CONNECT})",
    flags=re.I,
    means="",
    why="",
    examples=("a senha do wifi é Lua!2024", "code d'accès au site : CalanquesCassis13"),
    non_examples=("do wifi", "für die Haustür"),
)

_LABEL_CHARS = fragment(
    "secrets.cues.label_chars",
    r"(?:[^\n.,;:!?=\[\d'\"]|\.(?=\w)|(?<=\w)['’](?=\w))",
    means=(
        'A label with no little word before it: quoted, or a few words before a ":" ("pregunta secreta, colegio: '
        '…", "Sicherheitsfrage \'erstes Auto\': …"), or a name before a connector word ("mot de passe SNCF Connect '
        'c\'est …", "o NIF que uso é o …"), never a "now" that starts the next clause ("mudei a senha, agora é …").'
    ),
    why="",
    examples=("(", ")"),
    non_examples="always",
)  # ("per l'app", "dell'hotel")

_LABELLED = rule(
    "secrets.cues.labelled",
    rf"\s+(?:'[^'\n]{{1,40}}'|\"[^\"\n]{{1,40}}\")(?=\s*[:=]|\s+(?:{alternation_of(CONNECTORS)})\s)"
    rf"|,?\s+{_LABEL_CHARS}{{1,28}}?(?=\s*[:=])"
    rf"|\s+(?!(?:{alternation_of(NOW_WORDS)})\b){_LABEL_CHARS}{{1,28}}?(?=\s+(?:{alternation_of(CONNECTORS)})\s)",
    flags=re.I,
    means="",
    why="",
    examples=("a senha do wifi é Lua!2024", "the cvv is on the back"),
    non_examples=("do wifi", "für die Haustür"),
)

_ARTICLE = rule(
    "secrets.cues.article",
    r"(?:o|a|el|la|le|l'|the|der|die|das|il|lo)\s+(?=[A-Z]{0,3}\d)",
    flags=re.I,
    means='After the connector, an article before a number ("é o 295381132", "es el 4821").',
    why="",
    examples=("é o 295381132", "es el 4821"),
    non_examples=("do wifi", "für die Haustür"),
)

_CONNECTOR = rule(
    "secrets.cues.connector",
    _CONNECT,
    flags=re.I,
    means="",
    why="",
    examples=("a senha do wifi é Lua!2024", "Gelato!2005 - that's my password"),
    non_examples=("do wifi", "für die Haustür"),
)

LOOSE_CONNECTOR = rule(
    "secrets.cues.loose_connector",
    rf"[^\n.;!?\d\[]{{0,40}}?{_CONNECT}",
    flags=re.I,
    means='"der Code aus der SMS lautet …", "o código que recebi por SMS é …": a few words, then a connector.',
    why="",
    examples=("a senha do wifi é Lua!2024", "Gelato!2005 - that's my password"),
    non_examples=("der Code aus der SMS lautet", "o código que recebi por SMS é"),
)

_NEW = rule(
    "secrets.cues.new",
    rf"\s+(?:{alternation_of(NEW_WORDS)})(?![\w-])",
    flags=re.I,
    means="",
    why="",
    examples="contraseña nueva {}",
    non_examples=("do wifi", "für die Haustür"),
)

_SPACES = rule(
    "secrets.cues.spaces",
    r"[ \t]+",
    means="",
    why="",
    examples=("do wifi", "für die Haustür"),
    non_examples=(",", "and"),
)

_ACCOUNT_VALUE = rule(
    "secrets.cues.account_value",
    r"(?:[A-Z]{1,4}[ -]?)?\d[\d ./-]{4,34}\d(?![\w])",
    means="",
    why="",
    examples="put 2474259849 as my tax id",
    non_examples=("do wifi", "für die Haustür"),
)

_CARD_CODE = rule(
    "secrets.cues.card_code",
    r"\d{3,4}(?![\d:/%.,]\d|[\w€$£])",
    means="",
    why="",
    examples=("a senha do wifi é Lua!2024", "Gelato!2005 - that's my password"),
    non_examples=("do wifi", "für die Haustür"),
)

_ANSWER_WORD = rule(
    "secrets.cues.answer_word",
    r"(?:[A-ZÀ-Ý][\w'’-]{1,40}|[\w'’-]*\d[\w'’-]*)(?=$|[\s.,;:!?)])",
    means=(
        'One name or one token with digits right after an answer\'s cue, no connector ("memorable place Sintra", '
        '"secret answer pineapple42").'
    ),
    why="",
    examples=("memorable place Sintra", "secret answer pineapple42"),
    non_examples=("do wifi", ","),
)

_DOCUMENT_TOKEN = rule(
    "secrets.cues.document_token",
    r"[A-Z0-9]{6,12}(?=$|[\s.,;:!?)])",
    means=(
        'After "passport … is": the letters and digits a document number is made of, whatever their mix '
        '("CJHYFAQGB", "X1VWJ5ASS"); the cue and the connector say what it is.'
    ),
    why="",
    examples=("CJHYFAQGB", "X1VWJ5ASS"),
    non_examples=("passport  is", "do wifi"),
)

_CALLED = rule(
    "secrets.cues.called",
    r"(?:called|named|chamad[oa]|llamad[oa]|appel[ée]e?|s'appelait|hie(?:ß|ss)|si\s+chiamava|chiamat[oa])\s+",
    flags=re.I,
    means="",
    why="",
    examples="a named colleague's diet",
    non_examples=("do wifi", "für die Haustür"),
)

_VALUE_GAP = rule(
    "secrets.cues.value_gap",
    r"[ \t]*[,;/&][ \t]*(?:(?:and|or)[ \t]+)?|[ \t]+(?:and|or|&)[ \t]+",
    flags=re.I,
    means="",
    why="",
    examples=(",", "mudei a senha, agora é"),
    non_examples=("do wifi", "für die Haustür"),
)

_JOINER = fragment(
    "secrets.cues.joiner",
    alternation_of(CONNECTORS, BEFORE_JOINERS),
    means=(
        'The value first: "Lua!2024 é a minha senha", "Gato-77 es mi contraseña", "4821 ist meine PIN", '
        '"Gelato!2005 - that\'s my password", "put 2474259849 as my tax id".'
    ),
    why="",
    examples=("é", "es"),
    non_examples="always",
)

_POSSESSIVE = fragment(
    "secrets.cues.possessive",
    alternation_of(POSSESSIVES),
    means="",
    why="",
    examples=("o", "die"),
    non_examples="always",
)

_BEFORE_CUE = rule(
    "secrets.cues.before_cue",
    rf"(?<![^\s(])(?P<v>[^\s,;:\[]{{3,64}})(?:\s*[,;-]\s*|\s+)"
    rf"(?:{_JOINER})\s+(?:(?:{_POSSESSIVE})\s+)?(?:[\w-]+\s+)?$",
    flags=re.I,
    means="",
    why="",
    examples="my code is ",
    non_examples=("do wifi", "für die Haustür"),
)

_DIGITS_ONLY = rule(
    "secrets.cues.digits_only",
    r"(?:G-)?\d{3,10}#?",
    means="",
    why="",
    examples=("a senha do wifi é Lua!2024", "Gelato!2005 - that's my password"),
    non_examples=("do wifi", "für die Haustür"),
)

_CLAUSE_END = rule(
    "secrets.cues.clause_end",
    r"[!?\n]|\.(?:\s|$)",
    means="",
    why="",
    examples=("a senha do wifi é Lua!2024", "Gelato!2005 - that's my password"),
    non_examples=("do wifi", "für die Haustür"),
)

_NOW = fragment(
    "secrets.cues.now", alternation_of(NOW_WORDS), means="", why="", examples="agora", non_examples="always"
)

_LATER = rule(
    "secrets.cues.later",
    rf"(?:[,;]|(?<![\w'’-])(?:{_NOW}))(?:{_CONNECT})(?:(?:{_NOW})\s+)?",
    flags=re.I,
    means=(
        'Where a changed password\'s new value is introduced with no other subject: after a comma or "now", a '
        'connector ("…, agora é", "…, c\'est", "jetzt ist es", "…, it\'s now").'
    ),
    why="",
    examples=("jetzt ist es", ", it's now"),
    non_examples=("now", ", agora é"),
)

_LABEL_HEAD = rule(
    "secrets.cues.label_head",
    rf"(?i:(?:{alternation_of(QUALIFIERS)})\s+)?(?i:(?:{_POSSESSIVE})\s+)?",
    means=(
        'A password after what it is for, with no connector: "password di ITA Airways Colosseo1980", "senha do '
        'Gmail Lua!2024": a little word, up to three names, then a word only a password could be.'
    ),
    why="",
    examples=("for the ",),
    non_examples=("hunter2",),
    test="whole",
)

_NAME = rule(
    "secrets.cues.name",
    r"[A-Z][\w.&'’-]*\s+",
    means="",
    why="",
    examples="mot de passe SNCF Connect c'est",
    non_examples=("do wifi", "für die Haustür"),
)

_CHANGED_TO = rule(
    "secrets.cues.changed_to",
    r"\s(?:to|as|into|para|pra|a|pour|en|auf|in|zu|lautet|c'est|è|é|ist|is)\s+|\s*(?:→|->|=>)\s*",
    flags=re.I,
    means=(
        'What a password was set or changed to, a few words on: "changed my password to …", "set the Expedia '
        'password as …", "mudei a senha para …", "cambié la contraseña a …", "le mot de passe pour …", "das '
        'Passwort auf …", "la password in …", "Kennwort fürs Mailkonto lautet …".'
    ),
    why="Only a password-shaped word counts after it.",
    examples=("mudei a senha para", "a senha do wifi é Lua!2024"),
    non_examples=("changed my password to", "set the Expedia password as"),
)
