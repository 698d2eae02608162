"""The records of :mod:`language.reading.changes`: how people say a preference changed since they last said it
(kept as data in changes.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

EXCLUDED_BY: dict[str, frozenset[str]] = lexicon.words("reading.changes.excluded_by")
KIND_WORDS: dict[str, str] = lexicon.words("reading.changes.kind_words")
CHANGED_AWAY, CHANGE_NOW, NONE_OF_IT, NOW_EATEN = lexicon.rules(
    "reading.changes", "changed_away", "change_now", "none_of_it", "now_eaten"
)
