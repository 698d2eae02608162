"""The records of :mod:`language.secrets.documents`: its rules, fragments and word tables
(kept as data in documents.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

_PASSPORT_SHAPE, _DOCUMENT_CONTEXT, _NOT_DOCUMENT, _DOCUMENT_SHAPE, _THEN_NUMBER, _MRZ_LINE = lexicon.rules(
    "secrets.documents",
    "passport_shape",
    "document_context",
    "not_document",
    "document_shape",
    "then_number",
    "mrz_line",
)
_NUMBER_WORD, _DOCUMENT_NOUN = lexicon.fragments("secrets.documents", "number_word", "document_noun")
