"""The recall step as people read it: one card per recalled fact (its kind and value, the day it was said and
how long ago, whether it was said or confirmed, the conversation it came from by title, and whether it may be
out of date), with the exact block the model saw kept behind a toggle. Rendered by
``public/elements/RecallCard.jsx`` from the props built here, live (``ui.LiveTurn``) and when a conversation is
reopened (``render``), so both show the same thing.

The cards are read back from the block itself (``block_records``), so a card never claims more than the model
was told: the facts cut by the token cap are not shown, and a stale or outdated mark is the block's own.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from assistant.events import Event, EventKind
from assistant.fact_records import Authority, Fact
from assistant.fact_types import FACT_TYPES
from assistant.facts.recall import Recall, RecalledFact, age_phrase, block_records, render_block
from assistant.ids import UserId
from assistant.ports import Directory
from travel_assistant.web.panel.clock_view import day

ELEMENT_NAME = "RecallCard"
TITLE_CHARS = 60
INTRO = "From earlier conversations, given to the model with this message:"
STALE = "May be out of date: said {age}."
OUTDATED = "You said in this chat that this no longer holds, so the reply follows what you said."
GONE = "a conversation since deleted"


def thread_titles(directory: Directory, user: UserId) -> dict[str, str]:
    """Each of the user's conversations by id -> its title as the user reads it ("" while it has none)."""
    return {str(t.id): t.title for t in directory.threads_of(user)}


def recalled_title(count: int) -> str:
    """The recall step's title: 'Recalled 2 facts'."""
    return f"Recalled {count} fact{'s' if count != 1 else ''}"


def shown_facts(facts: Sequence[Fact], block: str | None) -> list[tuple[Fact, Mapping[str, object]]]:
    """Each fact the block holds with what the block says of it: the first facts of ``facts``, one per line
    (the block keeps recall's order and cuts at the end)."""
    records = block_records(block)
    return list(zip(facts[: len(records)], records, strict=True))


def _source(thread: str, threads: Mapping[str, str]) -> dict[str, Any]:
    if thread not in threads:
        return {"label": GONE, "url": None}
    title = threads[thread].strip() or "an untitled conversation"
    if len(title) > TITLE_CHARS:
        title = title[: TITLE_CHARS - 1].rstrip() + "…"
    return {"label": title, "url": f"/thread/{thread}"}


def _card(
    fact: Fact, record: Mapping[str, object], threads: Mapping[str, str], now: datetime
) -> dict[str, Any]:
    ftype = FACT_TYPES.get(fact.type)
    confirmed = fact.asserted_by == Authority.USER_CONFIRMED
    note = ""
    if "outdated" in record:
        note = OUTDATED
    elif "stale" in record:
        note = STALE.format(age=age_phrase(fact.asserted_at, now))
    return {
        "key": fact.key,
        "type": ftype.label if ftype else fact.type,
        "value": fact.value,
        "said_at": fact.asserted_at.isoformat(),
        "said_on": f"{day(fact.asserted_at)} · {age_phrase(fact.asserted_at, now)}",
        "how": "Confirmed" if confirmed else "Said",
        "how_text": "you asked me to remember it" if confirmed else "you said it",
        "source": _source(fact.source_thread, threads),
        "note": note,
    }


def recall_card_props(
    facts: Sequence[Fact], block: str | None, *, threads: Mapping[str, str], now: datetime
) -> dict[str, Any] | None:
    """Props for one turn's recall card; None when the block held no fact (no step is shown then)."""
    shown = shown_facts(facts, block)
    if not shown:
        return None
    return {
        "title": recalled_title(len(shown)),
        "facts": [_card(fact, record, threads, now) for fact, record in shown],
        "block": block or "",
        "gone": "",
    }


def resumed_cards(
    events: Sequence[Event], facts: Mapping[str, Fact], *, threads: Mapping[str, str]
) -> dict[str, dict[str, Any]]:
    """The recall card of every turn that recalled something, for a conversation reopened from its log (turn
    id -> props). The log keeps which facts were shown, never their text; the block is rebuilt from those
    facts as of the turn (its date, the user's messages until then). A fact deleted since is not shown: the
    card says how many are gone instead."""
    cards: dict[str, dict[str, Any]] = {}
    said: list[str] = []
    for event in events:
        if event.kind == EventKind.USER:
            said.append(event.text)
        if event.kind != EventKind.RECALL:
            continue
        ids = [str(i) for i in event.body.get("fact_ids", [])]
        if not ids:
            continue
        kept = [facts[i] for i in ids if i in facts]
        now = event.created_at
        recall = Recall("keyed", tuple(RecalledFact(f, None, f.is_stale(now)) for f in kept), len(kept))
        block, _shown = render_block(recall, now=now, cap_tokens=sys.maxsize, count_text=len, said=said)
        props = recall_card_props(kept, block, threads=threads, now=now) or {"facts": [], "block": ""}
        gone = len(ids) - len(kept)
        props["title"] = recalled_title(len(ids))
        props["gone"] = f"{gone} of them {'has' if gone == 1 else 'have'} been deleted since." if gone else ""
        cards[event.turn_id] = props
    return cards
