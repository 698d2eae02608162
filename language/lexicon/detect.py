"""The records of :mod:`language.detect`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

from language.rules import rule, words

_ENGLISH = words(
    "detect.english",
    frozenset(
        str.split(
            "i i'm im i've i'd i'll me my mine we we're our us you your the an and or but is am are was were be been "
            "do does did don't doesn't didn't not of to for with from at by this that these those it it's its "
            "always usually never prefer like love please what which who when where why how can could would should "
            "will just really also too very only have has had so if then there here they them their he she his her"
        )
    ),
    means=(
        "English function words (pronouns, articles, auxiliaries, negations, a few common adverbs) that give a "
        "sentence away as English."
    ),
    why=(
        "is_english weighs them against detect.foreign: as many English ones as foreign ones reads as English, "
        "and a text with none may be another language (may_be_other_language), so the other-language phrase "
        "tables are read."
    ),
    examples=("I am not sure", "please book the aisle for me"),
    non_examples=("Não sou vegan", "Fensterplatz bitte"),
)

_SHARED = words(
    "detect.shared",
    frozenset(
        str.split("a no me die is on in as am do ma son u sim mon per con dank ben est las los um mia fur")
    ),
    means=(
        'Short words English shares with another language: "do" (Portuguese for "of the"), "no" ("in the"), '
        '"die" (German "the"), "me", "son".'
    ),
    why=(
        "They say nothing about which language a sentence is in, so neither side counts them: they are taken out "
        'of detect.foreign, and is_english does not count them as English ("no window" is not Portuguese).'
    ),
    examples=("no window please", "a table for two"),
    non_examples=("Não sou vegan", "not now"),
)

_FOREIGN = words(
    "detect.foreign",
    frozenset(
        str.split(
            # Portuguese
            "eu sou estou não nao nunca sempre prefiro gosto meu minha meus minhas você voce é é uma um os as da do "
            "dos das em na no nas com para por que isso muito também tambem mas ou sim obrigado obrigada "
            # Spanish
            "yo soy estoy nunca siempre prefiero gusta mis tú usted es una unos unas los las el del en con para "
            "por que eso muy también pero sí gracias "
            # French
            "je suis j'ai ne pas jamais toujours préfère prefere aime mon ma mes vous tu est une le les la du des "
            "avec pour que très aussi mais oui merci c'est j'aime "
            # German
            "ich bin nicht nie immer bevorzuge mag mein meine sie ist ein eine der das und mit für fur auch aber "
            "ja danke sehr "
            # Italian
            "io sono non mai sempre preferisco piace mio mia lei è un uno il gli della con per che anche ma grazie "
            "molto di del dei delle degli nel nei nella negli alla alle ai agli ogni tutti tutte tutto così prima "
            "dopo quando dove perché questo questa quello quella più niente nulla adoro "
            # Dutch
            "ik ben niet nooit altijd liever mijn jij u een het en met voor ook maar dank"
        )
    )
    - _ENGLISH
    - _SHARED,
    means=(
        "Function words of Portuguese, Spanish, French, German, Italian and Dutch, less any word English writes "
        "too."
    ),
    why=(
        "More of them than English function words, or two or more against none, and the sentence is not English: "
        'the write gate asks the user instead of judging rules written for English ("Não sou vegan").'
    ),
    examples=("Não sou vegan", "Ich bin Vegetarier"),
    non_examples=("I prefer the aisle", "no window"),
)

_WORD = rule(
    "detect.word",
    r"[^\W\d_]+(?:'[^\W\d_]+)?",
    means='A word of letters in any script, keeping one inner apostrophe: "don\'t", "j\'ai", "não".',
    why=(
        "The unit detect counts, looked up lower-cased in detect.english, detect.foreign and detect.shared; "
        "digits and punctuation are no words."
    ),
    examples=("don't", "j'ai"),
    non_examples=("14:05", "#3"),
)
