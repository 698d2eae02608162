"""Text that may be stored, shown and sent: what is refused at the edge, and how old bad text stays usable.

Python strings can hold what no UTF-8 file, terminal, JSON encoder or HTTP body accepts: lone surrogates
(U+D800–U+DFFF; the command line turns invalid UTF-8 bytes into them, a browser can send them) and the Unicode
non-characters (U+FDD0–U+FDEF and U+xFFFE/U+xFFFF in every plane), besides C0/C1 control characters. New input
with any of them is refused with a clear error before anything is written (:func:`text_problem`). A log written
before that rule may still hold them, so everything that hashes, renders or prints logged text goes through
:func:`utf8_bytes`, :func:`readable` or :func:`json_text`, which never raise.
"""

from __future__ import annotations

import json
import re
from typing import Any

from language.lexicon.text import _CONTROL, _NONCHARACTER, _SURROGATE

# How a transcript line shows the line breaks of a message ("ok so 3 things: / 1) … / 2) …"): a model quoting a
# multi-line message quotes it with these, and the gate finds such a quote across the breaks.
TRANSCRIPT_LINE_BREAK = " / "


def text_problem(text: str, *, what: str = "the message") -> str | None:
    """Why ``text`` cannot be accepted (one sentence), or None. Names the position, never echoes the text."""
    for pattern, problem in (
        (_SURROGATE, "is not valid Unicode text (an unpaired surrogate, e.g. from invalid UTF-8 bytes)"),
        (_NONCHARACTER, "contains a Unicode non-character"),
        (_CONTROL, "contains control characters"),
    ):
        found = pattern.search(text)
        if found is not None:
            return f"{what} {problem} at character {found.start() + 1} (U+{ord(found.group()):04X})"
    return None


def utf8_bytes(text: str) -> bytes:
    """UTF-8 for hashing: identical to ``text.encode()`` for valid text; lone surrogates pass through as
    their three-byte form instead of raising, so a hash over logged text can always be computed."""
    return text.encode("utf-8", "surrogatepass")


def readable(text: str) -> str:
    """``text`` with lone surrogates replaced by U+FFFD: safe to print, send to a model or store as UTF-8."""
    return _SURROGATE.sub("\ufffd", text)


def clean(value: Any) -> Any:
    """:func:`readable` applied to every string inside a JSON-like value (dict keys included)."""
    if isinstance(value, str):
        return readable(value)
    if isinstance(value, dict):
        return {clean(k): clean(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [clean(v) for v in value]
    return value


def json_text(payload: Any, *, indent: int | None = None) -> str:
    """JSON for output (``ensure_ascii=False`` for readability), with any lone surrogate written as its
    ``\\uXXXX`` escape: still the same JSON value, and encodable as UTF-8."""
    text = json.dumps(payload, indent=indent, ensure_ascii=False, default=str)
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def whole_words(alternatives: str, *, flags: int = re.IGNORECASE) -> re.Pattern[str]:
    r"""Any one of ``alternatives`` (a regex alternation: ``"bank|sort[ -]?code|a/c"``) standing as a whole word
    or phrase, ``\b(?:…)\b``, case-insensitive unless ``flags`` say otherwise.

    How the memory gate, the secret scanners and the offline model name a vocabulary: what is written at the
    place of use is the list of words; that they count only as whole words is said here."""
    return re.compile(rf"\b(?:{alternatives})\b", flags)
