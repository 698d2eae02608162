"""The records of :mod:`language.reading.links`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import rule, whole_words, words

_COMMON = words(
    "reading.links.common",
    frozenset(
        str.split(
            "a an the 'm am 're are is 's be been being 've have has 'd always usually generally normally typically "
            "only strictly strict fully also too now still really definitely absolutely totally completely very "
            "quite just actually both all prefer prefers preferred like likes love loves adore adores enjoy enjoys "
            "need needs want wants require requires tend to stick sticks swear by opt opts go goes for choose "
            "chooses pick picks favour favor default no longer not never n't don't doesn't do stopped being quit "
            "gave given up used please by way btw oh and so well honestly ok okay yes as my our preference rather "
            "would kinda kind sort of pretty much mostly mainly basically literally seriously genuinely def defo "
            "100 big huge massive fan person type guy girl gal lady man whenever possible can if i me myself "
            "personally these days anyway though lately since years year ago decade decades long time many few "
            "two three four five ten strongly firmly happily proud proudly full on most all-in "
            # Getting, asking for and paying for a thing says it is wanted, whatever the type.
            "get gets got book books ask asks request requests pay pays insist insists registered severe mild "
            "serious lifelong luv pls plz wants wanted happy happiest comfortable comfy native choice option options "
            "sticking with about main go-to count counts standing "
            # Fillers people type as they think ("um, aisle seat is my thing"), and degree words ("much more
            # comfortable in Portuguese").
            "um umm uh uhh er erm hmm ah eh much more far way "
            # Words of size and worth before the value's noun ("I love small boutique hotels").
            "small little nice good decent proper real cosy cozy "
            # Carrying on as before ("please keep answering in English").
            "keep keeps continue continues"
        )
    ),
    means=(
        "Words that state a value of any type: copulas, auxiliaries, verbs of liking and choosing, adverbs of habit"
        " and degree, articles, retraction words, and the little words people open with."
    ),
    why="",
    examples=("um, aisle seat is my thing", "much more comfortable in Portuguese"),
    non_examples="Lisbonne",
)

_TYPE_WORDS = words(
    "reading.links.type_words",
    {
        "dietary": "eat eats keep keeps follow follows diet lifelong ethical severely seriously allergic "
        "intolerant strict am can't cannot avoid avoids went become became turned switched suffer suffers from",
        "seat": "sit sits sitting take takes book get ask request in on at try seat seats end up grab grabs select "
        "emergency spot place row rows "
        "selects reserve reserves",
        "flight_times": "fly flies take takes book travel leave depart catch in on flights flight early late first "
        "thing departures departure time times slot",
        "travel_style": "fly flies travel travels stay stays book take on in at with",
        "language": "use read talk answer reply respond write to me in be answered communicate chat text you can "
        "language languages tongue first mother "
        "could would will",
        "loyalty": "collect collects earn earns save saves saving up fly with member in of hold use status card holder "
        "gold silver programme program scheme club account hoard hoards hotel airline frequent-flyer flyer "
        "platinum elite tier frequent flyer tap ba british airways air france klm iberia lufthansa marriott "
        "hilton",
        "accessibility": "use uses travel with in rely on around about suffer suffers from",
    },
    means="",
    why="",
    examples="Dietary",
    non_examples=("I'm vegetarian", "I always fly business class"),
)

_COPULA = words(
    "reading.links.copula",
    frozenset({"'m", "am", "'re", "are", "a", "an", "really", "also", "too", "just", "proudly"}),
    means='A copula alone before a language names a nationality ("I\'m French"), not a language to be answered in.',
    why="",
    examples=("I really adore aisle seats", "I know a great vegan place"),
    non_examples=("I'm French", "I'm vegetarian"),
)

_LINKS = words(
    "reading.links.links",
    {name: _COMMON | frozenset(words.split()) for name, words in _TYPE_WORDS.items()},
    means="",
    why="",
    examples="Dietary",
    non_examples=("I'm vegetarian", "I always fly business class"),
)

_COPULA_ONLY = words(
    "reading.links.copula_only",
    {"language": _COPULA},
    means="",
    why="",
    examples="Preferred language French",
    non_examples=("I'm vegetarian", "I always fly business class"),
)

_NOT_A_LINK = whole_words(
    "reading.links.not_a_link",
    r"learn\w*|study\w*|studied|teach\w*|taught|know|knew|known|found|find|saw|seen|see|heard|hear|"
    # ("write in Dutch", right before the value, is how to write to the user, not something written about.)
    r"reading|read about|writ\w*\b(?!\s+(?:to (?:me|us) )?in\s*$)|wrote|"
    r"watch\w*|visit\w*|met|meet\w*|translat\w*|clos\w*|cancel\w*|"
    r"recommend\w*|review\w*|cook\w* for|buy\w*|bought|sell\w*|sold|work\w*|open\w*|run|runs|own|owns|"
    r"than|over(?!-)|instead|versus|vs|stuck(?!\s+to\b)|looking|searching|booking|thinking|doing|trying|"
    # "I'm sitting by the window" is where they are this minute; "I like sitting on the aisle" is a liking.
    r"(?:'m|am|are|'re|is|was|were)\s+(?:\w+\s+)?(?:sitting|standing)|"
    r"heard of|tried|try out|curious|interested|researching|this|far from|anything but|nowhere near|barely",
    means=(
        "Words that make the value something other than the user's own standing preference: what they learn, know, "
        'read or write about, saw, work at, cook for others, close or cancel; a value set against another ("than", '
        '"over", "instead of"); what they are doing this minute.'
    ),
    why="",
    examples=("than", "over"),
    non_examples=("I like sitting on the aisle", "I'm vegetarian"),
)

_WORD = rule(
    "reading.links.word",
    r"[a-z]+(?:'[a-z]+)?|'[a-z]+|\d+",
    means="",
    why="",
    examples=("I'm vegetarian", "I always fly business class"),
    non_examples="ZKQWTRPL",
)

_PROGRESSIVE = words(
    "reading.links.progressive",
    frozenset({"'m", "am", "'re", "are", "is", "'s", "was", "were", "be", "been"}),
    means="",
    why="",
    examples="cvv is",
    non_examples=("I'm vegetarian", "I always fly business class"),
)

_OR_BEFORE = rule(
    "reading.links.or_before",
    r"\bor\s+(?:\w+\s+)?$",
    flags=re.I,
    means="",
    why="",
    examples=("window or maybe ",),
    non_examples=("window and ",),
)

_OR_AFTER = rule(
    "reading.links.or_after",
    r"(?:\s+\w+)?\s+or\b(?!\s+(?:nothing|bust|else|never|i|i'm|i'll|i'd|im|we|we'll|it|it's|you)\b)",
    flags=re.I,
    means='Not "non-stop or nothing", "aisle or bust": insisting on the one value, not choosing between two.',
    why='Nor "extra legroom or I\'m crippled for days", "direct or I don\'t go": "or" before a clause is "otherwise".',
    examples="one or two bags",
    non_examples=("non-stop or nothing", "aisle or bust"),
)

_OR_BETWEEN = rule(
    "reading.links.or_between",
    r"\W*(?:\w+\s+)?or\s+(?:\w+\s+)?$",
    flags=re.I,
    means="",
    why="",
    examples=" has no rows for ",
    non_examples=("I'm vegetarian", "I always fly business class"),
)

_OF_A_THING = rule(
    "reading.links.of_a_thing",
    r"\s+(?:food|cuisine|cooking|restaurants?|dishes|wine|coffee|beer|teachers?|tutors?|class(?:es)?|courses?|"
    r"lessons?|friends?|colleagues?|partner|husband|wife|boyfriend|girlfriend|family|relatives|grandparents|"
    r"films?|movies?|tv|music|books?|news|hotels?|airlines?|trains?|side|passport|citizenship|keyboard|recipes?|"
    r"breakfast|style|guy|girl|people|neighbou?rs?|coast|alps|countryside)\b",
    flags=re.I,
    means=(
        "A language's name before a noun names a thing's origin, not the language to be spoken (\"my Italian "
        'teacher", "I love Italian food", "an Italian passport").'
    ),
    why="",
    examples=("my Italian teacher", "I love Italian food"),
    non_examples=("I'm vegetarian", "I really adore aisle seats"),
)
