"""The records of :mod:`language.secrets.cues`: its rules, fragments and word tables
(kept as data in cues.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon
from language.lexicon.secrets.hits import SecretKind
from language.secrets.vocabulary import (
    CueKind,
)

# As a record the table's words are the cue kinds it maps ("password", "pin", "code" …), so its examples are texts
# that name one.
_KIND: dict[CueKind, SecretKind] = {
    "password": "password",
    "pin": "pin",
    "access_code": "pin",
    "code": "code",
    "recovery": "code",
    "card_code": "card",
    "security_answer": "security_answer",
    "bank_account": "bank_account",
    "passport": "passport",
    "id": "national_id",
}

_STEP, _CONNECT, _LABEL_CHARS, _JOINER, _POSSESSIVE, _NOW = lexicon.fragments(
    "secrets.cues", "step", "connect", "label_chars", "joiner", "possessive", "now"
)
(
    _QUALIFIED,
    _LABELLED,
    _ARTICLE,
    _CONNECTOR,
    LOOSE_CONNECTOR,
    _NEW,
    _SPACES,
    _ACCOUNT_VALUE,
    _CARD_CODE,
    _ANSWER_WORD,
    _DOCUMENT_TOKEN,
    _CALLED,
    _VALUE_GAP,
    _BEFORE_CUE,
    _DIGITS_ONLY,
    _CLAUSE_END,
    _LATER,
    _LABEL_HEAD,
    _NAME,
    _CHANGED_TO,
) = lexicon.rules(
    "secrets.cues",
    "qualified",
    "labelled",
    "article",
    "connector",
    "loose_connector",
    "new",
    "spaces",
    "account_value",
    "card_code",
    "answer_word",
    "document_token",
    "called",
    "value_gap",
    "before_cue",
    "digits_only",
    "clause_end",
    "later",
    "label_head",
    "name",
    "changed_to",
)
