"""Every rule that reads text is a named record: an id, what it means, its pattern or words, why it exists, and
examples it must match and non-examples it must not.

A record is written where its kind of reading lives (``language.reading.markers`` holds the markers that take a
statement back, ``language.secrets.cards`` the card shapes, …), as a module-level constant built by
:func:`rule`, :func:`fragment` or :func:`words`; each registers itself here once, when its module is imported,
and its pattern is compiled once. ``tests/test_language_rules.py`` walks :data:`REGISTRY`: a record without an
example and a non-example fails the suite, and so does an example the pattern does not match or a non-example
it does. Reading code uses a :class:`Rule` exactly as it would a compiled pattern (``search``, ``finditer``,
``sub`` …).

:func:`explaining` names the rules that decided a verdict or a masking: inside it, every use of a rule that
matched is recorded, in order (``travel-assistant explain``, ``benchmarks.memory_safety --explain``). It swaps
the rules' methods process-wide while it runs, so it is for one-threaded tools, never for the serving path; outside
it a rule's methods are the compiled pattern's own, at no cost.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Literal, ParamSpec, TypeVar, cast

Kind = Literal["rule", "fragment", "words"]
T = TypeVar("T")
P = ParamSpec("P")


@dataclass(frozen=True, slots=True)
class Record:
    """What a rule is, for people: its id, meaning, reason, pattern (or words) and examples."""

    id: str
    kind: Kind
    means: str
    why: str
    pattern: str
    flags: int
    examples: tuple[str, ...]
    non_examples: tuple[str, ...]
    words: tuple[str, ...] = ()
    # How the examples are read: "search" (the pattern found anywhere in them) or "whole" (the pattern matches
    # the whole example): a fragment, and a rule applied at a position (one that may match nothing at all,
    # "\S+" after a label), are pieces, so their examples are pieces too.
    test: Literal["search", "whole"] = "search"

    def matches(self, text: str) -> bool:
        """Whether ``text`` is matched by the record (for words, one of them as a whole word or phrase,
        case-insensitive)."""
        if self.test == "whole":
            return re.fullmatch(self.pattern, text, self.flags) is not None
        return re.search(self.pattern, text, self.flags) is not None


REGISTRY: dict[str, Record] = {}
_RULES: dict[str, Rule] = {}


def _register(record: Record) -> None:
    if not re.fullmatch(r"[a-z0-9_]+(?:\.[a-z0-9_]+)+", record.id):
        raise ValueError(f"rule id {record.id!r} is not a dotted lower-case name")
    held = REGISTRY.get(record.id)
    if held is not None and held != record:
        raise ValueError(f"two rules are named {record.id!r}")
    REGISTRY[record.id] = record


@dataclass(eq=False)
class Rule:
    """A compiled rule: used like ``re.Pattern`` (its methods are the compiled pattern's own), named by ``id``."""

    id: str
    compiled: re.Pattern[str]
    search: Callable[..., re.Match[str] | None] = field(init=False)
    match: Callable[..., re.Match[str] | None] = field(init=False)
    fullmatch: Callable[..., re.Match[str] | None] = field(init=False)
    finditer: Callable[..., Iterator[re.Match[str]]] = field(init=False)
    findall: Callable[..., list[Any]] = field(init=False)
    sub: Callable[..., str] = field(init=False)
    subn: Callable[..., tuple[str, int]] = field(init=False)
    split: Callable[..., list[str | Any]] = field(init=False)

    def __post_init__(self) -> None:
        self._plain()

    def _plain(self) -> None:
        for name in _METHODS:
            setattr(self, name, getattr(self.compiled, name))

    @property
    def pattern(self) -> str:
        return self.compiled.pattern

    @property
    def flags(self) -> int:
        return self.compiled.flags

    def __repr__(self) -> str:
        return f"Rule({self.id!r})"


_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split")


def _text(value: str | Sequence[str]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


def rule(
    id: str,
    pattern: str | re.Pattern[str],
    *,
    means: str,
    why: str = "",
    flags: int = 0,
    examples: str | tuple[str, ...] | list[str],
    non_examples: str | tuple[str, ...] | list[str],
    test: Literal["search", "whole"] = "search",
) -> Rule:
    """A compiled rule (a pattern given compiled keeps its own flags)."""
    compiled = pattern if isinstance(pattern, re.Pattern) else re.compile(pattern, flags)
    record = Record(
        id,
        "rule",
        means,
        why,
        compiled.pattern,
        compiled.flags,
        _text(examples),
        _text(non_examples),
        test=test,
    )
    _register(record)
    made = _RULES.get(id)
    if made is None:
        made = _RULES[id] = Rule(id, compiled)
    return made


def fragment(
    id: str,
    pattern: str,
    *,
    means: str,
    why: str = "",
    flags: int = re.IGNORECASE,
    examples: str | tuple[str, ...] | list[str],
    non_examples: str | tuple[str, ...] | list[str],
) -> str:
    """A piece of pattern that other rules are built from (returned as text); its examples are checked with
    ``flags``, case-insensitive unless told."""
    _register(
        Record(id, "fragment", means, why, pattern, flags, _text(examples), _text(non_examples), test="whole")
    )
    return pattern


def words(
    id: str,
    table: Mapping[str, Any] | frozenset[str] | tuple[str, ...],
    *,
    means: str,
    why: str = "",
    examples: str | tuple[str, ...] | list[str],
    non_examples: str | tuple[str, ...] | list[str],
    entries: Iterable[str] | Callable[[Any], Iterable[str]] | None = None,
) -> Any:
    """A table of words (a set, a tuple, or a phrase → value mapping), returned as it is; for its examples it
    matches a text holding one of its entries as a whole word or phrase, case-insensitive. The entries are the
    table's items (a mapping's keys) unless ``entries`` names them, or says how to read them from the table (a
    table keyed by language, say)."""
    listed = table if entries is None else entries(table) if callable(entries) else entries
    items = tuple(sorted(str(k) for k in listed))
    alternation = "|".join(re.escape(e) for e in sorted(items, key=len, reverse=True))
    pattern = rf"(?<!\w)(?:{alternation})(?!\w)" if items else r"(?!)"
    _register(
        Record(id, "words", means, why, pattern, re.IGNORECASE, _text(examples), _text(non_examples), items)
    )
    return table


def whole_words(id: str, alternatives: str, *, flags: int = re.IGNORECASE, **record: Any) -> Rule:
    r"""A rule matching any one of ``alternatives`` (a regex alternation: ``"bank|sort[ -]?code|a/c"``) standing
    as a whole word or phrase, ``\b(?:…)\b``, case-insensitive unless ``flags`` say otherwise.

    How the memory gate, the secret scanners and the offline model name a vocabulary: what is written at the
    place of use is the list of words; that they count only as whole words is said here."""
    return rule(id, rf"\b(?:{alternatives})\b", flags=flags, **record)


# The readings remembered per text (:func:`remembered`): emptied when a verdict is explained, so that every rule
# that decides it runs, and is named, inside the block.
_REMEMBERED: list[Any] = []
# How many texts (or words) each reading remembers: a promotion chunk's turns, their sentences and clauses (200
# threads of a few turns). At the 4,000-character message limit that bounds a reading's memory to ~32 MB.
TEXTS_REMEMBERED = 4096


def remembered(fn: Callable[P, T]) -> Callable[P, T]:
    """``functools.lru_cache`` for a pure reading of a text (masking, cleaning, finding a vocabulary's values),
    which every check of a turn asks for again; :func:`explaining` forgets what it remembers, so an explanation
    is complete."""
    cached = functools.lru_cache(maxsize=TEXTS_REMEMBERED)(fn)
    _REMEMBERED.append(cached)
    return cast("Callable[P, T]", cached)  # the cache is called exactly as the reading it wraps


@contextmanager
def explaining() -> Iterator[list[str]]:
    """Record the id of every rule that matches while the block runs (in order, repeats dropped)."""
    fired: list[str] = []
    for cache in _REMEMBERED:
        cache.cache_clear()

    def traced(r: Rule, name: str) -> Callable[..., Any]:
        real = getattr(r.compiled, name)

        def fire() -> None:
            if r.id not in fired:
                fired.append(r.id)

        def call(*args: Any, **kwargs: Any) -> Any:
            if name == "sub":
                text, n = r.compiled.subn(*args, **kwargs)
                if n:
                    fire()
                return text
            result = real(*args, **kwargs)
            if name == "finditer":
                found = list(result)
                if found:
                    fire()
                return iter(found)
            if name == "subn":
                matched = bool(result[1])
            elif name == "split":
                matched = len(result) > 1
            else:
                matched = bool(result)
            if matched:
                fire()
            return result

        return call

    rules = list(_RULES.values())
    for r in rules:
        for name in _METHODS:
            setattr(r, name, traced(r, name))
    try:
        yield fired
    finally:
        for r in rules:
            r._plain()
