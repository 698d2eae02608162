"""The records of :mod:`language.reading.answers`: its rules, fragments and word tables
(kept as data in answers.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

_ABOUT: dict[str, str] = lexicon.words("reading.answers.about")
_QUESTION_OPENER, _ANY_TOPIC = lexicon.rules("reading.answers", "question_opener", "any_topic")
