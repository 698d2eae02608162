"""Secrets said in words, second part: answers to security questions, and login credentials.

Security answers are free text ("my mother's maiden name is O'Brien", "the answer to my security question is
Fluffy"): the rest of the clause is masked, at most six words. Credentials are a username with its password
("username bob password hunter2", "bob:hunter2" after "credentials", "https://admin:pw@host"): the pair is
masked as one, since either half helps an attacker with the other.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from language.secrets.hits import FIXED_MASKS, Hit, strip_value
from language.secrets.values import clause_value, is_description, looks_secret, skip_aside
from language.text import whole_words

_SECURITY_CUE = re.compile(
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
    re.I,
)
# "the 'street you grew up on' answer is Wellington Crescent", "primary school answer is St Brigid's": the answer
# to a question named right before the word (quoted, or a noun), not "the answer is no" or "my answer is Lisbon".
_ANSWER = r"(?:answer|antwort|resposta|respuesta|r[ée]ponse|risposta)"
_NAMED_ANSWER = re.compile(
    r"(?:['\"][^'\"\n]{3,60}['\"]|(?<![\w'])(?!(?:the|my|your|his|her|our|their|a|an|this|that|short|long|"
    # (A word is at most 40 characters, taken whole: a 40,000-character run of hyphenated words took 9 s.)
    r"right|wrong|correct|final|same|only|quick|best|honest|obvious|real|true|official)\s)[A-Za-z][\w'-]{2,40}+)\s+"
    + _ANSWER
    + r"\b",
    re.I,
)
_CAPITALISED = re.compile(r"\s+([A-Z][\w'’-]+)")
_BARE_ANSWER = re.compile(rf"\b{_ANSWER}\s*[:=]\s*", re.I)
# What says a question is a security question, in the six languages ("pergunta de segurança: …, resposta: …").
_SECURITY_TOPIC = whole_words(
    r"security|secret|memorable|seguran[çc]a|seguridad|s[ée]curit[ée]|sicherheit\w*|sicurezza|secret[ao]|"
    r"secr[èe]te|geheim\w*|segret[ao]"
)
_SECURITY_CONNECTOR = re.compile(
    r"(?:\s*[:=]\s*|\s+[-–—]+\s+|['’]s\s+|\s+(?:is called|was called|was named|is named|would be|is|was|est|es|ist|"
    r"war|é|è)"
    r"\s*:?\s+)",
    re.I,
)
_CREDENTIAL_PAIR = re.compile(
    r"\b(?:user(?:\s?name)?|login|log-?in|user\s?id|e-?mail|account|id)\s*(?:is|:|=|-)?\s*"
    r"(?P<u>[\w.@+\-]{0,64}\w)[\s,;]*(?:(?:and|&|/|with)\s+)?(?:(?:my|the|with|a)\s+)?"
    r"(?:pass(?:word)?|pwd|pw|passwd|p/w|passcode|pin)\s*(?:is|:|=|-)?\s*(?P<p>\S+)",
    re.I,
)
_JOINED_PAIR = re.compile(
    r"(?<![\w/@:.\-])(?!(?:log-?in|logon|username|user|creds?|credentials|account|e-?mail|password|pwd|pw|pass|id)"
    r"\s?[:/])(?P<u>[A-Za-z0-9._%+\-]{1,64}(?:@[A-Za-z0-9\-]{1,63}(?:\.[A-Za-z0-9\-]{1,63}){1,5})?)\s?(?::|\s/\s|/)\s?"
    r"(?P<p>[^\s:/]{3,64})"
)
_CREDENTIAL_CUE = whole_words(
    r"credentials?|creds|login|log(?:ging)?[- ]?in|logon|log-on|sign(?:ing)?[- ]?in|username|user\s?name|"
    r"user/pass(?:word)?|account|portal|access"
)
_DEVICE = whole_words(r"router|modem|wi-?fi|server|ssh|ftp|admin|portal|nas|camera")
_URL_AUTH = re.compile(r"\b[a-z][a-z0-9+.\-]{0,15}://(?P<u>[^/\s:@]{1,128}):(?P<p>[^/\s@]{1,128})@", re.I)


def security_answer_hits(text: str, view: str) -> Iterator[Hit]:
    mask = FIXED_MASKS["security_answer"]
    for m in _SECURITY_CUE.finditer(view):
        c = _SECURITY_CONNECTOR.match(text, skip_aside(text, m.end()))
        if c:
            found = clause_value(text, c.end())
        elif "maiden" in m.group(0).lower() and not m.group(0).lower().startswith("maiden"):
            # "mother's maiden name Smith": no connector, but a capitalised name right after is the answer.
            name = _CAPITALISED.match(text, m.end())
            found = (name.start(1), name.end(1)) if name else None
        else:
            found = None
        if found:
            yield Hit("security_answer", *found, mask)
    for m in _NAMED_ANSWER.finditer(view):
        c = _SECURITY_CONNECTOR.match(text, m.end())
        found = clause_value(text, c.end()) if c else None
        if found and (text[found[0]].isupper() or text[found[0]].isdigit()):
            yield Hit("security_answer", *found, mask)
    # "security question: first pet. answer: Rex"
    for m in _BARE_ANSWER.finditer(view):
        if _SECURITY_TOPIC.search(view, max(0, m.start() - 80), m.start()):
            found = clause_value(text, m.end())
            if found:
                yield Hit("security_answer", *found, mask)


def credential_hits(text: str, view: str) -> Iterator[Hit]:
    mask = FIXED_MASKS["credentials"]
    for m in _URL_AUTH.finditer(text):
        yield Hit("credentials", m.start("u"), m.end("p"), mask)
    for m in _CREDENTIAL_PAIR.finditer(view):
        user, secret = m.group("u"), m.group("p")
        if is_description(user) or is_description(secret.strip(".,;:!?\"'")):
            continue
        yield Hit("credentials", *strip_value(text, m.start("u"), m.end("p")), mask)
    if ":" not in text and "/" not in text:
        return
    for m in _JOINED_PAIR.finditer(text):
        user, secret = m.group("u"), m.group("p")
        clock = secret[:2].isdigit() and user[-2:].isdigit()  # "10:30", "9/11"
        if user.isdigit() or clock or user.lower() in ("http", "https"):
            continue
        cued = _CREDENTIAL_CUE.search(view, max(0, m.start() - 40), m.start()) or _DEVICE.search(
            view, m.end(), m.end() + 30
        )
        if not cued or is_description(user) or not looks_secret(secret):
            continue
        yield Hit("credentials", *strip_value(text, m.start("u"), m.end("p")), mask)
