"""Machine secrets: provider API keys and tokens, PEM private keys, credentials inside URLs.

Four layers:

1. our own patterns for the shapes people paste into a chat (OpenAI/Anthropic ``sk-…``, Google ``AIza…``,
   xAI, Hugging Face, GitLab, GitHub incl. fine-grained ``github_pat_…``, Slack, Stripe secret keys, JWTs, AWS
   access key ids), one alternation so an ordinary sentence costs one regex scan;
2. context rules: a bare 40-character AWS secret key next to AWS words or an access key id, any long mixed
   token after "API key" / "token" / "secret" (and, read loosely by :func:`keyed_token_hits`, a token within a
   few words of a key's name on either side, in six languages), and whole PEM blocks, encrypted ones included,
   multi-line;
3. assignments whose name says they hold a secret (``export AMADEUS_API_SECRET=…``, ``db_password: …``): the
   name vouches for a value of any shape;
4. detect-secrets' regex plugins, for the long tail (Twilio, SendGrid, npm, PyPI, Mailchimp …). Importing
   detect-secrets costs ~0.2-0.6 s, so it is imported lazily and only consulted when the message holds a long
   token-like run (or a URL) that layers 1-3 did not already explain.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from language.secrets.hits import FIXED_MASKS, URL_BEFORE, Hit, SecretKind, word_set
from language.text import whole_words

_EDGE = r"(?<![A-Za-z0-9_\-])"
_PROVIDER = re.compile(
    _EDGE
    + r"(?:sk-ant-[A-Za-z0-9_\-]{20,}|sk-(?:proj|svcacct|admin|live|test)-[A-Za-z0-9_\-]{20,}|sk-[A-Za-z0-9]{20,}"
    r"|AIza[0-9A-Za-z_\-]{35}|ya29\.[0-9A-Za-z_\-]{20,}|GOCSPX-[0-9A-Za-z_\-]{20,}|xai-[A-Za-z0-9]{20,}"
    r"|hf_[A-Za-z0-9]{30,}|gl(?:pat|dt|ft|soat|rt|cbt|imt|ptt|oas|agent)-[A-Za-z0-9_\-]{20,}"
    r"|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}|xox[abposr]-[A-Za-z0-9\-]{10,}"
    r"|xapp-\d-[A-Za-z0-9\-]{10,}|(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9]{20,}"
    r"|eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}|(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}"
    r"|npm_[A-Za-z0-9]{36}|pypi-AgE[A-Za-z0-9_\-]{50,}|SG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}"
    r"|sq0(?:csp|atp)-[0-9A-Za-z_\-]{22,}|shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}|dop_v1_[a-f0-9]{64}"
    r"|https://hooks\.slack\.com/services/[A-Za-z0-9_/]+)(?![A-Za-z0-9_\-])"
)
_AWS_SECRET = re.compile(r"(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])")
_AWS_CONTEXT = re.compile(r"\b(?:aws|amazon|iam|s3|secret|access\s+key)|(?:AKIA|ASIA)[A-Z0-9]{16}", re.I)
_LABELLED = re.compile(
    r"\b(?:(?:api|secret|access|auth|bearer|private|client|app|application|developer|dev|personal\s+access|"
    r"refresh|session)[ _-]?(?:key|token|secret)|token|bearer|secret|x-api-key|authorization)"
    r"(?:\s+(?:for|to|on)\s+[^\n.,;:!?=]{1,30}?(?=\s+(?:is|was)\s|\s*[:=]))?"
    r"(?:\s*[:=]\s*|\s+(?:is|was|=)\s*:?\s*|\s+)[\"'`]?(?P<v>[A-Za-z0-9_\-+/=.]{16,})",
    re.I,
)
_PEM = re.compile(
    r"-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----.*?(?:-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|\Z)"
    r"|Proc-Type:\s*4,\s*ENCRYPTED.*?(?:-----END[ A-Z0-9]*-----|\Z)"
    r"|PuTTY-User-Key-File-\d+:.*?(?:Private-MAC:\s*\S+|\Z)",
    re.S,
)
# The characters keys and tokens are written in: base64 (plain and URL-safe) and the separators of prefixed keys.
_KEY_CHAR = r"[A-Za-z0-9_\-+/=.:@]"
_TOKENISH = re.compile(_KEY_CHAR + "{20,}")
_KEYISH = re.compile(_KEY_CHAR + "{16,}")  # nothing this long: no key of any kind


def _mixed(value: str) -> bool:
    return any(c.isdigit() for c in value) and any(c.isalpha() for c in value)


# NAME=VALUE as a shell, a .env file or a config writes it ("export AMADEUS_API_SECRET=…", "db.password: …",
# "clientSecret = '…'"): when the name says it holds a secret, the value is one, whatever its shape. Only
# compound names (two parts or more) count: a bare "key:" or "pass:" in a sentence is the other scanners'.
_ASSIGNMENT = re.compile(
    r"(?<![\w.$-])(?P<name>[A-Za-z_][A-Za-z0-9_.-]{2,60})[\"']?[ \t]*(?:=|:)[ \t]*[\"'`]?(?P<v>[^\s\"'`,;]{4,200})"
)
_NAME_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_SECRET_PARTS = word_set(
    "key apikey secret token password passwd pwd pass passphrase credential credentials auth pin"
)
_PASSWORD_PARTS = word_set("password passwd pwd pass passphrase pin")
_HEADER_PARTS = word_set("api secret token auth access private")
# A part that makes the name about something other than the secret itself ("API_KEY_ID", "TOKEN_URL").
_NOT_SECRET_PARTS = word_set(
    "id name user username url uri host port path file dir region endpoint email type length size count "
    "timeout public publishable expiry expires ttl hint policy"
)
_PLACEHOLDER = re.compile(r"[$<{%]|[xX*.#_-]+$|(?:null|none|true|false|changeme|undefined|your\w*)$", re.I)


def assignment_hits(text: str) -> Iterator[Hit]:
    if "=" not in text and ":" not in text:
        return
    for m in _ASSIGNMENT.finditer(text):
        name = m.group("name")
        parts = {p.lower() for p in _NAME_PART.findall(name)}
        if len(parts) < 2 or not parts & _SECRET_PARTS or parts & _NOT_SECRET_PARTS:
            continue
        if "-" in name and not parts & _HEADER_PARTS:  # "Room-Key: 1204" is prose; "X-Api-Key: …" a header
            continue
        value = m.group("v").rstrip(".")
        if len(value) < 4 or _PLACEHOLDER.match(value):
            continue
        kind: SecretKind = "password" if parts & _PASSWORD_PARTS else "api_key"
        yield Hit(kind, m.start("v"), m.start("v") + len(value), FIXED_MASKS[kind])


# A key's name near a long token: "the channel manager key is qwx.GYgd…", "key=mtk_GZHU…", "YYLWBcuo… is my
# developer key", "eth key: 0xb51b…". With the name said, a token need not reach the entropy limit: two
# character classes over sixteen or more characters, not words run together, not a link.
_KEY_NAME = whole_words(
    r"api[ _-]?key|apikey|key|keys|token|tokens|secret|access[ _-]?key|credential|credentials|"
    r"chave|clave|clé|cle|schlüssel|schluessel|chiave|"
    # A logged-in session is a login: "session_id=…", "connect.sid=s%3A…", "the cookie from my browser".
    r"session[ _-]?id|session|sid|cookie|cookies|jsessionid|phpsessid"
)
_KEYED_TOKEN = re.compile(r"(?<![\w.+/%-])(?:0x)?[A-Za-z0-9][\w.+/%-]{15,}=*(?![\w+/%-])")
_KEY_NEAR = 40


def keyed_token_hits(view: str) -> Iterator[Hit]:
    """Layer 2 said loosely: a token within a few words of a key's name, on either side, in six languages."""
    names = [(m.start(), m.end()) for m in _KEY_NAME.finditer(view)]
    if not names:
        return
    for m in _KEYED_TOKEN.finditer(view):
        value = m.group(0).rstrip(".=")
        near = any(
            0 <= m.start() - end <= _KEY_NEAR or 0 <= start - m.end() <= _KEY_NEAR for start, end in names
        )
        classes = sum(
            (
                any(c.isupper() for c in value),
                any(c.islower() for c in value),
                any(c.isdigit() for c in value),
            )
        )
        if (
            not near
            or classes < 2
            or "://" in value
            or _reads_as_words(value)
            or URL_BEFORE.search(view, max(0, m.start() - 200), m.start())
        ):
            continue
        yield Hit("api_key", m.start(), m.start() + len(value), FIXED_MASKS["api_key"])


_CONSONANTS_RUN = re.compile(r"[^aeiouy]{4,}")
_VOWELS = re.compile(r"[aeiouy]")


def _reads_as_words(value: str) -> bool:
    """Every piece a word ("WheelchairAccessible", "summer_trip_2025"), not merely word-like stretches.

    Stricter than the entropy layer's word test, for tokens said beside the name of a key: a random key often holds
    a lower-case run with a vowel ("UAcvcifagWizgW9g"), but seldom only pronounceable pieces of three or more
    letters with at most one group of digits.
    """
    pieces = _NAME_PART.findall(value)
    letters = [p.lower() for p in pieces if not p.isdigit()]
    if not letters or sum(p.isdigit() for p in pieces) > 1:
        return False
    # Words run together are mostly longer than three letters ("WheelchairAccessible", "summer_trip"); a random
    # mixed-case key splits into many short pronounceable bits ("KywUemYbgAkfSEHB": Kyw, Uem, Ybg, Akf, SEHB).
    if 4 * len(letters) > sum(len(p) for p in letters):
        return False
    return all(
        len(p) >= 3 and 4 * len(_VOWELS.findall(p)) >= len(p) and not _CONSONANTS_RUN.search(p)
        for p in letters
    )


def token_hits(text: str) -> Iterator[Hit]:
    key = FIXED_MASKS["api_key"]
    covered: list[tuple[int, int]] = []
    for hit in assignment_hits(text):
        covered.append((hit.start, hit.end))
        yield hit
    if "PRIVATE KEY" in text or "Proc-Type" in text or "PuTTY" in text:
        for m in _PEM.finditer(text):
            covered.append(m.span())
            yield Hit("private_key", m.start(), m.end(), FIXED_MASKS["private_key"])
    if not _KEYISH.search(text) and "://" not in text:
        return
    for m in _PROVIDER.finditer(text):
        covered.append(m.span())
        yield Hit("api_key", m.start(), m.end(), key)
    for m in _LABELLED.finditer(text):
        value = m.group("v").rstrip(".=")
        if _mixed(value) and "://" not in text[m.start("v") : m.end("v") + 3]:
            covered.append((m.start("v"), m.start("v") + len(value)))
            yield Hit("api_key", m.start("v"), m.start("v") + len(value), key)
    for m in _AWS_SECRET.finditer(text):
        value = m.group(0)
        base64ish = (
            value.lower() != value and value.upper() != value and any(c.isdigit() or c in "/+" for c in value)
        )
        if base64ish and _AWS_CONTEXT.search(text, max(0, m.start() - 80), m.end() + 80):
            covered.append(m.span())
            yield Hit("api_key", m.start(), m.end(), key)
    unexplained = any(
        _mixed(t.group(0)) and not any(a <= t.start() < b for a, b in covered)
        for t in _TOKENISH.finditer(text)
    )
    if unexplained or "://" in text:
        yield from _detect_secrets_hits(text)


_DETECT_SECRETS_PLUGINS = (
    "AWSKeyDetector",
    "ArtifactoryDetector",
    "AzureStorageKeyDetector",
    "BasicAuthDetector",
    "DiscordBotTokenDetector",
    "GitHubTokenDetector",
    "GitLabTokenDetector",
    "JwtTokenDetector",
    "MailchimpDetector",
    "NpmDetector",
    "OpenAIDetector",
    "PrivateKeyDetector",
    "PypiTokenDetector",
    "SendGridDetector",
    "SlackDetector",
    "SquareOAuthDetector",
    "StripeDetector",
    "TelegramBotTokenDetector",
    "TwilioKeyDetector",
)
_DS_KINDS: dict[str, SecretKind] = {
    "BasicAuthDetector": "credentials",
    "PrivateKeyDetector": "private_key",
}


@cache
def _detect_secrets_patterns() -> tuple[tuple[SecretKind, re.Pattern[str]], ...]:
    """detect-secrets' denylist regexes, each with the kind it reveals (built once per process)."""
    # Imported here: detect-secrets builds its plugin registry on import, which most messages never need.
    from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class

    found: list[tuple[SecretKind, re.Pattern[str]]] = []
    for cls in get_mapping_from_secret_type_to_class().values():
        name = cls.__name__
        if name in _DETECT_SECRETS_PLUGINS:
            kind = _DS_KINDS.get(name, "api_key")
            found.extend((kind, pattern) for pattern in cls().denylist)
    return tuple(found)


def _detect_secrets_hits(text: str) -> Iterator[Hit]:
    for kind, pattern in _detect_secrets_patterns():
        for m in pattern.finditer(text):
            # A capture group that holds the secret itself ("…:(password)@", "aws…'(KEY)'") is masked alone, so
            # the words around it survive; a short group (a token prefix like "ghp") means the whole match.
            spans = [m.span(g) for g in range(1, (m.re.groups or 0) + 1) if m.span(g)[1] - m.span(g)[0] >= 6]
            start, end = max(spans, key=lambda s: s[1] - s[0]) if spans else m.span()
            while start < end and text[start] in " \t\"'=:":
                start += 1
            while end > start and text[end - 1] in " \t\"'\r\n":
                end -= 1
            if end - start >= 4:
                yield Hit(kind, start, end, FIXED_MASKS[kind])
