"""The records of :mod:`language.reading.requests`: how a user asks the assistant to remember or to forget, said
once for the write gate, the ``forget_memory`` tool and the offline model (kept as data in requests.yaml beside
this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

TYPE_NAMES: dict[str, str] = lexicon.words("reading.requests.type_names")
FORGET_VERBS, REMEMBER_CUES = lexicon.fragments("reading.requests", "forget_verbs", "remember_cues")
(
    REMEMBER_REQUEST,
    FORGET_REQUEST,
    CUE_PREFIX,
    NOT_ASKING_BEFORE,
    NOT_ASKING_AFTER,
    POINTS_BACK,
    EVERYTHING,
    ASK_TO_FORGET,
    CONFIRMS,
) = lexicon.rules(
    "reading.requests",
    "remember_request",
    "forget_request",
    "cue_prefix",
    "not_asking_before",
    "not_asking_after",
    "points_back",
    "everything",
    "ask_to_forget",
    "confirms",
)
