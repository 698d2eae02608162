"""The mood of a statement: a question without its question mark, a guess, a hypothetical, and what only looks
like one (a polite "I'd love it if you …", an aside to the listener, whether something can be had "if there is
one"). Read by :mod:`language.reading.assertions` on the clause that holds a value.
"""

from __future__ import annotations

from typing import Literal

from language.lexicon.reading.lasting import ADDRESSED, DURABLE
from language.lexicon.reading.mood import (
    _ABOUT_TELLING,
    _CHOICE_OR_CONDITION,
    _CONDITIONAL,
    _HEDGE_TAG,
    _I_DO,
    _LATER_QUESTION,
    _MUST,
    _POLITE_ASK,
    _SPEAKER_FIRST,
    _STATED,
    _SUPPOSED,
    _TAG_QUESTION,
    _THEN,
    ANY_START,
    ASIDE,
    AVAILABLE,
    GREETING,
    HAS_VERB,
    HYPOTHETICAL,
    POLITE,
    QUESTION_START,
    STANDING_REQUEST,
)
from language.reading.evidence import Evidence
from language.values.vocabulary import ValueMatch

# "request": a question asking to be spoken to in a language ("Could you stick to German with me?"), which may
# be for now or for good; the caller asks the user.
Mood = Literal["question", "greeting", "hypothetical", "request"]


def mood_of(
    clause: str, evidence: Evidence, match: ValueMatch, *, requested: bool, answer: bool = False
) -> Mood | None:
    """Whether the clause holding the value asks, greets or supposes rather than states; ``answer`` when it
    replies to the assistant's question about this very thing."""
    # "Could you remember that I'm vegetarian?" is a request, not a question about being vegetarian; nor is
    # "can you reply in french? always": a request the next words make standing.
    next_words = evidence.text[evidence.sentence.end :].lstrip(" \n\"'")
    standing = bool(STANDING_REQUEST.search(clause) and (DURABLE.search(clause) or DURABLE.match(next_words)))
    # "Chuck the vegetarian meal on every booking, yeah?" asks for agreement with an order ("I'm coeliac, right?"
    # still asks whether a statement holds).
    tagged = _TAG_QUESTION.search(evidence.sentence_text) and not _SPEAKER_FIRST.match(evidence.sentence_text)
    asked = (
        evidence.sentence_text.rstrip().endswith("?")
        and not tagged
        and not requested
        and not standing
        and not _asks_something_else(evidence.sentence_text, clause, match)
    )
    if (asked or (QUESTION_START.search(clause) and not standing)) and _addressed_request(
        clause, evidence.sentence_text
    ):
        return "request"
    if (
        asked
        or (QUESTION_START.search(clause) and not standing)
        or (
            ANY_START.search(clause)
            and not HAS_VERB.search(clause)
            and not _I_DO.search(clause)
            and not _MUST.search(clause)
        )
    ):
        return "question"
    greeting = GREETING.match(clause)
    labelled = evidence.before_clause.rstrip().endswith(":")  # "- Preferred flight time: evening"
    if greeting and match.start < greeting.end() and not answer and not labelled:
        return "greeting"  # not "afternoon, never early morning" when asked what time the user likes to fly
    own = own_part(clause, match)
    # A hedge tag after the value ("…, so vegetarian I suppose") is judged as a hedge, not as a supposition;
    # whether it can be had, before the value or after it ("whenever I possibly can, I fly direct"), neither.
    before, value, after = own[: match.start], own[match.start : match.end], own[match.end :]
    own = AVAILABLE.sub(" ", before) + value + _HEDGE_TAG.sub(" ", AVAILABLE.sub(" ", after))
    if HYPOTHETICAL.search(ASIDE.sub(" ", POLITE.sub(" ", own))):
        return "hypothetical"
    # A supposition opening the sentence, and a conditional in the clause after it, whatever stands between them
    # ("Say I hit Platinum — I'd fly business everywhere"; "If I ever get status: I would …").
    if _SUPPOSED.match(evidence.before_clause) and _CONDITIONAL.search(own):
        return "hypothetical"
    return None


def _asks_something_else(sentence: str, clause: str, match: ValueMatch) -> bool:
    at = sentence.find(clause)
    if at < 0:
        return False
    telling = _ABOUT_TELLING.search(sentence)
    if telling is not None and at + match.end <= telling.start():
        return True
    later = _LATER_QUESTION.search(sentence)
    return later is not None and at + match.end <= later.start() and _STATED.match(clause) is not None


def _addressed_request(clause: str, sentence: str) -> bool:
    return bool(
        _POLITE_ASK.match(clause) and ADDRESSED.search(clause) and not _CHOICE_OR_CONDITION.search(sentence)
    )


_TAG_WORDS = 3


def own_part(clause: str, match: ValueMatch) -> str:
    """The clause up to the end of the statement that holds the value, with a short tag after it.

    A condition after the statement belongs to what follows from it, not to the statement: "I'm vegan so if the
    breakfast is just eggs it's a no", "I'm a Hilton Honors member, always book Hilton if it's reasonable". A
    short tag still counts ("Vegan, maybe", "aisle, I guess", "halal, just kidding").
    """
    cut = _THEN.search(clause, match.end)
    if cut is None:
        return clause
    rest = clause[cut.end() :]
    tag = _THEN.split(rest, maxsplit=1)[0]
    return clause[: cut.start()] + (" " + tag if len(tag.split()) <= _TAG_WORDS else "")
