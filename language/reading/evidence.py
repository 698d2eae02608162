"""Evidence comes from the log, not from the model.

A promotion candidate names a user turn and quotes it. The model's quote is only a pointer: this module finds it
in the logged text of that turn, on word boundaries, with quotes and spacing normalised, and returns the clause
of the user's message that holds it. That clause, taken from the log, is what the rules look at and what is
stored as the fact's quote. So a model cannot store words the user never typed (a rewritten quote mark, a
newline), cannot cite a word fragment ("aisle" inside "paisley"), and cannot drop the words around its quote
that change its meaning ("I'm *not* vegetarian", "my friend wrote: '…'").

The parts of a message that are someone else's text by their shape are found in ``language.reading.foreign_text``:
quotations in any quotation marks, e-mail quote lines, forwarded blocks, speaker-labelled transcript lines and
pasted model instructions. A message whose display order is changed by bidi controls is no evidence at all.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

from language.lexicon.reading.evidence import (
    _ALWAYS,
    _BIDI,
    _CLAUSE_LIKE,
    _COMMA_SUBJECT,
    _HAS_SUBJECT,
    _MASK_TAIL,
    _SENTENCE_END,
    _SPACE,
    _WORD_SUBJECT,
)
from language.lexicon.secrets.hits import MASK_RE
from language.normalise import normalise
from language.reading.dictation import spoken_marks
from language.rules import remembered
from language.text import TRANSCRIPT_LINE_BREAK

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
_LABEL_WORDS = 4


def fold(text: str) -> str:
    """The comparison form of a text: NFKC, typographic quotes folded, lower case, one space between words."""
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text).translate(_FOLD)).strip().lower()


def fold_marks(text: str) -> str:
    """Typographic quotes, apostrophes and dashes as ASCII, one character for one (offsets stay valid)."""
    return text.translate(_FOLD)


@lru_cache(
    maxsize=32
)  # every mention in a turn reads the same message's view (see speakers.someone_elses_text)
def view(text: str) -> str:
    """What the rules read: :func:`fold_marks` and the normalised view of each character (a Cyrillic "о" in
    "nоt" is an "o", any script's digits are ASCII: see ``language.normalise``), one character for one, so
    every span found in the view is the same span of ``text``. Invisible characters are already gone
    (:func:`clean`); punctuation said aloud is its mark (:mod:`language.reading.dictation`)."""
    return spoken_marks("".join(_viewed(ch) for ch in fold_marks(text)))


@lru_cache(maxsize=4096)
def _viewed(char: str) -> str:
    if char.isascii():
        return char
    seen = normalise(char).text
    return seen if len(seen) == 1 else char


# ASCII as :func:`clean` reads it, in one pass: NFKC leaves ASCII alone, and of its characters only the controls
# are not printable (CR and LF are a line break, a tab stays).
_ASCII_CLEAN = str.maketrans({c: None for c in [*range(32), 127] if chr(c) not in "\r\n\t"} | {13: "\n"})


@remembered  # every candidate of a thread cleans the same turns again
def clean(text: str, *, one_line: bool = False) -> str:
    """Text without control or format characters (zero-width, bidi overrides), NFKC, single spaces.

    Line and paragraph separators (U+2028/9, CR, LF) become one ``\\n`` (a sentence boundary), or a space with
    ``one_line`` (a stored quote: no stored byte may start a new line downstream).
    """
    breaks = text.translate(_ASCII_CLEAN) if text.isascii() else _cleaned(text)
    lines = [_SPACE.sub(" ", line).strip() for line in breaks.split("\n")]
    return (" " if one_line else "\n").join(line for line in lines if line)


def _cleaned(text: str) -> str:
    return "".join(
        "\n" if ch in "\r\n" or unicodedata.category(ch) in ("Zl", "Zp") else ch
        for ch in unicodedata.normalize("NFKC", text)
        if unicodedata.category(ch) not in ("Cf", "Cs", "Co", "Cn")
        and (ch in "\r\n\t" or ch.isprintable() or unicodedata.category(ch)[0] == "Z")
    )


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
    # Where the whole quote was found, when it runs past its sentence (see ``relocated``).
    whole: Span | None = None

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
        """The same evidence as the rules read it (:func:`view`: "I don\u2019t" is "I don't", a look-alike
        letter is its Latin letter). The view maps one character to one, so every span stays valid."""
        return replace(self, text=view(self.text))


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
    """The first occurrence of ``quote`` in ``text`` that starts and ends on word boundaries, or None. A quote
    copied from a transcript line finds a multi-line message across its breaks."""
    found = _find_folded(quote, text)
    if found is None and TRANSCRIPT_LINE_BREAK in quote:
        found = _find_folded(quote.replace(TRANSCRIPT_LINE_BREAK, " "), text)
    return found


def _find_folded(quote: str, text: str) -> Span | None:
    needle = fold(clean(quote, one_line=True)).strip(" \"'.,;:!?")
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


def words_span(words: str, said: str) -> Span:
    """Where ``words`` (an excerpt the gate read from the cleaned log) sit in the logged message ``said``: a
    fact's pointer to its evidence. The whole message when they cannot be found character for character (an
    excerpt cut with "…", or a message whose format characters the cleaning removed)."""
    found = find_quote(words.strip("…").strip(), said)
    if found is None:
        return Span(start=0, end=len(said))
    end = found.end
    while end < len(said) and said[end] in ".!?…":  # the sentence's own end mark belongs to the words
        end += 1
    return Span(start=found.start, end=end)


def sentence_spans(text: str) -> list[Span]:
    spans, start = [], 0
    for m in _SENTENCE_END.finditer(text):
        if _closes_an_aside(text, start, m):
            continue
        if text[start : m.end()].strip():
            spans.append(Span(start=start, end=m.end()))
        start = m.end()
    if text[start:].strip():
        spans.append(Span(start=start, end=len(text)))
    return spans


_ASIDE_LENGTH = 40


def _closes_an_aside(text: str, start: int, mark: re.Match[str]) -> bool:
    """A mark inside brackets opened in the middle of a sentence ends the aside, not the sentence:
    "pescetarian (sp?) — seafood yes", "Hilton (obviously!) for every stay"."""
    if not text.startswith(")", mark.end()) or mark.group(0).startswith("\n"):
        return False
    opened = text.rfind("(", start, mark.start())
    return (
        opened > start
        and bool(text[start:opened].strip())
        and mark.start() - opened <= _ASIDE_LENGTH
        and ")" not in text[opened : mark.start()]
    )


def split_clauses(text: str, sentence: Span) -> list[Span]:
    """Clause spans of one sentence. Each boundary marker is left out of both sides."""
    return list(_clauses(text, sentence))


# Cached like ``view``: the whole-turn checks of every mention split the same sentences again.
@lru_cache(maxsize=256)
def _clauses(text: str, sentence: Span) -> tuple[Span, ...]:
    cuts: list[tuple[int, int]] = []
    body = text[sentence.start : sentence.end]
    for m in _ALWAYS.finditer(body):
        left = _since_last_cut(body, cuts, m.start())
        if (
            m.group(0).startswith(":")
            and len(left.split()) <= _LABEL_WORDS
            and not _CLAUSE_LIKE.search(left)
            and not _HAS_SUBJECT.search(body, m.end())
        ):
            continue  # a label and its bare value are one statement: "home airport: FCO", "Diet: vegan"
        cuts.append((m.start(), m.end()))
    for pattern in (_COMMA_SUBJECT, _WORD_SUBJECT):
        for m in pattern.finditer(body):
            left = _since_last_cut(body, cuts, m.start())
            if _HAS_SUBJECT.search(left) and _CLAUSE_LIKE.search(left):
                cuts.append((m.start(), m.end()))
    # A masked secret always ends its clause, whatever follows it: "IBAN [IBAN ending 2957], please reply in
    # German", "PIN [PIN masked] - window seats please", "[card ending 1111] I prefer aisle seats" hold the
    # user's preference in their second part, and no clause ever carries a mask and a preference together.
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
    return tuple(s for s in spans if text[s.start : s.end].strip(" ,.!?"))


def _since_last_cut(body: str, cuts: list[tuple[int, int]], at: int) -> str:
    """The words before ``at`` back to the last boundary already cut: what a new boundary would end."""
    return body[max((end for _s, end in cuts if end <= at), default=0) : at]


def locate(quote: str, turn_text: str) -> Evidence | None:
    """Find ``quote`` in a user turn and return the sentence and clause that hold it (None if absent).

    A turn holding bidi controls has no evidence in it: what the user saw is not the text we would read.
    """
    if _BIDI.search(turn_text):
        return None
    text = clean(turn_text)
    found = find_quote(quote, text)
    evidence = None if found is None else located_at(text, found)
    if found is None or evidence is None:
        return None
    return replace(evidence, whole=found if found.end > evidence.sentence.end else None)


def located_at(text: str, span: Span) -> Evidence | None:
    """The evidence for the words at ``span`` of an already cleaned text (as :func:`locate` finds a quote, when
    the place is known and the same words may occur earlier)."""
    marked = spoken_marks(text)  # split where a dictated mark was said; the same length as ``text``
    sentence = next((s for s in sentence_spans(marked) if s.start <= span.start < s.end), None)
    if sentence is None:
        return None
    clauses = split_clauses(marked, sentence)
    touched = [c for c in clauses if c.overlaps(span)]
    # Words that span several clauses keep all of them: the evidence is never cut inside a quote.
    clause = _trim(marked, Span(start=touched[0].start, end=touched[-1].end) if touched else sentence)
    return Evidence(
        text=text,
        quote=Span(start=max(span.start, sentence.start), end=min(span.end, sentence.end)),
        sentence=sentence,
        clause=clause,
        clauses=tuple(_trim(marked, c) for c in touched) or (clause,),
    )


def relocated(evidence: Evidence, has_value: Callable[[str], bool]) -> list[Evidence]:
    """A quote that runs over several sentences, judged on every later clause inside it that holds a value
    ("Hi! I'm vegetarian" quoted whole is about its second sentence; "I can't stand aisle seats. Window for me
    on all future bookings." states its preference in the second). Empty if no later clause does."""
    if evidence.whole is None:
        return []
    text, found = evidence.text, []
    marked = spoken_marks(text)  # split where a dictated mark was said; the same length as ``text``
    for sentence in sentence_spans(marked):
        if sentence.start < evidence.sentence.end or sentence.start >= evidence.whole.end:
            continue
        for clause in split_clauses(marked, sentence):
            clause = _trim(marked, clause)
            if has_value(view(text[clause.start : clause.end])):
                found.append(
                    Evidence(text=text, quote=clause, sentence=sentence, clause=clause, clauses=(clause,))
                )
    return found


def narrowed(evidence: Evidence, span: Span) -> Evidence:
    """The same evidence judged on one of its clauses: a quote that covers "I prefer window seats, and my card
    is …" is about the seat in the first clause, and the second clause's words must not decide for it."""
    clause = next((c for c in evidence.clauses if c.start <= span.start < c.end), evidence.clause)
    quote = Span(start=max(evidence.quote.start, clause.start), end=min(evidence.quote.end, clause.end))
    if quote.start >= quote.end:
        quote = Span(start=span.start, end=span.end)
    # Its later sentences are the caller's to judge (see ``relocated``), not each narrowed clause's again.
    return replace(evidence, clause=clause, quote=quote, clauses=(clause,), whole=None)


def _trim(text: str, span: Span) -> Span:
    """The span without the spaces and separators at its edges (the quote itself is never cut: see locate)."""
    start, end = span.start, span.end
    while start < end and text[start] in " ,;:-":
        start += 1
    while end > start and text[end - 1] in " ,;:-":
        end -= 1
    return Span(start=start, end=end)
