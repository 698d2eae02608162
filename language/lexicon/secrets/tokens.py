"""The records of :mod:`language.secrets.tokens`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import fragment, rule, whole_words, words
from language.secrets.hits import word_set

_EDGE = r"(?<![A-Za-z0-9_\-])"

_PROVIDER = rule(
    "secrets.tokens.provider",
    _EDGE
    + r"(?:sk-ant-[A-Za-z0-9_\-]{20,}|sk-(?:proj|svcacct|admin|live|test)-[A-Za-z0-9_\-]{20,}|sk-[A-Za-z0-9]{20,}"
    r"|AIza[0-9A-Za-z_\-]{35}|ya29\.[0-9A-Za-z_\-]{20,}|GOCSPX-[0-9A-Za-z_\-]{20,}|xai-[A-Za-z0-9]{20,}"
    r"|hf_[A-Za-z0-9]{30,}|gl(?:pat|dt|ft|soat|rt|cbt|imt|ptt|oas|agent)-[A-Za-z0-9_\-]{20,}"
    r"|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}|xox[abposr]-[A-Za-z0-9\-]{10,}"
    r"|xapp-\d-[A-Za-z0-9\-]{10,}|(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9]{20,}"
    r"|eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}|(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}"
    r"|npm_[A-Za-z0-9]{36}|pypi-AgE[A-Za-z0-9_\-]{50,}|SG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}"
    r"|sq0(?:csp|atp)-[0-9A-Za-z_\-]{22,}|shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}|dop_v1_[a-f0-9]{64}"
    r"|https://hooks\.slack\.com/services/[A-Za-z0-9_/]+)(?![A-Za-z0-9_\-])",
    means="",
    why="",
    examples="AKIAX2NFWKNVFLJNNRU3",
    non_examples=("API key", "token"),
)

_AWS_SECRET = rule(
    "secrets.tokens.aws_secret",
    r"(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])",
    means="",
    why="",
    examples="wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    non_examples=("API key", "token"),
)

_AWS_CONTEXT = rule(
    "secrets.tokens.aws_context",
    r"\b(?:aws|amazon|iam|s3|secret|access\s+key)|(?:AKIA|ASIA)[A-Z0-9]{16}",
    flags=re.I,
    means="",
    why="",
    examples="secret",
    non_examples=("API key", "token"),
)

_LABELLED = rule(
    "secrets.tokens.labelled",
    r"\b(?:(?:api|secret|access|auth|bearer|private|client|app|application|developer|dev|personal\s+access|"
    r"refresh|session)[ _-]?(?:key|token|secret)|token|bearer|secret|x-api-key|authorization)"
    r"(?:\s+(?:for|to|on)\s+[^\n.,;:!?=]{1,30}?(?=\s+(?:is|was)\s|\s*[:=]))?"
    r"(?:\s*[:=]\s*|\s+(?:is|was|=)\s*:?\s*|\s+)[\"'`]?(?P<v>[A-Za-z0-9_\-+/=.]{16,})",
    flags=re.I,
    means="",
    why="",
    examples="my secret key is 8dK2pL9qR4tW7yZ1",
    non_examples=("API key", "token"),
)

_PEM = rule(
    "secrets.tokens.pem",
    r"-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----.*?(?:-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|\Z)"
    r"|Proc-Type:\s*4,\s*ENCRYPTED.*?(?:-----END[ A-Z0-9]*-----|\Z)"
    r"|PuTTY-User-Key-File-\d+:.*?(?:Private-MAC:\s*\S+|\Z)",
    flags=re.S,
    means="",
    why="",
    examples="-----BEGIN OPENSSH PRIVATE KEY-----",
    non_examples=("API key", "token"),
)

_KEY_CHAR = fragment(
    "secrets.tokens.key_char",
    r"[A-Za-z0-9_\-+/=.:@]",
    means=(
        "The characters keys and tokens are written in: base64 (plain and URL-safe) and the separators of prefixed "
        "keys."
    ),
    why="",
    examples=("A", "P"),
    non_examples="always",
)

_TOKENISH = rule(
    "secrets.tokens.tokenish",
    _KEY_CHAR + "{20,}",
    means="",
    why="",
    examples="travel_assistant.svg",
    non_examples=("API key", "token"),
)

_KEYISH = rule(
    "secrets.tokens.keyish",
    _KEY_CHAR + "{16,}",
    means="nothing this long: no key of any kind",
    why="",
    examples="section.ta-panel",
    non_examples=("API key", "token"),
)

_ASSIGNMENT = rule(
    "secrets.tokens.assignment",
    r"(?<![\w.$-])(?P<name>[A-Za-z_][A-Za-z0-9_.-]{2,60})[\"']?[ \t]*(?:=|:)[ \t]*[\"'`]?(?P<v>[^\s\"'`,;]{4,200})",
    means=(
        'NAME=VALUE as a shell, a .env file or a config writes it ("export AMADEUS_API_SECRET=…", "db.password: …",'
        " \"clientSecret = '…'\"): when the name says it holds a secret, the value is one, whatever its shape."
    ),
    why=(
        'Only compound names (two parts or more) count: a bare "key:" or "pass:" in a sentence is the other '
        "scanners'."
    ),
    examples="pin=6060",
    non_examples=("export AMADEUS_API_SECRET=", "db.password:"),
)

_NAME_PART = rule(
    "secrets.tokens.name_part",
    r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+",
    means="",
    why="",
    examples=("API",),
    non_examples=("API key",),
    test="whole",
)

_SECRET_PARTS = words(
    "secrets.tokens.secret_parts",
    word_set("key apikey secret token password passwd pwd pass passphrase credential credentials auth pin"),
    means="",
    why="",
    examples=("API key", "token"),
    non_examples="API xq",
)

_PASSWORD_PARTS = words(
    "secrets.tokens.password_parts",
    word_set("password passwd pwd pass passphrase pin"),
    means="",
    why="",
    examples="pass",
    non_examples=("API key", "token"),
)

_HEADER_PARTS = words(
    "secrets.tokens.header_parts",
    word_set("api secret token auth access private"),
    means="",
    why="",
    examples=("API key", "token"),
    non_examples="xq key",
)

_NOT_SECRET_PARTS = words(
    "secrets.tokens.not_secret_parts",
    word_set(
        "id name user username url uri host port path file dir region endpoint email type length size count "
        "timeout public publishable expiry expires ttl hint policy"
    ),
    means='A part that makes the name about something other than the secret itself ("API_KEY_ID", "TOKEN_URL").',
    why="",
    examples="User is vegan",
    non_examples=("API_KEY_ID", "TOKEN_URL"),
)

_PLACEHOLDER = rule(
    "secrets.tokens.placeholder",
    r"[$<{%]|[xX*.#_-]+$|(?:null|none|true|false|changeme|undefined|your\w*)$",
    flags=re.I,
    means="",
    why="",
    examples="372#",
    non_examples=("API key", "token"),
)

_KEY_NAME = whole_words(
    "secrets.tokens.key_name",
    r"api[ _-]?key|apikey|key|keys|token|tokens|secret|access[ _-]?key|credential|credentials|"
    r"chave|clave|clé|cle|schlüssel|schluessel|chiave|"
    # A logged-in session is a login: "session_id=…", "connect.sid=s%3A…", "the cookie from my browser".
    r"session[ _-]?id|session|sid|cookie|cookies|jsessionid|phpsessid",
    means=(
        'A key\'s name near a long token: "the channel manager key is qwx.GYgd…", "key=mtk_GZHU…", "YYLWBcuo… is my '
        'developer key", "eth key: 0xb51b…".'
    ),
    why=(
        "With the name said, a token need not reach the entropy limit: two character classes over sixteen or more "
        "characters, not words run together, not a link."
    ),
    examples=("the channel manager key is qwx.GYgd", "key=mtk_GZHU"),
    non_examples="the channel manager xq is qwx.GYgd",
)

_KEYED_TOKEN = rule(
    "secrets.tokens.keyed_token",
    r"(?<![\w.+/%-])(?:0x)?[A-Za-z0-9][\w.+/%-]{15,}=*(?![\w+/%-])",
    means="",
    why="",
    examples="section.ta-panel",
    non_examples=("API key", "token"),
)

_CONSONANTS_RUN = rule(
    "secrets.tokens.consonants_run",
    r"[^aeiouy]{4,}",
    means="",
    why="",
    examples="API key",
    non_examples=("token", "secret"),
)

_VOWELS = rule(
    "secrets.tokens.vowels",
    r"[aeiouy]",
    means="",
    why="",
    examples=("API key", "token"),
    non_examples="API xq",
)
