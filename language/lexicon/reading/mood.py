"""The records of :mod:`language.reading.mood`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.lexicon.reading.markers import HESITATION
from language.rules import fragment, rule, whole_words

_AUX = fragment(
    "reading.mood.aux",
    r"(?:is|are|am|do|does|did|can|could|would|will|should|shall|may|might|have|has|had|was|were)",
    means=(
        'A question without its question mark: an auxiliary first ("is it vegan"), or a question word with an '
        'auxiliary right after it ("where can I sit").'
    ),
    why=(
        'A question word leading a clause of its own is not one ("When it comes to hotels I stick to Hilton", '
        '"Where possible, aisle").'
    ),
    examples=("is", "can"),
    non_examples="always",
)

QUESTION_START = rule(
    "reading.mood.question_start",
    r"(?!^\W*(?:which|that|this)\s+(?:is|was|'s)\s+(?:why|how|where|when|what|because)\b)"
    rf"^\W*(?:{_AUX}(?!['’]t|n['’]t|\s+not\b)|(?:what|which|where|when|who|whom|whose|how|why)(?:\s+\w+)?\s+"
    rf"(?:{_AUX}|'s|'re))\b"
    # An indirect question: "Tell me whether hotels in Rome usually have step-free access".
    r"|^\W*(?:(?:can|could) you\s+)?(?:please\s+)?(?:tell me|let me know|find out|check|i wonder|i'?m wondering|"
    r"do you know) (?:whether|if|what|which|where|when|how)\b",
    flags=re.I,
    means="",
    why="",
    examples="do it",
    non_examples=("can't eat shellfish, I'm allergic", "left out. Not"),
)

_SPEAKER_FIRST = rule(
    "reading.mood.speaker_first",
    r"^\W*(?:\w+\W+){0,3}?(?:i|i'm|im|i am|i've|ive|we|we're|my)\b",
    flags=re.I,
    means='"Any vegan options" asks; "Any hotel has to have step-free access" states a requirement.',
    why='"Chuck the vegetarian meal on every booking, yeah?": a tag asking for agreement, not a question about it.',
    examples="I'd love it if you",
    non_examples=("Any vegan options", "Any hotel has to have step-free access"),
)

_TAG_QUESTION = rule(
    "reading.mood.tag_question",
    r",\s*(?:yeah|yea|yes|right|ok|okay|eh|alright|innit|aye|yah|ja)\s*\?+\s*$",
    flags=re.I,
    means="",
    why="",
    examples="I'm coeliac, right?",
    non_examples="I'd love it if you",
)

ANY_START = rule(
    "reading.mood.any_start",
    r"^\W*any(?:thing)?\b",
    flags=re.I,
    means="",
    why="",
    examples="anything at all",
    non_examples="I'd love it if you",
)

_MUST = rule(
    "reading.mood.must",
    r"\b(?:needs?|has to|have to|must|should|ought to)\b",
    flags=re.I,
    means='"any hotel you suggest needs step-free access": what anything must have is a statement, not a question.',
    why="",
    examples="any hotel you suggest needs step-free access",
    non_examples="I'd love it if you",
)

_I_DO = rule(
    "reading.mood.i_do",
    r"\b(?:i|we)\s+(?:\w+\s+)?(?:need|use|get|have|eat|take|fly|sit|travel|book|want|can't|cannot)\b",
    flags=re.I,
    means='"anything over a hundred metres and I need a wheelchair": the speaker doing something is a statement.',
    why="",
    examples="anything over a hundred metres and I need a wheelchair",
    non_examples="I'd love it if you",
)

STANDING_REQUEST = whole_words(
    "reading.mood.standing_request",
    r"(?:can|could|would|will) (?:you|u|we|all (?:of )?(?:your|the) (?:messages|replies|answers|chats))",
    means='"Can you always answer in Dutch?": a request for how things should be from now on, not a question about it.',
    why="",
    examples="Can you always answer in Dutch?",
    non_examples="I'd love it if you",
)

HEDGE = whole_words(
    "reading.mood.hedge",
    r"(?:i|we) (?:guess|suppose|think|believe|reckon)(?! in\b)",
    means='Not "the language I think in": thinking in a language is no guess.',
    why="",
    examples="I think I'm vegan",
    non_examples=("the language I think in", "I'd love it if you"),
)

ASIDE = rule(
    "reading.mood.aside",
    r"\bif (?:that|it|this) (?:helps|matters|is useful|'s useful|makes a difference)\b"
    r"|\bif you (?:need|want|have) to know\b|\bif you(?:'re| are) wondering\b"
    # A condition on the listener is how to ask politely: "…in French if you can", "I'd love it if you always
    # answered in Spanish".
    r"|\bif (?:you|u)\b(?!(?:'re| are| were)\b)",
    flags=re.I,
    means='"…, if that helps", "…, if you need to know": an aside to the listener, not a condition on the statement.',
    why="",
    examples=(", if that helps", ", if you need to know"),
    non_examples="Ha, as if.",
)

POLITE = whole_words(
    "reading.mood.polite",
    r"(?:would|'d)\s+(?:much\s+)?(?:prefer|rather|like|love|be grateful|appreciate)"
    # "it would be lovely if you answered in Italian": a wish put politely, not a supposition.
    r"|(?:would|'d)\s+be\s+(?:so\s+|really\s+|much\s+|far\s+)?(?:lovely|great|nice|good|ideal|helpful|perfect|"
    r"brilliant|amazing|better|best|easier|preferable|more comfortable)"
    # "would you write in Italian from now on?": a request to the listener.
    r"|(?:would|could) (?:you|u)\b"
    # "I would ask you to note that …": a request put formally.
    r"|(?:would|'d) (?:like to )?ask (?:you|u) to\b",
    means="",
    why="",
    examples=("it would be lovely if you answered in Italian", "would you write in Italian from now on?"),
    non_examples="The upgrade would cost £349.",
)

AVAILABLE = rule(
    "reading.mood.available",
    r"\b(?:if|whenever|when) (?:i|we) (?:possibly )?can(?: help it)?\b|\b(?:i|we) possibly can\b"
    r"|\b(?:if|whenever|when) (?:there is|there's|there are|they have|it's|one's) (?:one|any|available)\b"
    r"|\bif (?:it|they|one|such a thing) exists?\b|\bif they (?:have|do|offer) (?:it|them|one|any)\b"
    r"|\b(?:if|where|when|whenever) (?:possible|available)\b"
    # "… unless I say so": the standing default the user may override, not a condition on it.
    r"|\bunless (?:i|we) (?:say|tell you|ask)(?: so| otherwise)?\b",
    flags=re.I,
    means=(
        'After the value, whether it can be had, not whether it holds: "the first flight of the day if I can", '
        '"exit row if there is one", "aisle where possible", "Avios on everything I possibly can" ("possibly" '
        'intensifies "can").'
    ),
    why="",
    examples=("the first flight of the day if I can", "exit row if there is one"),
    non_examples=("possibly", "can"),
)

HYPOTHETICAL = whole_words(
    "reading.mood.hypothetical",
    r"if|would|might|maybe|perhaps|possibly|probably|considering|consider|in case|suppose|supposing|"
    r"imagine|what if|wonder(?:ing)?|unless|someday|one day|might become|may become|(?:thinking|think) (?:about|of)|"
    r"plan(?:ning)? to|going to try|want to try|try(?:ing)? to (?:be|go|eat)|not sure|let'?s say|"
    r"pretend(?:ing)?|assume|assuming|hypothetically|in theory|theoretically|for argument's sake|role-?play|as if|"
    # Read off something else, not said: "looks like I'm a vegetarian from my past bookings".
    r"(?:looks|seems) like|it seems|apparently|supposedly|"
    r"wish|(?:want|wanna|hope|hoping|aim|aiming|intend|would like|'d like) "
    r"to (?:be|go|become|eat|try|start)|kidding|joking|jk|not really",
    means="",
    why="",
    examples=("looks like I'm a vegetarian from my past bookings", "I'd love it if you"),
    non_examples="Looks good, carry on",
)

HAS_VERB = rule(
    "reading.mood.has_verb",
    r"\b(?:is|are|was|were|be|been|being|am|has|have|had|does|do|did)\b|'(?:s|re|m)\b",
    flags=re.I,
    means=(
        'A sentence with a verb of its own says something about its subject ("Aisle seats are the best"), and one '
        'that opens with a verb asks for something ("Reply in French to the hotel"): neither is a bare fragment.'
    ),
    why="",
    examples="Aisle seats are the best",
    non_examples=("Reply in French to the hotel", "I'd love it if you"),
)

GREETING = rule(
    "reading.mood.greeting",
    r"^\W*(?:(?:hi|hello|hey|and a very|a very)[\s,]+)?(?:good\s+(?:morning|afternoon|evening|night|day)\b|"
    r"(?:morning|afternoon|evening)(?=\s*[,!.]|\s*$|\s+(?:all|everyone|there|team|folks)\b))",
    flags=re.I,
    means="",
    why="",
    examples="Morning",
    non_examples="I'd love it if you",
)

_SUPPOSED = rule(
    "reading.mood.supposed",
    r"^\W*(?:(?:and|but|so|ok|okay|well)\W+)?(?:if|say|suppose|supposing|imagine|assuming|let'?s say|what if|"
    r"in case|were (?:i|we)|had (?:i|we))\b",
    flags=re.I,
    means="",
    why="",
    examples=", if that helps",
    non_examples="I'd love it if you",
)

_CONDITIONAL = rule(
    "reading.mood.conditional",
    r"\b(?:would|could|might)\b|\b(?:i|we|you)'d\b|\bid\b",
    flags=re.I,
    means="",
    why="",
    examples="I'd love it if you",
    non_examples="xq'd love it if you",
)

_ABOUT_TELLING = rule(
    "reading.mood.about_telling",
    r"[,;]\s*(?:(?:i think|i guess|i believe|pretty sure|i'm sure|or)\s+)?(?:did|have|had|i've|i'd|i)\s+"
    r"(?:i\s+)?(?:already\s+|ever\s+)?(?:mention(?:ed)?|sa(?:y|id)|t[eo]ll?d?|(?:bring|brought) (?:it|that) up)\b"
    r"[^.!?,;]*\?\s*$",
    flags=re.I,
    means=(
        "The question mark ends a later clause that asks something else: whether the user has said it before (\"I'm "
        'vegetarian, I think I mentioned it?", "aisle, did I tell you that already?"), or a question of its own put'
        " to the assistant after a statement (\"I'm in the BA Executive Club, can you add my number to the "
        'booking?").'
    ),
    why="The clause before it states the value.",
    examples=("I'm vegetarian, I think I mentioned it?", "aisle, did I tell you that already?"),
    non_examples=(
        "I'm in the BA Executive Club, can you add my number to the booking?",
        "I'd love it if you",
    ),
)

_LATER_QUESTION = rule(
    "reading.mood.later_question",
    r"[,;]\s*(?:(?:and|so|but|also|btw)\s+)?(?:(?:can|could|would|will|do|is|are)\s+(?:you|u|there)|"
    r"(?:what|where|which|how)\s+(?:is|are|about|do|does|should|would|can)|any\s+\w+)\b[^.!?;]*\?\s*$",
    flags=re.I,
    means="",
    why="",
    examples="hi there, how are you?",
    non_examples="I'd love it if you",
)

_STATED = rule(
    "reading.mood.stated",
    rf"^\W*(?:(?:{HESITATION})\b[\s,.…]*)*(?:i'?m|i am|i'?ve|i have|my|we'?re|we are)\b",
    flags=re.I,
    means="A statement the user makes of themself, in the first person.",
    why="",
    examples="my trips",
    non_examples="I'd love it if you",
)

_POLITE_ASK = rule(
    "reading.mood.polite_ask",
    r"^\W*(?:could|would|will)\s+(?:you|u)\s+(?:please\s+|kindly\s+)?",
    flags=re.I,
    means=(
        'Asked politely from the clause\'s first word ("Could you please communicate with me in Dutch?"); not "can '
        'you …", which may ask whether the assistant is able to, nor a choice or a condition ("… or only English?",'
        ' "if I ask").'
    ),
    why="",
    examples="Could you please communicate with me in Dutch?",
    non_examples=("can you", "or only English?"),
)

_CHOICE_OR_CONDITION = whole_words(
    "reading.mood.choice_or_condition",
    r"or|if|even",
    means="",
    why="",
    examples="I'd love it if you",
    non_examples="I'd love it xq you",
)

_HEDGE_TAG = rule(
    "reading.mood.hedge_tag",
    r"\b(?:i|we) (?:suppose|guess|think|reckon)\W*$",
    flags=re.I,
    means="",
    why="",
    examples="the airport bus is number 91 i think",
    non_examples="I'd love it if you",
)

_THEN = rule(
    "reading.mood.then",
    r"[,;]|\s(?:so|and|but|then)\s",
    flags=re.I,
    means=(
        "Where the statement's own words end after the value: a comma or a linking word starting what follows from "
        "it."
    ),
    why="",
    examples="no, stop",
    non_examples="I'd love it if you",
)
