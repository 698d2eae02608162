"""The recall card's props (what a viewer reads of a turn's recall), the panel's waiting counts and the gate's
reason on a waiting fact, and the chat shell's wrapped /log: checked without a browser."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, timedelta

from assistant.events import Event, EventKind
from assistant.fact_records import Authority, Fact
from assistant.facts.recall import Recall, RecalledFact, block_records, render_block
from assistant.ids import ThreadId, TurnId
from testkit.stored_facts import user_fact
from tests.conftest import MONDAY
from travel_assistant.cli.admin import log_lines
from travel_assistant.web.panel.view import build_panel_props
from travel_assistant.web.recall_view import OUTDATED, recall_card_props, resumed_cards

MON = "0b7f4f4e-8c4e-4b7a-9a53-0e6d2c1d9a10"
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
THURSDAY = MONDAY + timedelta(days=3, hours=10)
VEG = user_fact("alice", "dietary", "vegetarian", fact_id="a" * 32, thread=MON, turn="t1", at=MONDAY)
AISLE = user_fact(
    "alice", "seat", "aisle", fact_id="b" * 32, thread=MON, turn="t2", at=MONDAY, by=Authority.USER_CONFIRMED
)


def _block(facts: list[Fact], *, now: datetime = THURSDAY, said: tuple[str, ...] = ()) -> str:
    recall = Recall("keyed", tuple(RecalledFact(f, None, f.is_stale(now)) for f in facts), len(facts))
    block, _ = render_block(recall, now=now, cap_tokens=10**6, count_text=len, said=said)
    assert block is not None
    return block


def test_a_card_per_fact_reads_as_a_person_would_say_it_with_no_id_outside_the_block() -> None:
    block = _block([VEG, AISLE])
    card = recall_card_props([VEG, AISLE], block, threads={MON: "Find me flights to Lisbon"}, now=THURSDAY)
    assert card is not None
    assert card["title"] == "Recalled 2 facts"
    veg, aisle = card["facts"]
    assert (veg["type"], veg["value"], veg["how"]) == ("Dietary needs", "vegetarian", "Said")
    assert veg["said_on"] == "Mon 9 Nov 2026 · 3 days ago"
    assert veg["source"] == {"label": "Find me flights to Lisbon", "url": f"/thread/{MON}"}
    assert aisle["how"] == "Confirmed" and veg["note"] == ""
    shown = [v for f in card["facts"] for k, v in f.items() if k not in ("source", "said_at")]
    assert not any(UUID.search(str(v)) for v in shown), shown
    assert card["block"] == block and UUID.search(block)  # the exact block, for the toggle


def test_a_card_shows_only_what_the_block_held_and_says_stale_or_outdated() -> None:
    later = MONDAY + timedelta(days=400)
    old = replace(VEG, expires_at=MONDAY + timedelta(days=30))  # past its review date: stale
    stale = recall_card_props([old], _block([old], now=later), threads={}, now=later)
    assert stale is not None
    assert stale["facts"][0]["note"] == "May be out of date: said over a year ago."
    assert stale["facts"][0]["source"] == {"label": "a conversation since deleted", "url": None}
    outdated = _block([VEG], said=("I'm not vegetarian any more",))
    card = recall_card_props([VEG], outdated, threads={}, now=THURSDAY)
    assert card is not None and card["facts"][0]["note"] == OUTDATED
    # A block cut by its token cap holds fewer facts than recall found: the card shows the block's.
    one = _block([VEG])
    assert len(block_records(one)) == 1
    cut = recall_card_props([VEG, AISLE], one, threads={}, now=THURSDAY)
    assert cut is not None and [f["value"] for f in cut["facts"]] == ["vegetarian"]
    assert recall_card_props([VEG], None, threads={}, now=THURSDAY) is None


def _event(seq: int, kind: str, body: dict[str, object], turn: str = "turn1") -> Event:
    return Event(
        seq=seq, thread_id=ThreadId(MON), turn_id=TurnId(turn), kind=kind, body=body, created_at=THURSDAY
    )


def test_a_reopened_conversation_rebuilds_its_cards_and_counts_a_deleted_fact() -> None:
    events = [
        _event(1, EventKind.USER, {"text": "Any dinner ideas?"}),
        _event(2, EventKind.RECALL, {"path": "keyed", "fact_ids": [VEG.id, AISLE.id], "total_current": 2}),
    ]
    cards = resumed_cards(events, {VEG.id: VEG}, threads={MON: "Monday"})
    card = cards["turn1"]
    assert card["title"] == "Recalled 2 facts"
    assert [f["value"] for f in card["facts"]] == ["vegetarian"]
    assert card["gone"] == "1 of them has been deleted since."
    assert "vegetarian" in card["block"] and "aisle" not in card["block"]


def _report(*decisions: dict[str, object]) -> dict[str, object]:
    return {"thread_id": MON, "through_seq": 4, "promoted_at": MONDAY, "decisions": list(decisions)}


def test_a_waiting_fact_counts_as_waiting_and_shows_the_gates_own_doubt() -> None:
    pending = {
        "id": "c" * 32,
        "key": "pending:seat:window",
        "status": "pending",
        "type": "seat",
        "label": "Seat preference",
        "value": "window",
        "text": "Seat preference: window",
        "version": 1,
        "asserted_by": "user",
        "asserted_at": MONDAY,
        "expires_at": MONDAY + timedelta(days=365),
        "source_thread": MON,
    }
    asked = {"type": "seat", "kept": False, "reason": "pending", "fact_id": "c" * 32, "ask": "unknown_link"}
    dropped = {"type": "trip", "kept": False, "reason": "task_progress"}
    props = build_panel_props(
        user="alice",
        rows=[pending],
        reports=[_report(asked, dropped)],
        threads={MON: "Monday"},
        now=THURSDAY,
        is_admin=False,
        revision=1,
    )
    [checked] = props["verdicts"]
    assert (checked["kept"], checked["waiting"], checked["rejected"]) == (0, 1, 1)
    assert checked["summary"] == "1 waiting for you, 1 not kept"
    assert [d["waiting"] for d in checked["decisions"]] == [True, False]
    assert (
        checked["decisions"][0]["outcome_text"]
        == "I wasn't sure: I could not tell for sure that it is about you"
    )
    [ask] = props["asks"]
    assert ask["reason"] == "I wasn't sure: I could not tell for sure that it is about you."


def test_the_shell_log_wraps_a_long_message_instead_of_cutting_it() -> None:
    text = "I'd like a window seat " * 12 + "END"
    lines = log_lines(_event(7, EventKind.USER, {"text": text}), 80)
    assert len(lines) > 1 and all(len(line) <= 80 for line in lines)
    assert lines[-1].rstrip().endswith("END")
    indent = lines[0].index("I'd like")
    assert all(line[:indent].strip() == "" for line in lines[1:])
