"""The records of :mod:`language.reading.evidence`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import fragment, rule

_BIDI = rule(
    "reading.evidence.bidi",
    "[\u202a-\u202e\u2066-\u2069]",
    means="A bidi embedding, override or isolate: a control character that reorders what the user sees.",
    why=(
        'The logical text (what we would read and store) can say "I\'m ton vegetarian" while the screen shows '
        '"I\'m not vegetarian": locate finds no evidence at all in a turn that holds one.'
    ),
    examples="I'm \u202e ton\u202c vegetarian",
    non_examples=("I'm ton vegetarian", "I'm not vegetarian"),
)

_SPACE = rule(
    "reading.evidence.space",
    r"\s+",
    means="A run of white space of any kind: spaces, tabs, line breaks.",
    why="fold and clean write every run as one space, so a quote matches the log however it was spaced.",
    examples=("window  seat", "aisle\tplease"),
    non_examples=("window-seat", "vegetarian"),
)

_SENTENCE_END = rule(
    "reading.evidence.sentence_end",
    r"[.!?]+(?=\s|$|[\"')\]])|\n+|[\U0001f300-\U0001faff\u2600-\u27bf]+(?:\ufe0f)?(?=\s+[A-Z])",
    means=(
        "Where a sentence ends: . ! ? before a space, a closing mark or the end (so not inside a number like 3.5), "
        "a line break, or an emoji before a capital, used as the full stop (\"… with my partner 🥰 I'm "
        'pescatarian").'
    ),
    why=(
        "sentence_spans: the clause rules judge the sentence and the clause that hold the quote, and the whole-turn "
        "rules walk the turn sentence by sentence."
    ),
    examples=("with my partner 🥰 I'm pescatarian", "I'm vegan. Book the hotel"),
    non_examples=("a 3.5 hour layover", "window seat 🥰 always"),
)

_SUBJECT_WORD = fragment(
    "reading.evidence.subject_word",
    r"(?:i|i'm|im|i've|ive|i'd|i'll|my|me|we|we're|our|he|he's|she|she's|they|they're|his|her|their|it|it's)",
    means="A word that can open a new subject: a pronoun of the first or third person, or a possessive ('my', 'her').",
    why="_COMMA_SUBJECT, _WORD_SUBJECT, _HAS_SUBJECT: a comma or a 'so' splits a sentence only before a new subject.",
    examples=("I'm", "my", "they're"),
    non_examples=("you", "mine"),
)

_ALWAYS = rule(
    "reading.evidence.always",
    r";|\s+-\s+|\s*[\u2013\u2014]\s*|:\s+|,\s*(?:and|but|so|because|although|though|while|whereas|plus|or)\b|\s+but\s+|\s+whereas\s+",
    flags=re.I,
    means=(
        "A clause boundary inside a sentence whatever follows it: a semicolon, a spaced dash, a colon, 'but', "
        "'whereas', or a comma before a conjunction."
    ),
    why=(
        'Commas alone are ambiguous ("By the way, I\'m vegetarian"), so a comma splits only when a new subject '
        "follows it and the part before it is a clause of its own (see split_clauses)."
    ),
    examples=("I'm vegetarian; my wife eats anything", "window seat, but aisle on long flights"),
    non_examples=("By the way, I'm vegetarian", "Flights at 9:30 please"),
)

_WORD_SUBJECT = rule(
    "reading.evidence.word_subject",
    r"\s+(?:and|so|because|although|though|while)\s+(?=" + _SUBJECT_WORD + r"\b)",
    flags=re.I,
    means="A conjunction before a new subject: ' and I …', ' so we …', ' because my …'.",
    why=(
        "split_clauses cuts there when the part before it is a clause of its own (\"I'm vegetarian and I fly "
        'direct"), so each statement is judged alone.'
    ),
    examples=("I'm vegetarian and I fly direct", "the seats are tight so I book the aisle"),
    non_examples=("window and aisle both fine", "pasta and bread"),
)

_CLAUSE_LIKE = rule(
    "reading.evidence.clause_like",
    r"\b(?:am|is|are|was|were|be|been|prefer\w*|like\w*|love\w*|eats?|use\w*|need\w*|want\w*|fly|flies|"
    r"sit\w*|have|has|travel\w*|live\w*|do|does|don't|doesn't)\b|'(?:m|re|s|ve|d|ll)\b",
    flags=re.I,
    means="A verb that makes words a clause: 'be', 'have' or 'do', a verb of liking or needing, a contraction.",
    why=(
        'The part before a boundary must be a clause of its own (a subject and a verb), so "My wife and I are …" '
        'and "By the way, I\'m …" stay whole.'
    ),
    examples=("I'm vegetarian", "we always fly direct"),
    non_examples=("By the way", "Home airport"),
)

_COMMA_SUBJECT = rule(
    "reading.evidence.comma_subject",
    r",\s+(?=" + _SUBJECT_WORD + r"\b|[A-Z][a-z]+\s+(?:is|was|wants|prefers|likes)\b)",
    flags=re.I,
    means="A comma before a new subject: ', I …', ', my wife …', ', Bob is …'.",
    why=(
        "split_clauses cuts there only when the part before it is a clause of its own (\"I'm vegetarian, my wife "
        'isn\'t"), not after an opener ("By the way, I\'m vegetarian").'
    ),
    examples=("I'm vegetarian, my wife isn't", "No, I'm good"),
    non_examples=("Lisbon, Porto or Faro", "I'm vegetarian,I think"),
)

_MASK_TAIL = rule(
    "reading.evidence.mask_tail",
    r"[\s,;:.!?\-–—/|)\]]*",
    means=(
        "What may follow a mask before the next clause starts: any punctuation, dashes and spaces, or nothing at "
        "all."
    ),
    why=(
        'A masked secret always ends its clause ("IBAN [IBAN ending 2957], please reply in German"): the cut '
        "takes this tail with it."
    ),
    examples=(", ", " - "),
    non_examples=(", please", " and"),
    test="whole",
)

_HAS_SUBJECT = rule(
    "reading.evidence.has_subject",
    r"\b" + _SUBJECT_WORD + r"\b|\b[A-Z][a-z]+\s+(?:is|was|wants|prefers|likes)\b",
    flags=re.I,
    means="A subject anywhere in the words: a pronoun or possessive, or a name followed by 'is', 'wants', 'prefers' …",
    why=(
        "split_clauses: the part before a comma must have a subject to be a clause, and a label's colon is no "
        'boundary when no subject follows it ("home airport: FCO", "Diet: vegan").'
    ),
    examples=("I'm *not* vegetarian", "my friend wrote"),
    non_examples=("Diet: vegan", "window seat please"),
)
