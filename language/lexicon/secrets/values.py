"""The records of :mod:`language.secrets.values`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import fragment, rule, words
from language.secrets.hits import word_set
from language.secrets.tries import alternation_of
from language.secrets.vocabulary import CONNECTORS

_CONNECTOR_WORDS = words(
    "secrets.values.connector_words",
    (
        "is",
        "was",
        "are",
        "were",
        "is now",
        "is still",
        "is just",
        "is currently",
        "would be",
        "is going to be",
        "will be",
        "should be",
        "has been changed to",
        "has been set to",
        "was changed to",
        "changed to",
        "is set to",
        "set to",
        "reset to",
        "reads",
        "of",
        "est",
        "es",
        "ist",
        "é",
        "è",
        "era",
        "war",
        "c'est",
        "lautet",
    ),
    means='Connector words between a name and its value: "is", "was changed to", "set to", "est", "ist", "é" …',
    why='Tried longest first: "was changed to" must win over "was", or "changed" would be read as the value.',
    examples=("my password was changed to Lua!2024", "o PIN é 4821"),
    non_examples=("the password changed yesterday", "my pin, please"),
)

_CONNECTOR = rule(
    "secrets.values.connector",
    r"(?:\s*(?:[:=]+|->|→|=>)\s*|\s+[-–—]+\s+|['’]s(?:\s+(?:just|still|now))?\s+|\s*[?,]?\s*(?:it's|it is|its)\s+|"
    r"\s+(?:" + "|".join(sorted(_CONNECTOR_WORDS, key=len, reverse=True)) + r")(?:\s*:)?\s+)",
    flags=re.I,
    means='What joins a name to its value: ":", "=", "->", a dash, "\'s", "it\'s", or a connector word.',
    why="After it the value counts as connected: a password then need only not be a description.",
    examples=("my password is hunter2", "PIN: 4821", "wifi password -> Lua!2024"),
    non_examples=("my password hunter2", "PIN 4821"),
)

_QUALIFIER = rule(
    "secrets.values.qualifier",
    r"\s+(?:(?:for|to|on|at|of|with|in|into|from)\s+|(?:(?:that|which)\s+)?(?:i|we|you|they)\s+)"
    r"[^\n.,;:!?=\[]{1,40}?(?=\s+(?:is|was|are|'s)\s|\s*[:=]|['’]s\s|\s+\d)",
    flags=re.I,
    means='What a secret is for, or who set it, before its connector: "for the airline app", "(that) I set".',
    why=(
        'Passed over: "password for the airline app is …", "the PIN I set is …"; digits right after it '
        'are the value, unconnected ("access code for the building 90210").'
    ),
    examples=("password for the airline app is Lua!2024", "access code for the building 90210"),
    non_examples=("password for the airline app", "PIN for the card, please"),
)

_DIGITS_NEXT = rule(
    "secrets.values.digits_next",
    r"\s+(?=\d)",
    means="Spaces before a digit.",
    why=(
        'After a qualifier with no connector, digits right after are the value: "access code for the building 90210".'
    ),
    examples=("for the building 90210",),
    non_examples=("for the building", "floor two"),
)

_FUNCTION_WORDS = words(
    "secrets.values.function_words",
    word_set(
        """a an the my your his her our their its this that these those it i me we you he she they them there here
    is was are were be been being am not no never n't and or but so if then than as at by for from in into of
    off on onto out over to up with without about again also just only still even very too quite really
    probably definitely maybe always usually sometimes somewhere something anything nothing everything what
    which who whom whose when where why how whatever whichever one same different other another all any some
    both each every either neither such own new old now later soon yet already please ok okay yes"""
    ),
    means=(
        "English function words: articles, pronouns, auxiliaries, prepositions, conjunctions and common "
        'adverbs ("the", "my", "is", "not", "also", "probably", "please" …).'
    ),
    why='"my password is the same", "my PIN is not working": none of them is ever the value.',
    examples=("my password is the same", "for the airline app"),
    non_examples=("hunter2", "Tr0ub4dor&3"),
)

_OTHER_FUNCTION_WORDS = words(
    "secrets.values.other_function_words",
    word_set(
        """dans sur sous avec chez pour par sans vers ici là em no na nos nas com sem para por sobre aqui ali en con
    sin aquí allí im auf bei mit ohne für unter über hier dort nel nella nei sul sulla senza per su qui lì
    dentro affiché affichée écrit écrite noté notée imprimé imprimée indiqué indiquée mostrado mostrada escrito
    escrita impreso impresa anotado anotada impresso impressa angezeigt geschrieben gedruckt notiert scritto
    scritta stampato stampata indicato indicata"""
    ),
    means=(
        "Function words of the other languages, and words saying where a secret is kept or how it is "
        'shown ("dans", "sur", "aqui", "hier", "écrit", "impreso", "angezeigt" …): never the secret '
        "itself."
    ),
    why='Talk about the secret, not it: "la réponse est dans mon carnet", "a senha está no recibo".',
    examples=("la réponse est dans mon carnet", "a senha está no recibo"),
    non_examples=("Lua!2024", "Sonnenschein7"),
)

_DESCRIPTIVE = words(
    "secrets.values.descriptive",
    word_set(
        """wrong incorrect correct right invalid valid expired expiring long short weak strong secure safe unsafe
    simple easy hard difficult complicated complex case-sensitive sensitive required needed necessary optional
    mandatory missing lost forgotten changed reset blocked locked hidden visible written saved stored printed
    shown displayed listed included attached available provided given sent texted emailed coming working
    broken useless annoying weird strange impossible ridiculous terrible fine good bad great unknown private
    secret confidential personal temporary temp default standard generic obvious random same identical
    unchanged blank empty null none nil tbd tba unclear stupid dumb silly funny face fingerprint touch
    biometric biometrics
    enough protected encrypted hashed masked redacted there asking needing"""
    ),
    means=(
        "Words that describe a secret rather than being it: wrong, expired, long, weak, case-sensitive, "
        "forgotten, changed, blocked, written, saved, sent, temporary, default, same, blank …"
    ),
    why='"my PIN got blocked", "the code expired": talk about a secret, no value.',
    examples=("my PIN got blocked", "the password is case-sensitive"),
    non_examples=("hunter2", "my PIN is 4821"),
)

_SUFFIXES = words(
    "secrets.values.suffixes",
    ("ing", "ed", "ly", "able", "ible"),
    means='The endings of words that describe or carry the sentence on: "-ing", "-ed", "-ly", "-able", "-ible".',
    why='A word of letters only, longer than four, ending so is no secret ("working", "changed", "probably").',
    examples=("-ing", "-able"),
    non_examples=("-er", "-s"),
)

_CONTRACTION = rule(
    "secrets.values.contraction",
    r"[a-z]+['’](?:t|s|d|ll|re|ve|m)",
    flags=re.I,
    means='An English contraction: "isn\'t", "it\'s", "I\'d", "we\'ll", "they\'re", "I\'ve", "I\'m".',
    why='It carries the sentence on, so it is never the value ("my password isn\'t working").',
    examples=("my password isn't working", "don't"),
    non_examples=("O'Brien", "l'hôtel"),
)

_ELIDED = rule(
    "secrets.values.elided",
    r"[^\W\d_]{1,5}['’][^\W\d_]+",
    means='A word elided onto the next: "l\'hôtel", "dell\'account", "d\'accès".',
    why="It is a word of the sentence, though it holds a mark, so it does not look like a password.",
    examples=("dell'account", "l'hôtel"),
    non_examples=("Lua'2024", "'Sintra'"),
)

_LATER_VALUE = rule(
    "secrets.values.later_value",
    r"(?:\s+(?:the\s+)?same)?\s*[,;:]?\s*(?:(?:it's|it is|its|which is|namely|i\.e\.)\s+)?",
    flags=re.I,
    means='Between a description and the real value: " the same, it\'s ", ", which is " (all optional).',
    why='"is the same, it\'s Qwerty2024": the value one step on must then look like a password.',
    examples=(", which is ", " the same, it's ", " "),
    non_examples=("hunter2", " and then "),
    test="whole",
)

_TOKEN = rule(
    "secrets.values.token",
    r"\S+",
    means="One token: everything up to the next space.",
    why="A password's value is one token; a free-text answer is up to six of them.",
    examples=("hunter2", "Tr0ub4dor&3"),
    non_examples=("two words", "hunter2 please"),
    test="whole",
)

_APPOSITION = rule(
    "secrets.values.apposition",
    r",\s*([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,3})",
    means='A name after a comma: up to four capitalised words (", Azinhaga", ", Colégio Alemão").',
    why=(
        "When the clause after a security question's connector is a description (\"is my grandmother's village, "
        'Azinhaga"), the answer is the name that follows it.'
    ),
    examples=("my grandmother's village, Azinhaga", "the school in Porto, Colégio Alemão"),
    non_examples=("my grandmother's village, near Porto", "Azinhaga"),
)

_CLAUSE_END = rule(
    "secrets.values.clause_end",
    r"[.,;!?\n]|\s[-\u2013\u2014]+\s|\s(?:and|but|so|because|if|though|although|or|which|plus)\s",
    flags=re.I,
    means=(
        "Where a free-text answer ends: punctuation, a line break, a dash between spaces, or a "
        'conjunction ("and", "but", "because", "which" …).'
    ),
    why='The answer stops before the next clause: "it\'s Biscuit — also I\'m in …" masks "Biscuit".',
    examples=("it's Biscuit — also I'm in the BA Executive Club", "O'Brien and I need a window seat"),
    non_examples=("Wellington Crescent", "St Brigid's"),
)

_SPELLED = fragment(
    "secrets.values.spelled",
    r"(?:zero|oh|nought|one|two|three|four|five|six|seven|eight|nine)",
    means='A digit spelled out: "zero", "oh", "nought", "one" … "nine".',
    why="A PIN or a code read aloud is a run of these.",
    examples=("one", "oh", "nought"),
    non_examples=("ten", "none"),
)

_DIGITS_VALUE = rule(
    "secrets.values.digits_value",
    rf"(?P<v>\d(?:[ -]?\d){{2,9}}|{_SPELLED}(?:[\s,-]+{_SPELLED}){{3,8}})(?![\d:/%.,]\d|[A-Za-z0-9€$£])",
    flags=re.I,
    means=(
        "A PIN or a code: three to ten digits, spaces or dashes allowed between them, or four to nine "
        'digits spelled out ("4821", "48-21-99", "four eight two one").'
    ),
    why="A time, a price or a glued-on word is none; callers ask for four digits where a PIN needs them.",
    examples=("PIN 4821", "four eight two one", "code 48-21-99"),
    non_examples=("at 10:30", "4821€"),
)

_COMMA = rule(
    "secrets.values.comma",
    r",\s*",
    means='A comma and the spaces after it, between a name and its value: "TAP sent me a code, 559201".',
    why="Passed over before a PIN's or a code's value.",
    examples=("TAP sent me a code, 559201",),
    non_examples=("TAP sent me a code 559201", "my PIN; 6611"),
)

_ASIDE = rule(
    "secrets.values.aside",
    r",[^\n.;:!?\d]{1,40}:\s*",
    means=(
        'An aside after a comma, ended by a colon, before a PIN or a code: "my PIN, in case the machine asks: 6611".'
    ),
    why="Passed over, so the value after the colon is read.",
    examples=("my PIN, in case the machine asks: 6611",),
    non_examples=("my PIN, 6611", "my PIN, in case the machine asks, is 6611"),
)

_CODE_VALUE = rule(
    "secrets.values.code_value",
    r"(?P<v>(?:G-)?\d(?:[ -]?\d){3,9}|[A-Za-z0-9]{4,5}-[A-Za-z0-9]{4,5})(?![\d:/%]\d|[A-Za-z0-9€$£])",
    means=(
        'A one-time or backup code: four to ten digits (spaces or dashes allowed), perhaps after "G-", or '
        'two groups of four or five letters and digits joined by a dash ("G-551024", "8f3k-29dx").'
    ),
    why='A dashed pair needs a digit in it to count ("well-known" is no code).',
    examples=("G-551024", "backup code 8f3k-29dx", "551 203"),
    non_examples=("check-in", "at 10:30"),
)

_SENT_CLAUSE = rule(
    "secrets.values.sent_clause",
    r"\s+(?:that\s+)?(?:(?:you|they|it|i|we|the\s+\w+|my\s+\w+)\s+)?(?:just\s+)?(?:sent|texted|emailed|got|"
    r"received|gave|shows?|showed)(?:\s+(?:me|us|to\s+me|by\s+[^\n.,;:!?\d]{1,25}?|from\s+[^\n.,;:!?\d]{1,25}?))?"
    r"(?=\s*[:=]|\s+(?:is|was)\s|\s+\d)",
    flags=re.I,
    means=(
        'How a code came, between its name and its value: "the code (that) you sent me: …", "the login code they '
        'texted is …", "security code sent by my bank: …".'
    ),
    why="Passed over, so the connector or the digits after it are read.",
    examples=("the code you sent me: 551203", "security code sent by my bank: 551203"),
    non_examples=("the code you sent me yesterday", "I sent the code"),
)

_CONNECTOR_NEXT = rf"(?=\s+(?:{alternation_of(CONNECTORS)})\b|\s*[:=])"

_BRACKETED = rule(
    "secrets.values.bracketed",
    rf"\s*\([^()\n]{{1,40}}\)|\s+[-–—]{{1,2}}\s[^-–—\n]{{1,40}}\s[-–—]{{1,2}}{_CONNECTOR_NEXT}"
    # "my mother's maiden name, for the bank's check, is …": an aside between commas, when a connector follows.
    rf"|\s*,\s[^,\n.;:]{{1,30}},{_CONNECTOR_NEXT}",
    means=(
        "An aside right after a secret's name: in brackets, between dashes, or between commas when a "
        'connector follows ("my first school (for the security q) is …", "my mother\'s maiden name, for the bank\'s '
        'check, is …").'
    ),
    why="What is said in an aside is about the secret, never its value, so it is passed over.",
    examples=("my first school (for the security q) is", "my mother's maiden name, for the bank's check, is"),
    non_examples=("my mother's maiden name, O'Brien", "my first school is St Brigid's"),
)

_WRAPPED = rule(
    "secrets.values.wrapped",
    r"""(?:\*{1,2}|_|`|"|')(?=[A-Za-z]{0,3}\d)""",
    means=(
        'A value set off as people set it off in chat: bold or italic asterisks, a code span, quotes ("pin *9291*",'
        ' "the PIN: `158355`", \'PIN "9036"\').'
    ),
    why="The mark is no part of the value; what it opens is read as usual.",
    examples=("pin *9291*", "the PIN: `158355`"),
    non_examples=("pin *hidden*", "the PIN: 9036"),
)

_GROUP = rule(
    "secrets.values.group",
    r"[A-Za-z0-9]{3,10}(?:-[A-Za-z0-9]{3,10})*(?![\w-])",
    means=(
        "One group of a recovery-code list: three to ten letters and digits, or several such joined by "
        'dashes ("k5x3-592s", "QW5U", "46171910").'
    ),
    why="A list of them after a recovery cue is masked whole.",
    examples=("k5x3-592s cm2n-k6e9", "QW5U YTW5 JXHH 1LI8"),
    non_examples=("k5", "#1"),
)

_LIST_GAP = rule(
    "secrets.values.list_gap",
    r"[ \t]*[,;/][ \t]*|[ \t]+(?:(?:and|und|e|y|et|ed|&)[ \t]+)?",
    means=(
        "What stands between two recovery codes on one line: a comma, a semicolon, a slash, spaces, or "
        '"and" in the six languages ("und", "e", "y", "et", "ed", "&").'
    ),
    why="",
    examples=("k5x3-592s, cm2n-k6e9", "46171910 and 24178985"),
    non_examples=("k5x3-592s\ncm2n-k6e9", "46171910"),
)

_ACCESS_VALUE = rule(
    "secrets.values.access_value",
    r"(?:[#*] ?)?[A-Za-z]?\d(?:[ -]?\d){2,9}[A-Za-z]?(?: ?[#*])?(?![\w:/%.,]\d|[\w€$£])",
    means=(
        'Door, gate and locker codes: digits, perhaps a letter and the keypad\'s "#" or "*" ("4821B", "#7731", '
        '"372").'
    ),
    why="Masked as a PIN; a time, a price or a longer number is none.",
    examples=("4821B", "#7731", "8-6-5-3"),
    non_examples=("10:30", "1500€"),
)

_ACCESS_TOKEN = rule(
    "secrets.values.access_token",
    r"[#*]?(?=[A-Za-z]*\d)[A-Za-z0-9]{3,10}[#*]?(?![\w-])",
    means=(
        'One token of three to ten letters and digits with a digit in it, perhaps with a keypad\'s "#" or '
        '"*" ("37C47").'
    ),
    why="An access code when three digits or more and two letters at most are in it.",
    examples=("37C47", "A12B#"),
    non_examples=("gate", "12"),
)

_CLOCK_OR_PRICE = rule(
    "secrets.values.clock_or_price",
    r"[€$£]?\d{1,4}(?:[:h.,]\d{1,2})?(?:[€$£%]|am|pm|h|eur|usd)?",
    flags=re.I,
    means='A time or a price: "18:20", "9h30", "€12.50", "10pm", "20%".',
    why=(
        'A value that would otherwise pass as password-shaped ("10:30pm", "12.50eur") is none when it is '
        "a time or a price."
    ),
    examples=("18:20", "€12.50", "10pm"),
    non_examples=("ten thirty", "half past nine"),
)
