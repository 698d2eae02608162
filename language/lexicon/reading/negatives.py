"""The records of :mod:`language.reading.negatives`: a lasting preference said by what the user will not have
(see :mod:`language.rules`)."""

from __future__ import annotations

from language.rules import rule, whole_words, words

NEGATOR = whole_words(
    "reading.negatives.negator",
    r"never|not|no|nothing|none|nowhere|neither|nor|don'?t|do\s+not|doesn'?t|won'?t|will\s+not|can'?t|cannot|"
    r"couldn'?t|refuse\s+to|hate|loathe|avoid|unable\s+to|no\s+more|i\s+no\s+dey",
    means="Words that say the user will not have something: 'never', 'no', \"don't\", \"can't\", 'refuse to', "
    "'hate', 'avoid', 'unable to'.",
    why="Before an ordinary option or a thing a value rules out, they say which value the user means: 'never the "
    "middle, never the window' means the aisle, 'I refuse to change planes' direct flights only.",
    examples=(
        "never the middle",
        "I refuse to change planes",
        "I can't manage stairs",
        "I no dey do connecting",
    ),
    non_examples=("always the aisle", "I love changing planes"),
)

NOT_AVERSE = whole_words(
    "reading.negatives.not_averse",
    r"(?:don'?t|do\s+not|wouldn'?t|won'?t)\s+mind|not\s+(?:fussed|bothered|fussy|picky|a\s+problem)|"
    r"no\s+(?:problem|issue|trouble|worries)|(?:don'?t|do\s+not)\s+care|never\s+mind|not\s+only|"
    r"(?:can'?t|cannot)\s+wait|no\s+matter",
    means="Negations that say the user does not object: \"I don't mind\", 'not fussed', 'no problem with', "
    '"can\'t wait".',
    why='"I don\'t mind connecting flights" is the opposite of refusing them: no value follows from it.',
    examples=("I don't mind connecting flights", "no problem with stairs", "not fussed about layovers"),
    non_examples=("I never connect", "no stairs"),
)

EXCEPTION = rule(
    "reading.negatives.exception",
    # Only in a negative sentence: "I never fly from anywhere but Newcastle" names Newcastle, while "anything but
    # the middle" and "anything except English" rule the value out.
    r"\b(?:(?:never|not|don'?t|do\s+not|won'?t|can'?t|cannot)\b[^.!?;]*?\bany(?:thing|where|one|\s+\w+)?|"
    r"nothing|nowhere|none|no\s+\w+)\b[^.!?;]*?"
    r"\b(?:but|except(?:\s+for)?|other\s+than|apart\s+from|besides|save\s+for|outside(?:\s+of)?)\s+"
    r"(?:the\s+|from\s+|in\s+|at\s+|with\s+|on\s+)?$",
    means="An exception that ends right before a value: 'anywhere but …', 'anything other than …', 'no scheme "
    "except …', 'never … apart from …'.",
    why="The value after it is the one the user does want, though the sentence is negative: 'I never fly out of "
    "anywhere but Newcastle' names Newcastle, 'don't write to me in anything other than Italian' Italian.",
    examples=(
        "I never fly out of anywhere but ",
        "Please don't write to me in anything other than ",
        "I don't collect with any airline scheme except ",
    ),
    non_examples=("I fly from ", "but I also like ", "Write to me in anything except "),
)

ORDINARY_CHOICES: dict[str, dict[str, str]] = words(
    "reading.negatives.ordinary_choices",
    {
        "seat": {
            "window": "window",
            "windows": "window",
            "aisle": "aisle",
            "aisles": "aisle",
            "middle": "",
            "middles": "",
            "middle seat": "",
            "centre seat": "",
            "center seat": "",
        },
        "flight_times": {
            "morning": "morning",
            "mornings": "morning",
            "early": "morning",
            "before noon": "morning",
            "before midday": "morning",
            "before lunch": "morning",
            "before 12": "morning",
            "afternoon": "afternoon",
            "afternoons": "afternoon",
            "evening": "evening",
            "evenings": "evening",
            "late": "evening",
            "after dinner": "evening",
            "after dark": "evening",
            "after five": "evening",
            "after about five": "evening",
            "after six": "evening",
            "after 5": "evening",
            "after 6": "evening",
            "after 5pm": "evening",
            "after 6pm": "evening",
        },
    },
    entries=lambda table: {phrase for choices in table.values() for phrase in choices},
    means="The options everyone has for a kind of fact that holds one value: a seat by the window, on the aisle or "
    "in the middle; a flight in the morning, the afternoon or the evening (and the words that name them).",
    why="When the user rules out all of them but one, the one left is what they want: 'never the middle, never the "
    "window' is the aisle; 'nothing before midday and nothing after five' the afternoon. The middle seat is an "
    "option no value names, so it is only ever ruled out.",
    examples=("never the middle", "nothing before midday"),
    non_examples=("exit row",),
)

RULED_OUT: dict[str, tuple[str, str]] = words(
    "reading.negatives.ruled_out",
    {
        "change planes": ("travel_style", "direct flights only"),
        "changing planes": ("travel_style", "direct flights only"),
        "connecting": ("travel_style", "direct flights only"),
        "connections": ("travel_style", "direct flights only"),
        "connection": ("travel_style", "direct flights only"),
        "layover": ("travel_style", "direct flights only"),
        "layovers": ("travel_style", "direct flights only"),
        "stopover": ("travel_style", "direct flights only"),
        "stopovers": ("travel_style", "direct flights only"),
        "check a bag": ("travel_style", "carry-on only"),
        "check bags": ("travel_style", "carry-on only"),
        "check luggage": ("travel_style", "carry-on only"),
        "checked bag": ("travel_style", "carry-on only"),
        "checked bags": ("travel_style", "carry-on only"),
        "checked luggage": ("travel_style", "carry-on only"),
        "hold luggage": ("travel_style", "carry-on only"),
        "in the hold": ("travel_style", "carry-on only"),
        "noisy": ("travel_style", "quiet rooms"),
        "noise": ("travel_style", "quiet rooms"),
        "chain hotels": ("travel_style", "boutique hotels"),
        "chain hotel": ("travel_style", "boutique hotels"),
        "big chains": ("travel_style", "boutique hotels"),
        "hotel chains": ("travel_style", "boutique hotels"),
        "economy": ("travel_style", "business class"),
        "stairs": ("accessibility", "step-free access"),
        "steps": ("accessibility", "step-free access"),
    },
    means="Things a value rules out, named by what the user will not have: changing planes and layovers (direct "
    "flights only), checking a bag (carry-on only), noise (quiet rooms), chain hotels (boutique hotels), economy "
    "(business class), stairs and steps (step-free access).",
    why="'I refuse to change planes' and 'no stopover, I beg' state direct flights only without naming it; read "
    "only after a word that refuses it, never when the user does not mind it.",
    examples=("I refuse to change planes", "No big chains for me", "I can't manage stairs"),
    non_examples=("a direct flight", "a quiet room"),
)

CHOICE = {
    type_name: whole_words(
        f"reading.negatives.choice_{type_name}",
        "|".join(sorted((p.replace(" ", r"\s+") for p in choices), key=len, reverse=True)),
        means=f"The ordinary options of {type_name}, as words (see reading.negatives.ordinary_choices).",
        why="Found in a sentence, each is ruled out or not by the words before it.",
        examples=tuple(sorted(choices)[:2]),
        non_examples=("exit row",),
    )
    for type_name, choices in ORDINARY_CHOICES.items()
}
RULED = whole_words(
    "reading.negatives.ruled",
    "|".join(sorted((p.replace(" ", r"\s+") for p in RULED_OUT), key=len, reverse=True)),
    means="The things a value rules out, as words (see reading.negatives.ruled_out).",
    why="Found in a sentence after a refusal, each names the value the user means.",
    examples=("change planes", "stairs"),
    non_examples=("direct",),
)
