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

from language.lexicon.secrets.hits import FIXED_MASKS, URL_BEFORE, SecretKind
from language.lexicon.secrets.tokens import (
    _ASSIGNMENT,
    _AWS_CONTEXT,
    _AWS_SECRET,
    _CONSONANTS_RUN,
    _HEADER_PARTS,
    _KEY_NAME,
    _KEYED_TOKEN,
    _KEYISH,
    _LABELLED,
    _NAME_PART,
    _NOT_SECRET_PARTS,
    _PASSWORD_PARTS,
    _PEM,
    _PLACEHOLDER,
    _PROVIDER,
    _SECRET_PARTS,
    _TOKENISH,
    _VOWELS,
)
from language.secrets.hits import Hit


def _mixed(value: str) -> bool:
    return any(c.isdigit() for c in value) and any(c.isalpha() for c in value)


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
