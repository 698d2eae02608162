"""The records of :mod:`language.reading.assertions`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import rule, whole_words

_BEING_ONE = rule(
    "reading.assertions.being_one",
    r"\s*(?:'m|am|'re|are)\s+(?:[a-z]+\s+)?(?:a|an)\s*",
    flags=re.I,
    means="",
    why="",
    examples="you're a star",
    non_examples=("User is vegetarian", "my friend wrote"),
)

_MEMBER = rule(
    "reading.assertions.member",
    r"\bmember\b|\w-based\b",
    flags=re.I,
    means="",
    why="",
    examples="Bonvoy member",
    non_examples=("User is vegetarian", "my friend wrote"),
)

_FIRST_PERSON_SUBJECT = whole_words(
    "reading.assertions.first_person_subject",
    r"i|i'm|im|i've|ive|i'd|we|we're|we've",
    means="",
    why="",
    examples=("I hate window seats", "I'm not vegetarian"),
    non_examples=("User is vegetarian", "my friend wrote"),
)

_HOME = whole_words(
    "reading.assertions.home",
    "home",
    means='"Home base is Amsterdam", "Berlin is home": home, said with no one else\'s name, is the speaker\'s.',
    why="",
    examples=("Home base is Amsterdam", "Berlin is home"),
    non_examples=("User is vegetarian", "my friend wrote"),
)

_NEGATIVE_CAPABILITY = whole_words(
    "reading.assertions.negative_capability",
    r"cannot|can ?not|can't|unable to|not (?:possible|supported|available|allowed)|doesn't (?:work|support)|"
    r"does not (?:work|support)|no access|fails? to|is broken|isn't available",
    means="",
    why="",
    examples="the search can't find",
    non_examples=("User is vegetarian", "my friend wrote"),
)

_PERSON_CANNOT = whole_words(
    "reading.assertions.person_cannot",
    r"(?:i|we)\s+(?:can't|cannot|can not|am unable|'m unable|are unable)",
    means="What the person cannot do (\"step-free access please, I can't do stairs\") is a need, not a system's limit.",
    why="",
    examples="step-free access please, I can't do stairs",
    non_examples=("User is vegetarian", "my friend wrote"),
)

_CAPABILITY_SUBJECT = whole_words(
    "reading.assertions.capability_subject",
    r"tool|system|service|feature|api|search|booking|app|site|website|account|access|login|payment|card",
    means='A conclusion about the system ("the booking app can\'t …"), not about the user.',
    why="",
    examples=("the booking app can't", "the search can't find"),
    non_examples=("User is vegetarian", "my friend wrote"),
)

_COMPOUND = rule(
    "reading.assertions.compound",
    r"-[a-z]",
    flags=re.I,
    means='"vegan-friendly places", "vegan-ish", "window-facing rooms": the value word is part of another word.',
    why=(
        'Not so when the word it joins is the thing the value is of ("an aisle-seat person", "morning-flight kind '
        'of guy") or another name of the same value ("Madrid-Barajas").'
    ),
    examples=("vegan-friendly places", "vegan-ish"),
    non_examples=("User is vegetarian", "my friend wrote"),
)

_COMPOUND_NOUN = rule(
    "reading.assertions.compound_noun",
    r"-(?:based|seats?|flights?|meals?|food|diet|class|hotels?|rooms?|only|free)\b",
    flags=re.I,
    means="",
    why="",
    examples="gluten-free",
    non_examples=("User is vegetarian", "my friend wrote"),
)

_MY = rule(
    "reading.assertions.my",
    r"\bmy\s+$",
    flags=re.I,
    means=(
        '"My English is ok but I read Portuguese way faster": how well the user speaks a language is no choice of '
        "it."
    ),
    why="",
    examples=("that's my ",),
    non_examples=("that's a ",),
)

_SKILL = rule(
    "reading.assertions.skill",
    r"\s*(?:(?:is|'s)\s+(?:\w+\s+)?(?:ok|okay|fine|good|decent|rusty|basic|poor|bad|terrible|awful|limited|weak|"
    r"passable|so-so|shaky|patchy|not (?:great|good|bad)|more or less|like)\b"
    # … or anything else it does ("my English gets tired by the end of the day", "my English isn't great").
    r"|(?:gets|got|isn't|is not|was|has|needs|sucks|stinks|can|could|only|still|just)\b)",
    flags=re.I,
    means="",
    why="",
    examples=("my English gets tired by the end of the day", "my English isn't great"),
    non_examples=("User is vegetarian", "my friend wrote"),
)

_WORDS_OF = rule(
    "reading.assertions.words_of",
    r"[^\W\d_]+(?:'[^\W\d_]+)?",
    flags=re.UNICODE,
    means="",
    why="",
    examples=("User is vegetarian", "my friend wrote"),
    non_examples="55779911",
)

_OPENS_WITH_VERB = rule(
    "reading.assertions.opens_with_verb",
    r"^\W*(?:reply|answer|respond|write|speak|talk|send|tell|make|give|put)\b",
    flags=re.I,
    means="",
    why="",
    examples="reply in German",
    non_examples=("User is vegetarian", "my friend wrote"),
)
