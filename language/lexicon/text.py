"""The records of :mod:`language.text`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

from language.rules import rule

_NONCHARACTERS = "\ufdd0-\ufdef" + "".join(
    f"{chr(plane * 0x10000 + 0xFFFE)}{chr(plane * 0x10000 + 0xFFFF)}" for plane in range(17)
)

_SURROGATE = rule(
    "text.surrogate",
    "[\ud800-\udfff]",
    means="",
    why="",
    examples=("bad \ud800 byte",),
    non_examples=("café ☕",),
)

_NONCHARACTER = rule(
    "text.noncharacter",
    f"[{_NONCHARACTERS}]",
    means="",
    why="",
    examples="non-character \ufffe",
    non_examples="go ahead",
)

_CONTROL = rule(
    "text.control",
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]",
    means="tab, newline and carriage return are text",
    why="",
    examples="escape \x1b[31m",
    non_examples="go ahead",
)
