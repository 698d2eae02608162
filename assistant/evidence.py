"""Evidence comes from the log, not from the model.

A promotion candidate names a user turn and quotes it. The model's quote is only a pointer: this module finds it
in the logged text of that turn, on word boundaries, with quotes and spacing normalised, and returns the clause
of the user's message that holds it. That clause, taken from the log, is what the rules look at and what is
stored as the fact's quote. So a model cannot store words the user never typed (a rewritten quote mark, a
newline), cannot cite a word fragment ("aisle" inside "paisley"), and cannot drop the words around its quote
that change its meaning ("I'm *not* vegetarian", "my friend wrote: '…'").

It also marks the parts of a message that are someone else's text by their shape (:func:`foreign_spans`):
quotations in any quotation marks, e-mail quote lines, forwarded blocks, speaker-labelled transcript lines and
pasted model instructions. A message whose display order is changed by bidi controls is no evidence at all.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace

from assistant.secret_hits import MASK_RE

# Typographic quote marks and dashes people (and phones) type, folded to ASCII before comparing.
_FOLD = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "`": "'",
        "\u00b4": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u00ab": '"',
        "\u00bb": '"',
        "\u2013": "-",
        "\u2014": "-",
        # Quotation marks of other scripts and lookalikes (single guillemets, CJK brackets, ornaments, modifier
        # letters, Hebrew gershayim): someone else's words in them are still someone else's words.
        **dict.fromkeys(
            "\u2039\u203a\u300c\u300d\u300e\u300f\u301d\u301e\u301f\u275d\u275e\u276e\u276f", '"'
        ),
        **dict.fromkeys("\u02ee\u02ba\u05f4\u2e42", '"'),
        **dict.fromkeys("\u275b\u275c\u02bc\u05f3\u2035", "'"),
    }
)
# Bidi embeddings, overrides and isolates reorder what the user sees: the logical text (what we would read and
# store) can say "I'm ton vegetarian" while the screen shows "I'm not vegetarian".
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")
_SPACE = re.compile(r"\s+")
# A sentence ends at . ! ? followed by a space or the end (so not inside a number like 3.5), or at a line break.
_SENTENCE_END = re.compile(r"[.!?]+(?=\s|$|[\"')\]])|\n+")
_SUBJECT_WORD = (
    r"(?:i|i'm|im|i've|i'd|i'll|my|me|we|we're|our|he|he's|she|she's|they|they're|his|her|their|it|it's)"
)
# Clause boundaries inside a sentence. Commas alone are ambiguous ("By the way, I'm vegetarian"), so a comma
# splits only when a new subject follows it and the part before it is a clause of its own (see split_clauses).
_ALWAYS = re.compile(
    r";|\s+-\s+|:\s+|,\s*(?:and|but|so|because|although|though|while|whereas|plus|or)\b|\s+but\s+|\s+whereas\s+",
    re.I,
)
_WORD_SUBJECT = re.compile(
    r"\s+(?:and|so|because|although|though|while)\s+(?=" + _SUBJECT_WORD + r"\b)", re.I
)
# The part before a boundary must be a clause of its own (a subject and a verb), so "My wife and I are …" and
# "By the way, I'm …" stay whole.
_CLAUSE_LIKE = re.compile(
    r"\b(?:am|is|are|was|were|be|been|prefer\w*|like\w*|love\w*|eats?|use\w*|need\w*|want\w*|fly|flies|"
    r"sit\w*|have|has|travel\w*|live\w*|do|does|don't|doesn't)\b|'(?:m|re|s|ve|d|ll)\b",
    re.I,
)
_COMMA_SUBJECT = re.compile(
    r",\s+(?=" + _SUBJECT_WORD + r"\b|[A-Z][a-z]+\s+(?:is|was|wants|prefers|likes)\b)", re.I
)
_MASK_TAIL = re.compile(r"\s*[,;]\s+")
_HAS_SUBJECT = re.compile(
    r"\b" + _SUBJECT_WORD + r"\b|\b[A-Z][a-z]+\s+(?:is|was|wants|prefers|likes)\b", re.I
)


def fold(text: str) -> str:
    """The comparison form of a text: NFKC, typographic quotes folded, lower case, one space between words."""
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text).translate(_FOLD)).strip().lower()


def fold_marks(text: str) -> str:
    """Typographic quotes, apostrophes and dashes as ASCII, one character for one (offsets stay valid)."""
    return text.translate(_FOLD)


def clean(text: str, *, one_line: bool = False) -> str:
    """Text without control or format characters (zero-width, bidi overrides), NFKC, single spaces.

    Line and paragraph separators (U+2028/9, CR, LF) become one ``\\n`` (a sentence boundary), or a space with
    ``one_line`` (a stored quote: no stored byte may start a new line downstream).
    """
    breaks = "".join(
        "\n" if ch in "\r\n" or unicodedata.category(ch) in ("Zl", "Zp") else ch
        for ch in unicodedata.normalize("NFKC", text)
        if unicodedata.category(ch) not in ("Cf", "Cs", "Co", "Cn")
        and (ch in "\r\n\t" or ch.isprintable() or unicodedata.category(ch)[0] == "Z")
    )
    lines = [_SPACE.sub(" ", line).strip() for line in breaks.split("\n")]
    return (" " if one_line else "\n").join(line for line in lines if line)


@dataclass(frozen=True, slots=True, kw_only=True)
class Span:
    start: int
    end: int

    def overlaps(self, other: Span) -> bool:
        return self.start < other.end and other.start < self.end


@dataclass(frozen=True, slots=True, kw_only=True)
class Evidence:
    """Where a quote sits in a user turn. Offsets are into ``text`` (the logged turn, cleaned)."""

    text: str
    quote: Span
    sentence: Span
    clause: Span
    # The clauses the quote touches (one, usually). A rule judges one clause: see ``narrowed``.
    clauses: tuple[Span, ...] = ()

    @property
    def clause_text(self) -> str:
        return self.text[self.clause.start : self.clause.end]

    @property
    def sentence_text(self) -> str:
        return self.text[self.sentence.start : self.sentence.end]

    @property
    def before_clause(self) -> str:
        """The part of the sentence before the clause (where a reporting verb would be: "Bob said …")."""
        return self.text[self.sentence.start : self.clause.start]

    @property
    def quote_in_clause(self) -> Span:
        return Span(start=self.quote.start - self.clause.start, end=self.quote.end - self.clause.start)

    def plain(self) -> Evidence:
        """The same evidence with typographic quotes, apostrophes and dashes folded to ASCII, for the rules to
        read ("I don\u2019t" is "I don't"). The fold maps one character to one, so every span stays valid."""
        return replace(self, text=fold_marks(self.text))


def _folded_with_map(text: str) -> tuple[str, list[int]]:
    """``fold(text)`` character by character, with the original offset of every folded character."""
    out: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(text):
        piece = unicodedata.normalize("NFKC", ch).translate(_FOLD).lower()
        if piece.isspace() or not piece:
            piece = " " if piece else ""
            if out and out[-1] == " ":
                continue
        for p in piece:
            out.append(p)
            where.append(i)
    return "".join(out), where


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def find_quote(quote: str, text: str) -> Span | None:
    """The first occurrence of ``quote`` in ``text`` that starts and ends on word boundaries, or None."""
    needle = fold(quote).strip(" \"'.,;:!?")
    if not any(_is_word_char(c) for c in needle):
        return None
    hay, where = _folded_with_map(text)
    start = hay.find(needle)
    while start >= 0:
        end = start + len(needle)
        left_ok = start == 0 or not (_is_word_char(hay[start - 1]) and _is_word_char(needle[0]))
        right_ok = end == len(hay) or not (_is_word_char(hay[end]) and _is_word_char(needle[-1]))
        if left_ok and right_ok:
            return Span(start=where[start], end=where[end - 1] + 1)
        start = hay.find(needle, start + 1)
    return None


def sentence_spans(text: str) -> list[Span]:
    spans, start = [], 0
    for m in _SENTENCE_END.finditer(text):
        if text[start : m.end()].strip():
            spans.append(Span(start=start, end=m.end()))
        start = m.end()
    if text[start:].strip():
        spans.append(Span(start=start, end=len(text)))
    return spans


def split_clauses(text: str, sentence: Span) -> list[Span]:
    """Clause spans of one sentence. Each boundary marker is left out of both sides."""
    cuts: list[tuple[int, int]] = []
    body = text[sentence.start : sentence.end]
    for m in _ALWAYS.finditer(body):
        cuts.append((m.start(), m.end()))
    for pattern in (_COMMA_SUBJECT, _WORD_SUBJECT):
        for m in pattern.finditer(body):
            left = body[max((end for _s, end in cuts if end <= m.start()), default=0) : m.start()]
            if _HAS_SUBJECT.search(left) and _CLAUSE_LIKE.search(left):
                cuts.append((m.start(), m.end()))
    # A masked secret and the comma after it end a clause: "IBAN [IBAN ending 2957], please reply in German"
    # holds the user's language preference in its second part, whatever the first part said.
    for m in MASK_RE.finditer(body):
        after = _MASK_TAIL.match(body, m.end())
        if after is not None and after.end() < len(body):
            cuts.append((after.start(), after.end()))
    spans, start = [], 0
    for cut_start, cut_end in sorted(cuts):
        if cut_start < start:
            continue
        spans.append(Span(start=sentence.start + start, end=sentence.start + cut_start))
        start = cut_end
    spans.append(Span(start=sentence.start + start, end=sentence.end))
    return [s for s in spans if text[s.start : s.end].strip(" ,.!?")]


def locate(quote: str, turn_text: str) -> Evidence | None:
    """Find ``quote`` in a user turn and return the sentence and clause that hold it (None if absent).

    A turn holding bidi controls has no evidence in it: what the user saw is not the text we would read.
    """
    if _BIDI.search(turn_text):
        return None
    text = clean(turn_text)
    found = find_quote(quote, text)
    if found is None:
        return None
    sentence = next((s for s in sentence_spans(text) if s.start <= found.start < s.end), None)
    if sentence is None:
        return None
    clauses = split_clauses(text, sentence)
    touched = [c for c in clauses if c.overlaps(found)]
    # A quote that spans several clauses keeps all of them: the evidence is never cut inside the quote.
    clause = _trim(text, Span(start=touched[0].start, end=touched[-1].end) if touched else sentence)
    quote_span = Span(start=max(found.start, sentence.start), end=min(found.end, sentence.end))
    return Evidence(
        text=text,
        quote=quote_span,
        sentence=sentence,
        clause=clause,
        clauses=tuple(_trim(text, c) for c in touched) or (clause,),
    )


def narrowed(evidence: Evidence, span: Span) -> Evidence:
    """The same evidence judged on one of its clauses: a quote that covers "I prefer window seats, and my card
    is …" is about the seat in the first clause, and the second clause's words must not decide for it."""
    clause = next((c for c in evidence.clauses if c.start <= span.start < c.end), evidence.clause)
    quote = Span(start=max(evidence.quote.start, clause.start), end=min(evidence.quote.end, clause.end))
    if quote.start >= quote.end:
        quote = Span(start=span.start, end=span.end)
    return replace(evidence, clause=clause, quote=quote, clauses=(clause,))


def _trim(text: str, span: Span) -> Span:
    """The span without the spaces and separators at its edges (the quote itself is never cut: see locate)."""
    start, end = span.start, span.end
    while start < end and text[start] in " ,;:-":
        start += 1
    while end > start and text[end - 1] in " ,;:-":
        end -= 1
    return Span(start=start, end=end)


def quoted_spans(text: str) -> list[Span]:
    """Regions inside quotation marks. An apostrophe between letters ("I'm") is not a quotation mark.

    A quotation may run over a line break (a pasted U+2028 must not cut quoted words off their marks).
    """
    folded = text.translate(_FOLD)
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
        "flight times loyalty accessibility re hi hello hey thanks"
    )
)


def foreign_spans(text: str) -> list[Span]:
    """Regions of a (cleaned) user message that are someone else's text, judged by shape alone."""
    spans = quoted_spans(text)
    start = 0
    for line in text.split("\n"):
        end = start + len(line)
        speaker = _SPEAKER.match(line)
        if line.lstrip().startswith(">"):
            spans.append(Span(start=start, end=end))
        elif speaker and speaker.group(1).lower() not in _OWN_LABELS:
            spans.append(Span(start=start + speaker.end(), end=end))
        if _HEADER.search(line.strip()):
            spans.append(Span(start=end, end=len(text)))
        start = end + 1
    injected = _INJECTION.search(text)
    if injected:
        spans.append(Span(start=injected.start(), end=len(text)))
    return spans
