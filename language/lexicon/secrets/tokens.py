"""The records of :mod:`language.secrets.tokens`: its rules, fragments and word tables
(kept as data in tokens.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

_EDGE = r"(?<![A-Za-z0-9_\-])"

(
    _PROVIDER,
    _AWS_SECRET,
    _AWS_CONTEXT,
    _LABELLED,
    _PEM,
    _TOKENISH,
    _KEYISH,
    _ASSIGNMENT,
    _NAME_PART,
    _PLACEHOLDER,
    _KEY_NAME,
    _KEYED_TOKEN,
    _CONSONANTS_RUN,
    _VOWELS,
) = lexicon.rules(
    "secrets.tokens",
    "provider",
    "aws_secret",
    "aws_context",
    "labelled",
    "pem",
    "tokenish",
    "keyish",
    "assignment",
    "name_part",
    "placeholder",
    "key_name",
    "keyed_token",
    "consonants_run",
    "vowels",
)
_KEY_CHAR = lexicon.fragment("secrets.tokens.key_char")
_SECRET_PARTS, _PASSWORD_PARTS, _HEADER_PARTS, _NOT_SECRET_PARTS = lexicon.tables(
    "secrets.tokens", "secret_parts", "password_parts", "header_parts", "not_secret_parts"
)
