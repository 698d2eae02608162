"""How a table of phrases becomes one regex: comma-separated lists, accents made optional, a trie.

The secret vocabulary (:mod:`language.secrets.vocabulary`) is written as one comma-separated string per
language; the scanners read it as one regex per table, built here, so a message is scanned once per table
whatever the number of phrases.
"""

from __future__ import annotations

import re
import unicodedata


def listed(text: str) -> frozenset[str]:
    """The phrases of one comma-separated string."""
    return frozenset(p.strip() for p in text.split(",") if p.strip())


def phrases(table: dict[str, str]) -> frozenset[str]:
    """Every phrase of a table's languages."""
    return frozenset().union(*(listed(text) for text in table.values()))


def unaccented(word: str) -> str:
    """The word without its accents: users type "contrasena", "codigo" as often as the accented forms."""
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def alternation(words: set[str]) -> str:
    """The words as one regex trie (shared prefixes written once, so a scan tries each letter once); spaces match
    any run of spaces."""
    trie: dict[str, dict] = {}  # type: ignore[type-arg]
    for word in words:
        node = trie
        for char in word.lower():
            node = node.setdefault(char, {})
        node[""] = {}
    return _trie_regex(trie)


def alternation_of(*lists: str) -> str:
    """The phrases of one or more comma-separated lists (:data:`CONNECTORS`, :data:`POSSESSIVES` …) as one regex
    trie (see :func:`alternation`)."""
    return alternation(set().union(*(listed(text) for text in lists)))


def _trie_regex(node: dict[str, dict]) -> str:  # type: ignore[type-arg]
    branches = [
        (r"\s+" if c == " " else re.escape(c)) + _trie_regex(child) for c, child in sorted(node.items()) if c
    ]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if "" in node:
        return f"(?:{body})?"
    return body


def words_pattern(phrases: set[str]) -> re.Pattern[str]:
    """Whole phrases only: "pin" is not inside "spinning", nor "code" inside "barcode"."""
    return re.compile(rf"(?<![\w'’-])(?:{alternation(phrases)})(?![\w-])", re.I)
