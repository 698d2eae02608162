"""The records of :mod:`language.secrets.logins`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import fragment, rule, whole_words

_SECURITY_CUE = rule(
    "secrets.logins.security_cue",
    r"\b(?:(?:mother|mom|mum|mam|mommy|mummy)(?:['’]?s)?\s+maiden\s+name|maiden\s+name|"
    r"answer\s+to\s+(?:my|the)\s+(?:secret\s+|security\s+)?question(?:\s+[^\n.,;:!?]{1,40}?(?=\s+(?:is|was)\s|:))?|"
    r"answer\s+to\s+(?:\"[^\"\n]{3,60}\"|“[^”\n]{3,60}”|'(?:[^'\n]|'(?=\w)){3,60}'|‘(?:[^’\n]|’(?=\w)){3,60}’)|"
    r"(?:security|secret)\s+(?:question\s+)?answer|memorable\s+(?:word|information|info|phrase|name|date|place)|"
    # "my first pet was Rex"; without "my", only as a label: "first pet: Rex" (not "the first pet is free").
    r"(?:(?<=my\s)|(?=first\s+(?:pet|dog|cat|car|school|teacher|job|boss)(?:['’]s\s+name)?\s*[:=]))"
    r"first\s+(?:pet|dog|cat|car|school|teacher|job|boss)(?:['’]s\s+name)?|"
    r"childhood\s+(?:nickname|best\s+friend|hero|street|pet)|favou?rite\s+(?:teacher|childhood\s+\w+)|"
    r"street\s+I\s+grew\s+up\s+on|nom\s+de\s+jeune\s+fille(?:\s+de\s+ma\s+m[èe]re)?|apellido\s+de\s+soltera)"
    r"(?=\s|:|=|['’]s)",
    flags=re.I,
    means="",
    why="",
    examples=("my first pet was Rex", "first pet: Rex"),
    non_examples=("my", "the first pet is free"),
)

_ANSWER = fragment(
    "secrets.logins.answer",
    r"(?:answer|antwort|resposta|respuesta|r[ée]ponse|risposta)",
    means=(
        '"the \'street you grew up on\' answer is Wellington Crescent", "primary school answer is St Brigid\'s": the '
        'answer to a question named right before the word (quoted, or a noun), not "the answer is no" or "my answer'
        ' is Lisbon".'
    ),
    why="",
    examples="answer",
    non_examples="always",
)

_NAMED_ANSWER = rule(
    "secrets.logins.named_answer",
    r"(?:['\"][^'\"\n]{3,60}['\"]|(?<![\w'])(?!(?:the|my|your|his|her|our|their|a|an|this|that|short|long|"
    # (A word is at most 40 characters, taken whole: a 40,000-character run of hyphenated words took 9 s.)
    r"right|wrong|correct|final|same|only|quick|best|honest|obvious|real|true|official)\s)[A-Za-z][\w'-]{2,40}+)\s+"
    + _ANSWER
    + r"\b",
    flags=re.I,
    means="",
    why="",
    examples="Please answer in Dutch",
    non_examples=("my mother's maiden name is O'Brien", "username bob password hunter2"),
)

_CAPITALISED = rule(
    "secrets.logins.capitalised",
    r"\s+([A-Z][\w'’-]+)",
    means="",
    why="",
    examples="my mother's maiden name is O'Brien",
    non_examples=("username bob password hunter2", "bob:hunter2"),
)

_BARE_ANSWER = rule(
    "secrets.logins.bare_answer",
    rf"\b{_ANSWER}\s*[:=]\s*",
    flags=re.I,
    means="",
    why="",
    examples="security answer: blue Peugeot",
    non_examples=("my mother's maiden name is O'Brien", "username bob password hunter2"),
)

_SECURITY_TOPIC = whole_words(
    "secrets.logins.security_topic",
    r"security|secret|memorable|seguran[çc]a|seguridad|s[ée]curit[ée]|sicherheit\w*|sicurezza|secret[ao]|"
    r"secr[èe]te|geheim\w*|segret[ao]",
    means=(
        'What says a question is a security question, in the six languages ("pergunta de segurança: …, resposta: '
        '…").'
    ),
    why="",
    examples="pergunta de segurança: , resposta:",
    non_examples=("my mother's maiden name is O'Brien", "username bob password hunter2"),
)

_SECURITY_CONNECTOR = rule(
    "secrets.logins.security_connector",
    r"(?:\s*[:=]\s*|\s+[-–—]+\s+|['’]s\s+|\s+(?:is called|was called|was named|is named|would be|is|was|est|es|ist|"
    r"war|é|è)"
    r"\s*:?\s+)",
    flags=re.I,
    means="",
    why="",
    examples=("my mother's maiden name is O'Brien", "bob:hunter2"),
    non_examples=("username bob password hunter2", "credentials"),
)

_CREDENTIAL_PAIR = rule(
    "secrets.logins.credential_pair",
    r"\b(?:user(?:\s?name)?|login|log-?in|user\s?id|e-?mail|account|id)\s*(?:is|:|=|-)?\s*"
    r"(?P<u>[\w.@+\-]{0,64}\w)[\s,;]*(?:(?:and|&|/|with)\s+)?(?:(?:my|the|with|a)\s+)?"
    r"(?:pass(?:word)?|pwd|pw|passwd|p/w|passcode|pin)\s*(?:is|:|=|-)?\s*(?P<p>\S+)",
    flags=re.I,
    means="",
    why="",
    examples="username bob password hunter2",
    non_examples=("my mother's maiden name is O'Brien", "bob:hunter2"),
)

_JOINED_PAIR = rule(
    "secrets.logins.joined_pair",
    r"(?<![\w/@:.\-])(?!(?:log-?in|logon|username|user|creds?|credentials|account|e-?mail|password|pwd|pw|pass|id)"
    r"\s?[:/])(?P<u>[A-Za-z0-9._%+\-]{1,64}(?:@[A-Za-z0-9\-]{1,63}(?:\.[A-Za-z0-9\-]{1,63}){1,5})?)\s?(?::|\s/\s|/)\s?"
    r"(?P<p>[^\s:/]{3,64})",
    means="",
    why="",
    examples="bob:hunter2",
    non_examples=("my mother's maiden name is O'Brien", "username bob password hunter2"),
)

_CREDENTIAL_CUE = whole_words(
    "secrets.logins.credential_cue",
    r"credentials?|creds|login|log(?:ging)?[- ]?in|logon|log-on|sign(?:ing)?[- ]?in|username|user\s?name|"
    r"user/pass(?:word)?|account|portal|access",
    means="",
    why="",
    examples=("username bob password hunter2", "credentials"),
    non_examples=("my mother's maiden name is O'Brien", "bob:hunter2"),
)

_DEVICE = whole_words(
    "secrets.logins.device",
    r"router|modem|wi-?fi|server|ssh|ftp|admin|portal|nas|camera",
    means="",
    why="",
    examples="https://admin:pw@host",
    non_examples=("my mother's maiden name is O'Brien", "username bob password hunter2"),
)

_URL_AUTH = rule(
    "secrets.logins.url_auth",
    r"\b[a-z][a-z0-9+.\-]{0,15}://(?P<u>[^/\s:@]{1,128}):(?P<p>[^/\s@]{1,128})@",
    flags=re.I,
    means="",
    why="",
    examples="https://admin:pw@host",
    non_examples=("my mother's maiden name is O'Brien", "username bob password hunter2"),
)
