"""The shapes of the app's own strings: ids, event kinds, type names, keyword-search tokens and a JSON answer in a
code fence. Not English, but read from text all the same, so they are records like every other rule (see
:mod:`language.rules`); the core validates with them and keeps no pattern of its own.

Its records are kept as data in formats.yaml beside this module (see :mod:`language.lexicon`).
"""

from __future__ import annotations

from language import lexicon

USER_ID, SLUG, FACT_ID, UUID, NUMBERED_EVENT, TYPE_NAME, SEARCH_TOKEN, JSON_FENCE = lexicon.rules(
    "formats",
    "user_id",
    "slug",
    "fact_id",
    "uuid",
    "numbered_event",
    "type_name",
    "search_token",
    "json_fence",
)
SEARCH_STOP_WORDS = lexicon.words("formats.search_stop_words")
