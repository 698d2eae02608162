"""The latest word: a value the user corrects, in the same message or in the next one, is replaced by the correction.

"Window — no wait, the aisle", "Gatwick, sorry, I mean Heathrow", "~~vegan~~ vegetarian", "vegetarian, well,
pescatarian really"; and a later message of the same chat, "sorry, I meant Heathrow", "make that vegetarian",
"vegan** fat thumbs". The structure is the same each time: two mentions of one kind of fact with different values,
the later one said plainly by the user, and a repair between them (a repair word, a strike-through, two values set
side by side, a repair word right after the new value; for a kind that holds one value, the later statement of the
same chat). The reading finds it; the write gate then judges the statement as the user meant it, with the new value
in the place of the old (:meth:`Correction.repaired`), so the corrected value is never kept and never asked about,
and the frame of the first statement ("I always want …", "for my profile: …") carries the correction.

Where a kind of fact holds several values (diets, memberships), two values side by side are a list ("halal, nut
allergy"), so only a repair word, a dash, a strike-through, or two values that exclude each other
(``exclusive``: vegetarian and vegan) make a correction.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from language.lexicon.reading.corrections import (
    ACCEPTED_ONLY,
    BARE,
    DASHED,
    POINTS_BACK,
    REPAIR,
    REPAIR_AFTER,
    SENTENCE_END,
    STRUCK,
    WORD,
)
from language.reading.evidence import Span, sentence_spans, split_clauses
from language.reading.polarity import polarity
from language.reading.speakers import subject_of
from language.values.vocabulary import ValueMatch
from language.values.words import TypeWords


@dataclass(frozen=True, slots=True)
class Correction:
    """The mention that stands (the latest word) and the earlier mentions it corrects, in the text read;
    ``cut_from`` is where the first corrected statement's value begins (a strike-through's opening mark
    included), ``across`` where the later message begins when the correction spans two messages (else None)."""

    standing: ValueMatch
    corrected: tuple[ValueMatch, ...]
    cut_from: int
    across: int | None = None
    # Where the words after the latest word resume: past a repair said right after it ("window really, if I'm
    # honest"), which is about the correction, not the preference.
    resume: int | None = None
    # Whether a repair says it is a correction (a repair word, a strike-through, two values side by side); a
    # one-valued kind's later value in the next message with none of these is only the chat's latest statement.
    signalled: bool = True
    # Whether the latest word stands alone in its clause ("no wait, the aisle", "Luton.", "I mean Heathrow"): a
    # fragment takes the frame of the statement it corrects; a clause of its own ("English is fine", "extra
    # legroom is what I need") is judged on its own words.
    fragment: bool = True

    @property
    def value(self) -> str:
        return self.standing.value

    def repaired(self, text: str) -> str:
        """The statement as the user meant it: the standing value's words where the first corrected value stood.
        Inside one message what lay between them (the repair itself) is dropped; across two, the earlier message
        keeps its own words around the value and the later one follows from after its new value."""
        words = text[self.standing.start : self.standing.end]
        first = self.corrected[0]
        rest = text[self.standing.end if self.resume is None else self.resume :]
        if self.across is None:
            return text[: self.cut_from] + words + rest
        earlier_end = self.across - 1
        earlier = text[: self.cut_from] + words + text[first.end : earlier_end]
        return earlier + "\n" + rest

    def position(self) -> Span:
        """Where the standing value's words sit in :meth:`repaired`."""
        return Span(start=self.cut_from, end=self.cut_from + (self.standing.end - self.standing.start))


def _struck(text: str) -> list[Span]:
    return [Span(start=m.start(), end=m.end()) for m in STRUCK.finditer(text)]


def _clause_of(text: str, at: int) -> Span:
    for sentence in sentence_spans(text):
        if sentence.start <= at < sentence.end:
            return next((c for c in split_clauses(text, sentence) if c.start <= at < c.end), sentence)
    return Span(start=0, end=len(text))


def _said_plainly(text: str, match: ValueMatch) -> bool:
    """The value is said in its clause plainly (not negated, taken back or disliked) and not of someone else."""
    clause = _clause_of(text, match.start)
    words = text[clause.start : clause.end]
    local = ValueMatch(value=match.value, start=match.start - clause.start, end=match.end - clause.start)
    if polarity(words, local) != "plain":
        return False
    return subject_of(words, Span(start=local.start, end=local.end))[0] != "other"


def _excludes(a: str, b: str, exclusive: Iterable[AbstractSet[str]]) -> bool:
    return any(a in group and b in group for group in exclusive)


def _repaired_between(
    text: str,
    earlier: ValueMatch,
    later: ValueMatch,
    *,
    multi_valued: bool,
    exclusive: Iterable[AbstractSet[str]],
) -> bool:
    """Whether what lies between two mentions (and right after the later one) repairs the first with the second.
    Two values side by side repair only when the second stands alone in its clause ("Window — exit row.",
    "nuts. Shellfish!"): "afternoon, mornings are too rushed" is a second statement, not a repair."""
    between = text[earlier.end : later.start]
    if len(WORD.findall(between)) > _REPAIR_WORDS:
        return False  # a repair is said close to what it repairs; a long stretch between is a story
    if REPAIR.search(between) or REPAIR_AFTER.match(text, later.end):
        return True
    if BARE.fullmatch(between) and _stands_alone(
        text, later, strict=SENTENCE_END.search(between) is not None
    ):
        return (
            not multi_valued
            or DASHED.search(between) is not None
            or _excludes(earlier.value, later.value, exclusive)
        )
    return False


def _corrected_across(
    text: str,
    earlier: ValueMatch,
    later: ValueMatch,
    start: int,
    *,
    multi_valued: bool,
    exclusive: Iterable[AbstractSet[str]],
) -> bool | None:
    """Whether a later message (from ``start``) corrects the value an earlier message of the chat stated: True
    when a repair says so, None when it is only the later statement of a value that excludes the earlier one,
    False when it is neither."""
    opening = text[start : later.start]
    if REPAIR.search(opening) or POINTS_BACK.search(text, start) or REPAIR_AFTER.match(text, later.end):
        return True
    if BARE.fullmatch(opening):
        return True  # the later message opens with the new value: "vegan** fat thumbs", "Heathrow, sorry"
    return None if not multi_valued or _excludes(earlier.value, later.value, exclusive) else False


_FRAGMENT_WORDS = 2
_REPAIR_WORDS = 8


def _stands_alone(text: str, match: ValueMatch, *, strict: bool = False) -> bool:
    """The value is most of its clause: repair words and a word or two beside it at most ("the aisle", "I mean
    Heathrow", "vegan, strictly"); with ``strict`` (a new sentence), nothing but repair words ("Luton.",
    "Shellfish!")."""
    clause = _clause_of(text, match.start)
    after = REPAIR_AFTER.match(text, match.end)
    resume = after.end() if after is not None else match.end
    rest = text[clause.start : match.start] + " " + text[min(resume, clause.end) : clause.end]
    return len(WORD.findall(REPAIR.sub(" ", rest))) <= (0 if strict else _FRAGMENT_WORDS)


def _mentions(text: str, words: TypeWords, loose: TypeWords | None, across: int | None) -> list[ValueMatch]:
    """The values named in ``text``: by the kind's words, and by ``loose`` ones (a place named bare) where they
    stand alone, or anywhere in a later message that says it corrects the earlier one ("let me fix that:
    Eindhoven, it's much closer to me")."""
    found = words.find(text)
    repairing = across is not None and _says_it_repairs(text, across)
    if loose is not None:
        found += [
            m
            for m in loose.find(text)
            if not any(m.start < f.end and f.start < m.end for f in found)
            and (_stands_alone(text, m) or (repairing and across is not None and m.start >= across))
        ]
    return sorted(found, key=lambda m: m.start)


def _says_it_repairs(text: str, start: int) -> bool:
    return REPAIR.search(text, start) is not None or POINTS_BACK.search(text, start) is not None


def latest_word(
    text: str,
    words: TypeWords,
    *,
    multi_valued: bool,
    exclusive: Sequence[AbstractSet[str]] = (),
    across: int | None = None,
    loose: TypeWords | None = None,
) -> Correction | None:
    """The correction in ``text`` between values of one kind of fact, or None when the user corrected nothing.

    Mentions are read in order. The first one said plainly (or the first after a struck-out value) stands; a
    later mention of another value said plainly replaces it when a repair joins them. A later mention of a value
    already corrected is the user's comment on it ("Stansted was the old flat"), not a return to it. With
    ``across`` (where a later message begins, after the earlier one and a line break), only a value of the later
    message may replace one of the earlier message. ``loose`` finds values named bare ("Luton.", "Shellfish!"):
    they count only where they stand alone, as a repair does."""
    mentions = _mentions(text, words, loose, across)
    if len({m.value for m in mentions}) < 2:
        return None
    return _walk(text, mentions, multi_valued=multi_valued, exclusive=exclusive, across=across)


def _walk(
    text: str,
    mentions: list[ValueMatch],
    *,
    multi_valued: bool,
    exclusive: Sequence[AbstractSet[str]],
    across: int | None,
) -> Correction | None:
    """Read the mentions in order (see :func:`latest_word`)."""
    struck = _struck(text)
    standing: ValueMatch | None = None
    corrected: list[ValueMatch] = []
    gone: set[str] = set()
    cut_from: int | None = None
    signalled = True
    for m in mentions:
        strike = next((s for s in struck if s.start <= m.start < s.end), None)
        if strike is not None:
            if standing is None or standing.value != m.value:
                corrected.append(m)
                gone.add(m.value)
                cut_from = strike.start if cut_from is None else cut_from
            continue
        if m.value in gone or (standing is not None and m.value == standing.value):
            continue
        if not _said_plainly(text, m):
            continue
        if standing is None:
            standing = m
            continue
        if across is not None:
            how = (
                _corrected_across(text, standing, m, across, multi_valued=multi_valued, exclusive=exclusive)
                if standing.start < across <= m.start
                else False
            )
            joined, signalled = how is not False, how is True
        else:
            joined = _repaired_between(text, standing, m, multi_valued=multi_valued, exclusive=exclusive)
        if not joined:
            continue
        corrected.append(standing)
        gone.add(standing.value)
        cut_from = standing.start if cut_from is None else cut_from
        standing = m
    if standing is None or not corrected or cut_from is None or standing.start < corrected[0].start:
        return None
    if across is not None and not (corrected[0].start < across <= standing.start):
        return None
    after = REPAIR_AFTER.match(text, standing.end)
    resume = after.end() if after is not None and after.end() > standing.end else None
    alone = _stands_alone(text, standing)
    return Correction(standing, tuple(corrected), cut_from, across, resume, signalled, alone)


def latest_across(
    earlier: str,
    later: str,
    words: TypeWords,
    *,
    multi_valued: bool,
    exclusive: Sequence[AbstractSet[str]] = (),
    loose: TypeWords | None = None,
) -> tuple[str, Correction] | None:
    """A later message of the chat that corrects a value the earlier one stated: (the two read as one text, the
    correction in it), or None."""
    text = earlier + "\n" + later
    found = latest_word(
        text, words, multi_valued=multi_valued, exclusive=exclusive, across=len(earlier) + 1, loose=loose
    )
    return (text, found) if found is not None else None


def only_accepted(text: str, match: ValueMatch) -> bool:
    """The latest word is said only to be acceptable ("English is fine"): no preference of its own."""
    return ACCEPTED_ONLY.match(text, match.end) is not None
