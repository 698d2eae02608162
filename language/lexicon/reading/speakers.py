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
    means=(
        "The people a user speaks of: partners, children, family, friends, colleagues, carers, pets, employers, "
        "and professionals whose advice is reported."
    ),
    why=(
        '_FIRST, _THIRD and _FOR_OTHER are built on it: "my son" names someone else, "a wheelchair for my '
        'mum" gives the value away; own_marks and orders read it too.'
    ),
    examples=("youngest", "wife", "travel agent"),
    non_examples=("wifi", "myself"),
)

_FIRST = rule(
    "reading.speakers.first",
    r"\b(?:i|i'm|im|i've|ive|i'd|i'll|me|myself|mine|we|we're|we've|us|ourselves)\b"
    # "my son", "my teenage son" name someone else ("my mother tongue" is still the user's).
    r"|\b(?:my|our)\b(?!\s+(?:\w+\s+)?" + _RELATION + r"\b(?!\s+(?:tongue|language)\b))",
    flags=re.I,
    means="The user as speaker: 'I', \"I'm\", 'me', 'we', 'us', 'myself', or 'my' and 'our' not before a relation.",
    why=(
        "subject_of: the nearest subject before the value being the user makes it theirs, and where the linking "
        'words start. "my son", "my teenage son" name someone else ("my mother tongue" is still the user\'s).'
    ),
    examples=("my mother tongue", "I'm vegan"),
    non_examples=("my son", "my teenage son"),
)

_THIRD = rule(
    "reading.speakers.third",
    r"\b(?:my|our|his|her|their|your|the|a)\s+(?:\w+\s+)?" + _RELATION + r"\b(?!\s+(?:tongue|language|"
    r"trips?|holidays?|vacations?|polic(?:y|ies)|part(?:y|ies)|events?|dinners?|lunch|meetings?|outings?|"
    r"account|card|car)\b)"
    r"|\b(?:he|she|they|he's|she's|they're|his|her|their|everyone|everybody|nobody|people|someone|somebody)\b",
    flags=re.I,
    means=(
        "Someone other than the user: a relation with a determiner ('my wife', 'her boss', 'the kids'), or a "
        "third-person pronoun ('he', 'they', 'everyone', 'someone')."
    ),
    why=(
        'subject_of: the nearest subject before the value being someone else makes it third_party ("my boss '
        'wants me in aisle seats"). Not a relation\'s word for the user\'s own thing ("my mother tongue", "a '
        'school trip").'
    ),
    examples=("my wife is vegan", "my boss wants me in aisle seats"),
    non_examples=("my mother tongue", "a school trip"),
)

_ONE_OF = rule(
    "reading.speakers.one_of",
    r"\b(?:i'?m|i am|we'?re|we are)\s+(?:\w+\s+)?one of (?:those|these|the)\s+(?:\w+\s+)?$",
    flags=re.I,
    means='"I\'m one of those …", "we are one of the …" right before a third-person word (read on the words up to it).',
    why=(
        '_other_people: the people in "I\'m one of those people who only flies direct" include the speaker, so '
        "they are no one else."
    ),
    examples=("I'm one of those ", "we are one of the "),
    non_examples=("I'm a ", "one of those "),
)

_NAMES_THE_VALUE = rule(
    "reading.speakers.names_the_value",
    r"(?:'s|\s+is)?\s+(?:my|our)\s+(?:\w+\s+)?",
    flags=re.I,
    means=(
        "Between a pronoun and the value, 'my' or 'our' (after \"'s\" or 'is'): the pronoun is the value "
        '("she\'s my guide dog", "he is our service dog").'
    ),
    why=(
        "_other_people: such a pronoun is no one else. (Right after the value, a pronoun opens a relative clause "
        'with "that" left out, "the quietest room they have": who has the thing, read apart.)'
    ),
    examples=("she's my guide dog", "he is our service dog"),
    non_examples=("the quietest room they have", "she is a guide dog trainer"),
)

_MY_BEFORE = rule(
    "reading.speakers.my_before",
    r"\b(?:my|our)\s+$",
    flags=re.I,
    means="'my' or 'our' right before the value (read on the words up to it).",
    why='subject_of: a companion named by the value is the user\'s own ("she\'s my guide dog", "flying with my …").',
    examples=("flying with my ", "she's my "),
    non_examples=("flying with a ", "my wife's "),
)

_PRONOUNS = words(
    "reading.speakers.pronouns",
    frozenset({"he", "she", "they", "he's", "she's"}),
    means="A third-person pronoun that can be who or what the value is: 'he', 'she', 'they', \"he's\", \"she's\".",
    why=(
        "_other_people: followed by 'my' and the value (\"she's my guide dog\") it names the value, and right "
        'after the value ("the quietest room they have") it is a hotel\'s: neither is someone else.'
    ),
    examples=("she's my guide dog", "the quietest room they have"),
    non_examples=("her guide dog", "my wife is vegan"),
)

_POSSESSED_THING = rule(
    "reading.speakers.possessed_thing",
    r"(?:their|its)\s+(?!(?:\w+\s+)?" + _RELATION + r"\b)[^\W\d_]",
    flags=re.I,
    means="'their' or 'its' before a thing, not a person: 'their hotels', 'its lounge'.",
    why=(
        'subject_of: after the value, "Bonvoy member, please favour their hotels" is the programme\'s, not '
        "someone else's preference ('his' and 'her' are a person's)."
    ),
    examples=("please favour their hotels", "its lounge"),
    non_examples=("their kids", "his hotels"),
)

_NAME = rule(
    "reading.speakers.name",
    r"\b([A-Z][a-z]+)(?:'s|\s+(?:is|was|wants|prefers|likes|loves|needs|eats|always|usually|only|never|"
    r"can't|doesn't|does|has|hates))\b",
    means='"Bob is vegetarian", "Maria prefers the aisle", "Ana\'s": a capitalised name as the subject of a statement.',
    why=(
        "_named_people: the value is then someone else's, unless the word is no name (_NOT_NAMES) or a place's "
        '("Leeds Bradford is my home airport").'
    ),
    examples=("Bob is vegetarian", "Maria prefers the aisle"),
    non_examples=("I'm travelling with Bob", "bob is vegetarian"),
)

_NOT_NAMES = words(
    "reading.speakers.not_names",
    frozenset(
        str.split(
            "I Im The This That These Those Please Also Actually Just Yes No Oh Well So And But Or My Our Any Every "
            "Each Remember Note Honestly Today Tomorrow Tonight Window Aisle Morning Evening Afternoon Vegan "
            "Vegetarian Halal Kosher "
            # Words after a place name ("Dublin Airport is my home base").
            "Airport International Hotel Station Terminal "
            # Courtesies and adverbs opening a request ("Kindly always use Hyderabad airport …").
            "Kindly Pls Really Seriously Basically Personally Frankly Typically Generally Usually Always Normally "
            "Mostly Definitely"
        )
    ),
    means=(
        "Capitalised words that are no one's name before 'is', \"'s\" or 'wants': 'I', sentence openers, "
        "courtesies and adverbs, days, seat and meal words, and words of a place's name ('Airport', 'Hotel')."
    ),
    why=(
        '_named_people: "Dublin Airport is my home base", "Kindly always use Hyderabad airport", "Window is best" '
        "have no one else as their subject."
    ),
    examples=("Dublin Airport is my home base", "Kindly always use Hyderabad airport"),
    non_examples=("Bob eats fish", "Maria likes red-eyes"),
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
    means=(
        "A reporting verb and the word before it (its subject, when it has one): 'said', 'wrote', 'told me', "
        "'thinks', 'recommends', 'put me on a … diet', 'according to'; or someone telling others about the user "
        '("my PA told the client I only fly evenings", "I\'ve told the hotel").'
    ),
    why=(
        "reported_or_quoted: before the quote, with someone else as subject (reporter), the words are that "
        "person's (quoted_speech); whole_turn reads one in the sentence before the statement too."
    ),
    examples=("my PA told the client I only fly evenings", "my doctor told me to eat vegetarian"),
    non_examples=("my wife is vegan", "the hotel sent the invoice"),
)

_OBJECT = words(
    "reading.speakers.object",
    frozenset({"me", "us", "myself", "ourselves"}),
    means="The user as an object: 'me', 'us', 'myself', 'ourselves'.",
    why=(
        'subject_of: after someone else ("my boss wants me in aisle seats", "they book me …") it is the object '
        "of another person's wish, not the user speaking for themselves."
    ),
    examples=("my boss wants me in aisle seats", "they always book us"),
    non_examples=("my wife is vegan", "I'm vegan"),
)

_ADDRESSEE = words(
    "reading.speakers.addressee",
    frozenset({"you", "u"}),
    means="The assistant addressed: 'you', 'u'.",
    why=(
        "reported_or_quoted: a reporting verb with the assistant as subject, followed by how to write (\"I'd rather "
        'you always wrote to me in French"), is no report.'
    ),
    examples=("thank u", "I'd rather you always wrote to me in French"),
    non_examples=("my wife is vegan", "your call"),
)

_ADDRESSEE_BEFORE = rule(
    "reading.speakers.addressee_before",
    r"\b(?:you|u)\s+$",
    flags=re.I,
    means="'you' or 'u' just before a reporting verb's subject (\"you always wrote\"), read on the words up to it.",
    why="reported_or_quoted: with how to write after the verb (_TO_ME) it says how the assistant should write.",
    examples=("as you ", "I'd rather you "),
    non_examples=("as I ", "as your "),
)

_TO_ME = rule(
    "reading.speakers.to_me",
    r"\s+(?:back\s+)?(?:(?:to\s+)?(?:me|us)\b|in\s+(?!(?:your|the|that|this|a|an)\b))",
    flags=re.I,
    means=(
        '"… you always wrote to me", "… you replied in deutsch": after a verb whose subject is the assistant, how '
        'it should write ("you said in your last message …" still reports it).'
    ),
    why="reported_or_quoted: the user saying how to be written to is no report of someone else's words.",
    examples=("you always wrote to me", "you replied in deutsch"),
    non_examples=("you said in your last message", "you said the hotel"),
)

FIRST_PERSON = words(
    "reading.speakers.first_person",
    frozenset({"i", "i'm", "im", "i've", "ive", "i'd", "i'll", "we", "we're", "we've", "we'd", "we'll"}),
    means='The user as the subject of a reporting verb ("I said", "we wrote"): their own words, not a report.',
    why="reporter: a reporting verb with one of these as its subject is the user's own.",
    examples=("I said", "we wrote"),
    non_examples=("my wife is vegan", "she said"),
)

_FOR_OTHER = rule(
    "reading.speakers.for_other",
    r"(?:\W+\w+){0,3}?\W+for\s+(?:him|her|them|(?:my|our|his|her|their|the)\s+(?:\w+\s+)?"
    + _RELATION
    + r")\b",
    flags=re.I,
    means='"I need a wheelchair for my mum", "… for them": right after the value, the value is for someone else.',
    why="for_someone_else: the value is third_party, however plainly the user states it.",
    examples=("I need a wheelchair for my mum", "vegan meals for the kids"),
    non_examples=("I need a wheelchair for my knee", "I need a wheelchair for the airport"),
)

_SAYING = fragment(
    "reading.speakers.saying",
    r"(?:says|said|wrote|writes|claims|thinks|reckons|insists)",
    means="A reporting verb as it follows the words it reports: 'says', 'said', 'wrote', 'thinks', 'reckons' …",
    why=(
        '_REPORTED_AFTER is built on it: "I\'m vegan now, says my wife", "…, the doctor thinks" ("…, as I said" '
        "is the user's)."
    ),
    examples=("says", "thinks"),
    non_examples=("saying", "always"),
)

_REPORTED_AFTER = rule(
    "reading.speakers.reported_after",
    r"[,;:-]\s*(?:"
    + _SAYING
    + r"\s+(?!(?:i|we)\b)\w+|according to\b|(?:\w+\s+){0,2}?\w+(?<!\bi)(?<!\bwe)\s+"
    + _SAYING
    + r"\b)",
    flags=re.I,
    means=(
        'After the quote in its sentence, a report of whose words they were: ", says my wife", "…, the doctor '
        'thinks", "- according to Ana" (not "…, as I said").'
    ),
    why="reported_or_quoted: the words are someone else's (quoted_speech).",
    examples=("I'm vegan now, says my wife", "low sodium, the doctor thinks"),
    non_examples=("vegan, as I said", "I'm vegan, my wife isn't"),
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
    why=(
        "someone_elses_text: the words after it, to the end of the line (or of the message), are someone else's. "
        '"From now on:" and "from me:" are the user\'s own.'
    ),
    examples=("Message from my sister:", "The note reads:", "Translate this for the waiter:"),
    non_examples=("From now on:", "from me:"),
)

_YOU_ASKED = rule(
    "reading.speakers.you_asked",
    r"\b(?:you|u)\s+(?:asked|wanted|said)\b",
    flags=re.I,
    means='"you asked", "you wanted", "you said": the assistant\'s own question or words.',
    why=(
        'someone_elses_text takes it out of a colon lead-in: "Filling this in since you asked:" answers the '
        "assistant; no one else's text follows."
    ),
    examples=("Filling this in since you asked:", "as u wanted"),
    non_examples=("I asked for the aisle", "you ask a lot"),
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
    why="reporter: a reporting verb after one of these has no one else as its subject, so it reports nothing.",
    examples=("Always show me the cheapest first", "please tell me"),
    non_examples=("my wife is vegan", "Bob told me"),
)

_CARRIES_ING = rule(
    "reading.speakers.carries_ing",
    r"^(?:is|was|were|are|am|be|been|keeps?|kept|started|starts|stop(?:ped|s)?)$|'(?:s|re)$",
    means=(
        "A word after which an '-ing' form reports: a form of 'be', 'keeps', 'started', 'stops', or a word ending "
        'in "\'s" or "\'re".'
    ),
    why='reporter: "she\'s saying", "he keeps telling me" report; "worth saying", "just saying" do not.',
    examples=("keeps", "she's"),
    non_examples=("worth", "just"),
)

CONDITION_WORDS = fragment(
    "reading.speakers.condition_words",
    r"if|unless|when|whenever",
    means='A condition ("if", "unless", "when", "whenever"): what follows is not said as fact.',
    why="_CONDITION_OR_REASON and the whole-turn _CONDITION are built on it.",
    examples=("if", "when"),
    non_examples=("then", "iffy"),
)

_CONDITION_OR_REASON = rule(
    "reading.speakers.condition_or_reason",
    rf"\b(?:{CONDITION_WORDS}|because|since|as long as)\b",
    flags=re.I,
    means="A condition or a reason: 'if', 'unless', 'when', 'whenever', 'because', 'since', 'as long as'.",
    why=(
        'subject_of: no one named after the value inside a condition or a reason is its subject ("Marriott Bonvoy '
        "member here, always pick Marriott hotels if they're decent\")."
    ),
    examples=("always pick Marriott hotels if they're decent", "aisle because I get up a lot"),
    non_examples=("aisle seats please", "Sincerely, Ana"),
)

BRACKETED = rule(
    "reading.speakers.bracketed",
    r"\([^()]*\)?",
    means='An aside in brackets ("(or honors, however they spell it)"), closed or running to the end.',
    why=(
        'subject_of: no one in an aside after the value is its subject ("Hilton Honors member (or honors, however '
        'they spell it)"); _is_fragment does not count its words.'
    ),
    examples=("(or honors, however they spell it)", "aisle (obviously"),
    non_examples=("my wife is vegan", "aisle seats please"),
)
