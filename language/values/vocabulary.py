"""Finding a closed vocabulary in what people actually type: spacing, plurals, inflections, slips, accents,
and the same vocabulary in the other languages people write to us in."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass

from language.detect import fold_accents, may_be_other_language
from language.lexicon.values.vocabulary import _ENDINGS, _GAP, _HELD, _WORD
from language.rules import remembered
from language.values.other_languages import OTHER_LANGUAGES


@dataclass(frozen=True, slots=True, kw_only=True)
class ValueMatch:
    """A value of a type found in a text, with where it was said (the gate checks the words around it)."""

    value: str
    start: int
    end: int


Finder = Callable[[str], list[ValueMatch]]


def vocabulary(
    pairs: dict[str, str], *, other: str | None = None, compounds: bool = False
) -> tuple[Finder, frozenset[str]]:
    """Finder over a phrase → canonical value table (every mention, negated or not), and the table's canonical
    values. ``other`` names the type's table in :data:`OTHER_LANGUAGES`, read when a message may be in another
    language (:func:`_in_other_languages`).

    People do not spell a vocabulary the way it is listed: "carry on only", "nonstop", "quiet rooms",
    "vegitarian", "vegetariana", "végétarien". So a phrase's spaces and hyphens match any or none, a long
    phrase takes a plural, and a long single word also matches its inflections and one-letter slips
    (:func:`_near`) after accents are folded, as does each long word of a phrase ("lactose intollerant").
    Short words stay exact: "veggies" is food, not a diet. A canonical value is always a phrase of its own.
    With ``compounds`` (the other languages' tables: German writes "Nachmittagsflüge", "Fensterplätze"), a long
    word also matches at the head of a longer one.
    """
    pairs = {**{v.lower(): v for v in pairs.values()}, **pairs}

    pattern = re.compile(
        r"\b(" + "|".join(_phrase(k) for k in sorted(pairs, key=len, reverse=True)) + r")\b", re.I
    )
    squeezed = {re.sub(r"[\s-]+", "", k.lower()): v for k, v in pairs.items()}
    singles = {k: v for k, v in pairs.items() if re.fullmatch(r"[a-z]+", k) and len(k) >= _ENDING_MIN}
    several = [(k.split(), v) for k, v in pairs.items() if re.fullmatch(r"[a-z]+(?: [a-z]+)+", k)]

    values = frozenset(pairs.values())
    elsewhere = _in_other_languages(other, values) if other is not None else None

    word_value, starting = _fuzzy(singles, several, compounds=compounds)

    def find(text: str) -> list[ValueMatch]:
        found = list(_find(text))
        if elsewhere is not None and may_be_other_language(text):
            taken = [(f.start, f.end) for f in found]
            found += [m for m in elsewhere(text) if not any(a < m.end and m.start < b for a, b in taken)]
        return sorted(found, key=lambda f: f.start)

    # Every check of a turn asks for the values of the same sentences and clauses again: remembered per text.
    @remembered
    def _find(text: str) -> tuple[ValueMatch, ...]:
        found = []
        for m in pattern.finditer(text):
            key = re.sub(r"[\s-]+", "", m.group(1).lower())
            value = squeezed.get(key) or squeezed.get(key[:-1]) or squeezed.get(key[:-2])
            if value is not None:
                found.append(ValueMatch(value=value, start=m.start(1), end=m.end(1)))
        taken = [(f.start, f.end) for f in found]
        folded = fold_accents(text)
        for w in _WORD.finditer(folded):
            if any(a < w.end() and w.start() < b for a, b in taken):
                continue
            # "windowwww", "vegannn": a letter held down is the same word.
            said = _HELD.sub(r"\1", w.group(0).lower())
            value = word_value(said)
            if value is not None:
                found.append(ValueMatch(value=value, start=w.start(), end=w.end()))
        return (*found, *_slipped_phrases(folded, starting, [(f.start, f.end) for f in found]))

    return find, values


def _phrase(key: str) -> str:
    """A listed phrase as a pattern: its spaces and hyphens any or none, a plural on a long one."""
    body = r"[\s-]?".join(map(re.escape, re.split(r"[\s-]+", key)))
    return body + (r"(?:s|es)?" if len(key) >= _FUZZY_MIN or " " in key else "")


def _fuzzy(
    singles: dict[str, str], several: list[tuple[list[str], str]], *, compounds: bool
) -> tuple[Callable[[str], str | None], Callable[[str], tuple[tuple[list[str], str], ...]]]:
    """The slow, fuzzy readings of one word: the value a long word is a slip or an inflection of, and the phrases
    a word may begin. The same words come back in every message ("the", "seat"), so each is remembered (a
    promotion pass spent most of its gate time here before)."""

    @remembered
    def word_value(said: str) -> str | None:
        return next((v for k, v in singles.items() if _near(said, k, compounds=compounds)), None)

    @remembered
    def starting(first: str) -> tuple[tuple[list[str], str], ...]:
        return tuple((parts, value) for parts, value in several if _slip(first, parts[0]))

    return word_value, starting


def _in_other_languages(name: str, values: frozenset[str]) -> Finder:
    """Finder over the type's phrases in other languages, read in the accent-folded text (one character for
    one, so offsets hold). Allergens said apart from the allergy word are the dietary type's own finder's, in
    every language (``assistant.fact_types``)."""
    table = OTHER_LANGUAGES[name]
    unknown = set(table.values()) - values
    if unknown:
        raise ValueError(
            f"{name}: other-language phrases name values the type does not have: {sorted(unknown)}"
        )
    phrases, _ = vocabulary(table, compounds=True)

    def find(text: str) -> list[ValueMatch]:
        return phrases(fold_accents(text))

    return find


_FUZZY_MIN = 7
_ENDING_MIN = 5


def _near(word: str, key: str, *, compounds: bool = False) -> bool:
    """``word`` is ``key`` inflected (the same stem, a short ending: "vegetariano", "vegetarisch", "mornings")
    or slipped by one letter ("vegitarian", "pescetarian"), or with ``compounds`` the head of a compound word
    ("nachmittagsfluge"). Both lower-case. A short ``key`` only takes an ending (:data:`_ENDINGS`)."""
    if word == key or (compounds and len(key) >= _FUZZY_MIN and word.startswith(key)):
        return True  # said with accents the table does not list ("español")
    if len(word) < len(key) - 1:
        return False
    if len(key) < _FUZZY_MIN:
        return word.startswith(key) and word[len(key) :] in _ENDINGS
    stem = key[: len(key) - 2]
    if word.startswith(stem) and len(word) <= len(key) + 3:
        return True
    return word[0] == key[0] and abs(len(word) - len(key)) <= 1 and _one_edit(word, key)


def _slipped_phrases(
    folded: str,
    starting: Callable[[str], tuple[tuple[list[str], str], ...]],
    taken: list[tuple[int, int]],
) -> list[ValueMatch]:
    """Phrases of several words said with a slip in a long word ("lactose intollerant", "extra legrom"):
    consecutive words, each the phrase's word, its plural, or (when long) one edit away from it. ``starting``
    gives the phrases a word may begin (its first word, slipped or not)."""
    words = list(_WORD.finditer(folded))
    lowered = [w.group(0).lower() for w in words]
    found: list[ValueMatch] = []
    for i, first in enumerate(lowered):
        for parts, value in starting(first):
            if i + len(parts) > len(words):
                continue
            window = words[i : i + len(parts)]
            if any(a < window[-1].end() and window[0].start() < b for a, b in taken):
                continue
            gaps = (folded[x.end() : y.start()] for x, y in itertools.pairwise(window))
            if all(_GAP.fullmatch(gap) for gap in gaps) and all(
                _slip(w, p) for w, p in zip(lowered[i + 1 : i + len(parts)], parts[1:], strict=True)
            ):
                found.append(ValueMatch(value=value, start=window[0].start(), end=window[-1].end()))
                taken.append((window[0].start(), window[-1].end()))
    return found


def _slip(word: str, key: str) -> bool:
    if word in (key, key + "s", key + "es"):
        return True
    return (
        len(key) >= _FUZZY_MIN
        and word[:1] == key[:1]
        and abs(len(word) - len(key)) <= 1
        and _one_edit(word, key)
    )


def _one_edit(a: str, b: str) -> bool:
    """One substitution, insertion, deletion or swap of neighbours turns ``a`` into ``b``."""
    if len(a) == len(b):
        diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        return len(diff) == 1 or (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and a[diff[0]] == b[diff[1]]
            and a[diff[1]] == b[diff[0]]
        )
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))
