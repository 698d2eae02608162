"""The memory panel's props: built from real fact rows (the in-memory store through ``memory_view``) and
promotion reports, checked for what the panel shows a user."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from pathlib import Path
from typing import Any, get_args

import pytest
from pydantic import ValidationError

from assistant.fact_records import Authority, FactDraft, WriteStatus
from assistant.facts.memory import FactMemory
from assistant.facts.words import EvidenceWords
from assistant.gate.verdict import Reason
from assistant.gate.words import KEPT, REJECTED, REPLY, outcome_words
from assistant.ids import FactId, UserId, UserScope
from memory.inmemory import InMemoryFactStore, InMemoryThreadStore
from tests.conftest import MONDAY
from tests.fakes import log_said
from travel_assistant.memory_view import fact_rows
from travel_assistant.web.panel.element import is_open_request
from travel_assistant.web.panel.view import ACTIONS, ClockInput, action_result, build_panel_props

ALICE = UserScope.of("alice")
MON_THREAD = "0b7f4f4e-8c4e-4b7a-9a53-0e6d2c1d9a10"
THU_THREAD = "5a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"
TITLES = {
    MON_THREAD: "Find me flights to Lisbon on the 14th",
    THU_THREAD: "Any dinner suggestions near my hotel?",
}
THURSDAY = MONDAY + timedelta(days=3, hours=10, minutes=30)
JSX = Path(__file__).resolve().parents[1] / "public" / "elements" / "Memories.jsx"

# Every code the panel must put into words (the engine's, including rules other modules add).
REJECTION_CODES = (
    "evidence_not_user_turn",
    "quote_not_in_evidence",
    "quoted_speech",
    "third_party",
    "not_about_user",
    "negated",
    "question",
    "hypothetical",
    "greeting",
    "dislike",
    "task_progress",
    "transient",
    "negative_capability",
    "secret",
    "unknown_type",
    "inference",
    "malformed",
    "lower_authority",
)
WRITE_OUTCOMES = ("stored", "superseded", "refreshed", "duplicate", "retracted")


class LoggedMemory(FactMemory):
    """Facts with the log their evidence pointers read (a test writes the words it cites there first)."""

    def __init__(self) -> None:
        store = InMemoryFactStore()
        super().__init__(store, store)
        self.log = InMemoryThreadStore()


@pytest.fixture
def memory() -> LoggedMemory:
    return LoggedMemory()


def say(
    memory: LoggedMemory, ftype: str, value: str, quote: str, turn: str, *, at: Any, thread: str = MON_THREAD
) -> str:
    said = log_said(memory.log, UserId("alice"), thread, turn, quote, at)
    outcome = memory.record(
        ALICE,
        FactDraft(ftype, value, thread, turn, Authority.USER, at, evidence_end=len(said)),
        now=at + timedelta(minutes=31),
    )
    assert outcome.fact is not None
    return outcome.fact.id


def props(
    memory: LoggedMemory,
    *,
    now: Any = THURSDAY,
    reports: list[dict[str, Any]] | None = None,
    threads: dict[str, str] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    rows = fact_rows(memory, memory.store, ALICE, now=now, words=EvidenceWords(memory.log))
    return build_panel_props(
        user="alice",
        rows=rows,
        reports=reports or [],
        threads=TITLES if threads is None else threads,
        now=now,
        is_admin=extra.pop("is_admin", False),
        revision=extra.pop("revision", 1),
        **extra,
    )


def only_fact(p: dict[str, Any]) -> dict[str, Any]:
    [group] = p["groups"]
    [fact] = group["facts"]
    return dict(fact)


def monday_report(kept_fact_id: str | None) -> dict[str, Any]:
    """A report as promotion stores it: no fact text, only types, reasons and the kept fact's id."""
    return {
        "thread_id": MON_THREAD,
        "through_seq": 14,
        "promoted_at": (MONDAY + timedelta(minutes=40)).isoformat(),
        "kept": 1,
        "rejected": {"task_progress": 1, "inference": 1},
        "decisions": [
            {
                "type": "trip",
                "evidence_turn": "t1",
                "kept": False,
                "reason": "task_progress",
                "fact_id": None,
            },
            {
                "type": "dietary",
                "evidence_turn": "t2",
                "kept": True,
                "reason": "stored",
                "fact_id": kept_fact_id,
            },
            {"type": "seat", "evidence_turn": "t2", "kept": False, "reason": "inference", "fact_id": None},
        ],
    }


# -- facts --------------------------------------------------------------------------------------------------


def test_a_fact_shows_value_own_words_date_age_source_and_expiry(memory: LoggedMemory) -> None:
    say(memory, "dietary", "vegetarian", "By the way, I'm vegetarian.", "t2", at=MONDAY)
    p = props(memory)
    assert [g["label"] for g in p["groups"]] == ["Dietary needs"]
    fact = only_fact(p)
    assert (fact["text"], fact["value"], fact["state"]) == (
        "Dietary needs: vegetarian",
        "vegetarian",
        "current",
    )
    assert fact["quote"] == "By the way, I'm vegetarian."
    assert fact["how"] == "you said it"
    assert (fact["recorded_on"], fact["age"]) == ("Mon 9 Nov 2026", "3 days ago")
    assert fact["source"] == {
        "thread_id": MON_THREAD,
        "url": f"/thread/{MON_THREAD}",
        "label": "Find me flights to Lisbon on the 14th",
        "deleted": False,
    }
    # Dietary needs: reviewed after two years, deleted after five.
    assert fact["expiry"]["stale"] is False
    assert fact["expiry"]["summary"] == "Up to date until Wed 8 Nov 2028; deleted on Sat 8 Nov 2031"
    assert fact["delete_prompt"] == "Delete “Dietary needs: vegetarian”? This cannot be undone."
    assert p["summary"]["text"] == "1 fact"


def test_a_fact_from_a_deleted_conversation_says_so_and_links_nowhere(memory: LoggedMemory) -> None:
    say(memory, "dietary", "vegetarian", "I'm vegetarian", "t2", at=MONDAY)
    source = only_fact(props(memory, threads={THU_THREAD: "something else"}))["source"]
    assert source == {"thread_id": MON_THREAD, "url": None, "label": "conversation deleted", "deleted": True}


def test_long_titles_are_shortened(memory: LoggedMemory) -> None:
    say(memory, "dietary", "vegan", "I'm vegan", "t2", at=MONDAY)
    label = only_fact(props(memory, threads={MON_THREAD: "Find me " + "very " * 30 + "cheap flights"}))[
        "source"
    ]["label"]
    assert len(label) == 60 and label.endswith("…")


def test_a_stale_fact_is_flagged_with_its_age(memory: LoggedMemory) -> None:
    say(memory, "seat", "aisle", "I prefer aisle seats", "t2", at=MONDAY)
    later = MONDAY + timedelta(days=400)  # seats are reviewed after a year
    p = props(memory, now=later)
    fact = only_fact(p)
    assert fact["state"] == "stale"
    assert fact["expiry"]["stale"] is True
    assert fact["expiry"]["summary"].startswith("May be out of date: recorded over a year ago")
    assert p["summary"]["text"] == "1 fact, 1 possibly out of date"


def test_history_shows_what_superseded_what_and_offers_rollback_of_older_versions(
    memory: LoggedMemory,
) -> None:
    say(memory, "seat", "aisle", "I prefer aisle seats", "t1", at=MONDAY)
    say(memory, "seat", "window", "Actually, window seats from now on", "t5", at=MONDAY + timedelta(days=1))
    fact = only_fact(props(memory))
    assert (fact["value"], fact["version"]) == ("window", 2)
    newest, oldest = fact["history"]
    assert (newest["version"], newest["is_current"], newest["can_rollback"]) == (2, True, False)
    assert newest["change"] == "replaced “aisle” (version 1)"
    assert (oldest["version"], oldest["value"], oldest["can_rollback"]) == (1, "aisle", True)
    assert oldest["superseded_by_version"] == 2 and oldest["status"] == "superseded"
    assert oldest["change"] == "first recorded"
    assert oldest["quote"] == "I prefer aisle seats"
    assert (
        fact["delete_prompt"]
        == "Delete “Seat preference: window” and its 1 earlier version? This cannot be undone."
    )


def test_a_rollback_reads_as_restored(memory: LoggedMemory) -> None:
    say(memory, "seat", "aisle", "I prefer aisle seats", "t1", at=MONDAY)
    say(memory, "seat", "window", "window seats", "t5", at=MONDAY + timedelta(days=1))
    memory.rollback(ALICE, "seat", 1, now=MONDAY + timedelta(days=2))
    fact = only_fact(props(memory))
    assert (fact["value"], fact["version"]) == ("aisle", 3)
    assert [v["change"] for v in fact["history"]] == [
        "restored version 1",
        "replaced “aisle” (version 1)",
        "first recorded",
    ]
    assert [v["can_rollback"] for v in fact["history"]] == [False, True, True]


def test_a_retracted_fact_stays_visible_as_retracted_and_cannot_be_restored_to_the_retraction() -> None:
    base = {
        "key": "dietary:vegetarian",
        "type": "dietary",
        "label": "Dietary needs",
        "value": "vegetarian",
        "text": "Dietary needs: vegetarian",
        "asserted_by": "user",
        "source_thread": MON_THREAD,
        "expires_at": (MONDAY + timedelta(days=730)).isoformat(),
    }
    rows = [
        {**base, "id": "f1", "status": "superseded", "version": 1, "asserted_at": MONDAY.isoformat(),
         "source_turn": "t2", "quote": "I'm vegetarian"},
        {**base, "id": "f2", "status": "current", "version": 2, "retracted": True, "supersedes": "f1",
         "asserted_at": (MONDAY + timedelta(days=1)).isoformat(), "source_turn": "t7",
         "quote": "I'm not vegetarian any more"},
    ]  # fmt: skip
    p = build_panel_props(
        user="alice", rows=rows, reports=[], threads=TITLES, now=THURSDAY, is_admin=False, revision=1
    )
    fact = only_fact(p)
    assert fact["state"] == "retracted"
    assert fact["expiry"]["summary"].startswith("Not used: you took it back")
    assert [(v["change"], v["can_rollback"]) for v in fact["history"]] == [
        ("you took it back", False),
        ("first recorded", True),
    ]
    assert p["summary"]["facts"] == 0 and p["summary"]["retracted"] == 1


def test_groups_follow_the_registry_order_and_newest_first(memory: LoggedMemory) -> None:
    say(memory, "home_airport", "MAN", "I usually fly from Manchester", "t1", at=MONDAY)
    say(memory, "dietary", "vegetarian", "I'm vegetarian", "t2", at=MONDAY)
    say(memory, "dietary", "nut allergy", "and allergic to nuts", "t3", at=MONDAY + timedelta(hours=1))
    p = props(memory)
    assert [g["type"] for g in p["groups"]] == ["dietary", "home_airport"]
    assert [f["value"] for f in p["groups"][0]["facts"]] == ["nut allergy", "vegetarian"]
    assert p["summary"]["text"] == "3 facts"


def test_an_empty_memory_explains_when_facts_appear(memory: LoggedMemory) -> None:
    p = props(memory, idle_minutes=30)
    assert p["groups"] == [] and p["summary"]["facts"] == 0
    assert "idle for 30 minutes" in p["empty_text"]


# -- promotion verdicts ---------------------------------------------------------------------------------------


def test_verdicts_show_what_was_kept_and_what_was_rejected_in_words(memory: LoggedMemory) -> None:
    kept = say(memory, "dietary", "vegetarian", "By the way, I'm vegetarian.", "t2", at=MONDAY)
    [conversation] = props(memory, reports=[monday_report(kept)])["verdicts"]
    assert conversation["source"]["label"] == TITLES[MON_THREAD]
    assert (conversation["kept"], conversation["rejected"]) == (1, 2)
    assert conversation["summary"] == "1 kept, 2 not kept"
    assert conversation["promoted_on"] == "Mon 9 Nov 2026, 09:40"
    first, *rejected = conversation["decisions"]
    assert (first["kept"], first["fact_text"], first["outcome_label"], first["still_remembered"]) == (
        True,
        "Dietary needs: vegetarian",
        "Stored",
        True,
    )
    assert [(d["type_label"], f"{d['outcome_label'].lower()}: {d['outcome_text']}") for d in rejected] == [
        ("Trip", "task progress: the booking system owns it"),
        ("Seat preference", "inference: you never said it"),
    ]
    assert [(r["reason"], r["count"]) for r in conversation["rejected_by_reason"]] == [
        ("inference", 1),
        ("task_progress", 1),
    ]


def test_a_kept_fact_deleted_since_is_marked_and_not_remembered(memory: LoggedMemory) -> None:
    kept = say(memory, "dietary", "vegetarian", "I'm vegetarian", "t2", at=MONDAY)
    memory.forget(ALICE, FactId(kept))
    [conversation] = props(memory, reports=[monday_report(kept)])["verdicts"]
    assert conversation["decisions"][0]["fact_text"] == "Dietary needs (since deleted)"
    assert conversation["decisions"][0]["still_remembered"] is False


def test_no_candidate_text_from_a_report_reaches_the_panel(memory: LoggedMemory) -> None:
    """Reports may still carry a candidate's sentence; a rejected secret must not be displayed from it."""
    report = monday_report(None)
    report["decisions"].append(
        {
            "fact": "card 4111 1111 1111 1111",
            "type": "payment",
            "kept": False,
            "reason": "secret",
            "fact_id": None,
        }
    )
    p = props(memory, reports=[report])
    assert "4111" not in json.dumps(p)
    secret = p["verdicts"][0]["decisions"][-1]
    assert (secret["type_label"], secret["outcome_label"]) == ("Payment", "Secret masked")


def test_conversations_are_listed_newest_promotion_first(memory: LoggedMemory) -> None:
    older = monday_report(None)
    newer = {**monday_report(None), "thread_id": THU_THREAD, "promoted_at": THURSDAY.isoformat()}
    assert [v["thread_id"] for v in props(memory, reports=[older, newer])["verdicts"]] == [
        THU_THREAD,
        MON_THREAD,
    ]


def test_a_report_without_decisions_still_shows_its_counts(memory: LoggedMemory) -> None:
    report = {**monday_report(None), "decisions": [], "kept": 0, "rejected": {"greeting": 2}}
    [conversation] = props(memory, reports=[report])["verdicts"]
    assert conversation["summary"] == "0 kept, 2 not kept"
    assert conversation["rejected_by_reason"][0]["label"] == "Small talk"


@pytest.mark.parametrize("code", REJECTION_CODES)
def test_every_rejection_reason_has_its_own_words(code: str) -> None:
    assert code in REJECTED
    words = outcome_words(code, kept=False)
    assert words.label and words.text and code.replace("_", " ") not in words.text


@pytest.mark.parametrize("code", WRITE_OUTCOMES)
def test_every_write_outcome_has_its_own_words(code: str) -> None:
    assert code in KEPT
    assert outcome_words(code, kept=True) == KEPT[code]


def test_the_engines_own_codes_are_all_described() -> None:
    described = set(REJECTED) | set(KEPT)

    def codes(literal: object) -> set[str]:  # a Literal, or a union of Literals
        args = get_args(literal)
        return set().union(*(codes(a) for a in args)) if all(get_args(a) for a in args) else set(args)

    assert codes(Reason) <= described and "quoted_speech" in codes(Reason)
    assert codes(WriteStatus) <= described


def test_an_undescribed_reason_is_shown_by_name() -> None:
    assert outcome_words("too_vague", kept=False) == ("Too vague", "not kept")


# -- clock, admin, shape --------------------------------------------------------------------------------------


def test_the_demo_clock_is_hidden_unless_enabled(memory: LoggedMemory) -> None:
    clock = props(memory)["demo_clock"]
    assert clock["enabled"] is False and clock["offset_label"] == "real time"


def test_the_demo_clock_shows_its_time_offset_steps_and_presets(memory: LoggedMemory) -> None:
    clock = ClockInput(enabled=True, now=THURSDAY, real_now=MONDAY, presets=[("Thursday evening", THURSDAY)])
    p = props(memory, clock=clock)["demo_clock"]
    assert p["enabled"] is True
    assert p["now_label"] == "Thu 12 Nov 2026, 19:30"
    assert p["offset_label"] == "3 days 10 hours 30 min ahead of real time"
    assert [s["minutes"] for s in p["steps"]] == [30, 1440, 4320]
    assert p["presets"] == [{"label": "Thursday evening", "iso": THURSDAY.isoformat()}]


def test_admin_and_revision_are_passed_through(memory: LoggedMemory) -> None:
    p = props(memory, is_admin=True, revision=7)
    assert (p["is_admin"], p["revision"], p["title"], p["user"]) == (True, 7, "Memories", "alice")


def test_a_row_of_the_wrong_shape_is_refused_by_field_name() -> None:
    with pytest.raises(ValidationError, match="asserted_at"):
        build_panel_props(
            user="alice",
            rows=[{"id": "x", "key": "seat", "status": "current", "type": "seat", "label": "Seat", "value": "aisle",
                   "text": "Seat: aisle", "version": 1, "asserted_by": "user", "expires_at": MONDAY.isoformat()}],
            reports=[],
            threads={},
            now=MONDAY,
            is_admin=False,
            revision=1,
        )  # fmt: skip


def test_props_are_plain_json(memory: LoggedMemory) -> None:
    say(memory, "dietary", "vegetarian", "I'm vegetarian", "t2", at=MONDAY)
    p = props(memory, reports=[monday_report(None)])
    assert json.loads(json.dumps(p)) == p


def test_action_results_carry_a_message_fresh_props_and_an_optional_file() -> None:
    result = action_result(
        ok=True, message="Exported.", panel={"revision": 2}, download=("a.json", "application/json", "{}")
    )
    assert result == {
        "ok": True,
        "message": "Exported.",
        "panel": {"revision": 2},
        "download": {"filename": "a.json", "mime": "application/json", "content": "{}"},
    }
    assert action_result(ok=False, message="No.")["panel"] is None


def test_the_component_calls_exactly_the_documented_actions() -> None:
    source = JSX.read_text(encoding="utf-8")
    called = set(re.findall(r"""\brun\(\s*["']([a-z_]+)["']""", source))
    assert called == set(ACTIONS)


def test_only_the_exact_open_request_opens_the_panel() -> None:
    """Chainlit forwards every window message to the server; only ours may open the panel."""
    assert is_open_request({"source": "travel-assistant", "type": "open-memory-panel"})
    for other in (
        {"source": "travel-assistant", "type": "open-memory-panel", "extra": 1},
        {"source": "travel-assistant", "type": "memory-panel-available"},
        "open-memory-panel",
        None,
        ["travel-assistant", "open-memory-panel"],
    ):
        assert not is_open_request(other), other


def test_every_reason_the_chat_gives_is_one_the_panel_describes() -> None:
    """Chat and panel word the same codes from one module: a code the chat explains is on the panel too."""
    assert set(REPLY) <= set(REJECTED) | set(KEPT)
