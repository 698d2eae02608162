"""Secrets said in words, second part: answers to security questions, and login credentials.

Security answers are free text ("my mother's maiden name is O'Brien", "the answer to my security question is
Fluffy"): the rest of the clause is masked, at most six words. Credentials are a username with its password
("username bob password hunter2", "bob:hunter2" after "credentials", "https://admin:pw@host"): the pair is
masked as one, since either half helps an attacker with the other.
"""

from __future__ import annotations

from collections.abc import Iterator

from language.lexicon.secrets.hits import FIXED_MASKS
from language.lexicon.secrets.logins import (
    _BARE_ANSWER,
    _CAPITALISED,
    _CREDENTIAL_CUE,
    _CREDENTIAL_PAIR,
    _DEVICE,
    _JOINED_PAIR,
    _NAMED_ANSWER,
    _SECURITY_CONNECTOR,
    _SECURITY_CUE,
    _SECURITY_TOPIC,
    _URL_AUTH,
)
from language.secrets.hits import Hit, strip_value
from language.secrets.values import clause_value, is_description, looks_secret, skip_aside


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
