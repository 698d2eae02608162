"""Someone else's text inside a user's message, found by its shape alone.

Quotations in any quotation marks, e-mail quote lines, forwarded blocks, speaker-labelled transcript lines and
pasted model instructions are not the user's statement about themselves, whatever they say. A heading that may
name someone else ("Tom:", "Guest 2 -") is neither surely someone else's nor surely the user's: the gate asks.
"""

from __future__ import annotations

import re

from language.reading.evidence import Span, fold_marks
from language.secrets.hits import MASK_RE


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


# A line that opens someone else's text for the rest of the message: a forward or reply header, or a line
# that ends by introducing what someone wrote ("On Mon, Priya wrote:", "Bob told me:").
_HEADER = re.compile(
    r"^\W*(?:forwarded message|original message|begin forwarded message)\b|^(?:from|sent|to|cc|subject|date)\s*:"
    r"|\b(?:wrote|writes|said|says|replied|told (?:me|us)|texted|messaged|emailed|forwarded|posted)\s*:$",
    re.I,
)
# Text addressed to a model, pasted from somewhere: never the user's statement about themselves.
_INJECTION = re.compile(
    r"\b(?:ignore|disregard)\s+(?:all\s+|any\s+|the\s+|your\s+)*(?:previous|prior|above|earlier|preceding|system|"
    r"original)\s+(?:instructions?|prompts?|rules|messages?|context)\b|\bnew instructions\s*:|<\|?(?:system|im_start)",
    re.I,
)
# "[18:02] Sam: …", "Dan Smith: …", "SYSTEM: …": a transcript line spoken by someone. Labels people use for
# their own notes ("Update:", "PS:", "Seats: aisle") are not speakers.
_SPEAKER = re.compile(
    r"^\W{0,3}(?:\[[^\]\n]{1,24}\]\s*)?([A-Z][\w'.-]{0,30}(?: [A-Z][\w'.-]{0,30})?) ?:(?=\s|$)"
)
_OWN_LABELS = frozenset(
    str.split(
        "update note ps p.s fyi btw edit correction reminder remember important also and but so oh ok okay yes no "
        "well me myself question answer request reply info details summary context background preferences "
        "preference seat seats diet dietary food meal meals home airport language languages travel flights "
        "flight times loyalty accessibility re hi hello hey thanks "
        # The fields of a form the user filled in and pasted ("Allergies: none", "Name: (skip)", "Budget: low").
        "allergies allergy name budget accommodation transport other notes drinks snacks bags baggage reason "
        "mobility special membership requirements religious medical assistance aid animal preferred time "
        "departure second first programme program scheme breed size"
    )
)
# A pasted questionnaire ("Q: Preferred seat? A: Aisle"): its only labels are these, and the answers are the
# user's (a transcript between "A" and "B" is not).
_FORM_LABELS = frozenset({"q", "a"})


# Labels that name a speaker whatever else the message holds: a model's or a service's role, two capitalised
# words ("Dan Smith"), or a time stamp before the label ("[18:02] Sam:").
_ROLES = frozenset(
    str.split(
        "system assistant user ai bot chatbot gpt agent admin administrator support staff host guide moderator "
        "mod operator developer instructions instruction prompt"
    )
)


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


# A short heading at the start of a line, before a colon or a spaced dash ("Client note:", "Guest 2 -").
# Not the colon of a clock ("yes the 14:10 to Vienna is fine").
_OPENER = re.compile(
    r"^\W{0,3}([A-Za-z][\w'.]*(?:[ \t]+[\w'.]+){0,2})[ \t]*(?::(?!\d)|[ \t]-{1,2}[ \t])[ \t]*"
)
# Words of the headings people give their own notes ("Quick one:", "My seats:", "Food -").
_OWN_HEADING = _OWN_LABELS | frozenset(
    str.split(
        "quick small short little personal general important one more another final last new my side random "
        "fun for the record i i'm heads up standing instruction rule golden tip profile standard usual default "
        "defaults setup set-up rules non-negotiables prefs um umm uh uhh er erm hmm ah"
    )
)


# Words no name of a speaker holds: a negation, the speaker pointing at themself, a verb of being in the
# assistant's other languages ("Not pescatarian — vegetarian", "light sleeper here — …", "soy de Madrid — …").
_NOT_A_NAME = frozenset(str.split("not no never here me myself i i'm im pls please soy sou je ich io yo"))


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
