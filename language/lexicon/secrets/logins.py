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
    means=(
        'The name of a security question or its answer: "mother\'s maiden name", "answer to my security question", '
        '"security answer", "memorable word", "my first pet", "childhood nickname", "nom de jeune fille", '
        '"apellido de soltera".'
    ),
    why=(
        "After its connector the rest of the clause is the answer (\"my mother's maiden name is O'Brien\"). "
        '"First pet" without "my" counts only as a label ("first pet: Rex"), not in "the first pet is free".'
    ),
    examples=("my first pet was Rex", "first pet: Rex", "my mother's maiden name is O'Brien"),
    non_examples=("the first pet is free", "a memorable trip to Lisbon"),
)

_ANSWER = fragment(
    "secrets.logins.answer",
    r"(?:answer|antwort|resposta|respuesta|r[ée]ponse|risposta)",
    means='"Answer" in the six languages: "answer", "Antwort", "resposta", "respuesta", "réponse", "risposta".',
    why=(
        'Named answers and bare "answer:" labels are built from it: "the \'street you grew up on\' answer is '
        'Wellington Crescent", "primary school answer is St Brigid\'s".'
    ),
    examples=("answer", "réponse", "Antwort"),
    non_examples=("answered", "question"),
)

_NAMED_ANSWER = rule(
    "secrets.logins.named_answer",
    r"(?:['\"][^'\"\n]{3,60}['\"]|(?<![\w'])(?!(?:the|my|your|his|her|our|their|a|an|this|that|short|long|"
    # (A word is at most 40 characters, taken whole: a 40,000-character run of hyphenated words took 9 s.)
    r"right|wrong|correct|final|same|only|quick|best|honest|obvious|real|true|official)\s)[A-Za-z][\w'-]{2,40}+)\s+"
    + _ANSWER
    + r"\b",
    flags=re.I,
    means=(
        'The answer to a question named right before the word "answer", quoted or as one noun: "the \'street you grew '
        'up on\' answer is …", "primary school answer is …".'
    ),
    why=(
        'The clause after its connector is the answer when it starts with a capital or a digit; "the answer is no" '
        'and "my answer is Lisbon" name no question, so a little word before "answer" does not count.'
    ),
    examples=(
        "the 'street you grew up on' answer is Wellington Crescent",
        "primary school answer is St Brigid's",
    ),
    non_examples=("the answer is no", "my answer is Lisbon"),
)

_CAPITALISED = rule(
    "secrets.logins.capitalised",
    r"\s+([A-Z][\w'’-]+)",
    means='A capitalised name after a space: " Smith", " O\'Brien".',
    why=(
        'After "mother\'s maiden name" with no connector, a capitalised name right after is the answer '
        '("mother\'s maiden name Smith").'
    ),
    examples=("mother's maiden name Smith", "maiden name O'Brien"),
    non_examples=("my mother's maiden name is secret", "maiden name please"),
)

_BARE_ANSWER = rule(
    "secrets.logins.bare_answer",
    rf"\b{_ANSWER}\s*[:=]\s*",
    flags=re.I,
    means='"Answer" as a label, with a colon or "=" after it: "answer: Rex", "resposta: Braga".',
    why=(
        "The rest of the clause is the answer when a security question was named in the 80 characters "
        'before ("security question: first pet. answer: Rex").'
    ),
    examples=(
        "security question: first pet. answer: Rex",
        "pergunta de segurança: cidade natal, resposta: Braga",
    ),
    non_examples=("the answer is Rex", "answered: yes"),
)

_SECURITY_TOPIC = whole_words(
    "secrets.logins.security_topic",
    r"security|secret|memorable|seguran[çc]a|seguridad|s[ée]curit[ée]|sicherheit\w*|sicurezza|secret[ao]|"
    r"secr[èe]te|geheim\w*|segret[ao]",
    means=(
        'What says a question is a security question, in the six languages: "security", "secret", '
        '"memorable", "segurança", "sécurité", "Sicherheit", "segreta" …'
    ),
    why=(
        'A bare "answer:" counts only after one of these ("pergunta de segurança: …, resposta: …"), not '
        'after any question ("which seat do you want? answer: window").'
    ),
    examples=("pergunta de segurança: cidade natal", "security question: first pet"),
    non_examples=("which seat do you want? answer: window", "my secretary booked it"),
)

_SECURITY_CONNECTOR = rule(
    "secrets.logins.security_connector",
    r"(?:\s*[:=]\s*|\s+[-–—]+\s+|['’]s\s+|\s+(?:is called|was called|was named|is named|would be|is|was|est|es|ist|"
    r"war|é|è)"
    r"\s*:?\s+)",
    flags=re.I,
    means=(
        'What joins a security question to its answer: ":", "=", a dash between spaces, "\'s", "is", '
        '"was", "is called", "would be", "est", "ist", "é" …'
    ),
    why=(
        'The rest of the clause after it is the answer ("my mother\'s maiden name is O\'Brien", "first pet was called '
        'Rex").'
    ),
    examples=("my mother's maiden name is O'Brien", "first pet was called Rex"),
    non_examples=("maiden name O'Brien", "first pet Rex"),
)

_CREDENTIAL_PAIR = rule(
    "secrets.logins.credential_pair",
    r"\b(?:user(?:\s?name)?|login|log-?in|user\s?id|e-?mail|account|id)\s*(?:is|:|=|-)?\s*"
    r"(?P<u>[\w.@+\-]{0,64}\w)[\s,;]*(?:(?:and|&|/|with)\s+)?(?:(?:my|the|with|a)\s+)?"
    r"(?:pass(?:word)?|pwd|pw|passwd|p/w|passcode|pin)\s*(?:is|:|=|-)?\s*(?P<p>\S+)",
    flags=re.I,
    means=(
        'A username and its password said together: "username bob password hunter2", "login: anna@mail.pt / pw '
        'Lisboa#1", "email jane@mail.com and the password Summer2024".'
    ),
    why=(
        "Masked as one, since either half helps an attacker with the other; a description on either side "
        '("login failed, password reset") is no pair.'
    ),
    examples=(
        "username bob password hunter2",
        "login: anna@mail.pt / pw Lisboa#1",
        "email jane@mail.com and the password Summer2024",
    ),
    non_examples=("I forgot my password", "my username is on the card, the password too"),
)

_JOINED_PAIR = rule(
    "secrets.logins.joined_pair",
    r"(?<![\w/@:.\-])(?!(?:log-?in|logon|username|user|creds?|credentials|account|e-?mail|password|pwd|pw|pass|id)"
    r"\s?[:/])(?P<u>[A-Za-z0-9._%+\-]{1,64}(?:@[A-Za-z0-9\-]{1,63}(?:\.[A-Za-z0-9\-]{1,63}){1,5})?)\s?(?::|\s/\s|/)\s?"
    r"(?P<p>[^\s:/]{3,64})",
    means='A username and a password joined by a colon or a slash: "bob:hunter2", "admin/Sintra2024".',
    why=(
        "Credentials only beside a credentials word before them or a device after them, and only when the "
        'second half looks like a password; a time ("10:30"), a date ("9/11") or a link is none.'
    ),
    examples=("credentials bob:hunter2", "admin/Sintra2024 for the router"),
    non_examples=("login: bob", "at 10:30 am"),
)

_CREDENTIAL_CUE = whole_words(
    "secrets.logins.credential_cue",
    r"credentials?|creds|login|log(?:ging)?[- ]?in|logon|log-on|sign(?:ing)?[- ]?in|username|user\s?name|"
    r"user/pass(?:word)?|account|portal|access",
    means=(
        'A word saying a login follows: "credentials", "creds", "login", "username", "sign in", '
        '"account", "portal", "access".'
    ),
    why=(
        'In the 40 characters before a joined pair it makes it credentials: "creds for the portal: bob:hunter2".'
    ),
    examples=("creds for the portal: bob:hunter2", "sign in with bob/Lisboa#1"),
    non_examples=("my accountant", "the blog in Lisbon"),
)

_DEVICE = whole_words(
    "secrets.logins.device",
    r"router|modem|wi-?fi|server|ssh|ftp|admin|portal|nas|camera",
    means=(
        "A device or service with a login: router, modem, wi-fi, server, SSH, FTP, admin, portal, NAS, "
        "camera."
    ),
    why='In the 30 characters after a joined pair it makes it credentials: "admin:Sintra2024 for the router".',
    examples=("admin:Sintra2024 for the router", "the wifi camera"),
    non_examples=("the service desk", "a cameraman"),
)

_URL_AUTH = rule(
    "secrets.logins.url_auth",
    r"\b[a-z][a-z0-9+.\-]{0,15}://(?P<u>[^/\s:@]{1,128}):(?P<p>[^/\s@]{1,128})@",
    flags=re.I,
    means=(
        'A username and password written inside a link: "https://admin:pw@host", '
        '"ftp://anna:Lisboa1@files.example.pt".'
    ),
    why="A link with a login in it hands the login over, so the pair is masked wherever it stands.",
    examples=("https://admin:pw@host", "ftp://anna:Lisboa1@files.example.pt"),
    non_examples=("https://www.booking.com/hotel", "https://anna@host.pt"),
)
