"""The case tables of the parametrized tests, kept as data in ``tests/cases/<module>.yaml``.

A table is a list under a key: each row either one string (a test with one parameter) or a flow list of
strings (a test with several). Non-printing characters are written as YAML escapes (``"\\u2028"``), so what a
row holds is what the test sends.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

CASES = Path(__file__).parent / "cases"


@cache
def _tables(module: str) -> dict[str, list[object]]:
    with (CASES / f"{module}.yaml").open(encoding="utf-8") as f:
        loaded = yaml.safe_load(f)
    if not isinstance(loaded, dict):
        raise TypeError(f"tests/cases/{module}.yaml holds no tables")
    return loaded


def _row(module: str, key: str, row: object) -> tuple[str, ...]:
    if not isinstance(row, list) or not all(isinstance(cell, str) for cell in row):
        raise TypeError(f"tests/cases/{module}.yaml {key}: {row!r} is not a list of strings")
    return tuple(row)


def rows(module: str, key: str) -> list[tuple[str, ...]]:
    """Table ``key`` of ``tests/cases/<module>.yaml`` whose rows are lists of strings."""
    return [_row(module, key, row) for row in _tables(module)[key]]


def texts(module: str, key: str) -> list[str]:
    """Table ``key`` of ``tests/cases/<module>.yaml`` whose rows are single strings."""
    found = _tables(module)[key]
    if not all(isinstance(text, str) for text in found):
        raise TypeError(f"tests/cases/{module}.yaml {key}: a row is not a string")
    return [str(text) for text in found]
