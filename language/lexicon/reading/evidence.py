"""The records of :mod:`language.reading.evidence`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import fragment, rule

_BIDI = rule(
    "reading.evidence.bidi",
    "[\u202a-\u202e\u2066-\u2069]",
    means=(
        "Bidi embeddings, overrides and isolates reorder what the user sees: the logical text (what we would read "
        'and store) can say "I\'m ton vegetarian" while the screen shows "I\'m not vegetarian".'
    ),
    why="",
    examples="I'm \u202e ton\u202c vegetarian",
    non_examples=("I'm ton vegetarian", "I'm not vegetarian"),
)

_SPACE = rule(
    "reading.evidence.space",
    r"\s+",
    means="",
    why="",
    examples=("I'm *not* vegetarian", "my friend wrote: ''"),
    non_examples=("aisle", "paisley"),
)

_SENTENCE_END = rule(
    "reading.evidence.sentence_end",
    r"[.!?]+(?=\s|$|[\"')\]])|\n+|[\U0001f300-\U0001faff\u2600-\u27bf]+(?:\ufe0f)?(?=\s+[A-Z])",
    means=(
        "A sentence ends at . ! ? followed by a space or the end (so not inside a number like 3.5), or at a line "
        "break; or at an emoji before a capital, where people use one as the full stop (\"… with my partner 🥰 I'm "
        'pescatarian").'
    ),
    why="",
    examples="with my partner 🥰 I'm pescatarian",
    non_examples=("aisle", "paisley"),
)

_SUBJECT_WORD = fragment(
    "reading.evidence.subject_word",
    r"(?:i|i'm|im|i've|ive|i'd|i'll|my|me|we|we're|our|he|he's|she|she's|they|they're|his|her|their|it|it's)",
    means="",
    why="",
    examples=("i", "I"),
    non_examples="always",
)

_ALWAYS = rule(
    "reading.evidence.always",
    r";|\s+-\s+|\s*[\u2013\u2014]\s*|:\s+|,\s*(?:and|but|so|because|although|though|while|whereas|plus|or)\b|\s+but\s+|\s+whereas\s+",
    flags=re.I,
    means="Clause boundaries inside a sentence.",
    why=(
        'Commas alone are ambiguous ("By the way, I\'m vegetarian"), so a comma splits only when a new subject '
        "follows it and the part before it is a clause of its own (see split_clauses)."
    ),
    examples="my friend wrote: ''",
    non_examples=("By the way, I'm vegetarian", "aisle"),
)

_WORD_SUBJECT = rule(
    "reading.evidence.word_subject",
    r"\s+(?:and|so|because|although|though|while)\s+(?=" + _SUBJECT_WORD + r"\b)",
    flags=re.I,
    means="",
    why="",
    examples=" and I fly direct",
    non_examples=("aisle", "paisley"),
)

_CLAUSE_LIKE = rule(
    "reading.evidence.clause_like",
    r"\b(?:am|is|are|was|were|be|been|prefer\w*|like\w*|love\w*|eats?|use\w*|need\w*|want\w*|fly|flies|"
    r"sit\w*|have|has|travel\w*|live\w*|do|does|don't|doesn't)\b|'(?:m|re|s|ve|d|ll)\b",
    flags=re.I,
    means=(
        'The part before a boundary must be a clause of its own (a subject and a verb), so "My wife and I are …" '
        'and "By the way, I\'m …" stay whole.'
    ),
    why="",
    examples=("My wife and I are", "By the way, I'm"),
    non_examples=("aisle", "paisley"),
)

_COMMA_SUBJECT = rule(
    "reading.evidence.comma_subject",
    r",\s+(?=" + _SUBJECT_WORD + r"\b|[A-Z][a-z]+\s+(?:is|was|wants|prefers|likes)\b)",
    flags=re.I,
    means="",
    why="",
    examples="No, I'm good",
    non_examples=("aisle", "paisley"),
)

_MASK_TAIL = rule(
    "reading.evidence.mask_tail",
    r"[\s,;:.!?\-–—/|)\]]*",
    means=(
        "What may follow a mask before the next clause starts: any punctuation, dashes and spaces, or nothing at "
        "all."
    ),
    why="",
    examples=(", ", " - "),
    non_examples=("aisle",),
    test="whole",
)

_HAS_SUBJECT = rule(
    "reading.evidence.has_subject",
    r"\b" + _SUBJECT_WORD + r"\b|\b[A-Z][a-z]+\s+(?:is|was|wants|prefers|likes)\b",
    flags=re.I,
    means="",
    why="",
    examples=("I'm *not* vegetarian", "my friend wrote: ''"),
    non_examples=("aisle", "paisley"),
)
