"""The Chainlit data layer over our tables, the history rendering and the memory inspector, without a browser."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import pytest

from assistant.ids import ThreadId, TurnId, UserId, UserScope
from assistant.turns import TurnRequest
from scheduler.jobs import promote_idle
from tests.conftest import MONDAY

if TYPE_CHECKING:
    from travel_assistant.container import Runtime
    from travel_assistant.web.data_layer import TravelDataLayer

ALICE, BOB = UserId("alice"), UserId("bob")


@pytest.fixture
def layer(runtime: Runtime) -> TravelDataLayer:
    from travel_assistant.web.data_layer import TravelDataLayer

    for turn, text in (
        ("t1", "Find me flights to Lisbon on the 14th"),
        ("t2", "Book option 1. I'm vegetarian."),
    ):
        request = TurnRequest(
            user=ALICE, thread=ThreadId("a-thread"), turn=TurnId(turn), text=text, now=MONDAY
        )
        asyncio.run(runtime.engine.run_turn(request))
    return TravelDataLayer(runtime)


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_threads_report_their_true_owner(layer: TravelDataLayer) -> None:
    assert run(layer.get_thread_author("a-thread")) == "alice"
    assert run(layer.get_thread_author("no-such-thread")) == ""
    assert run(layer.get_thread_author("../../etc/passwd")) == ""
    thread = run(layer.get_thread("a-thread"))
    assert thread["userIdentifier"] == "alice" and thread["metadata"] == {}


def test_the_sidebar_lists_only_the_users_own_threads(layer: TravelDataLayer) -> None:
    from chainlit.types import Pagination, ThreadFilter

    mine = run(layer.list_threads(Pagination(first=10), ThreadFilter(userId="alice")))
    assert [t["id"] for t in mine.data] == ["a-thread"] and mine.data[0]["name"].startswith("Find me flights")
    assert run(layer.list_threads(Pagination(first=10), ThreadFilter(userId="bob"))).data == []
    assert run(layer.list_threads(Pagination(first=10), ThreadFilter(userId="x' OR '1'='1"))).data == []


def test_update_thread_never_touches_another_users_thread(layer: TravelDataLayer, runtime: Runtime) -> None:
    run(layer.update_thread("a-thread", name="bob was here", user_id="bob", metadata={"is_shared": True}))
    record = runtime.directory.get_thread(ALICE, ThreadId("a-thread"))
    assert record is not None and record.title.startswith("Find me flights")
    assert (
        run(layer.get_thread("a-thread"))["metadata"] == {}
    )  # session blobs and sharing flags are not stored
    # Nothing is created from this call (the engine creates threads on the first real turn): not for a
    # browser-chosen id, and not for a user whose account was just erased.
    run(layer.update_thread("b-new", name="/memories", user_id="bob"))
    assert runtime.directory.get_thread(BOB, ThreadId("b-new")) is None
    assert runtime.directory.get_user(BOB) is None
    run(layer.update_thread("a-thread", name="Lisbon trip", user_id="alice"))
    renamed = runtime.directory.get_thread(ALICE, ThreadId("a-thread"))
    assert renamed is not None and renamed.title == "Lisbon trip"


def test_resume_renders_the_log_parent_before_child(layer: TravelDataLayer) -> None:
    steps = run(layer.get_thread("a-thread"))["steps"]
    seen: set[str] = set()
    for step in steps:
        assert step["parentId"] is None or step["parentId"] in seen
        seen.add(step["id"])
    shown = [(s["type"], s["name"]) for s in steps if s["type"] != "run"]
    assert shown[0] == ("user_message", "alice")
    assert ("tool", "search_flights") in shown and ("tool", "book_flight") in shown
    assert [s["output"][:9] for s in steps if s["type"] == "assistant_message"] == ["I found 3", "Booked! R"]
    context = next(s for s in steps if s["name"] == "Context")
    assert "tokens" in context["output"] and "summary-block" in context["output"]


def test_deleting_a_thread_deletes_its_events_only_for_the_owner(
    layer: TravelDataLayer, runtime: Runtime
) -> None:
    from chainlit.context import init_http_context
    from chainlit.user import User

    async def as_user(name: str, action: Any) -> Any:
        init_http_context(user=User(identifier=name))
        return await action

    run(as_user("bob", layer.delete_thread("a-thread")))  # bob's session: refused
    assert runtime.thread_log.events(ThreadId("a-thread"))
    assert run(as_user("bob", layer.get_thread("a-thread"))) is None  # and bob cannot load it either
    run(as_user("alice", layer.delete_thread("a-thread")))
    assert runtime.thread_log.events(ThreadId("a-thread")) == []


def test_a_login_cookie_never_creates_or_resurrects_a_user(layer: TravelDataLayer, runtime: Runtime) -> None:
    from chainlit.user import User

    assert run(layer.create_user(User(identifier="alice"))).identifier == "alice"  # existing: returned
    runtime.registry.erase(ALICE, actor="test", now=MONDAY)
    assert run(layer.create_user(User(identifier="alice"))) is None  # erased: stays erased
    assert runtime.directory.get_user(ALICE) is None
    assert run(layer.get_user("nobody")) is None and run(layer.get_user("bad/id")) is None


def test_the_inspector_shows_why_and_when_and_a_deleted_source(
    runtime: Runtime, layer: TravelDataLayer
) -> None:
    from travel_assistant.web.inspector import inspector_markdown

    asyncio.run(promote_idle(runtime.job_deps("t"), MONDAY + timedelta(hours=1)))
    text, current = inspector_markdown(runtime, ALICE, MONDAY + timedelta(days=3))
    assert "Dietary needs: vegetarian" in text and "“I'm vegetarian.”" in text
    assert "2026-11-09 (3 days ago)" in text  # dated by when she said it, not when promotion ran
    assert "[open the conversation](/thread/a-thread)" in text
    assert [r["value"] for r in current] == ["vegetarian"]
    runtime.directory.delete_thread(ALICE, ThreadId("a-thread"))
    text, _ = inspector_markdown(runtime, ALICE, MONDAY + timedelta(days=3))
    assert "(deleted; the fact stays until you delete it)" in text
    empty, _ = inspector_markdown(runtime, BOB, MONDAY)
    assert "Nothing yet" in empty and "vegetarian" not in empty
    assert runtime.fact_memory.current(UserScope(BOB)) == []
