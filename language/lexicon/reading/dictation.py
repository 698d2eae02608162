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
    means=(
        "A punctuation mark said aloud right after a word: 'comma', 'full stop', 'question mark', 'exclamation "
        "mark', 'semicolon', 'new line', 'new paragraph'."
    ),
    why=(
        "spoken_marks writes each as the mark it stands for, length unchanged, so a dictated message splits into "
        "sentences and clauses where the speaker meant it to. 'Period' is left out: 'for a period of time' is "
        "not dictation."
    ),
    examples=(
        "window seat comma always window comma I get travel sick full stop",
        "is that direct question mark",
    ),
    non_examples=("for a period of time", "no full stops in my name please"),
)

_MARKS = words(
    "reading.dictation.marks",
    {"comma": ",", "full": ".", "question": "?", "exclamation": "!", "semicolon": ";", "semi-colon": ";"},
    means=(
        "The mark each spoken mark stands for, by its first word ('full' for 'full stop', 'question' for "
        "'question mark')."
    ),
    why="spoken_marks looks up the first word of what _SPOKEN found; 'new line' is a line break, the rest a comma.",
    examples=("window seat comma always window", "I get travel sick full stop"),
    non_examples=("for a period of time", "a stopover in Doha"),
)
