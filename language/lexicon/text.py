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
    means="A lone surrogate code point (U+D800–U+DFFF), as the command line makes of invalid UTF-8 bytes.",
    why=(
        "No UTF-8 file, JSON encoder or HTTP body takes one: new text holding one is refused (text_problem), and "
        "logged text that holds one has it replaced (readable) or escaped (json_text)."
    ),
    examples=("bad \ud800 byte",),
    non_examples=("café ☕", "see you there \U0001f600"),
)

_NONCHARACTER = rule(
    "text.noncharacter",
    f"[{_NONCHARACTERS}]",
    means="A Unicode non-character: U+FDD0–U+FDEF, or either of the last two code points of any plane (U+FFFE …).",
    why="Kept for a program's own use, never for interchange: new text holding one is refused (text_problem).",
    examples=("non-character \ufffe", "\U0010ffff"),
    non_examples=("a \ufffd replacement character", "\ufdf0"),
)

_CONTROL = rule(
    "text.control",
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]",
    means="A C0 or C1 control character other than tab, newline and carriage return (NUL, escape, DEL, U+0080–U+009F).",
    why=(
        "An escape sequence or a NUL in a message corrupts whatever prints or renders it: new text holding one is "
        "refused (text_problem). Tab, newline and carriage return are text."
    ),
    examples=("escape \x1b[31m", "nul \x00 byte"),
    non_examples=("line one\nline two\ttabbed\r\n",),
)
