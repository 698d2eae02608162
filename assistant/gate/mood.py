"""The mood of a statement: a question without its question mark, a guess, a hypothetical, and what only looks
like one (a polite "I'd love it if you …", an aside to the listener, whether something can be had "if there is
one"). Read by :mod:`assistant.gate.assertions` on the clause that holds a value.
"""

from __future__ import annotations

import re

from assistant.text import whole_words

# A question without its question mark: an auxiliary first ("is it vegan"), or a question word with an auxiliary
# right after it ("where can I sit"). A question word leading a clause of its own is not one ("When it comes to
# hotels I stick to Hilton", "Where possible, aisle").
_AUX = r"(?:is|are|am|do|does|did|can|could|would|will|should|shall|may|might|have|has|had|was|were)"
QUESTION_START = re.compile(
    # Not "can't eat shellfish, I'm allergic": a negative opening a clause is a statement with "I" left out.
    rf"^\W*(?:{_AUX}(?!['’]t|n['’]t|\s+not\b)|(?:what|which|where|when|who|whom|whose|how|why)(?:\s+\w+)?\s+"
    rf"(?:{_AUX}|'s|'re))\b"
    # An indirect question: "Tell me whether hotels in Rome usually have step-free access".
    r"|^\W*(?:(?:can|could) you\s+)?(?:please\s+)?(?:tell me|let me know|find out|check|i wonder|i'?m wondering|"
    r"do you know) (?:whether|if|what|which|where|when|how)\b",
    re.I,
)
# "Any vegan options" asks; "Any hotel has to have step-free access" states a requirement.
ANY_START = re.compile(r"^\W*any(?:thing)?\b", re.I)
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
    r"|(?:would|'d)\s+be\s+(?:so\s+|really\s+)?(?:lovely|great|nice|good|ideal|helpful|perfect|brilliant|amazing)"
    # "would you write in Italian from now on?": a request to the listener.
    r"|(?:would|could) (?:you|u)\b"
)
# After the value, whether it can be had, not whether it holds: "the first flight of the day if I can", "exit row
# if there is one", "aisle where possible", "Avios on everything I possibly can" ("possibly" intensifies "can").
AVAILABLE = re.compile(
    r"\bif (?:i|we) can(?: help it)?\b|\b(?:i|we) possibly can\b"
    r"|\bif (?:there is|there's|there are|they have|it's) (?:one|any|available)\b"
    r"|\b(?:if|where|when|whenever) (?:possible|available)\b",
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
