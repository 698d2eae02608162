"""The view the secret scanners read: :func:`language.normalise.normalise`, plus the zero that is said as a
letter.

People reading a number aloud say "oh" (or "nought") for zero: "five seven seven oh five three". The shared
normaliser cannot read "oh" as a digit everywhere ("oh and I fly direct" is a word), and since it reads only
runs of three or more digit words, an "oh" also leaves the digit words around it unread ("oh oh nine"). Where
"oh" stands among digit words, or beside digits that were themselves spelled out, the user is reading a number:
here the whole run becomes digits, each mapped back to the word it was read from, so a spelled card, PIN or code
with a zero in it is one number to every scanner.
"""

from __future__ import annotations

from language.lexicon.secrets.reading import _DIGIT_WORDS, _RUN, _TOKEN, _ZERO
from language.normalise import Normalised, normalise

_BETWEEN = " \t-"


def _spelled_digit(view: Normalised, original: str, i: int) -> bool:
    """The view's character ``i`` is a digit that the user spelled out as a word."""
    return 0 <= i < len(view.text) and view.text[i].isdigit() and original[view.origin[i]].isalpha()


def _beside_spelled(view: Normalised, original: str, start: int, end: int) -> bool:
    left, right = start - 1, end
    while left >= 0 and view.text[left] in _BETWEEN:
        left -= 1
    while right < len(view.text) and view.text[right] in _BETWEEN:
        right += 1
    return _spelled_digit(view, original, left) or _spelled_digit(view, original, right)


def _read_as_digits(view: Normalised, original: str, start: int, end: int) -> bool:
    """A run of digit words with a spoken zero is a number when it has three words or more, or when digits the
    user spelled out stand right beside it."""
    words = _TOKEN.findall(view.text, start, end)
    return any(_ZERO.fullmatch(w) for w in words) and (
        len(words) >= 3 or _beside_spelled(view, original, start, end)
    )


def scan_view(text: str) -> Normalised:
    """``text`` normalised, with runs of digit words holding "oh" or "nought" read as digits."""
    view = normalise(text)
    if _ZERO.search(view.text) is None:
        return view
    chars: list[str] = []
    origin: list[int] = []
    last = 0
    for run in _RUN.finditer(view.text):
        if not _read_as_digits(view, text, run.start(), run.end()):
            continue
        # As the normaliser reads a spelled run: its digits, without the spaces between the words.
        chars.append(view.text[last : run.start()])
        origin.extend(view.origin[last : run.start()])
        for word in _TOKEN.finditer(view.text, run.start(), run.end()):
            chars.append(_DIGIT_WORDS[word.group(0).lower()])
            origin.append(view.origin[word.start()])
        last = run.end()
    if last == 0:
        return view
    chars.append(view.text[last:])
    origin.extend(view.origin[last:])  # with the end sentinel
    return Normalised("".join(chars), tuple(origin))
