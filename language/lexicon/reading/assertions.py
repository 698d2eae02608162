"""The records of :mod:`language.reading.assertions`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import rule, whole_words

_BEING_ONE = rule(
    "reading.assertions.being_one",
    r"\s*(?:'m|am|'re|are)\s+(?:[a-z]+\s+)?(?:a|an)\s*",
    flags=re.I,
    means='The user saying they are one: "\'m a", "am basically a", "\'re an" between the user and the value.',
    why=(
        '_said_of_user: "I\'m basically a service dog myself" is being one, not travelling with one, so a dog '
        "value joined to the user this way is no fact about them."
    ),
    examples=("I'm basically a service dog myself", "we are a"),
    non_examples=("I travel with a service dog", "I'm with my guide dog"),
)

_MEMBER = rule(
    "reading.assertions.member",
    r"\bmember\b|\w-based\b",
    flags=re.I,
    means="A membership or a home base tagged on a fragment: 'Flying Blue member', 'Dublin-based'.",
    why="_marked_own: how people mark a fragment with no subject as their own, so the gate need not ask whose it is.",
    examples=("Flying Blue member", "Dublin-based"),
    non_examples=("members lounge access", "based in Dublin for the conference"),
)

_FIRST_PERSON_SUBJECT = whole_words(
    "reading.assertions.first_person_subject",
    r"i|i'm|im|i've|ive|i'd|we|we're|we've",
    means='The user as a subject: \'I\', "I\'m", "I\'ve", "I\'d", \'we\', "we\'re", "we\'ve" (apostrophe or not).',
    why=(
        "_without_subject: a fragment that follows the user's own clause in the sentence is theirs (\"I always "
        'travel on a shoestring, so budget options first").'
    ),
    examples=("I always travel on a shoestring", "we're vegetarian"),
    non_examples=("my wife is vegan", "Budget options first"),
)

_HOME = whole_words(
    "reading.assertions.home",
    "home",
    means='The word \'home\': "Home base is Amsterdam", "Berlin is home".',
    why="_marked_own: for a home airport, 'home' said with no one else's name makes the fragment the speaker's.",
    examples=("Home base is Amsterdam", "Berlin is home"),
    non_examples=("homemade food please", "Berlin is lovely"),
)

_NEGATIVE_CAPABILITY = whole_words(
    "reading.assertions.negative_capability",
    r"cannot|can ?not|can't|unable to|not (?:possible|supported|available|allowed)|doesn't (?:work|support)|"
    r"does not (?:work|support)|no access|fails? to|is broken|isn't available",
    means="Words saying something cannot be done or does not work: \"can't\", 'unable to', 'not supported', 'broken'.",
    why=(
        "judge_clause: with a system as its subject (_CAPABILITY_SUBJECT) the clause is a conclusion about the "
        'system ("the search can\'t find flights from Leeds"), rejected as negative_capability.'
    ),
    examples=("the search can't find flights from Leeds", "the app is broken again"),
    non_examples=("I can find it myself", "the lounge is available"),
)

_PERSON_CANNOT = whole_words(
    "reading.assertions.person_cannot",
    r"(?:i|we)\s+(?:can't|cannot|can not|am unable|'m unable|are unable)",
    means="The user or their party as the subject of \"can't\" or 'unable': \"I can't\", 'we are unable'.",
    why=(
        "What the person cannot do (\"step-free access please, I can't do stairs\") is a need, not a system's "
        'limit: _person_cannot keeps it from negative_capability unless a system follows ("I cannot use the '
        'booking app").'
    ),
    examples=("step-free access please, I can't do stairs", "we are unable to walk far"),
    non_examples=("the app can't load", "I can do stairs slowly"),
)

_CAPABILITY_SUBJECT = whole_words(
    "reading.assertions.capability_subject",
    r"tool|system|service|feature|api|search|booking|app|site|website|account|access|login|payment|card",
    means="A system as the subject: 'tool', 'app', 'website', 'search', 'booking', 'account', 'login', 'card' …",
    why=(
        'With _NEGATIVE_CAPABILITY: a conclusion about the system ("the booking app can\'t …"), not about the '
        "user."
    ),
    examples=("the booking app can't", "the website won't load"),
    non_examples=("I can't do stairs", "my knees can't take it"),
)

_COMPOUND = rule(
    "reading.assertions.compound",
    r"-[a-z]",
    flags=re.I,
    means="A hyphen and a letter right after the value: 'vegan-friendly places', 'vegan-ish', 'window-facing rooms'.",
    why=(
        "_part_of_another_word: the value word is then part of another word. Not so when the word it joins is "
        'the thing the value is of ("an aisle-seat person": _COMPOUND_NOUN) or another name of the same value '
        '("Madrid-Barajas").'
    ),
    examples=("vegan-friendly places", "vegan-ish"),
    non_examples=("vegan friendly places", "terminal 2-3"),
)

_COMPOUND_NOUN = rule(
    "reading.assertions.compound_noun",
    r"-(?:based|seats?|flights?|meals?|food|diet|class|hotels?|rooms?|only|free)\b",
    flags=re.I,
    means=(
        "A hyphen joining the value to the thing it is of, or to a word that keeps it whole: '-seat', '-flight', "
        "'-meal', '-based', '-only', '-free'."
    ),
    why=(
        "_part_of_another_word: 'an aisle-seat person', 'gluten-free', 'Dublin-based' still state the value; "
        "only other joined words ('vegan-friendly') make it part of another word."
    ),
    examples=("an aisle-seat person", "gluten-free"),
    non_examples=("vegan-friendly places", "window-facing rooms"),
)

_MY = rule(
    "reading.assertions.my",
    r"\bmy\s+$",
    flags=re.I,
    means="'my' right before the value (read on the words up to it): 'My English …'.",
    why=(
        '_skill_in, with _SKILL after the language: "My English is ok but I read Portuguese way faster" says '
        "how well the user speaks it, which is no choice of it (not_about_user)."
    ),
    examples=("My ", "to be honest my "),
    non_examples=("my mum's ", "reply in "),
)

_SKILL = rule(
    "reading.assertions.skill",
    r"\s*(?:(?:is|'s)\s+(?:\w+\s+)?(?:ok|okay|fine|good|decent|rusty|basic|poor|bad|terrible|awful|limited|weak|"
    r"passable|so-so|shaky|patchy|not (?:great|good|bad)|more or less|like)\b"
    # … or anything else it does ("my English gets tired by the end of the day", "my English isn't great").
    r"|(?:gets|got|isn't|is not|was|has|needs|sucks|stinks|can|could|only|still|just)\b)",
    flags=re.I,
    means=(
        "After a language named with 'my': how well it goes (\"is ok\", \"'s rusty\", 'is not great'), or "
        "anything else it does ('gets tired', \"isn't great\")."
    ),
    why="_skill_in: the user's skill in a language is not the language they want to be answered in.",
    examples=(
        "my English is ok but I read Portuguese way faster",
        "my English gets tired by the end of the day",
    ),
    non_examples=("English is my first language", "English please"),
)

_WORDS_OF = rule(
    "reading.assertions.words_of",
    r"[^\W\d_]+(?:'[^\W\d_]+)?",
    flags=re.UNICODE,
    means='A word of letters in any script, with its apostrophe part ("I\'m", "don\'t"); digits are no words.',
    why="_is_fragment counts them: six words or fewer and no verb is a fragment ('fully vegan for 3 yrs').",
    examples=("fully vegan for 3 yrs", "Vegetarian here"),
    non_examples=("2-3", "14:10"),
)

_OPENS_WITH_VERB = rule(
    "reading.assertions.opens_with_verb",
    r"^\W*(?:reply|answer|respond|write|speak|talk|send|tell|make|give|put)\b",
    flags=re.I,
    means="A clause opening with a verb to the assistant: 'reply', 'answer', 'write', 'speak', 'tell', 'give' …",
    why="_is_fragment: 'reply in German' asks for something; it is no bare fragment stating the user's own value.",
    examples=("reply in German", "Answer in Spanish please"),
    non_examples=("replies in German are fine", "German replies please"),
)
