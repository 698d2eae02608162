"""The records of :mod:`language.secrets.entropy`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

from language.rules import rule, words

_BASE64_RUN = rule(
    "secrets.entropy.base64_run",
    r"(?<![A-Za-z0-9+/=_\-.:@%?&])[A-Za-z0-9+_\-]{20,}={0,2}(?![A-Za-z0-9+/=_\-@]|\.\w|://)",
    means=(
        'A run of twenty or more base64 characters (letters, digits, "+", "_", "-", up to two "=" after), '
        "not part of a path, an e-mail address, a domain or a link."
    ),
    why=(
        "A candidate key of a provider no pattern names: kept when it mixes digits and both cases, is not "
        'words run together ("Lisbon2Porto_Trip2025" is matched here and dropped), is not in a link, and '
        "its Shannon entropy reaches the limit."
    ),
    examples=("token: 9fK2xQ7mLp4RtZ8vWb3NcY6d", "Lisbon2Porto_Trip2025"),
    non_examples=(
        "lisbon-riverside-suites-2025@hotelmail.com",
        "booking.com/hotel/pt/lisbon-riverside-suites-2025",
    ),
)

_HEX_RUN = rule(
    "secrets.entropy.hex_run",
    r"(?<![A-Za-z0-9])[0-9a-fA-F]{32,}(?![A-Za-z0-9])",
    means='Thirty-two hex digits or more standing alone: "8744147375e64425fb6111b51b0d24c9".',
    why="A candidate key: kept when it mixes digits and letters and its entropy reaches 3 bits a character.",
    examples=("8744147375e64425fb6111b51b0d24c9",),
    non_examples=("8744147375e64425fb6111b51b0d24c", "8744147375e64425fb6111b51b0d24c9z"),
)

_WORD_SHAPE = rule(
    "secrets.entropy.word_shape",
    r"[A-Z]?[a-z]{3,}",
    means='A word-like stretch: three or more lower-case letters, perhaps after a capital ("Lisbon", "Trip").',
    why=(
        "A run whose word-like stretches (with a vowel) cover three fifths of it is words run together "
        '("Lisbon2Porto_Trip2025"), not a key; random keys seldom have more than a third.'
    ),
    examples=("Lisbon2Porto_Trip2025",),
    non_examples=("Q7XW2ZP9", "aB3dE9"),
)

_VOWEL = rule(
    "secrets.entropy.vowel",
    r"[aeiouyAEIOUY]",
    means='A vowel, "y" counted.',
    why='A word-like stretch counts as a word only with one: "Lisbon" does, "xkcd" does not.',
    examples=("Lisbon", "Porto"),
    non_examples=("xkcd", "QWRT"),
)

_SEED_LANGUAGES = words(
    "secrets.entropy.seed_languages",
    ("english", "spanish", "french", "italian", "portuguese", "czech", "turkish"),
    means=(
        "The languages of the BIP-39 word lists a seed phrase is checked against: those the mnemonic "
        "package ships in Latin script."
    ),
    why="Twelve or more words in a row from one of these lists are a wallet's recovery phrase.",
    examples=("French", "Portuguese"),
    non_examples=("Japanese", "German"),
)

_WORD = rule(
    "secrets.entropy.word",
    r"[^\W\d_]+",
    means="A word: a run of letters in any script, no digits or underscores.",
    why="A seed phrase is counted word by word against the word lists.",
    examples=("abandon ability able", "Lisbon2Porto_Trip2025"),
    non_examples=("2025", "1) 2) 3)"),
)

_GAP = rule(
    "secrets.entropy.gap",
    r"[\s,;.)(\-]*(?:\d{1,2}[.):\-]?[\s,;]*)?",
    means=(
        "What may stand between two words of a seed phrase: spaces, commas, line breaks and list "
        'numbering ("1. abandon 2) ability").'
    ),
    why="Anything else, another word above all, breaks the run, so an ordinary sentence never reaches twelve.",
    examples=(", 2) ", " ", "\n3. "),
    non_examples=("abandon", " and "),
    test="whole",
)
