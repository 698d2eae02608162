"""The records of :mod:`language.reading.dictation`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import rule, words

_SPOKEN = rule(
    "reading.dictation.spoken",
    r"(?<=\w)(?P<word>[ \t]+(?:comma|full[ \t]+stop|question[ \t]+mark|exclamation[ \t]+(?:mark|point)|"
    r"semi-?colon|new[ \t]+(?:line|paragraph)))\b",
    flags=re.I,
    means="",
    why="",
    examples="a question typed without a question mark",
    non_examples=("Period", "for a period of time"),
)

_MARKS = words(
    "reading.dictation.marks",
    {"comma": ",", "full": ".", "question": "?", "exclamation": "!", "semicolon": ";", "semi-colon": ";"},
    means="",
    why="",
    examples="question-either-or",
    non_examples=("Period", "for a period of time"),
)
