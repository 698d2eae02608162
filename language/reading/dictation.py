"""Punctuation said aloud: a dictated message spells its marks as words ("window seat comma always window comma
I get travel sick full stop"). Read as words, the whole message is one sentence, and a condition or a reason
at its far end lands in the clause that states the preference; read as the marks they stand for, it splits
where the speaker meant it to.

The marks are written one character for one (the mark, then spaces), so every span found in the result is the
same span of the text the user wrote. "Period" is left as a word: "for a period of time" is not dictation.
"""

from __future__ import annotations

import re

from language.lexicon.reading.dictation import _MARKS, _SPOKEN


def spoken_marks(text: str) -> str:
    """``text`` with each mark said aloud after a word replaced by the mark and padding, length unchanged."""
    if not _SPOKEN.search(text):
        return text

    def mark(m: re.Match[str]) -> str:
        said = m.group("word")
        first = said.split()[0].lower()
        sign = "\n" if first == "new" else _MARKS.get(first, ",")
        return sign + " " * (len(said) - 1)

    return _SPOKEN.sub(mark, text)
