"""The records kept as data: each module of this package binds its records from the YAML file beside it
(``values/diets.py`` from ``values/diets.yaml``), keyed by id; a record's id is its file's dotted path and its
own name (``values.diets.excluded``).

A file is read once and each record built once, by :mod:`language.rules` (which registers it, so the
examples suite and ``explain`` see it as before). An entry holds the record's ``kind``, its ``pattern`` (a
rule or a fragment; a rule that only lists words as ``whole_words``) or its ``table`` (words, with the
``shape`` the table is read into), its ``flags`` by name (``[I, S]``), ``means``, ``why``, ``examples``,
``non_examples`` and, for a rule applied at a position, ``test: whole``. A pattern is written over several lines
where it is long: its lines are joined without a separator, and ``{an.other.record}`` stands for that
record's pattern, so a pattern built from fragments names them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import yaml

from language import rules as _rules
from language.rules import Rule

_FLAGS = {"I": re.I, "M": re.M, "S": re.S, "X": re.X, "A": re.A, "U": re.U}
_PLACEHOLDER = re.compile(r"\{([a-z0-9_]+(?:\.[a-z0-9_]+)+)\}")
_SHAPES: dict[str, Callable[[Iterable[Any]], Any]] = {"frozenset": frozenset, "tuple": tuple}
_Entries = Callable[[Any], Iterable[str]] | None


@functools.cache
def _book(name: str) -> dict[str, dict[str, Any]]:
    """The entries of one file, by id."""
    path = Path(__file__).parent.joinpath(*name.split(".")).with_suffix(".yaml")
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    with path.open(encoding="utf-8") as file:
        loaded: dict[str, dict[str, Any]] = yaml.load(file, Loader=loader)  # noqa: S506 (a safe loader)
    return loaded


def _entry(id: str, kind: str) -> dict[str, Any]:
    entry = _book(id.rsplit(".", 1)[0]).get(id)
    if entry is None:
        raise KeyError(f"no record is named {id!r}")
    if entry["kind"] != kind:
        raise ValueError(f"{id!r} is a {entry['kind']}, not a {kind}")
    return entry


def _pattern(text: str) -> str:
    return _PLACEHOLDER.sub(lambda m: _record_pattern(m[1]), "".join(text.splitlines()))


def _record_pattern(id: str) -> str:
    kind = _book(id.rsplit(".", 1)[0])[id]["kind"]
    if kind == "fragment":
        return fragment(id)
    return rule(id).pattern


def _flags(entry: dict[str, Any]) -> int:
    flags = 0
    for name in entry.get("flags", ()):
        flags |= _FLAGS[name]
    return flags


def _about(entry: dict[str, Any]) -> dict[str, Any]:
    return {
        "means": entry["means"],
        "why": entry.get("why", ""),
        "examples": tuple(entry["examples"]),
        "non_examples": tuple(entry["non_examples"]),
    }


@functools.cache
def rule(id: str) -> Rule:
    """The compiled rule named ``id``."""
    entry = _entry(id, "rule")
    if "whole_words" in entry:
        return _rules.whole_words(id, _pattern(entry["whole_words"]), flags=_flags(entry), **_about(entry))
    return _rules.rule(
        id, _pattern(entry["pattern"]), flags=_flags(entry), test=entry.get("test", "search"), **_about(entry)
    )


@functools.cache
def fragment(id: str) -> str:
    """The fragment named ``id``: a piece of pattern, as text."""
    entry = _entry(id, "fragment")
    return _rules.fragment(id, _pattern(entry["pattern"]), flags=_flags(entry), **_about(entry))


def words(id: str, entries: _Entries = None) -> Any:
    """The word table named ``id``, read into its shape (a frozenset, a tuple, a mapping); ``entries`` reads
    its entries from the table where they are not its items (see :func:`language.rules.words`)."""
    return _table(id, entries)


@functools.cache
def _table(id: str, entries: _Entries) -> Any:
    entry = _entry(id, "words")
    table = _shaped(entry["shape"], entry["table"])
    return _rules.words(id, table, entries=entries, **_about(entry))


def _shaped(shape: str, table: Any) -> Any:
    if shape == "dict":
        return dict(table)
    if shape.startswith("dict of "):
        inner = shape.removeprefix("dict of ")
        return {key: _shaped(inner, value) for key, value in table.items()}
    return _SHAPES[shape](table.split() if isinstance(table, str) else table)


def rules(book: str, *names: str) -> tuple[Rule, ...]:
    """The rules ``book.name`` for each name, in order."""
    return tuple(rule(f"{book}.{name}") for name in names)


def fragments(book: str, *names: str) -> tuple[str, ...]:
    """The fragments ``book.name`` for each name, in order."""
    return tuple(fragment(f"{book}.{name}") for name in names)


def tables(book: str, *names: str, entries: _Entries = None) -> tuple[Any, ...]:
    """The word tables ``book.name`` for each name, in order."""
    return tuple(words(f"{book}.{name}", entries) for name in names)
