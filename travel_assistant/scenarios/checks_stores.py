"""``nowhere:``: a text is in none of the places a user's words can end up. The places are the stores the
privacy registry names (``memory.registry``: every table with a user column, and the facts), read as the app
reads them: each conversation's log (messages, tool calls, summaries), each fact version's value and the words
it was said in, the user's export (``memories export``), and every prompt the model was sent in the run so far.
Matching ignores case, so "Vegan" in a summary is found for ``nowhere: vegan``."""

from __future__ import annotations

import json
from collections.abc import Iterator

from assistant.events import EventKind
from assistant.facts.words import EvidenceWords
from assistant.ids import UserId, UserScope
from travel_assistant.scenarios.expectations import texts
from travel_assistant.scenarios.world import World

Verdict = tuple[bool, str]


def nowhere(world: World, wanted: str | list[str]) -> Verdict:
    places = list(_places(world))
    found = [
        f"{text!r} in {where}"
        for text in texts(wanted)
        for where, content in places
        if text.casefold() in content.casefold()
    ]
    shown = dict.fromkeys(found)  # one line per text and place
    searched = sorted({where.split(" (")[0] for where, _ in places})
    return not found, "; ".join(shown) or f"searched {len(places)} item(s): {', '.join(searched)}"


def _places(world: World) -> Iterator[tuple[str, str]]:
    """(where, text) for everything searched: each user's stores, then the model's input."""
    for raw in world.loaded.scenario.users:
        yield from _stores_of(world, UserId(raw))
    for i, prompt in enumerate(world.model.prompts, 1):
        yield f"model input (call {i})", json.dumps(prompt, ensure_ascii=False)


def _stores_of(world: World, user: UserId) -> Iterator[tuple[str, str]]:
    rt = world.rt
    for thread in rt.directory.threads_of(user):
        session = world.session_named(thread.id) or thread.id
        yield f"{user}'s thread title ({session})", thread.title
        for event in rt.thread_log.events(thread.id):
            place = "summary" if event.kind == EventKind.SUMMARY else "thread log"
            yield (
                f"{place} ({user}@{session} #{event.seq} {event.kind})",
                json.dumps(event.body, ensure_ascii=False),
            )
    words = EvidenceWords(rt.thread_log)
    for fact in rt.facts.list_facts(UserScope(user), include_history=True):
        yield f"fact ({user}: {fact.text})", f"{fact.text}\n{words.of(fact)}"
    export = rt.registry.export(user, now=world.now)
    yield f"export ({user})", json.dumps(export, ensure_ascii=False)
