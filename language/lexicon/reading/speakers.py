"""The records of :mod:`language.reading.speakers`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.lexicon.reading.lasting import WORK_ON_TEXT
from language.rules import fragment, rule, words

_RELATION = fragment(
    "reading.speakers.relation",
    r"(?:wife|husband|partner|spouse|fianc[eé]e?|boyfriend|girlfriend|son|sons|daughters?|kids?|child|children|"
    # A child by their place among the children ("our youngest only copes with afternoon flights").
    r"youngest|eldest|oldest|little ones?|twins|teens?|teenagers?|kiddos?|"
    r"bab(?:y|ies)|toddler|friends?|colleagues?|co-?workers?|boss|manager|assistant|mother|mum|mom|father|dad|"
    r"parents?|brothers?|sisters?|siblings?|grand(?:ma|mother|pa|father|parents?)|family|uncle|aunt|cousins?|"
    r"niece|nephew|team|clients?|customers?|guests?|passengers?|companions?|room-?mates?|flat-?mates?|"
    r"neighbou?rs?|in-laws|travel buddy|other half|dog|cat|office|company|employer|firm|agency|school|university|"
    # Professionals whose advice is reported: their words, not the user's statement.
    r"doctor|doc|gp|physician|nutritionist|dietitian|dietician|allergist|therapist|trainer|coach|nurse|"
    r"specialist|consultant|pharmacist|dentist|cardiologist|travel agent|agent)",
    means="",
    why="",
    examples=("youngest", "wife"),
    non_examples="always",
)

_FIRST = rule(
    "reading.speakers.first",
    r"\b(?:i|i'm|im|i've|ive|i'd|i'll|me|myself|mine|we|we're|we've|us|ourselves)\b"
    # "my son", "my teenage son" name someone else ("my mother tongue" is still the user's).
    r"|\b(?:my|our)\b(?!\s+(?:\w+\s+)?" + _RELATION + r"\b(?!\s+(?:tongue|language)\b))",
    flags=re.I,
    means="",
    why="",
    examples=("my mother tongue", "my boss wants me in aisle seats"),
    non_examples=("my son", "my teenage son"),
)

_THIRD = rule(
    "reading.speakers.third",
    r"\b(?:my|our|his|her|their|your|the|a)\s+(?:\w+\s+)?" + _RELATION + r"\b(?!\s+(?:tongue|language|"
    r"trips?|holidays?|vacations?|polic(?:y|ies)|part(?:y|ies)|events?|dinners?|lunch|meetings?|outings?|"
    r"account|card|car)\b)"
    r"|\b(?:he|she|they|he's|she's|they're|his|her|their|everyone|everybody|nobody|people|someone|somebody)\b",
    flags=re.I,
    means="",
    why="",
    examples=("my wife is vegan", "my boss wants me in aisle seats"),
    non_examples=("my mother tongue", "a school trip"),
)

_ONE_OF = rule(
    "reading.speakers.one_of",
    r"\b(?:i'?m|i am|we'?re|we are)\s+(?:\w+\s+)?one of (?:those|these|the)\s+(?:\w+\s+)?$",
    flags=re.I,
    means="",
    why="",
    examples=("I'm one of those ",),
    non_examples=("I'm a ",),
)

_NAMES_THE_VALUE = rule(
    "reading.speakers.names_the_value",
    r"(?:'s|\s+is)?\s+(?:my|our)\s+(?:\w+\s+)?",
    flags=re.I,
    means='Between a pronoun and the value: "she\'s my guide dog", "he is our service dog": the pronoun is the value.',
    why=(
        'Right after the value, a pronoun opens a relative clause with "that" left out ("the quietest room they '
        'have", "the vegan menu they do"): who has the thing, not who the preference is about.'
    ),
    examples=("she's my guide dog", "he is our service dog"),
    non_examples=("that", "the quietest room they have"),
)

_MY_BEFORE = rule(
    "reading.speakers.my_before",
    r"\b(?:my|our)\s+$",
    flags=re.I,
    means="",
    why="",
    examples=("flying with my ",),
    non_examples=("flying with a ",),
)

_PRONOUNS = words(
    "reading.speakers.pronouns",
    frozenset({"he", "she", "they", "he's", "she's"}),
    means="",
    why="",
    examples="She's vegetarian",
    non_examples=("my wife is vegan", "my boss wants me in aisle seats"),
)

_POSSESSED_THING = rule(
    "reading.speakers.possessed_thing",
    r"(?:their|its)\s+(?!(?:\w+\s+)?" + _RELATION + r"\b)[^\W\d_]",
    flags=re.I,
    means="",
    why="",
    examples="six digits on this bank",
    non_examples=("my wife is vegan", "my boss wants me in aisle seats"),
)

_NAME = rule(
    "reading.speakers.name",
    r"\b([A-Z][a-z]+)(?:'s|\s+(?:is|was|wants|prefers|likes|loves|needs|eats|always|usually|only|never|"
    r"can't|doesn't|does|has|hates))\b",
    means='"Bob is vegetarian", "Maria prefers the aisle": a capitalised name as the subject of a statement.',
    why="",
    examples=("Bob is vegetarian", "Maria prefers the aisle"),
    non_examples=("my wife is vegan", "my boss wants me in aisle seats"),
)

_NOT_NAMES = words(
    "reading.speakers.not_names",
    frozenset(
        [
            "I",
            # Words after a place name ("Dublin Airport is my home base").
            "Airport",
            "International",
            "Hotel",
            "Station",
            "Terminal",
            "Im",
            "The",
            "This",
            "That",
            "These",
            "Those",
            "Please",
            "Also",
            "Actually",
            "Just",
            "Yes",
            "No",
            "Oh",
            "Well",
            "So",
            "And",
            "But",
            "Or",
            "My",
            "Our",
            "Any",
            "Every",
            "Each",
            "Remember",
            "Note",
            "Honestly",
            # Courtesies and adverbs opening a request ("Kindly always use Hyderabad airport …").
            "Kindly",
            "Pls",
            "Really",
            "Seriously",
            "Basically",
            "Personally",
            "Frankly",
            "Typically",
            "Generally",
            "Usually",
            "Always",
            "Normally",
            "Mostly",
            "Definitely",
            "Today",
            "Tomorrow",
            "Tonight",
            "Window",
            "Aisle",
            "Morning",
            "Evening",
            "Afternoon",
            "Vegan",
            "Vegetarian",
            "Halal",
            "Kosher",
        ]
    ),
    means="",
    why="",
    examples=("Dublin Airport is my home base", "Kindly always use Hyderabad airport"),
    non_examples="go ahead",
)

_REPORTING = rule(
    "reading.speakers.reporting",
    r"\b([\w']+)\s+(?:said|says|saying|wrote|writes|writing|told (?:me|us)|tells (?:me|us)|telling (?:me|us)|"
    # Someone telling others about the user ("my PA told the client I only fly evenings"), perhaps after an
    # auxiliary ("I've told the hotel", "she has told them": the subject is the word before it).
    r"(?:(?:have|has|had|'ve|already|always|just|also)\s+)*(?:told|tells|telling)\s+(?:the|my|our|his|her|their|"
    r"them|him|everyone|everybody|people|all|every|any)\b|"
    r"texted|texts|emailed|emails|messaged|mentioned|asked|claims?|claiming|reckons?|thinks|insists?|insisting|"
    r"added|replied|posted|"
    r"forwarded|reads|states|stated|shared|commented|tweeted|shows?|showed|think|believes?|assumes?|guesse?s?|"
    # Advice reported without quotation marks ("my doctor told me to eat vegetarian", "… recommends I go vegan").
    r"advised|advises|recommended|recommends|suggested|suggests|prescribed|prescribes|ordered|"
    r"told (?:me|us) to|put (?:me|us) on (?:a|an|the)\s+(?:[\w-]+\s+){0,2}(?:diet|regime|plan|medication))\b"
    r"|\baccording to\b|\bquote\s*:",
    flags=re.I,
    means="",
    why="",
    examples=("my PA told the client I only fly evenings", "I've told the hotel"),
    non_examples=("recommends I go vegan", "my wife is vegan"),
)

_OBJECT = words(
    "reading.speakers.object",
    frozenset({"me", "us", "myself", "ourselves"}),
    means="",
    why="",
    examples="my boss wants me in aisle seats",
    non_examples="my wife is vegan",
)

_ADDRESSEE = words(
    "reading.speakers.addressee",
    frozenset({"you", "u"}),
    means="",
    why="",
    examples="thank u",
    non_examples=("my wife is vegan", "my boss wants me in aisle seats"),
)

_ADDRESSEE_BEFORE = rule(
    "reading.speakers.addressee_before",
    r"\b(?:you|u)\s+$",
    flags=re.I,
    means='"you always wrote": the subject one word back',
    why="",
    examples=("as you ",),
    non_examples=("as I ",),
)

_TO_ME = rule(
    "reading.speakers.to_me",
    r"\s+(?:back\s+)?(?:(?:to\s+)?(?:me|us)\b|in\s+(?!(?:your|the|that|this|a|an)\b))",
    flags=re.I,
    means=(
        '"… you always wrote to me", "… you replied in deutsch": how the assistant should write ("you said in your '
        'last message …" still reports it).'
    ),
    why="",
    examples=("you always wrote to me", "you replied in deutsch"),
    non_examples=("you said in your last message", "my wife is vegan"),
)

FIRST_PERSON = words(
    "reading.speakers.first_person",
    frozenset({"i", "i'm", "im", "i've", "ive", "i'd", "i'll", "we", "we're", "we've", "we'd", "we'll"}),
    means='The user as the subject of a reporting verb ("I said", "we wrote"): their own words, not a report.',
    why="",
    examples=("I said", "we wrote"),
    non_examples=("my wife is vegan", "my boss wants me in aisle seats"),
)

_FOR_OTHER = rule(
    "reading.speakers.for_other",
    r"(?:\W+\w+){0,3}?\W+for\s+(?:him|her|them|(?:my|our|his|her|their|the)\s+(?:\w+\s+)?"
    + _RELATION
    + r")\b",
    flags=re.I,
    means='"I need a wheelchair for my mum": the value is for someone else.',
    why="",
    examples="I need a wheelchair for my mum",
    non_examples=("my wife is vegan", "my boss wants me in aisle seats"),
)

_SAYING = fragment(
    "reading.speakers.saying",
    r"(?:says|said|wrote|writes|claims|thinks|reckons|insists)",
    means=(
        'The report after the words: "I\'m vegan now, says my wife", "…, the doctor thinks" ("…, as I said" is the '
        "user's)."
    ),
    why="",
    examples=("says", "thinks"),
    non_examples="always",
)

_REPORTED_AFTER = rule(
    "reading.speakers.reported_after",
    r"[,;:-]\s*(?:"
    + _SAYING
    + r"\s+(?!(?:i|we)\b)\w+|according to\b|(?:\w+\s+){0,2}?\w+(?<!\bi)(?<!\bwe)\s+"
    + _SAYING
    + r"\b)",
    flags=re.I,
    means="",
    why="",
    examples="Inference: you never said it",
    non_examples=("my wife is vegan", "my boss wants me in aisle seats"),
)

_SOURCE = rule(
    "reading.speakers.source",
    r"\bfrom\s+(?!(?:me|us|myself|now|today|my)\b)|"  # ("from my insurance form:" is the user's own)
    + _REPORTING.pattern
    + "|"
    + _THIRD.pattern
    + rf"|\b(?:{WORK_ON_TEXT})\b",
    flags=re.I,
    means=(
        'A colon lead-in that names where the following words come from ("Message from my sister:", "The note '
        'reads:", "Translate this for the waiter:").'
    ),
    why='"From now on:" and "from me:" are the user\'s own.',
    examples=("Message from my sister:", "The note reads:"),
    non_examples=("From now on:", "from me:"),
)

_YOU_ASKED = rule(
    "reading.speakers.you_asked",
    r"\b(?:you|u)\s+(?:asked|wanted|said)\b",
    flags=re.I,
    means="\"Filling this in since you asked:\": the assistant's question, answered; no one else's text follows.",
    why="",
    examples="Filling this in since you asked:",
    non_examples=("my wife is vegan", "my boss wants me in aisle seats"),
)

_NO_SUBJECT = words(
    "reading.speakers.no_subject",
    frozenset(
        str.split(
            "always never please pls plz just also then so and or now again kindly to can could would will do don't "
            "dont ever usually generally only simply be"
        )
    ),
    means=(
        "Words before a reporting verb that are no one's name: the verb is the user's imperative or the user's own "
        '("Always show me the cheapest first", "please tell me", "could you show me").'
    ),
    why="",
    examples=("Always show me the cheapest first", "please tell me"),
    non_examples=("my wife is vegan", "my boss wants me in aisle seats"),
)

_CARRIES_ING = rule(
    "reading.speakers.carries_ing",
    r"^(?:is|was|were|are|am|be|been|keeps?|kept|started|starts|stop(?:ped|s)?)$|'(?:s|re)$",
    means="",
    why="",
    examples="St Mary's",
    non_examples=("my wife is vegan", "my boss wants me in aisle seats"),
)

CONDITION_WORDS = fragment(
    "reading.speakers.condition_words",
    r"if|unless|when|whenever",
    means='A condition ("if", "whenever"): what follows is not said as fact (the whole-turn checks read it too).',
    why="",
    examples=("if", "when"),
    non_examples="always",
)

_CONDITION_OR_REASON = rule(
    "reading.speakers.condition_or_reason",
    rf"\b(?:{CONDITION_WORDS}|because|since|as long as)\b",
    flags=re.I,
    means="",
    why="",
    examples="Ha, as if.",
    non_examples=("my wife is vegan", "my boss wants me in aisle seats"),
)

BRACKETED = rule(
    "reading.speakers.bracketed",
    r"\([^()]*\)?",
    means='An aside in brackets ("(or honors, however they spell it)"), closed or running to the end.',
    why="",
    examples="(or honors, however they spell it)",
    non_examples=("my wife is vegan", "my boss wants me in aisle seats"),
)
