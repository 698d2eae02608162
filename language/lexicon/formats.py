"""The shapes of the app's own strings: ids, event kinds, type names, keyword-search tokens and a JSON answer in a
code fence. Not English, but read from text all the same, so they are records like every other rule (see
:mod:`language.rules`); the core validates with them and keeps no pattern of its own."""

from __future__ import annotations

import re

from language.rules import rule, words

USER_ID = rule(
    "formats.user_id",
    r"[A-Za-z0-9][A-Za-z0-9._@+-]{0,63}",
    means="A user id: up to 64 letters, digits and '.', '_', '@', '+', '-', starting with a letter or digit.",
    why="Users may log in with an e-mail address, so '@', '.' and '+' are allowed; '/', '\\', ':', quotes, spaces "
    "and control characters are not. A leading letter or digit means '.' and '..' can never be an id.",
    examples=("alice", "alice.smith+travel@example.com"),
    non_examples=("../etc", "al ice", ".hidden"),
    test="whole",
)
SLUG = rule(
    "formats.slug",
    r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}",
    means="A thread or turn id: up to 64 letters, digits, '_' and '-', starting with a letter or digit.",
    why="Threads and turns are usually UUIDs (Chainlit) or short slugs typed on the command line.",
    examples=("mon", "t2", "0b9d5d4e-1f2a-4c3b-9d8e-7f6a5b4c3d2e"),
    non_examples=("mon/thu", "-x"),
    test="whole",
)
FACT_ID = rule(
    "formats.fact_id",
    r"[0-9a-f]{32}",
    means="A fact id: 32 lower-case hexadecimal digits.",
    examples="0123456789abcdef0123456789abcdef",
    non_examples=("0123456789ABCDEF0123456789ABCDEF", "abc"),
    test="whole",
)
UUID = rule(
    "formats.uuid",
    r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
    means="A UUID in its canonical form (lower case, hyphenated).",
    why="What the browser may name a thread: anything else could be a name somebody else can guess or claim.",
    examples="0b9d5d4e-1f2a-4c3b-9d8e-7f6a5b4c3d2e",
    non_examples=("0B9D5D4E-1F2A-4C3B-9D8E-7F6A5B4C3D2E", "n_mon"),
    test="whole",
)
NUMBERED_EVENT = rule(
    "formats.numbered_event",
    r"(model):([1-9][0-9]*)|(tool):([1-9][0-9]*)\.([1-9][0-9]*)",
    means="A numbered event kind of the thread log: 'model:N' (a model round) or 'tool:N.i' (call i of round N).",
    examples=("model:2", "tool:1.3"),
    non_examples=("model:0", "tool:1", "user"),
    test="whole",
)
TYPE_NAME = rule(
    "formats.type_name",
    r"[a-z_]{1,40}",
    means="A fact type name as a report may show it: lower-case letters and '_', at most 40.",
    why="A model's proposed type goes into a promotion report only if it looks like a type name.",
    examples=("seat", "home_airport"),
    non_examples=("Seat Preference", "drop table"),
    test="whole",
)
SEARCH_TOKEN = rule(
    "formats.search_token",
    r"[a-z0-9]+",
    means="A word of the in-memory store's keyword search: a run of lower-case letters and digits.",
    examples="vegetarian",
    non_examples="-",
)
SEARCH_STOP_WORDS = words(
    "formats.search_stop_words",
    frozenset(
        str.split(
            "a an and are as at be by do for from have i in is it me my of on or please the to we what with you "
            "your"
        )
    ),
    means="Words the in-memory keyword search ignores: they say nothing about what a fact is about.",
    examples="what do you know about my seat",
    non_examples="vegetarian seat",
)
JSON_FENCE = rule(
    "formats.json_fence",
    r"\s*```(?:json)?\s*(.*?)\s*```\s*",
    flags=re.S,
    means="A JSON answer wrapped in a Markdown code fence (```json … ```).",
    why="Some models fence the JSON they were asked for; the fence is taken off before it is validated.",
    examples='```json\n{"candidates": []}\n```',
    non_examples='{"candidates": []}',
    test="whole",
)
