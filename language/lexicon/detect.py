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
    means="",
    why="",
    examples="I am not sure",
    non_examples=("Não sou vegan", ","),
)

_SHARED = words(
    "detect.shared",
    frozenset(
        str.split("a no me die is on in as am do ma son u sim mon per con dank ben est las los um mia fur")
    ),
    means=(
        'Words both English and another language write ("do" is Portuguese for "of the", "no" for "in the"): they '
        "say nothing about which language a sentence is in, so neither side counts them."
    ),
    why="",
    examples=("do", "no"),
    non_examples=("of the", "Não sou vegan"),
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
    means="",
    why="",
    examples="Não sou vegan",
    non_examples=("I am not sure", ","),
)

_WORD = rule(
    "detect.word",
    r"[^\W\d_]+(?:'[^\W\d_]+)?",
    means="",
    why="",
    examples=("I am not sure", "Não sou vegan"),
    non_examples=",",
)
