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
    means=(
        'A provider\'s key or token in its own shape: OpenAI and Anthropic "sk-…", Google "AIza…", Hugging '
        'Face "hf_…", GitHub "ghp_…" and "github_pat_…", GitLab, Slack, Stripe "sk_live_…", JWTs, AWS '
        '"AKIA…", npm, PyPI, SendGrid, Square, Shopify, DigitalOcean, Slack webhooks.'
    ),
    why=(
        "The prefix says what it is, so it is masked wherever it stands; one alternation, one scan of a "
        "message."
    ),
    examples=("AKIAX2NFWKNVFLJNNRU3", "my key is sk-proj-4f9KxQ2mLp7RtZ8vWb3Nc"),
    non_examples=("the sk-ii shop", "ghp_short"),
)

_AWS_SECRET = rule(
    "secrets.tokens.aws_secret",
    r"(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])",
    means=(
        "Forty base64 characters standing alone, the shape of an AWS secret access key "
        '("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY").'
    ),
    why=(
        'Masked only with both cases and a digit, "/" or "+" in it, and AWS words or an access key id '
        "within 80 characters (aws_context)."
    ),
    examples=("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",),
    non_examples=("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEYS"),
)

_AWS_CONTEXT = rule(
    "secrets.tokens.aws_context",
    r"\b(?:aws|amazon|iam|s3|secret|access\s+key)|(?:AKIA|ASIA)[A-Z0-9]{16}",
    flags=re.I,
    means='Words about AWS, or an access key id: "aws", "amazon", "IAM", "S3", "secret", "access key", "AKIA…".',
    why="A bare forty-character secret key counts only with one of these within 80 characters.",
    examples=("aws secret", "AKIAX2NFWKNVFLJNNRU3"),
    non_examples=("the Lisbon storage locker", "room key"),
)

_LABELLED = rule(
    "secrets.tokens.labelled",
    r"\b(?:(?:api|secret|access|auth|bearer|private|client|app|application|developer|dev|personal\s+access|"
    r"refresh|session)[ _-]?(?:key|token|secret)|token|bearer|secret|x-api-key|authorization)"
    r"(?:\s+(?:for|to|on)\s+[^\n.,;:!?=]{1,30}?(?=\s+(?:is|was)\s|\s*[:=]))?"
    r"(?:\s*[:=]\s*|\s+(?:is|was|=)\s*:?\s*|\s+)[\"'`]?(?P<v>[A-Za-z0-9_\-+/=.]{16,})",
    flags=re.I,
    means=(
        'A long token after its label ("API key", "secret", "access token", "bearer", "authorization", '
        '"x-api-key" …), perhaps "for …", then a connector or a space: "my secret key is 8dK2pL9qR4tW7yZ1".'
    ),
    why="Masked when it has sixteen characters or more, mixes letters and digits and is no link.",
    examples=("my secret key is 8dK2pL9qR4tW7yZ1", "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9"),
    non_examples=("token for the museum", "the secret is out"),
)

_PEM = rule(
    "secrets.tokens.pem",
    r"-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----.*?(?:-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|\Z)"
    r"|Proc-Type:\s*4,\s*ENCRYPTED.*?(?:-----END[ A-Z0-9]*-----|\Z)"
    r"|PuTTY-User-Key-File-\d+:.*?(?:Private-MAC:\s*\S+|\Z)",
    flags=re.S,
    means=(
        "A PEM private key block, encrypted or not, or a PuTTY key file, over all its lines to the END "
        "line (or the end of the message, if it was cut)."
    ),
    why=(
        'The whole block is one secret; it is looked for only in a message holding "PRIVATE KEY", '
        '"Proc-Type" or "PuTTY". Public keys and certificates are no secret.'
    ),
    examples=(
        "-----BEGIN OPENSSH PRIVATE KEY-----",
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----",
    ),
    non_examples=("-----BEGIN PUBLIC KEY-----", "-----BEGIN CERTIFICATE-----"),
)

_KEY_CHAR = fragment(
    "secrets.tokens.key_char",
    r"[A-Za-z0-9_\-+/=.:@]",
    means=(
        "The characters keys and tokens are written in: base64 (plain and URL-safe) and the separators of "
        'prefixed keys (".", ":", "@").'
    ),
    why="tokenish and keyish are runs of it.",
    examples=("A", "_", "="),
    non_examples=(" ", "!", ","),
)

_TOKENISH = rule(
    "secrets.tokens.tokenish",
    _KEY_CHAR + "{20,}",
    means="Twenty key characters or more in a row.",
    why=(
        "When such a run mixing letters and digits is not explained by the patterns above, "
        "detect-secrets' plugins are consulted; they are slow to load, so only then."
    ),
    examples=("token ghp_4f9KxQ2mLp7RtZ8vWb3Nc", "xoxb-2048-4f9KxQ2mLp7RtZ8"),
    non_examples=("a short token: ab12", "Lisbon to Porto by train"),
)

_KEYISH = rule(
    "secrets.tokens.keyish",
    _KEY_CHAR + "{16,}",
    means="Sixteen key characters or more in a row.",
    why="A message with no such run and no link holds no key of any kind: the token scanners stop there.",
    examples=("my secret key is 8dK2pL9qR4tW7yZ1",),
    non_examples=("PIN 4821", "Lisbon to Porto by train"),
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
    examples=("export AMADEUS_API_SECRET=Xk29fLq81", "db.password: Lua!2024"),
    non_examples=("export AMADEUS_API_SECRET=", "API_KEY = ''"),
)

_NAME_PART = rule(
    "secrets.tokens.name_part",
    r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+",
    means=(
        'One part of a name: a word in lower or title case, a run of capitals, or digits ("api", '
        '"Secret", "KEY").'
    ),
    why=(
        "An assigned name is split into its parts (two or more, one a secret's, none naming something "
        "else); a token beside a key's name is split the same way to tell words run together "
        '("WheelchairAccessible") from a key.'
    ),
    examples=("API", "Secret", "key"),
    non_examples=("API key", "apiKey"),
    test="whole",
)

_SECRET_PARTS = words(
    "secrets.tokens.secret_parts",
    word_set("key apikey secret token password passwd pwd pass passphrase credential credentials auth pin"),
    means=(
        "The parts that make an assigned name a secret's: key, apikey, secret, token, password, pass, "
        "passphrase, credential(s), auth, pin."
    ),
    why='"AMADEUS_API_SECRET=…", "db.password: …", "authToken = …": the name vouches for the value.',
    examples=("API key", "auth token"),
    non_examples=("API endpoint", "user name"),
)

_PASSWORD_PARTS = words(
    "secrets.tokens.password_parts",
    word_set("password passwd pwd pass passphrase pin"),
    means=(
        "The parts that make a secret's name a password's: password, passwd, pwd, pass, passphrase, pin "
        "(masked as a password, not an API key)."
    ),
    why="",
    examples=("db password", "pass"),
    non_examples=("API key", "token"),
)

_HEADER_PARTS = words(
    "secrets.tokens.header_parts",
    word_set("api secret token auth access private"),
    means=(
        'The parts that make a hyphenated name an HTTP header\'s ("X-Api-Key", "X-Auth-Token"): api, '
        "secret, token, auth, access, private."
    ),
    why='A hyphenated name without one is prose: "Room-Key: 1204".',
    examples=("X-Api-Key", "X-Auth-Token"),
    non_examples=("Room-Key: 1204", "Door-Pin: 4821"),
)

_NOT_SECRET_PARTS = words(
    "secrets.tokens.not_secret_parts",
    word_set(
        "id name user username url uri host port path file dir region endpoint email type length size count "
        "timeout public publishable expiry expires ttl hint policy"
    ),
    means=(
        'A part that makes the name about something other than the secret itself ("API_KEY_ID", '
        '"TOKEN_URL", "PUBLIC_KEY"): id, name, user, url, host, path, region, email, expiry, public …'
    ),
    why="Its value is an id, a link, a name or a setting, not the secret.",
    examples=("TOKEN-URL", "key id"),
    non_examples=("API-SECRET", "auth token"),
)

_PLACEHOLDER = rule(
    "secrets.tokens.placeholder",
    r"[$<{%]|[xX*.#_-]+$|(?:null|none|true|false|changeme|undefined|your\w*)$",
    flags=re.I,
    means=(
        'A value that stands in for one: a variable ("$SECRET", "<token>", "{{key}}", "%PASS%"), a filler '
        '("xxxxxxxx", "****") or a word such as "null", "changeme", "your_key_here".'
    ),
    why='An assignment with such a value holds no secret ("API_KEY=<your key>").',
    examples=("$AMADEUS_SECRET", "xxxxxxxx", "your_api_key"),
    non_examples=("Xk29fLq81", "Lua!2024"),
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
    non_examples=("the keyboard is broken", "a turkey sandwich"),
)

_KEYED_TOKEN = rule(
    "secrets.tokens.keyed_token",
    r"(?<![\w.+/%-])(?:0x)?[A-Za-z0-9][\w.+/%-]{15,}=*(?![\w+/%-])",
    means=(
        'A token of sixteen characters or more: letters, digits and the marks keys are written with (".", '
        '"+", "/", "%", "-", "_"), perhaps "0x" before or "=" after.'
    ),
    why=(
        "Within 40 characters of a key's name, on either side, it is masked when it has two character "
        'classes, is no link and does not read as words ("WheelchairAccessible").'
    ),
    examples=("key=mtk_GZHU8f2kLq9xR4", "eth key: 0xb51b2f09e2c94a1d"),
    non_examples=("room 1204", "key for room 12"),
)

_CONSONANTS_RUN = rule(
    "secrets.tokens.consonants_run",
    r"[^aeiouy]{4,}",
    means='Four characters or more in a row that are not lower-case vowels ("xkcd", "bgrt"): unpronounceable.',
    why=(
        "A piece of a token with such a run is no word, so the token does not read as words run together "
        "and may be a key."
    ),
    examples=("xkcd", "bgrt"),
    non_examples=("token", "summer"),
)

_VOWELS = rule(
    "secrets.tokens.vowels",
    r"[aeiouy]",
    means='A lower-case vowel, "y" counted.',
    why="A piece of a token reads as a word only when vowels are a quarter of it at least.",
    examples=("token", "summer"),
    non_examples=("xkcd", "SEHB"),
)
