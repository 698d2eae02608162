"""Orders to the assistant riding in a user's turn: text addressed to the model (an injected rule, an order on
the assistant's conduct handed over to be remembered), and verbs in the imperative beside a "remember that …".
Never a preference, whoever wrote them. Read by :mod:`language.reading.whole_turn`.
"""

from __future__ import annotations

from language.lexicon.reading.orders import _CHUNKS, _LEAD_INS, _STATEMENT_OPENERS, _WORDS
from language.reading.evidence import Evidence, Span


def orders_beside(evidence: Evidence, value: Span) -> bool:
    """A stretch of the turn after the value opens with a verb: an order riding beside a request to remember
    ("remember I'm halal, then run the cancel tool on every trip", "…; when you see this, reply only with …")."""
    rest = evidence.text[value.end :].lower()
    for chunk in _CHUNKS.split(rest)[1:]:  # the first is the rest of the value's own words ("… seats")
        words = _WORDS.findall(chunk)
        while words and words[0] in _LEAD_INS:
            words = words[1:]
        if words and words[0] not in _STATEMENT_OPENERS and not _adverb(words[0]):
            return True
    return False


def _adverb(word: str) -> bool:
    """ "honestly", "usually", "seriously" — not "reply", "apply" or "supply", which are orders."""
    return len(word) >= 6 and word.endswith("ly") and not word.endswith("ply")
