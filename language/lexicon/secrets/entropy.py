"""The records of :mod:`language.secrets.entropy`: its rules, fragments and word tables
(kept as data in entropy.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

_BASE64_RUN, _HEX_RUN, _WORD_SHAPE, _VOWEL, _WORD, _GAP = lexicon.rules(
    "secrets.entropy", "base64_run", "hex_run", "word_shape", "vowel", "word", "gap"
)
_SEED_LANGUAGES = lexicon.words("secrets.entropy.seed_languages")
