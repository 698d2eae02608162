"""The records of :mod:`language.reading.mood`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.lexicon.reading.markers import HESITATION
from language.rules import fragment, rule, whole_words

_AUX = fragment(
    "reading.mood.aux",
    r"(?:is|are|am|do|does|did|can|could|would|will|should|shall|may|might|have|has|had|was|were)",
    means="An auxiliary verb: 'is', 'are', 'do', 'can', 'would', 'have', 'was' …",
    why=(
        'QUESTION_START is built on it: a question without its question mark opens with one ("is it vegan"), or '
        'has one right after its question word ("where can I sit").'
    ),
    examples=("is", "can", "would"),
    non_examples=("isn't", "always"),
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
    means=(
        'A question without its question mark: an auxiliary first ("is it vegan"), a question word with an '
        'auxiliary right after it ("where can I sit"), or an indirect question ("Tell me whether hotels in Rome '
        'usually have step-free access").'
    ),
    why=(
        "mood_of: the clause asks rather than states (question). A question word leading a clause of its own is "
        'not one ("When it comes to hotels I stick to Hilton", "Where possible, aisle"), nor a negated auxiliary '
        '("can\'t eat shellfish, I\'m allergic"), nor "which is why …".'
    ),
    examples=(
        "is it vegan",
        "where can I sit",
        "Tell me whether hotels in Rome usually have step-free access",
    ),
    non_examples=(
        "can't eat shellfish, I'm allergic",
        "When it comes to hotels I stick to Hilton",
        "Where possible, aisle",
    ),
)

_SPEAKER_FIRST = rule(
    "reading.mood.speaker_first",
    r"^\W*(?:\w+\W+){0,3}?(?:i|i'm|im|i am|i've|ive|we|we're|my)\b",
    flags=re.I,
    means="A sentence whose speaker comes within its first few words: 'I …', \"I'm …\", 'we …', 'my …'.",
    why=(
        "mood_of: a tag question after the speaker's own statement (\"I'm coeliac, right?\") still asks whether "
        'it holds; without the speaker first it asks agreement with an order ("Chuck the vegetarian meal on every '
        'booking, yeah?"), not a question about it.'
    ),
    examples=("I'm coeliac, right?", "I'd love it if you"),
    non_examples=("Chuck the vegetarian meal on every booking, yeah?", "Any vegan options"),
)

_TAG_QUESTION = rule(
    "reading.mood.tag_question",
    r",\s*(?:yeah|yea|yes|right|ok|okay|eh|alright|innit|aye|yah|ja)\s*\?+\s*$",
    flags=re.I,
    means="A tag asking for agreement at the end of a sentence: ', yeah?', ', right?', ', ok?', ', innit?'.",
    why="mood_of: with no speaker first (_SPEAKER_FIRST) the sentence asks agreement with an order, not a question.",
    examples=("I'm coeliac, right?", "Chuck the vegetarian meal on every booking, yeah?"),
    non_examples=("Is that right?", "Right, aisle then"),
)

ANY_START = rule(
    "reading.mood.any_start",
    r"^\W*any(?:thing)?\b",
    flags=re.I,
    means="A clause opening with 'any' or 'anything': \"Any vegan options\", \"anything gluten-free\".",
    why=(
        "mood_of: with no verb it asks, unless the speaker does something (_I_DO) or it says what anything must "
        "have (_MUST)."
    ),
    examples=("Any vegan options", "anything gluten-free"),
    non_examples=("Many vegan options", "anyway, aisle"),
)

_MUST = rule(
    "reading.mood.must",
    r"\b(?:needs?|has to|have to|must|should|ought to)\b",
    flags=re.I,
    means="What something needs or must have: 'needs', 'has to', 'must', 'should', 'ought to'.",
    why=(
        'mood_of: "any hotel you suggest needs step-free access" states a requirement, where "Any vegan options" '
        "asks."
    ),
    examples=("any hotel you suggest needs step-free access", "Any hotel has to have step-free access"),
    non_examples=("Any vegan options", "any hotels near the station"),
)

_I_DO = rule(
    "reading.mood.i_do",
    r"\b(?:i|we)\s+(?:\w+\s+)?(?:need|use|get|have|eat|take|fly|sit|travel|book|want|can't|cannot)\b",
    flags=re.I,
    means="The speaker doing something: 'I need', 'we use', 'I always eat', \"I can't\" …",
    why=(
        'mood_of: a clause opening with "any" in which the speaker does something is a statement ("anything over a '
        'hundred metres and I need a wheelchair"), not a question.'
    ),
    examples=(
        "anything over a hundred metres and I need a wheelchair",
        "any airline, we always sit together",
    ),
    non_examples=("Any vegan options", "anything I should know"),
)

STANDING_REQUEST = whole_words(
    "reading.mood.standing_request",
    r"(?:can|could|would|will) (?:you|u|we|all (?:of )?(?:your|the) (?:messages|replies|answers|chats))",
    means='"Can you …", "would you …", "will all your replies …": a request put to the assistant as a question.',
    why=(
        'mood_of: with a standing word in it or right after it ("Can you always answer in Dutch?", "can you '
        'reply in french? always") it asks how things should be from now on, not a question about the value.'
    ),
    examples=("Can you always answer in Dutch?", "will all your replies be in French"),
    non_examples=("can I have the aisle?", "you can book it"),
)

HEDGE = whole_words(
    "reading.mood.hedge",
    r"(?:i|we) (?:guess|suppose|think|believe|reckon)(?! in\b)",
    means="The user guessing: 'I think', 'I guess', 'I suppose', 'I believe', 'I reckon'.",
    why=(
        '_said_of_user: before the value it is a guess about themselves ("I think I\'m vegan": hypothetical); '
        'after it the word is hedged ("… no meat, so pescatarian I guess") and the user is asked. Not "the language '
        'I think in": thinking in a language is no guess.'
    ),
    examples=("I think I'm vegan", "so pescatarian I guess"),
    non_examples=("the language I think in", "I thought about it"),
)

ASIDE = rule(
    "reading.mood.aside",
    r"\bif (?:that|it|this) (?:helps|matters|is useful|'s useful|makes a difference)\b"
    r"|\bif you (?:need|want|have) to know\b|\bif you(?:'re| are) wondering\b"
    # A condition on the listener is how to ask politely: "…in French if you can", "I'd love it if you always
    # answered in Spanish".
    r"|\bif (?:you|u)\b(?!(?:'re| are| were)\b)",
    flags=re.I,
    means=(
        '"…, if that helps", "…, if you need to know", "… if you can": an aside or a courtesy to the listener, '
        "not a condition on the statement."
    ),
    why=(
        "mood_of takes it out before looking for a supposition. A condition on the listener is how to ask "
        'politely ("…in French if you can", "I\'d love it if you always answered in Spanish").'
    ),
    examples=(", if that helps", ", if you need to know", "in French if you can"),
    non_examples=("Ha, as if.", "if you're flying too"),
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
    means=(
        "A wish or a request put politely: \"I'd prefer\", 'would rather', 'it would be lovely', 'would you', 'I "
        "would ask you to'."
    ),
    why="mood_of takes it out before looking for a supposition: 'would' here is a courtesy, not a hypothetical.",
    examples=("it would be lovely if you answered in Italian", "would you write in Italian from now on?"),
    non_examples=("The upgrade would cost £349.", "I would never fly Ryanair"),
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
    why=(
        'mood_of takes it out before looking for a supposition. "… unless I say so" is the standing default the '
        "user may override, not a condition on it."
    ),
    examples=("the first flight of the day if I can", "exit row if there is one", "aisle where possible"),
    non_examples=("if I get the upgrade", "if it's cheap"),
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
    means=(
        "Words of supposition, wish or intent: 'if', 'would', 'maybe', 'thinking about', 'planning to', 'I wish', "
        "\"let's say\", 'looks like', 'apparently', 'kidding' …"
    ),
    why=(
        "mood_of: the value's own words holding one (once courtesies, asides and availability are taken out) do "
        'not state it: "if I were vegan", "let\'s say I\'m coeliac", "looks like I\'m a vegetarian from my past '
        'bookings" (read off something else, not said).'
    ),
    examples=(
        "looks like I'm a vegetarian from my past bookings",
        "if I were vegan",
        "let's say I'm coeliac",
    ),
    non_examples=("Looks good, carry on", "I'm vegan"),
)

HAS_VERB = rule(
    "reading.mood.has_verb",
    r"\b(?:is|are|was|were|be|been|being|am|has|have|had|does|do|did)\b|'(?:s|re|m)\b",
    flags=re.I,
    means="A verb of being, having or doing, or a contraction of one: 'is', 'are', 'has', 'did', \"'s\", \"'m\".",
    why=(
        'A clause with one says something about its subject ("Aisle seats are the best"): it is no bare fragment '
        "(_is_fragment), and a clause opening with 'any' that has one is no question (mood_of)."
    ),
    examples=("Aisle seats are the best", "I'm vegan"),
    non_examples=("Reply in French to the hotel", "Vegetarian here"),
)

GREETING = rule(
    "reading.mood.greeting",
    r"^\W*(?:(?:hi|hello|hey|and a very|a very)[\s,]+)?(?:good\s+(?:morning|afternoon|evening|night|day)\b|"
    r"(?:morning|afternoon|evening)(?=\s*[,!.]|\s*$|\s+(?:all|everyone|there|team|folks)\b))",
    flags=re.I,
    means="A greeting opening the clause: 'Good morning', 'Morning all', 'hi, good evening'.",
    why=(
        'mood_of: a value inside it ("Good evening" is no evening flight) is a greeting. Not "afternoon, never '
        'early morning" in answer to what time the user likes to fly.'
    ),
    examples=("Morning", "Good evening, I'm vegan", "hi, good morning all"),
    non_examples=("Morning flights please", "Evenings are best"),
)

_SUPPOSED = rule(
    "reading.mood.supposed",
    r"^\W*(?:(?:and|but|so|ok|okay|well)\W+)?(?:if|say|suppose|supposing|imagine|assuming|let'?s say|what if|"
    r"in case|were (?:i|we)|had (?:i|we))\b",
    flags=re.I,
    means=(
        "A sentence opening with a supposition: 'if', 'say', 'suppose', 'imagine', \"let's say\", 'what if', "
        "'were I', 'had we'."
    ),
    why=(
        "mood_of: with a conditional in the value's clause, whatever stands between them, the statement is "
        'hypothetical ("Say I hit Platinum — I\'d fly business everywhere").'
    ),
    examples=("Say I hit Platinum", "If I ever get status: I would"),
    non_examples=("Saying that, aisle", "I said aisle"),
)

_CONDITIONAL = rule(
    "reading.mood.conditional",
    r"\b(?:would|could|might)\b|\b(?:i|we|you)'d\b|\bid\b",
    flags=re.I,
    means="'would', 'could', 'might', or \"I'd\", \"we'd\", \"you'd\" (or 'id' typed without the apostrophe).",
    why="mood_of: after a supposition opening the sentence (_SUPPOSED), the value is hypothetical.",
    examples=("I'd fly business everywhere", "I would take the lounge"),
    non_examples=("she'd love it", "I will fly business"),
)

_ABOUT_TELLING = rule(
    "reading.mood.about_telling",
    r"[,;]\s*(?:(?:i think|i guess|i believe|pretty sure|i'm sure|or)\s+)?(?:did|have|had|i've|i'd|i)\s+"
    r"(?:i\s+)?(?:already\s+|ever\s+)?(?:mention(?:ed)?|sa(?:y|id)|t[eo]ll?d?|(?:bring|brought) (?:it|that) up)\b"
    r"[^.!?,;]*\?\s*$",
    flags=re.I,
    means=(
        "A later clause, ended by the question mark, asking whether the user has said it before: \"I'm vegetarian, "
        'I think I mentioned it?", "aisle, did I tell you that already?".'
    ),
    why="_asks_something_else: the question is that clause's; the clause before it states the value.",
    examples=("I'm vegetarian, I think I mentioned it?", "aisle, did I tell you that already?"),
    non_examples=(
        "I'm in the BA Executive Club, can you add my number to the booking?",
        "did I mention I'm vegetarian?",
    ),
)

_LATER_QUESTION = rule(
    "reading.mood.later_question",
    r"[,;]\s*(?:(?:and|so|but|also|btw)\s+)?(?:(?:can|could|would|will|do|is|are)\s+(?:you|u|there)|"
    r"(?:what|where|which|how)\s+(?:is|are|about|do|does|should|would|can)|any\s+\w+)\b[^.!?;]*\?\s*$",
    flags=re.I,
    means=(
        "A later clause that is a question of its own put to the assistant after a statement (\"I'm in the BA "
        'Executive Club, can you add my number to the booking?").'
    ),
    why=(
        "_asks_something_else: when the value's clause is the user's own statement (_STATED), the question mark "
        "is the later clause's."
    ),
    examples=(
        "I'm in the BA Executive Club, can you add my number to the booking?",
        "I'm vegan, any good places near the hotel?",
    ),
    non_examples=("I'm vegan, right?", "can you book the aisle?"),
)

_STATED = rule(
    "reading.mood.stated",
    rf"^\W*(?:(?:{HESITATION})\b[\s,.…]*)*(?:i'?m|i am|i'?ve|i have|my|we'?re|we are)\b",
    flags=re.I,
    means='A statement the user makes of themself, in the first person: "I\'m …", "I\'ve …", \'my …\', "we\'re …".',
    why="_asks_something_else: only after such a statement is a later question (_LATER_QUESTION) one of its own.",
    examples=("I'm in the BA Executive Club", "um, I'm vegan"),
    non_examples=("Is it vegan", "Any vegan options"),
)

_POLITE_ASK = rule(
    "reading.mood.polite_ask",
    r"^\W*(?:could|would|will)\s+(?:you|u)\s+(?:please\s+|kindly\s+)?",
    flags=re.I,
    means=(
        'Asked politely from the clause\'s first word ("Could you please communicate with me in Dutch?"); not "can '
        'you …", which may ask whether the assistant is able to.'
    ),
    why=(
        "_addressed_request: with ADDRESSED, it asks to be spoken to in a language, which may be for now or for "
        "good: the gate asks the user once."
    ),
    examples=("Could you please communicate with me in Dutch?", "Would you write to me in Italian"),
    non_examples=("Can you reply in Dutch?", "Could I get the aisle?"),
)

_CHOICE_OR_CONDITION = whole_words(
    "reading.mood.choice_or_condition",
    r"or|if|even",
    means="'or', 'if' or 'even' in the sentence: a choice or a condition.",
    why=(
        '_addressed_request: "Could you reply in Dutch, or only English?" and "… if I ask" are no plain request '
        "to be spoken to in a language."
    ),
    examples=("Could you reply in Dutch, or only English?", "could you answer in French if I ask"),
    non_examples=("Could you please communicate with me in Dutch?", "Evening flights for me"),
)

_HEDGE_TAG = rule(
    "reading.mood.hedge_tag",
    r"\b(?:i|we) (?:suppose|guess|think|reckon)\W*$",
    flags=re.I,
    means="A hedge closing the words: '… I suppose', '… I guess', '… i think', '… we reckon'.",
    why=(
        'mood_of takes it out after the value: "…, so vegetarian I suppose" is judged as a hedge (HEDGE), not as '
        "a supposition."
    ),
    examples=("so vegetarian I suppose", "the airport bus is number 91 i think"),
    non_examples=("I think I'm vegan", "I guess so"),
)

_THEN = rule(
    "reading.mood.then",
    r"[,;]|\s(?:so|and|but|then)\s",
    flags=re.I,
    means=(
        "Where the statement's own words end after the value: a comma or semicolon, or 'so', 'and', 'but', 'then' "
        "starting what follows from it."
    ),
    why=(
        "own_part: a condition after the statement belongs to what follows (\"I'm vegan so if the breakfast is just "
        'eggs it\'s a no"); a short tag still counts ("Vegan, maybe").'
    ),
    examples=("I'm vegan so if the breakfast is just eggs it's a no", "Vegan, maybe"),
    non_examples=("vegan since uni", "aisle seats only"),
)
