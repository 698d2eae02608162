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
    means='Longest first: "was changed to" must win over "was", or "changed" would be read as the value.',
    why="",
    examples=("was changed to", "was"),
    non_examples=("changed", "password"),
)

_CONNECTOR = rule(
    "secrets.values.connector",
    r"(?:\s*(?:[:=]+|->|→|=>)\s*|\s+[-–—]+\s+|['’]s(?:\s+(?:just|still|now))?\s+|\s*[?,]?\s*(?:it's|it is|its)\s+|"
    r"\s+(?:" + "|".join(sorted(_CONNECTOR_WORDS, key=len, reverse=True)) + r")(?:\s*:)?\s+)",
    flags=re.I,
    means="",
    why="",
    examples="hi :)",
    non_examples=("password", "PIN"),
)

_QUALIFIER = rule(
    "secrets.values.qualifier",
    r"\s+(?:(?:for|to|on|at|of|with|in|into|from)\s+|(?:(?:that|which)\s+)?(?:i|we|you|they)\s+)"
    r"[^\n.,;:!?=\[]{1,40}?(?=\s+(?:is|was|are|'s)\s|\s*[:=]|['’]s\s|\s+\d)",
    flags=re.I,
    means='"password for the airline app is …", "password (that) I set is …"',
    why="",
    examples="the one at 18:20",
    non_examples=("password for the airline app is", "password (that) I set is"),
)

_DIGITS_NEXT = rule(
    "secrets.values.digits_next",
    r"\s+(?=\d)",
    means="",
    why="",
    examples="opt 1",
    non_examples=("password", "PIN"),
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
    means="",
    why="",
    examples=("for the airline app", "), a connector ("),
    non_examples=("password", "PIN"),
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
        "The same role in the other languages: where a secret is kept or what it is like, never the secret itself "
        '("la réponse … est dans mon carnet", "a senha está no recibo").'
    ),
    why="",
    examples=("la réponse  est dans mon carnet", "a senha está no recibo"),
    non_examples=("password", "PIN"),
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
    means="",
    why="",
    examples=("my PIN got blocked", "wrong"),
    non_examples=("password", "PIN"),
)

_SUFFIXES = words(
    "secrets.values.suffixes",
    ("ing", "ed", "ly", "able", "ible"),
    means="",
    why="",
    examples="I us\u200ced to want the aisle seat every time",
    non_examples=("password", "PIN"),
)

_CONTRACTION = rule(
    "secrets.values.contraction",
    r"[a-z]+['’](?:t|s|d|ll|re|ve|m)",
    flags=re.I,
    means="",
    why="",
    examples="don't",
    non_examples=("password", "PIN"),
)

_ELIDED = rule(
    "secrets.values.elided",
    r"[^\W\d_]{1,5}['’][^\W\d_]+",
    means="",
    why="",
    examples="don't",
    non_examples=("password", "PIN"),
)

_LATER_VALUE = rule(
    "secrets.values.later_value",
    r"(?:\s+(?:the\s+)?same)?\s*[,;:]?\s*(?:(?:it's|it is|its|which is|namely|i\.e\.)\s+)?",
    flags=re.I,
    means="",
    why="",
    examples=(", which is ",),
    non_examples=("hunter2",),
    test="whole",
)

_TOKEN = rule(
    "secrets.values.token",
    r"\S+",
    means="",
    why="",
    examples=("hunter2",),
    non_examples=("two words",),
    test="whole",
)

_APPOSITION = rule(
    "secrets.values.apposition",
    r",\s*([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,3})",
    means="",
    why="",
    examples="No, I'm good",
    non_examples=("password", "PIN"),
)

_CLAUSE_END = rule(
    "secrets.values.clause_end",
    r"[.,;!?\n]|\s[-\u2013\u2014]+\s|\s(?:and|but|so|because|if|though|although|or|which|plus)\s",
    flags=re.I,
    means="(A dash between spaces ends it too: \"it's Biscuit — also I'm in the BA Executive Club\".)",
    why="",
    examples=("it's Biscuit — also I'm in the BA Executive Club", ","),
    non_examples=("password", "PIN"),
)

_SPELLED = fragment(
    "secrets.values.spelled",
    r"(?:zero|oh|nought|one|two|three|four|five|six|seven|eight|nine)",
    means="",
    why="",
    examples="one",
    non_examples="always",
)

_DIGITS_VALUE = rule(
    "secrets.values.digits_value",
    rf"(?P<v>\d(?:[ -]?\d){{2,9}}|{_SPELLED}(?:[\s,-]+{_SPELLED}){{3,8}})(?![\d:/%.,]\d|[A-Za-z0-9€$£])",
    flags=re.I,
    means="",
    why="",
    examples="5453",
    non_examples=("password", "PIN"),
)

_COMMA = rule(
    "secrets.values.comma",
    r",\s*",
    means="",
    why="",
    examples=(",", "), a connector ("),
    non_examples=("password", "PIN"),
)

_ASIDE = rule(
    "secrets.values.aside",
    r",[^\n.;:!?\d]{1,40}:\s*",
    means="",
    why="",
    examples="alice:pw1, bob:pw2",
    non_examples=("password", "PIN"),
)

_CODE_VALUE = rule(
    "secrets.values.code_value",
    r"(?P<v>(?:G-)?\d(?:[ -]?\d){3,9}|[A-Za-z0-9]{4,5}-[A-Za-z0-9]{4,5})(?![\d:/%]\d|[A-Za-z0-9€$£])",
    means="",
    why="",
    examples="5453",
    non_examples=("password", "PIN"),
)

_SENT_CLAUSE = rule(
    "secrets.values.sent_clause",
    r"\s+(?:that\s+)?(?:(?:you|they|it|i|we|the\s+\w+|my\s+\w+)\s+)?(?:just\s+)?(?:sent|texted|emailed|got|"
    r"received|gave|shows?|showed)(?:\s+(?:me|us|to\s+me|by\s+[^\n.,;:!?\d]{1,25}?|from\s+[^\n.,;:!?\d]{1,25}?))?"
    r"(?=\s*[:=]|\s+(?:is|was)\s|\s+\d)",
    flags=re.I,
    means='"the code (that) you sent me: …", "the login code they texted is …", "security code sent by my bank: …"',
    why="",
    examples=("the code (that) you sent me:", "security code sent by my bank:"),
    non_examples=("the login code they texted is", "password"),
)

_CONNECTOR_NEXT = rf"(?=\s+(?:{alternation_of(CONNECTORS)})\b|\s*[:=])"

_BRACKETED = rule(
    "secrets.values.bracketed",
    rf"\s*\([^()\n]{{1,40}}\)|\s+[-–—]{{1,2}}\s[^-–—\n]{{1,40}}\s[-–—]{{1,2}}{_CONNECTOR_NEXT}"
    # "my mother's maiden name, for the bank's check, is …": an aside between commas, when a connector follows.
    rf"|\s*,\s[^,\n.;:]{{1,30}},{_CONNECTOR_NEXT}",
    means="",
    why="",
    examples="my mother's maiden name, for the bank's check, is",
    non_examples=("password", "PIN"),
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
    non_examples=("9036", "password"),
)

_GROUP = rule(
    "secrets.values.group",
    r"[A-Za-z0-9]{3,10}(?:-[A-Za-z0-9]{3,10})*(?![\w-])",
    means="",
    why="",
    examples=("password", "PIN"),
    non_examples=",",
)

_LIST_GAP = rule(
    "secrets.values.list_gap",
    r"[ \t]*[,;/][ \t]*|[ \t]+(?:(?:and|und|e|y|et|ed|&)[ \t]+)?",
    means="",
    why="",
    examples=("verification code", "for the airline app"),
    non_examples=("password", "PIN"),
)

_ACCESS_VALUE = rule(
    "secrets.values.access_value",
    r"(?:[#*] ?)?[A-Za-z]?\d(?:[ -]?\d){2,9}[A-Za-z]?(?: ?[#*])?(?![\w:/%.,]\d|[\w€$£])",
    means=(
        'Door, gate and locker codes: digits, perhaps a letter and the keypad\'s "#" or "*" ("4821B", "#7731", '
        '"372").'
    ),
    why="",
    examples="5453",
    non_examples=("or", "("),
)

_ACCESS_TOKEN = rule(
    "secrets.values.access_token",
    r"[#*]?(?=[A-Za-z]*\d)[A-Za-z0-9]{3,10}[#*]?(?![\w-])",
    means="",
    why="",
    examples="5453",
    non_examples=("password", "PIN"),
)

_CLOCK_OR_PRICE = rule(
    "secrets.values.clock_or_price",
    r"[€$£]?\d{1,4}(?:[:h.,]\d{1,2})?(?:[€$£%]|am|pm|h|eur|usd)?",
    flags=re.I,
    means="",
    why="",
    examples="5453",
    non_examples=("password", "PIN"),
)
