"""The words between the user and a value: known ways of stating it, known non-assertions, and the rest.

"I'm vegetarian", "I always fly business class", "I really adore aisle seats" link the user to the value.
"I'm learning Spanish", "I know a great vegan place", "I'd rather stand than sit by the window" do not: the value
belongs to something else. A closed list of linking words can only ever be as wide as the phrasings someone
listed, so the rule is the other way round: words that are *known* to make the value something other than a
fact about the user reject it; words known to state it (or a close misspelling of one, or an adverb) keep it;
a word that is neither is an unknown linking phrase, and the gate asks the user instead of guessing.
"""

from __future__ import annotations

import re
from difflib import get_close_matches
from typing import Literal

from language.text import whole_words
from language.values.vocabulary import ValueMatch

# Words that state a value of any type: copulas, auxiliaries, verbs of liking and choosing, adverbs of habit
# and degree, articles, retraction words, and the little words people open with.
_COMMON = frozenset(
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
)
_TYPE_WORDS = {
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
}
# A copula alone before a language names a nationality ("I'm French"), not a language to be answered in.
_COPULA = frozenset({"'m", "am", "'re", "are", "a", "an", "really", "also", "too", "just", "proudly"})
_LINKS = {name: _COMMON | frozenset(words.split()) for name, words in _TYPE_WORDS.items()}
_COPULA_ONLY = {"language": _COPULA}
# Words that make the value something other than the user's own standing preference: what they learn, know,
# read or write about, saw, work at, cook for others, close or cancel; a value set against another ("than",
# "over", "instead of"); what they are doing this minute.
_NOT_A_LINK = whole_words(
    r"learn\w*|study\w*|studied|teach\w*|taught|know|knew|known|found|find|saw|seen|see|heard|hear|"
    # ("write in Dutch", right before the value, is how to write to the user, not something written about.)
    r"reading|read about|writ\w*\b(?!\s+(?:to (?:me|us) )?in\s*$)|wrote|"
    r"watch\w*|visit\w*|met|meet\w*|translat\w*|clos\w*|cancel\w*|"
    r"recommend\w*|review\w*|cook\w* for|buy\w*|bought|sell\w*|sold|work\w*|open\w*|run|runs|own|owns|"
    r"than|over(?!-)|instead|versus|vs|stuck(?!\s+to\b)|looking|searching|booking|thinking|doing|trying|"
    # "I'm sitting by the window" is where they are this minute; "I like sitting on the aisle" is a liking.
    r"(?:'m|am|are|'re|is|was|were)\s+(?:\w+\s+)?(?:sitting|standing)|"
    r"heard of|tried|try out|curious|interested|researching|this|far from|anything but|nowhere near|barely"
)
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?|'[a-z]+|\d+")
Link = Literal["linked", "not_linked", "unsure"]


def _stems(token: str) -> list[str]:
    """ "flying" → "fly", "taking" → "take", "booked" → "book", "sits" → "sit": a known word inflected."""
    stems = []
    for ending in ("ing", "ed", "es", "s"):
        if token.endswith(ending) and len(token) - len(ending) >= 2:
            base = token[: -len(ending)]
            stems += [base, base + "e", base[:-1] if len(base) > 2 and base[-1] == base[-2] else base]
    return stems


def link_of(words: str, type_name: str) -> Link:
    """Whether ``words`` (between the user's own subject and the value) state the value of the user.

    ``not_linked`` when a known non-assertion is there; ``linked`` when every word is a way to state the type
    (or an adverb, or a close misspelling of such a word); ``unsure`` when an unknown word is left.
    """
    allowed = _LINKS.get(type_name)
    if allowed is None:
        return "linked"  # home airport phrasings are their own link (see language.places)
    tokens = _WORD.findall(words.lower())
    if _NOT_A_LINK.search(words):
        return "not_linked"
    copula_only = _COPULA_ONLY.get(type_name)
    if copula_only is not None and tokens and all(t in copula_only for t in tokens):
        return "not_linked"
    # "I'm taking the evening flight" is what they are doing now: only a gerund after a liking ("I like
    # flying in the evening") is read as the verb it comes from.
    unknown = [
        t
        for i, t in enumerate(tokens)
        if not _known(t, allowed, inflected=not (i and tokens[i - 1] in _PROGRESSIVE and t.endswith("ing")))
    ]
    return "unsure" if unknown else "linked"


_PROGRESSIVE = frozenset({"'m", "am", "'re", "are", "is", "'s", "was", "were", "be", "been"})


def _known(token: str, allowed: frozenset[str], *, inflected: bool = True) -> bool:
    token = token.removesuffix("'s") if len(token) > 3 else token  # "TAP's Miles&Go": the possessive's word
    if token in allowed or (len(token) > 4 and token.endswith("ly")):
        return True
    if inflected and any(stem in allowed for stem in _stems(token)):
        return True
    # "alwyas", "realy", "usualy": a typo in a filler word does not make the statement unknown.
    return len(token) >= 4 and bool(get_close_matches(token, allowed, n=1, cutoff=0.8))


_OR_BEFORE = re.compile(r"\bor\s+(?:\w+\s+)?$", re.I)
# Not "non-stop or nothing", "aisle or bust": insisting on the one value, not choosing between two.
# Nor "extra legroom or I'm crippled for days", "direct or I don't go": "or" before a clause is "otherwise".
_OR_AFTER = re.compile(
    r"(?:\s+\w+)?\s+or\b(?!\s+(?:nothing|bust|else|never|i|i'm|i'll|i'd|im|we|we'll|it|it's|you)\b)", re.I
)
_OR_BETWEEN = re.compile(r"\W*(?:\w+\s+)?or\s+(?:\w+\s+)?$", re.I)


def unchosen(clause: str, match: ValueMatch, matches: list[ValueMatch]) -> bool:
    """The value is one of several the user named without choosing ("window or aisle"), unless the
    alternatives are one value ("crustaceans or molluscs": a shellfish allergy either way)."""
    either = _OR_BEFORE.search(clause[: match.start]) or _OR_AFTER.match(clause, match.end)
    return bool(either) and not _same_either_way(clause, match, matches)


def _same_either_way(clause: str, match: ValueMatch, matches: list[ValueMatch]) -> bool:
    """ "crustaceans or molluscs": the alternatives are one value (a shellfish allergy), so nothing is left
    unchosen."""
    for other in matches:
        if other.value != match.value or other is match:
            continue
        lo, hi = (match, other) if match.end <= other.start else (other, match)
        if _OR_BETWEEN.fullmatch(clause, lo.end, hi.start):
            return True
    return False


# A language's name before a noun names a thing's origin, not the language to be spoken ("my Italian teacher",
# "I love Italian food", "an Italian passport").
_OF_A_THING = re.compile(
    r"\s+(?:food|cuisine|cooking|restaurants?|dishes|wine|coffee|beer|teachers?|tutors?|class(?:es)?|courses?|"
    r"lessons?|friends?|colleagues?|partner|husband|wife|boyfriend|girlfriend|family|relatives|grandparents|"
    r"films?|movies?|tv|music|books?|news|hotels?|airlines?|trains?|side|passport|citizenship|keyboard|recipes?|"
    r"breakfast|style|guy|girl|people|neighbou?rs?|coast|alps|countryside)\b",
    re.I,
)


def names_a_thing(clause: str, match: ValueMatch) -> bool:
    """The language named at ``match`` describes the noun after it (see :data:`_OF_A_THING`)."""
    return bool(_OF_A_THING.match(clause, match.end))
