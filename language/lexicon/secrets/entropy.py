"""The records of :mod:`language.secrets.entropy`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

from language.rules import rule, words

_BASE64_RUN = rule(
    "secrets.entropy.base64_run",
    r"(?<![A-Za-z0-9+/=_\-.:@%?&])[A-Za-z0-9+_\-]{20,}={0,2}(?![A-Za-z0-9+/=_\-@]|\.\w|://)",
    means="",
    why="",
    examples="Lisbon2Porto_Trip2025",
    non_examples=",",
)

_HEX_RUN = rule(
    "secrets.entropy.hex_run",
    r"(?<![A-Za-z0-9])[0-9a-fA-F]{32,}(?![A-Za-z0-9])",
    means="",
    why="",
    examples="8744147375e64425fb6111b51b0d24c9",
    non_examples=("Lisbon2Porto_Trip2025", ","),
)

_WORD_SHAPE = rule(
    "secrets.entropy.word_shape",
    r"[A-Z]?[a-z]{3,}",
    means="",
    why="",
    examples="Lisbon2Porto_Trip2025",
    non_examples=",",
)

_VOWEL = rule(
    "secrets.entropy.vowel",
    r"[aeiouyAEIOUY]",
    means="",
    why="",
    examples="Lisbon2Porto_Trip2025",
    non_examples=",",
)

_SEED_LANGUAGES = words(
    "secrets.entropy.seed_languages",
    ("english", "spanish", "french", "italian", "portuguese", "czech", "turkish"),
    means="",
    why="",
    examples="French",
    non_examples=("Lisbon2Porto_Trip2025", ","),
)

_WORD = rule(
    "secrets.entropy.word", r"[^\W\d_]+", means="", why="", examples="Lisbon2Porto_Trip2025", non_examples=","
)

_GAP = rule(
    "secrets.entropy.gap",
    r"[\s,;.)(\-]*(?:\d{1,2}[.):\-]?[\s,;]*)?",
    means='Between two words of a phrase: spaces, commas, line breaks, and list numbering ("1. abandon 2) ability").',
    why="",
    examples=(", 2) ",),
    non_examples=("abandon",),
    test="whole",
)
