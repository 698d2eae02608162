"""Secrets recognised by their structure alone, whoever issued them: high-entropy keys and tokens of providers
no pattern names, and BIP-39 seed phrases.

* A **key** is a long run of base64 or hex characters whose Shannon entropy (detect-secrets' measure and its
  limits: 4.5 bits a character for base64, 3.0 for hex) says it is random, not words run together. Shorter runs
  cannot reach 4.5 bits (a 20-character run has at most log2(20) ≈ 4.3), so the limit scales down with the
  length; a run with a "/" is a path (a labelled key with one is language.secrets.tokens'), and one made mostly
  of word shapes ("Lisbon2Porto_Trip2025") or inside a link is not a key.
* A **seed phrase** is twelve or more consecutive words of one BIP-39 wordlist (the lists the ``mnemonic``
  package ships, in every language it has a Latin-script list for), numbered or not. Ordinary sentences never
  get there: "I", "my", "the", "to", "and" are on no list.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterator
from functools import cache

from language.lexicon.secrets.entropy import (
    _BASE64_RUN,
    _GAP,
    _HEX_RUN,
    _SEED_LANGUAGES,
    _VOWEL,
    _WORD,
    _WORD_SHAPE,
)
from language.lexicon.secrets.hits import FIXED_MASKS, SEED_PHRASE_MASK, URL_BEFORE
from language.secrets.hits import Hit


@cache
def _entropy_plugins() -> tuple[object, object]:
    # Imported lazily, as in language.secrets.tokens: detect-secrets builds a plugin registry on import.
    from detect_secrets.plugins.high_entropy_strings import Base64HighEntropyString, HexHighEntropyString

    return Base64HighEntropyString(), HexHighEntropyString()


def _entropy(plugin: object, value: str) -> float:
    return float(plugin.calculate_shannon_entropy(value))  # type: ignore[attr-defined]


def _limit(plugin: object, length: int) -> float:
    """detect-secrets' limit, lowered for runs too short to reach it: one bit below log2 of the length, which
    random keys of that length reach."""
    return min(float(plugin.entropy_limit), math.log2(length) - 1.0)  # type: ignore[attr-defined]


def _word_made(value: str) -> bool:
    """Mostly words: runs of four or more lower-case letters with a vowel ("Lisbon", "Porto", "summer") cover
    three fifths of it (random keys seldom have more than a third), or it is words joined up."""
    words = [w for w in _WORD_SHAPE.findall(value) if _VOWEL.search(w)]
    if sum(len(w) for w in words) * 5 > len(value) * 3:
        return True
    # Words joined by underscores or dashes, perhaps with a short number: a name ("FBI_Surveillance_Van_3", a
    # Wi-Fi network), not a key ("sk_live_4eC39HqLyjWD…" has a random part).
    parts = [p for p in re.split(r"[_\-]+", value) if p]
    return len(parts) >= 3 and all(p.isalpha() or (p.isdigit() and len(p) <= 4) for p in parts)


def _mixed_classes(value: str) -> bool:
    return (
        any(c.isdigit() for c in value)
        and any(c.islower() for c in value)
        and any(c.isupper() for c in value)
    )


def entropy_hits(text: str, view: str) -> Iterator[Hit]:
    if len(text) < 20:
        return
    for m in _BASE64_RUN.finditer(view):
        value = m.group(0).rstrip("=")
        if (
            not _mixed_classes(value)
            or _word_made(value)
            or URL_BEFORE.search(view, max(0, m.start() - 200), m.start())
        ):
            continue
        base64 = _entropy_plugins()[0]
        if _entropy(base64, value) >= _limit(base64, len(value)):
            yield Hit("api_key", m.start(), m.end(), FIXED_MASKS["api_key"])
    for m in _HEX_RUN.finditer(view):
        value = m.group(0)
        if not (any(c.isdigit() for c in value) and any(c.isalpha() for c in value)):
            continue
        hex_ = _entropy_plugins()[1]
        if _entropy(hex_, value) >= _limit(hex_, len(value)):
            yield Hit("api_key", m.start(), m.end(), FIXED_MASKS["api_key"])


_LEAST_WORDS = 12


@cache
def _wordlists() -> tuple[frozenset[str], ...]:
    from mnemonic import Mnemonic

    # The lists are stored decomposed (NFKD); the view the scanners read is composed (NFKC).
    return tuple(
        frozenset(unicodedata.normalize("NFKC", w) for w in Mnemonic(language).wordlist)
        for language in _SEED_LANGUAGES
    )


def _runs(view: str, words: list[re.Match[str]], wordlist: frozenset[str]) -> Iterator[tuple[int, int]]:
    """(start, end) of each run of at least twelve wordlist words with only gaps between them."""
    start = end = count = 0
    for word in words:
        if word.group(0).lower() in wordlist:
            if count and _GAP.fullmatch(view, end, word.start()) is not None:
                count, end = count + 1, word.end()
                continue
            if count >= _LEAST_WORDS:
                yield start, end
            start, end, count = word.start(), word.end(), 1
        else:
            if count >= _LEAST_WORDS:
                yield start, end
            count = 0
    if count >= _LEAST_WORDS:
        yield start, end


@cache
def _any_wordlist() -> frozenset[str]:
    return frozenset().union(*_wordlists())


def seed_phrase_hits(text: str, view: str) -> Iterator[Hit]:
    words = list(_WORD.finditer(view))
    if len(words) < _LEAST_WORDS:
        return
    lowered = [w.group(0).lower() for w in words]
    if sum(w in _any_wordlist() for w in lowered) < _LEAST_WORDS:
        return
    for wordlist in _wordlists():
        if sum(w in wordlist for w in lowered) < _LEAST_WORDS:
            continue
        for start, end in _runs(view, words, wordlist):
            yield Hit("private_key", start, end, SEED_PHRASE_MASK)
