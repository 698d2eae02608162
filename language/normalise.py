"""One normalised view of a user's text, read by every check (the write gate, the secret masker, the value
extractors, the offline model), with a map from each of its characters back to the original.

Rules matched on raw text are beaten by spelling: a card number written in full-width digits, a negation hidden
behind a zero-width space, a Cyrillic "а" in "never", "four one one one" for a PIN. Each check used to fold a few
of these itself; here they are folded once, so a check written for plain ASCII holds for all of them. The view:

- Unicode NFKC (full-width and compatibility forms, ligatures, circled and superscript digits);
- format (Cf) and other default-ignorable characters (zero-width spaces and joiners, bidi controls, soft
  hyphens, variation selectors) removed, and the enclosing marks drawn around a character (keycap emoji);
- letters of other scripts that are confusable with a Latin letter replaced by it (the UTS #39 confusables
  table, as shipped by ``confusable-homoglyphs``); Latin letters with accents are kept, so other languages still
  read as themselves;
- any script's decimal digits as ASCII digits;
- runs of three or more spelled-out digits ("four one one one", "quatro um um um") read as digits;
- typographic quotes and dashes folded to ASCII; case kept.

The log keeps what the user wrote: a check finds a span in :attr:`Normalised.text` and
:meth:`Normalised.to_original` says which characters of the original to mask or quote.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources

from language.lexicon.normalise import _DIGIT_WORDS, _LETTERS, _SPELLED_RUN, _SPELLED_WORD

__all__ = ["Normalised", "mixed_script", "normalise"]


@dataclass(frozen=True, slots=True)
class Normalised:
    """The view every check reads, and where each of its characters came from."""

    text: str  # what every check reads
    origin: tuple[int, ...]  # origin[i] = offset in the original of text[i]; len(origin) == len(text) + 1

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        """The span of the original that ``text[start:end]`` was read from.

        A span that ends inside what one original character (or one spelled-out run) became is widened to the
        whole of it, so a mask never leaves half of a secret behind.
        """
        if not 0 <= start <= end <= len(self.text):
            raise ValueError(f"span {start}:{end} is outside a view of {len(self.text)} characters")
        first = self.origin[start]
        if end == start:
            return first, first
        last = self.origin[end - 1]
        after = end
        while after < len(self.text) and self.origin[after] == last:
            after += 1
        return first, self.origin[after]


# Not Cf, but shown as nothing all the same (Unicode's Default_Ignorable_Code_Point outside Cf).
_IGNORABLE_RANGES: tuple[tuple[int, int], ...] = (
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x115F, 0x1160),  # Hangul fillers
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),  # Mongolian variation selectors and vowel separator
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFFA0, 0xFFA0),
    (0x1BCA0, 0x1BCA3),
    (0xE0100, 0xE01EF),
)

_FOLD = str.maketrans(
    {
        **dict.fromkeys("‘’‚‛′‵‹›`", "'"),
        **dict.fromkeys("“”„‟″‶«»", '"'),
        **dict.fromkeys("‐‑‒–—―−⁃﹘﹣", "-"),
        # A keypad's star, drawn as an emoji or a heavier asterisk ("✳️ 9 1 4 4 ✳️").
        **dict.fromkeys("✳✱✲✴❋⁎∗✽", "*"),
    }
)


def _invisible(char: str) -> bool:
    if unicodedata.category(char) == "Cf":
        return True
    code = ord(char)
    return any(low <= code <= high for low, high in _IGNORABLE_RANGES) if code >= 0x034F else False


@cache
def _skeletons() -> dict[str, str]:
    """Letters of other scripts that look like one ASCII letter, mapped to it (built once from UTS #39 data).

    Only single ASCII letters are targets: a Cyrillic "З" that looks like a "3" stays a letter, so no word turns
    into a number; an upper-case letter whose only look-alike is "l" (Greek capital iota) becomes "I".
    """
    source = resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text(encoding="utf-8")
    table: dict[str, list[dict[str, str]]] = json.loads(source)
    skeletons: dict[str, str] = {}
    for char, homoglyphs in table.items():
        if len(char) != 1 or not unicodedata.category(char).startswith("L") or _latin_or_common(char):
            continue
        targets = [h["c"] for h in homoglyphs if len(h["c"]) == 1 and h["c"].isascii() and h["c"].isalpha()]
        if not targets:
            continue
        same_case = [t for t in targets if t.isupper() == char.isupper()]
        target = same_case[0] if same_case else targets[0]
        skeletons[char] = "I" if char.isupper() and target == "l" else target
    return skeletons


def mixed_script(text: str) -> bool:
    """A word written in two scripts ("vеgan" with a Cyrillic "е"): the normalised view reads it as the Latin
    word, but nobody types it so by accident; it is how look-alike spoofing is done (UTS #39 mixed-script)."""
    for word in _LETTERS.findall(text):
        latin = [_latin_or_common(c) for c in word]
        if any(latin) and not all(latin):
            return True
    return False


def _latin_or_common(char: str) -> bool:
    name = unicodedata.name(char, "")
    return name.startswith("LATIN ") or not name or char.isascii()


def _fold(char: str) -> str:
    """One character of NFKC output as the view shows it."""
    if char.isascii():
        return char
    if char.isdecimal():
        return str(unicodedata.decimal(char))
    return _skeletons().get(char, char).translate(_FOLD)


@lru_cache(maxsize=4096)
def _cluster(chunk: str) -> str:
    """NFKC and the per-character folds of one base character with its combining marks, to a fixed point."""
    out = chunk
    for _ in range(4):
        # Enclosing marks (a keycap, a circle, a square drawn around a character) only decorate it: "5️⃣" is 5.
        folded = "".join(
            _fold(c)
            for c in unicodedata.normalize("NFKC", out)
            if not _invisible(c) and unicodedata.category(c) != "Me"
        )
        if folded == out:
            break
        out = folded
    return out


def _per_character(text: str) -> tuple[list[str], list[int]]:
    """Every character folded, invisible ones dropped; each output character's offset in ``text``."""
    visible = [(i, c) for i, c in enumerate(text) if not _invisible(c)]
    chars: list[str] = []
    origin: list[int] = []
    k = 0
    while k < len(visible):
        start, base = visible[k]
        chunk = [base]
        k += 1
        while k < len(visible) and unicodedata.category(visible[k][1]).startswith("M"):
            chunk.append(visible[k][1])
            k += 1
        for char in _cluster("".join(chunk)):
            chars.append(char)
            origin.append(start)
    return chars, origin


def _read_spelled_digits(chars: list[str], origin: list[int]) -> tuple[str, list[int]]:
    """Runs of three or more digit words become their digits, each mapped to the start of its word.

    Three, not two: "two one-way tickets" and "one or two" stay words, while a spelled PIN, code or card has
    three digits or more.
    """
    text = "".join(chars)
    if not _SPELLED_RUN.search(text):
        return text, origin
    out: list[str] = []
    out_origin: list[int] = []
    last = 0
    for run in _SPELLED_RUN.finditer(text):
        out.append(text[last : run.start()])
        out_origin.extend(origin[last : run.start()])
        for word in _SPELLED_WORD.finditer(run.group(0)):
            out.append(_DIGIT_WORDS[word.group(0).lower()])
            out_origin.append(origin[run.start() + word.start()])
        last = run.end()
    out.append(text[last:])
    out_origin.extend(origin[last:])
    return "".join(out), out_origin


def normalise(text: str) -> Normalised:
    """The view of ``text`` that every check reads (see the module's docstring), with its offset map."""
    if text.isascii():
        chars, origin = list(text), list(range(len(text)))
    else:
        chars, origin = _per_character(text)
    view, view_origin = _read_spelled_digits(chars, origin)
    return Normalised(view, (*view_origin, len(text)))
