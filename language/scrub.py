"""Scrubbing one message's words out of everything that copied them (for redaction).

A logged message is copied in several places: the assistant may echo it, a summary may quote it, a tool call may
carry a phrase of it, a thread's title is its first line. Redaction replaces the message itself and every
verbatim copy of its sentences and longer clauses. Paraphrases cannot be found this way; summaries written by
the offline model quote the user verbatim, and a real model's paraphrase is why summaries covering the message
are rewritten from their scrubbed text rather than trusted (see ``memory.redaction``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from language.reading.evidence import clean, sentence_spans, split_clauses

REMOVED = "[removed]"
MESSAGE_REMOVED = "[message removed]"
_MIN_CHARS = 8


def fragments(text: str) -> list[str]:
    """The pieces of ``text`` worth looking for elsewhere: the whole text, its sentences and its clauses of at
    least three words, longest first (so a sentence is replaced before the clause inside it)."""
    cleaned = clean(text)
    found = {cleaned, clean(text, one_line=True)}
    for sentence in sentence_spans(cleaned):
        found.add(cleaned[sentence.start : sentence.end].strip())
        for clause in split_clauses(cleaned, sentence):
            piece = cleaned[clause.start : clause.end].strip(" ,;:-")
            if len(piece.split()) >= 3:
                found.add(piece)
    pieces = [p.strip().rstrip(".!?") for p in found]
    return sorted({p for p in pieces if len(p) >= _MIN_CHARS}, key=len, reverse=True)


def scrub_text(value: str, pieces: Sequence[str]) -> tuple[str, int]:
    """``value`` with every case-insensitive occurrence of each piece replaced; and how many were replaced."""
    total = 0
    for piece in pieces:
        pattern = re.compile(re.escape(piece).replace(r"\ ", r"\s+"), re.I)
        value, n = pattern.subn(REMOVED, value)
        total += n
    return value, total


def scrub_json(value: Any, pieces: Sequence[str]) -> tuple[Any, int]:
    """Scrub every string inside a JSON-like value (dict keys are left alone: they are our field names)."""
    if isinstance(value, str):
        return scrub_text(value, pieces)
    if isinstance(value, Mapping):
        total, out = 0, {}
        for key, item in value.items():
            out[key], n = scrub_json(item, pieces)
            total += n
        return out, total
    if isinstance(value, list | tuple):
        total, items = 0, []
        for item in value:
            scrubbed, n = scrub_json(item, pieces)
            items.append(scrubbed)
            total += n
        return items, total
    return value, 0
