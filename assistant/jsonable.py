"""Records as JSON: one rule for how the project's frozen value types become the dicts that reports, logs and
tapes write.

Every report type used to spell its ``to_json`` out field by field; a field added to the record and forgotten
in that list silently went missing from the output. Reading the dataclass's own fields keeps the two together;
dates become ISO text and tuples lists, the only conversions those records need.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from datetime import date, datetime
from typing import Any


def jsonable(value: Any) -> Any:
    """A field's value as JSON can hold it: dates and datetimes as ISO text, tuples as lists, nested records as
    their dicts; containers are copied (like ``dataclasses.asdict``), so a caller may change what it gets."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, tuple | list):
        return [jsonable(item) for item in value]
    if isinstance(value, dict):
        return {key: jsonable(item) for key, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return record_json(value)
    return value


def record_json(
    record: Any, *, rename: Mapping[str, str] | None = None, leave_out: Collection[str] = ()
) -> dict[str, Any]:
    """A dataclass instance's fields, in declaration order, as a JSON-ready dict. ``rename`` maps a field to
    the key the output has always used; ``leave_out`` names fields that are for the caller only."""
    if not dataclasses.is_dataclass(record) or isinstance(record, type):
        raise TypeError(f"record_json takes a dataclass instance, not {type(record).__name__}")
    names = rename or {}
    return {
        names.get(f.name, f.name): jsonable(getattr(record, f.name))
        for f in dataclasses.fields(record)
        if f.name not in leave_out
    }


class JsonRecord:
    """A dataclass whose JSON form is its fields, as :func:`record_json` writes them (mix in; no state)."""

    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        return record_json(self)
