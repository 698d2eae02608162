"""Someone else's text inside a user's message, found by its shape alone.

Quotations in any quotation marks, e-mail quote lines, forwarded blocks, speaker-labelled transcript lines and
pasted model instructions are not the user's statement about themselves, whatever they say. A heading that may
name someone else ("Tom:", "Guest 2 -") is neither surely someone else's nor surely the user's: the gate asks.
"""

from __future__ import annotations

import re

from language.lexicon.reading.foreign_text import (
    _FORM_LABELS,
    _HEADER,
    _INJECTION,
    _NOT_A_NAME,
    _OPENER,
    _OWN_HEADING,
    _OWN_LABELS,
    _ROLES,
    _SPEAKER,
)
from language.lexicon.secrets.hits import MASK_RE
from language.reading.evidence import Span, fold_marks


def quoted_spans(text: str) -> list[Span]:
    """Regions inside quotation marks. An apostrophe between letters ("I'm") is not a quotation mark.

    A quotation may run over a line break (a pasted U+2028 must not cut quoted words off their marks).
    """
    folded = fold_marks(text)
    spans: list[Span] = []
    for m in re.finditer(r'"[^"]{1,500}"', folded):
        spans.append(Span(start=m.start(), end=m.end()))
    for m in re.finditer(
        r"(?:(?<=^)|(?<=[\s:(\[]))'(?=\S)(.{1,500}?)(?<=\S)'(?=$|[\s.,;:!?)\]])", folded, re.S
    ):
        spans.append(Span(start=m.start(), end=m.end()))
    return spans


def _speaker_label(line: str, form: bool = False) -> re.Match[str] | None:
    """A "Name:" opener that is not one of the labels people use for their own notes (nor, in a pasted
    questionnaire, its "Q:" and "A:")."""
    speaker = _SPEAKER.match(line)
    if speaker is None:
        return None
    label = speaker.group(1).lower()
    return None if label in _OWN_LABELS or (form and label in _FORM_LABELS) else speaker


def _questionnaire(lines: list[str]) -> bool:
    """Every labelled line is a "Q:" or an "A:" (a form's questions and the user's answers)."""
    labels = {m.group(1).lower() for line in lines if (m := _SPEAKER.match(line))}
    return bool(labels) and labels <= _FORM_LABELS


def _surely_a_speaker(speaker: re.Match[str], labelled_lines: int) -> bool:
    """A label is someone speaking when it is a role, a full name, time-stamped, or one of several labelled
    lines (a transcript). A single capitalised word alone ("Dinner: I'm vegan", "Sam: I'm vegan") may be a
    name or the user's own heading: see :func:`unsure_labels`."""
    label = speaker.group(1)
    return (
        label.lower() in _ROLES
        or " " in label
        or "[" in speaker.group(0)
        or labelled_lines > 1
        or (label.isupper() and len(label) > 3)
    )


def unsure_labels(text: str) -> list[Span]:
    """Lines opened by a heading that may name someone else ("Tom:", "Guest 2 -", "Client note:"): the words
    after it may be that person's. Headings made of the user's own note words ("Update:", "Quick one:") and
    the speakers :func:`foreign_spans` is sure of are not here."""
    lines = text.split("\n")
    form = _questionnaire(lines)
    own = _OWN_HEADING | _FORM_LABELS if form else _OWN_HEADING
    labelled = sum(1 for line in lines if _speaker_label(line, form))
    spans, start = [], 0
    for line in lines:
        speaker = _speaker_label(line, form)
        opener = _OPENER.match(line)
        sure = speaker is not None and _surely_a_speaker(speaker, labelled)
        # A heading whose value is masked names the user's own secret ("Mum's maiden name: [masked], and I'm
        # pescatarian"), not a speaker.
        labels_a_secret = opener is not None and MASK_RE.match(line, opener.end()) is not None
        if (
            opener
            and not sure
            and not labels_a_secret
            and not all(w.strip(".'") in own for w in opener.group(1).lower().split())
            and not any(w in _NOT_A_NAME for w in opener.group(1).lower().split())
        ):
            spans.append(Span(start=start + opener.end(), end=start + len(line)))
        start += len(line) + 1
    return spans


def foreign_spans(text: str) -> list[Span]:
    """Regions of a (cleaned) user message that are someone else's text, judged by shape alone."""
    spans = quoted_spans(text)
    start = 0
    lines = text.split("\n")
    form = _questionnaire(lines)
    labelled = sum(1 for line in lines if _speaker_label(line, form))
    for line in lines:
        end = start + len(line)
        speaker = _speaker_label(line, form)
        if line.lstrip().startswith(">"):
            spans.append(Span(start=start, end=end))
        elif speaker and _surely_a_speaker(speaker, labelled):
            spans.append(Span(start=start + speaker.end(), end=end))
        if _HEADER.search(line.strip()):
            spans.append(Span(start=end, end=len(text)))
        start = end + 1
    injected = _INJECTION.search(text)
    if injected:
        spans.append(Span(start=injected.start(), end=len(text)))
    return spans
