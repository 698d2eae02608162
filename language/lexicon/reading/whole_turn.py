"""The records of :mod:`language.reading.whole_turn`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.lexicon.reading.speakers import CONDITION_WORDS
from language.rules import rule, whole_words

_INTRODUCES = rule(
    "reading.whole_turn.introduces",
    r"\b(?:this|these|the following|below|it|that)\W*$|\bhere(?:'s| is) what\b|\bwhat (?:she|he|they|\w+) "
    r"(?:said|wrote|sent)\b|\b(?:got|received|copied|pasted|forwarding|sharing)\s+(?:this|the following)\b",
    flags=re.I,
    means='A sentence that hands over someone else\'s text next ("Ana wrote this.", "Got this from my sister.").',
    why="",
    examples=("Ana wrote this.", "Got this from my sister."),
    non_examples=("I'm vegan. Just kidding", "makes it Ana's;"),
)

_REPORTED_LATER = rule(
    "reading.whole_turn.reported_later",
    r"\bthat'?s what (?!i\b|we\b)(?:\w+\s+){0,3}?(?:said|says|wrote|writes|thinks|claims|told me|tells me|"
    r"reckons|recommends?|advised)\b|\b(?:his|her|their|\w+'s) words\b|\bnot my words\b|\bquoting\b|"
    r"\b(?:she|he|they|\w+) (?:said|says|wrote) so\b|\b(?:at least )?according to (?!me\b)"
    r"|\bor so (?!i\b|we\b)(?:\w+\s+){0,4}?(?:says?|said|tells?|telling|claims?|thinks?|reckons?)\b",
    flags=re.I,
    means='After the statement: whose words these were ("That\'s what my doctor says.", "Her words, not mine.").',
    why="",
    examples=("That's what my doctor says.", "Her words, not mine."),
    non_examples=("I'm vegan. Just kidding", "makes it Ana's;"),
)

_SIGNATURE = rule(
    "reading.whole_turn.signature",
    r"^\s*-{1,2}\s*[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s*$",
    flags=re.M,
    means="",
    why="",
    examples="I'm vegan.\n-- Marta",
    non_examples=("I'm vegan. Just kidding", "makes it Ana's;"),
)

_ADVICE = rule(
    "reading.whole_turn.advice",
    r"\b\w+'s (?:advice|orders|recommendation|suggestion|rule|idea)\b|\bper (?:my|the|his|her|their|\w+'s)\b"
    r"|\b(?:wants|wanted|told|tells|asked|asks|made|makes|expects|needs|encourages|encouraged) me to\b"
    r"|\bon (?:the )?(?:advice|orders) of\b",
    flags=re.I,
    means='A professional\'s advice, reported without quotation marks ("my doctor\'s orders", "per my dietitian").',
    why="",
    examples=("my doctor's orders", "per my dietitian"),
    non_examples=("I'm vegan. Just kidding", "makes it Ana's;"),
)

_YOU_SAID = whole_words(
    "reading.whole_turn.you_said",
    r"(?<!rather )(?<!wish )(?<!if )(?<!when )"
    r"(?:you|the assistant|the bot) (?:said|say|told me|mentioned|think|seem to think|wrote|noted|claim(?:ed)?)"
    r"|(?:as|like) you (?:said|mentioned|noted|put it|wrote)|according to you|if you say so",
    means='The user passing on what the assistant said ("you said I\'m vegan", "as you said").',
    why="",
    examples=("you said I'm vegan", "as you said"),
    non_examples=("I'd much rather you wrote to me in Spanish", "I wish you said it in French"),
)

_CONTACTED = rule(
    "reading.whole_turn.contacted",
    r"\b(?!(?:i|we)\b)\w+\s+(?:phoned|called|rang|sent|messaged|texted|emailed|wrote|replied|asked)\b",
    flags=re.I,
    means=(
        'Someone else in touch just before the statement ("My mother phoned about lunch."): maybe their words '
        "follow."
    ),
    why="",
    examples="My mother phoned about lunch.",
    non_examples=("I'm vegan. Just kidding", "makes it Ana's;"),
)

_WORDS = rule(
    "reading.whole_turn.words",
    r"[a-z0-9]+(?:'[a-z]+)?",
    means="",
    why="",
    examples=("I'm vegan. Just kidding", "makes it Ana's;"),
    non_examples="ZKQWTRPL",
)

_FROM_ELSEWHERE = rule(
    "reading.whole_turn.from_elsewhere",
    r"\bfrom\s+(?!(?:me|myself|my)\b)",
    flags=re.I,
    means=(
        'Where the text that follows came from, when not the user\'s own ("copying this from my insurance form:" '
        "is)."
    ),
    why="",
    examples="I fly from Heathrow",
    non_examples=("copying this from my insurance form:", "I'm vegan. Just kidding"),
)

_TURNS_BACK = rule(
    "reading.whole_turn.turns_back",
    r"^(?:(?:oh|ah|um+|uh+|erm|hmm+|so|and|haha+|lol)\s+)*(?:actually|well|no|nope|nah|not|sorry|oops|wait|"
    r"hang on|hold on|one sec|"
    r"correction|update|scratch|never ?mind|or rather|i mean|but|though|although|except|then again|"
    r"on second thoughts?|on reflection|to be honest|tbh|ugh|meh|was|used to|i did|i was|i used|that was|"
    r"that's|that is|"
    r"joke|kidding|i wish|if only|in my dreams|as if|yeah right|"
    # "… at least until someone waves a bacon sandwich under my nose": a limit put on it afterwards.
    r"(?:at least )?until|unless|or)\b",
    means=(
        "A later sentence (or clause) that opens by turning back on what came before: a correction, an apology, a "
        "second thought."
    ),
    why=(
        'Often it takes the statement back ("Actually no, I eat everything now"), sometimes it only adds to it '
        '("Not a fad, I\'m actually coeliac"): the reader cannot tell without understanding it, so the gate asks. '
        "Openers, not a list of retractions: what follows them is unbounded."
    ),
    examples="at least until someone waves a bacon sandwich under my nose",
    non_examples=("Actually no, I eat everything now", "Not a fad, I'm actually coeliac"),
)

_ELABORATES = rule(
    "reading.whole_turn.elaborates",
    r"^not\s+(?:a|an|just\s+an?|some|merely\s+an?)\s+(?!(?:chance|bit|lot|thing|fan|joke)\b)[a-z]"
    r"|^(?:(?:so|and)\s+)?(?:no|zero)\s+(?!(?:actually|wait|sorry|scratch|forget|i|that|not|never|it|its|cancel|"
    r"delete|dont|ignore|"
    r"hold|hang|one|no|way|longer|more|need)\b)[a-z]"
    # An apology for the manner, not the content ("Sorry for shouting", "sorry for the essay"); not "sorry for
    # the confusion, …", "sorry about that", which correct.
    r"|^sorry\s+(?:for|about|to)\s+(?!(?:the\s+|my\s+)?(?:confusion|mix[- ]?up|mistake|error|typos?|that|this|it|"
    r"misleading|getting|wrong|earlier|before|change)\b)[a-z]"
    r"|^(?:that's|thats|that is)\s+(?!(?:not|wrong|a joke|a lie|false|old|outdated|no longer|changed|over|gone|"
    r"a mistake|incorrect|just|only|for)\b)(?:my|where|what|how|true|the way|always|for every|for all|standard)\b",
    means=(
        'A later fragment that opens like a turn but goes on with the same statement: "no" as a determiner ("— no '
        'meat, dairy or eggs", "no steps") rather than an answer ("no, vegetarian"), and "that\'s" affirming '
        '("That\'s my standing choice", "that\'s where I always start from") rather than taking back ("that\'s not '
        'true").'
    ),
    why="",
    examples=("no steps", "that's where I always start from"),
    non_examples=("no", "— no meat, dairy or eggs"),
)

_MULLED = rule(
    "reading.whole_turn.mulled",
    r"\W*([^\W\d_][\w' -]{2,40}?)\s*(?:,|…|\.{2,})\s*\1\s*(?:…|\.{2,})",
    flags=re.I,
    means=(
        '"boutique hotels, boutique hotels… everyone keeps asking me that": the words turned over, trailing off '
        '(not "legroom legroom legroom", said three times to insist).'
    ),
    why="",
    examples="direct flights, direct flights… I'm really not sure",
    non_examples=(
        "boutique hotels, boutique hotels everyone keeps asking me that",
        "legroom legroom legroom",
    ),
)

_LIMITED = rule(
    "reading.whole_turn.limited",
    r"\bfor (?:the )?(?:next|coming|rest of (?:the|this|my))\b"
    # "this flight only", "the Madrid leg only": "only" closing the phrase (not "the hotel only has eggs").
    r"|\b(?:this|that|the) (?:[\w-]+ ){0,2}only(?=\s*(?:[,.;:!?)]|$|for\b|on\b|please\b|though\b|as\b))"
    r"|\bjust (?:for )?(?:this|now|today|tonight)\b|\btemporar\w*|\bfor (?:a|the) (?:bit|while)\b"
    r"|\b(?:until|till|through|thru) (?:next|the end|i|my|we)\b|\bat the moment\b"
    r"|\bfor (?:this|that) (?:chat|conversation|session|message|one|time|trip|booking)\b",
    flags=re.I,
    means=(
        "How long or how narrowly something holds, anywhere in the sentence (\"I'm on crutches for the next month, "
        'so I need a wheelchair", "answer in German for this chat only"): a standing fact may be worded so, a '
        "passing one usually is."
    ),
    why="The gate asks.",
    examples=(
        "I'm on crutches for the next month, so I need a wheelchair",
        "answer in German for this chat only",
    ),
    non_examples=("only", "the hotel only has eggs"),
)

_REASON_OPENER = rule(
    "reading.whole_turn.reason_opener",
    r"\W*(?:since|as|because|given)\b",
    flags=re.I,
    means="",
    why="",
    examples="gracias",
    non_examples=("I'm vegan. Just kidding", "makes it Ana's;"),
)

_CONDITION = whole_words(
    "reading.whole_turn.condition",
    CONDITION_WORDS,
    means="",
    why="",
    examples="Ha, as if.",
    non_examples=("I'm vegan. Just kidding", "makes it Ana's;"),
)

_QUOTE_MARK = rule(
    "reading.whole_turn.quote_mark",
    r'(?<!\d)"',
    means='A double quote after a digit is inches ("I\'m 6\'5\\""), not a quotation.',
    why="",
    examples='Mx7"quote"Tz',
    non_examples=("I'm 6'5\\", "I'm vegan. Just kidding"),
)

_ABOUT_YOU = rule(
    "reading.whole_turn.about_you",
    r"\b(?:you|you're|youre|your)\b(?:\W+\w+){0,5}\W*$",
    flags=re.I,
    means="",
    why="",
    examples="hey you",
    non_examples=("I'm vegan. Just kidding", "makes it Ana's;"),
)

_YOU_AFTER = rule(
    "reading.whole_turn.you_after",
    r"(?:\s+[^\W\d_]+){0,2}?\W*\s*(?:as|like|since|because|which|that)\s+(?:you|you're|youre|your)\b",
    flags=re.I,
    means='"… in French, as you prefer", "… vegan meals, as you like": the user named right after the value\'s phrase.',
    why="",
    examples=("in French, as you prefer", "vegan meals, as you like"),
    non_examples=("I'm vegan. Just kidding", "makes it Ana's;"),
)
