"""The mood of a statement: a question without its question mark, a guess, a hypothetical, and what only looks
like one (a polite "I'd love it if you …", an aside to the listener, whether something can be had "if there is
one"). Read by :mod:`language.reading.assertions` on the clause that holds a value.
"""

from __future__ import annotations

import re
from typing import Literal

from language.reading.evidence import Evidence
from language.reading.lasting import ADDRESSED, DURABLE
from language.reading.markers import HESITATION
from language.text import whole_words
from language.values.vocabulary import ValueMatch

# "request": a question asking to be spoken to in a language ("Could you stick to German with me?"), which may
# be for now or for good; the caller asks the user.
Mood = Literal["question", "greeting", "hypothetical", "request"]

# A question without its question mark: an auxiliary first ("is it vegan"), or a question word with an auxiliary
# right after it ("where can I sit"). A question word leading a clause of its own is not one ("When it comes to
# hotels I stick to Hilton", "Where possible, aisle").
_AUX = r"(?:is|are|am|do|does|did|can|could|would|will|should|shall|may|might|have|has|had|was|were)"
QUESTION_START = re.compile(
    # Not "can't eat shellfish, I'm allergic": a negative opening a clause is a statement with "I" left out.
    # Not "which is why I'm vegan": a relative clause giving the reason, not a question.
    r"(?!^\W*(?:which|that|this)\s+(?:is|was|'s)\s+(?:why|how|where|when|what|because)\b)"
    rf"^\W*(?:{_AUX}(?!['’]t|n['’]t|\s+not\b)|(?:what|which|where|when|who|whom|whose|how|why)(?:\s+\w+)?\s+"
    rf"(?:{_AUX}|'s|'re))\b"
    # An indirect question: "Tell me whether hotels in Rome usually have step-free access".
    r"|^\W*(?:(?:can|could) you\s+)?(?:please\s+)?(?:tell me|let me know|find out|check|i wonder|i'?m wondering|"
    r"do you know) (?:whether|if|what|which|where|when|how)\b",
    re.I,
)
# "Any vegan options" asks; "Any hotel has to have step-free access" states a requirement.
# "Chuck the vegetarian meal on every booking, yeah?": a tag asking for agreement, not a question about it.
_SPEAKER_FIRST = re.compile(r"^\W*(?:\w+\W+){0,3}?(?:i|i'm|im|i am|i've|ive|we|we're|my)\b", re.I)
_TAG_QUESTION = re.compile(r",\s*(?:yeah|yea|yes|right|ok|okay|eh|alright|innit|aye|yah|ja)\s*\?+\s*$", re.I)
ANY_START = re.compile(r"^\W*any(?:thing)?\b", re.I)
# "any hotel you suggest needs step-free access": what anything must have is a statement, not a question.
_MUST = re.compile(r"\b(?:needs?|has to|have to|must|should|ought to)\b", re.I)
# "anything over a hundred metres and I need a wheelchair": the speaker doing something is a statement.
_I_DO = re.compile(
    r"\b(?:i|we)\s+(?:\w+\s+)?(?:need|use|get|have|eat|take|fly|sit|travel|book|want|can't|cannot)\b", re.I
)
# "Can you always answer in Dutch?": a request for how things should be from now on, not a question about it.
STANDING_REQUEST = whole_words(
    r"(?:can|could|would|will) (?:you|u|we|all (?:of )?(?:your|the) (?:messages|replies|answers|chats))"
)
# Not "the language I think in": thinking in a language is no guess.
HEDGE = whole_words(r"(?:i|we) (?:guess|suppose|think|believe|reckon)(?! in\b)")
# "…, if that helps", "…, if you need to know": an aside to the listener, not a condition on the statement.
ASIDE = re.compile(
    r"\bif (?:that|it|this) (?:helps|matters|is useful|'s useful|makes a difference)\b"
    r"|\bif you (?:need|want|have) to know\b|\bif you(?:'re| are) wondering\b"
    # A condition on the listener is how to ask politely: "…in French if you can", "I'd love it if you always
    # answered in Spanish".
    r"|\bif (?:you|u)\b(?!(?:'re| are| were)\b)",
    re.I,
)
POLITE = whole_words(
    r"(?:would|'d)\s+(?:much\s+)?(?:prefer|rather|like|love|be grateful|appreciate)"
    # "it would be lovely if you answered in Italian": a wish put politely, not a supposition.
    r"|(?:would|'d)\s+be\s+(?:so\s+|really\s+|much\s+|far\s+)?(?:lovely|great|nice|good|ideal|helpful|perfect|"
    r"brilliant|amazing|better|best|easier|preferable|more comfortable)"
    # "would you write in Italian from now on?": a request to the listener.
    r"|(?:would|could) (?:you|u)\b"
    # "I would ask you to note that …": a request put formally.
    r"|(?:would|'d) (?:like to )?ask (?:you|u) to\b"
)
# After the value, whether it can be had, not whether it holds: "the first flight of the day if I can", "exit row
# if there is one", "aisle where possible", "Avios on everything I possibly can" ("possibly" intensifies "can").
AVAILABLE = re.compile(
    r"\b(?:if|whenever|when) (?:i|we) (?:possibly )?can(?: help it)?\b|\b(?:i|we) possibly can\b"
    r"|\b(?:if|whenever|when) (?:there is|there's|there are|they have|it's|one's) (?:one|any|available)\b"
    r"|\bif (?:it|they|one|such a thing) exists?\b|\bif they (?:have|do|offer) (?:it|them|one|any)\b"
    r"|\b(?:if|where|when|whenever) (?:possible|available)\b"
    # "… unless I say so": the standing default the user may override, not a condition on it.
    r"|\bunless (?:i|we) (?:say|tell you|ask)(?: so| otherwise)?\b",
    re.I,
)
HYPOTHETICAL = whole_words(
    r"if|would|might|maybe|perhaps|possibly|probably|considering|consider|in case|suppose|supposing|"
    r"imagine|what if|wonder(?:ing)?|unless|someday|one day|might become|may become|(?:thinking|think) (?:about|of)|"
    r"plan(?:ning)? to|going to try|want to try|try(?:ing)? to (?:be|go|eat)|not sure|let'?s say|"
    r"pretend(?:ing)?|assume|assuming|hypothetically|in theory|theoretically|for argument's sake|role-?play|as if|"
    # Read off something else, not said: "looks like I'm a vegetarian from my past bookings".
    r"(?:looks|seems) like|it seems|apparently|supposedly|"
    r"wish|(?:want|wanna|hope|hoping|aim|aiming|intend|would like|'d like) "
    r"to (?:be|go|become|eat|try|start)|kidding|joking|jk|not really"
)

# A sentence with a verb of its own says something about its subject ("Aisle seats are the best"), and one
# that opens with a verb asks for something ("Reply in French to the hotel"): neither is a bare fragment.
HAS_VERB = re.compile(
    r"\b(?:is|are|was|were|be|been|being|am|has|have|had|does|do|did)\b|'(?:s|re|m)\b", re.I
)
GREETING = re.compile(
    r"^\W*(?:(?:hi|hello|hey|and a very|a very)[\s,]+)?(?:good\s+(?:morning|afternoon|evening|night|day)\b|"
    r"(?:morning|afternoon|evening)(?=\s*[,!.]|\s*$|\s+(?:all|everyone|there|team|folks)\b))",
    re.I,
)


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


_SUPPOSED = re.compile(
    r"^\W*(?:(?:and|but|so|ok|okay|well)\W+)?(?:if|say|suppose|supposing|imagine|assuming|let'?s say|what if|"
    r"in case|were (?:i|we)|had (?:i|we))\b",
    re.I,
)
_CONDITIONAL = re.compile(r"\b(?:would|could|might)\b|\b(?:i|we|you)'d\b|\bid\b", re.I)


# The question mark ends a later clause that asks something else: whether the user has said it before ("I'm
# vegetarian, I think I mentioned it?", "aisle, did I tell you that already?"), or a question of its own put
# to the assistant after a statement ("I'm in the BA Executive Club, can you add my number to the booking?").
# The clause before it states the value.
_ABOUT_TELLING = re.compile(
    r"[,;]\s*(?:(?:i think|i guess|i believe|pretty sure|i'm sure|or)\s+)?(?:did|have|had|i've|i'd|i)\s+"
    r"(?:i\s+)?(?:already\s+|ever\s+)?(?:mention(?:ed)?|sa(?:y|id)|t[eo]ll?d?|(?:bring|brought) (?:it|that) up)\b"
    r"[^.!?,;]*\?\s*$",
    re.I,
)
_LATER_QUESTION = re.compile(
    r"[,;]\s*(?:(?:and|so|but|also|btw)\s+)?(?:(?:can|could|would|will|do|is|are)\s+(?:you|u|there)|"
    r"(?:what|where|which|how)\s+(?:is|are|about|do|does|should|would|can)|any\s+\w+)\b[^.!?;]*\?\s*$",
    re.I,
)
# A statement the user makes of themself, in the first person.
_STATED = re.compile(
    rf"^\W*(?:(?:{HESITATION})\b[\s,.…]*)*(?:i'?m|i am|i'?ve|i have|my|we'?re|we are)\b", re.I
)


def _asks_something_else(sentence: str, clause: str, match: ValueMatch) -> bool:
    at = sentence.find(clause)
    if at < 0:
        return False
    telling = _ABOUT_TELLING.search(sentence)
    if telling is not None and at + match.end <= telling.start():
        return True
    later = _LATER_QUESTION.search(sentence)
    return later is not None and at + match.end <= later.start() and _STATED.match(clause) is not None


# Asked politely from the clause's first word ("Could you please communicate with me in Dutch?"); not "can you …",
# which may ask whether the assistant is able to, nor a choice or a condition ("… or only English?", "if I ask").
_POLITE_ASK = re.compile(r"^\W*(?:could|would|will)\s+(?:you|u)\s+(?:please\s+|kindly\s+)?", re.I)
_CHOICE_OR_CONDITION = whole_words(r"or|if|even")


def _addressed_request(clause: str, sentence: str) -> bool:
    return bool(
        _POLITE_ASK.match(clause) and ADDRESSED.search(clause) and not _CHOICE_OR_CONDITION.search(sentence)
    )


_HEDGE_TAG = re.compile(r"\b(?:i|we) (?:suppose|guess|think|reckon)\W*$", re.I)
# Where the statement's own words end after the value: a comma or a linking word starting what follows from it.
_THEN = re.compile(r"[,;]|\s(?:so|and|but|then)\s", re.I)
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
