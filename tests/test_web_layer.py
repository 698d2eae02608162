"""The Chainlit data layer over our tables, the history rendering and the memory inspector, without a browser."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
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


def login_token(runtime: Runtime, name: str) -> str:
    """A login token as Chainlit issues it, naming a fresh login session of ``name``."""
    import jwt

    from travel_assistant.web.security.install import session_guard
    from travel_assistant.web.security.sessions import login_metadata

    metadata = login_metadata(session_guard(runtime), UserId(name), is_admin=False)
    claims = {"identifier": name, "metadata": metadata, "exp": datetime.now(UTC) + timedelta(hours=1)}
    return jwt.encode(claims, runtime.settings.chainlit_auth_secret.get_secret_value(), algorithm="HS256")


@contextmanager
def acting_as(runtime: Runtime, name: str | None) -> Iterator[None]:
    """Run data-layer calls as an HTTP request of ``name``'s login (None: a request with no login)."""
    from travel_assistant.web.security.install import session_guard
    from travel_assistant.web.security.sessions import RequestScope, enter_request, leave_request

    principal = session_guard(runtime).check(login_token(runtime, name)) if name else None
    token = enter_request(RequestScope(principal, None))
    try:
        yield
    finally:
        leave_request(token)


def test_a_thread_is_shown_to_its_owner_and_looks_missing_to_everyone_else(
    layer: TravelDataLayer, runtime: Runtime
) -> None:
    runtime.directory.ensure_user(BOB, now=MONDAY)
    with acting_as(runtime, "alice"):
        assert run(layer.get_thread_author("a-thread")) == "alice"
        assert run(layer.get_thread_author("no-such-thread")) == ""
        assert run(layer.get_thread_author("../../etc/passwd")) == ""
        thread = run(layer.get_thread("a-thread"))
        assert thread["userIdentifier"] == "alice" and thread["metadata"] == {}
    for who in ("bob", None):  # another user, and no login: the same answers as for a missing thread
        with acting_as(runtime, who):
            assert run(layer.get_thread_author("a-thread")) == run(layer.get_thread_author("no-such")) == ""
            assert run(layer.get_thread("a-thread")) is None and run(layer.get_thread("no-such")) is None


def test_the_sidebar_lists_only_the_users_own_threads(layer: TravelDataLayer, runtime: Runtime) -> None:
    from chainlit.types import Pagination, ThreadFilter

    runtime.directory.ensure_user(BOB, now=MONDAY)
    with acting_as(runtime, "alice"):
        mine = run(layer.list_threads(Pagination(first=10), ThreadFilter(userId="alice")))
        assert [t["id"] for t in mine.data] == ["a-thread"]
        assert mine.data[0]["name"].startswith("Find me flights")
        assert run(layer.list_threads(Pagination(first=10), ThreadFilter(userId="bob"))).data == []
        assert run(layer.list_threads(Pagination(first=10), ThreadFilter(userId="x' OR '1'='1"))).data == []
    with acting_as(runtime, "bob"):
        assert run(layer.list_threads(Pagination(first=10), ThreadFilter(userId="alice"))).data == []
    with acting_as(runtime, None):
        assert run(layer.list_threads(Pagination(first=10), ThreadFilter(userId="alice"))).data == []


def test_update_thread_never_touches_another_users_thread(layer: TravelDataLayer, runtime: Runtime) -> None:
    runtime.directory.ensure_user(UserId("carol"), now=MONDAY)
    for who in ("carol", None):
        with acting_as(runtime, who):
            run(
                layer.update_thread(
                    "a-thread", name="was here", user_id="carol", metadata={"is_shared": True}
                )
            )
    record = runtime.directory.get_thread(ALICE, ThreadId("a-thread"))
    assert record is not None and record.title.startswith("Find me flights")
    with acting_as(runtime, "alice"):
        assert run(layer.get_thread("a-thread"))["metadata"] == {}  # session blobs and sharing flags: never
    # Nothing is created from this call (the engine creates threads on the first real turn): not for a
    # browser-chosen id, and not for a user whose account was just erased.
    with acting_as(runtime, None):
        run(layer.update_thread("b-new", name="/memories", user_id="bob"))
    assert runtime.directory.get_thread(BOB, ThreadId("b-new")) is None
    assert runtime.directory.get_user(BOB) is None
    with acting_as(runtime, "alice"):
        run(layer.update_thread("a-thread", name="Lisbon trip", user_id="alice"))
    renamed = runtime.directory.get_thread(ALICE, ThreadId("a-thread"))
    assert renamed is not None and renamed.title == "Lisbon trip"


def test_resume_renders_the_log_parent_before_child(layer: TravelDataLayer, runtime: Runtime) -> None:
    with acting_as(runtime, "alice"):
        steps = run(layer.get_thread("a-thread"))["steps"]
    seen: set[str] = set()
    for step in steps:
        assert step["parentId"] is None or step["parentId"] in seen
        seen.add(step["id"])
    shown = [(s["type"], s["name"]) for s in steps if s["type"] != "run"]
    assert shown[0] == ("user_message", "alice")
    assert ("tool", "Used search_flights") in shown and ("tool", "Used book_flight") in shown
    assert [s["output"][:9] for s in steps if s["type"] == "assistant_message"] == ["I found 3", "Booked! R"]
    assert not [s for s in steps if s["name"] == "Context"], "context is a meter on the reply, not a step"
    with acting_as(runtime, "alice"):
        elements = run(layer.get_thread("a-thread"))["elements"]
    replies = [s["id"] for s in steps if s["type"] == "assistant_message"]
    meters = [e for e in elements if e["name"] == "ContextMeter"]
    assert [m["forId"] for m in meters] == replies  # one meter per reply, on that reply
    first = meters[0]["props"]
    assert first["label"] == f"{first['tokens']:,}/{first['budget']:,} tokens"
    assert first["details"].startswith(
        f"This reply's prompt took {first['tokens']:,} of the {first['budget']:,}"
    )
    assert "policy" not in first["details"] and "cache-stable" not in first["details"]  # plain words
    assert first["high"] is (first["percent"] >= 75)


def test_deleting_a_thread_deletes_its_events_only_for_the_owner(
    layer: TravelDataLayer, runtime: Runtime
) -> None:
    from chainlit.context import init_http_context
    from chainlit.user import User

    runtime.directory.ensure_user(BOB, now=MONDAY)

    async def as_user(name: str, action: Any) -> Any:
        init_http_context(user=User(identifier=name), auth_token=login_token(runtime, name))
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


def test_the_memory_panel_shows_why_when_the_verdicts_and_a_deleted_source(
    runtime: Runtime, layer: TravelDataLayer
) -> None:
    from travel_assistant.web.panel.data import panel_props

    asyncio.run(promote_idle(runtime.job_deps("t"), MONDAY + timedelta(hours=1)))
    runtime.clocks.real = lambda: MONDAY + timedelta(days=3)
    props = panel_props(runtime, ALICE, is_admin=False)
    [group] = props["groups"]
    [fact] = group["facts"]
    assert (group["label"], fact["value"], fact["quote"]) == (
        "Dietary needs",
        "vegetarian",
        "I'm vegetarian.",
    )
    assert (fact["recorded_on"], fact["age"]) == ("Mon 9 Nov 2026", "3 days ago")  # when she said it
    assert fact["source"]["url"] == "/thread/a-thread"
    [checked] = props["verdicts"]
    assert checked["source"]["thread_id"] == "a-thread" and checked["kept"] == 1
    assert [d["fact_text"] for d in checked["decisions"] if d["kept"]] == ["Dietary needs: vegetarian"]
    assert props["demo_clock"]["enabled"] is False  # not an admin
    runtime.directory.delete_thread(ALICE, ThreadId("a-thread"))
    [fact] = panel_props(runtime, ALICE, is_admin=False)["groups"][0]["facts"]
    assert fact["source"] == {
        "thread_id": "a-thread",
        "url": None,
        "label": "conversation deleted",
        "deleted": True,
    }
    empty = panel_props(runtime, BOB, is_admin=False)
    assert empty["groups"] == [] and empty["verdicts"] == [] and empty["empty_text"].startswith("Nothing yet")
    assert runtime.fact_memory.current(UserScope(BOB)) == []


def test_a_login_checks_the_password_in_the_login_pool_off_the_event_loop(
    runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os
    import sys
    import threading

    from travel_assistant.web import auth, context, handlers

    runtime.directory.set_password(ALICE, auth.hash_password("right"), is_admin=False, now=MONDAY)
    monkeypatch.setattr(context._Installed, "app", context.App(settings=runtime.settings, _runtime=runtime))
    checks: list[tuple[str, bool, int]] = []  # (thread, on the loop's thread, nice)

    def verify(password: str, hashed: str | None) -> bool:
        me = threading.current_thread()
        nice = os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) if sys.platform == "linux" else 0
        checks.append((me.name, me is loop_thread, nice))
        return auth.verify_password(password, hashed)

    monkeypatch.setattr(handlers, "verify_password", verify)

    async def logins() -> list[Any]:
        return [
            await handlers.password_login(name, password)
            for name, password in (("alice", "right"), ("alice", "wrong"), ("nobody", "right"), ("", "x"))
        ]

    loop_thread = threading.current_thread()  # asyncio.run runs its loop on the calling thread
    user, wrong, unknown, malformed = asyncio.run(logins())
    assert user is not None and user.identifier == ALICE and user.metadata["jti"]
    assert runtime.sessions.active(user.metadata["jti"], now=datetime.now(UTC)) is not None
    assert (wrong, unknown, malformed) == (None, None, None)
    # Every attempt, known user or not, paid one Argon2 check, never on the loop's thread.
    assert len(checks) == 4 and all(name.startswith("login") and not on_loop for name, on_loop, _ in checks)
    if sys.platform == "linux":  # and at a lower CPU priority than the chats
        lowered = min(19, os.getpriority(os.PRIO_PROCESS, 0) + auth.LOGIN_NICE)
        assert all(nice == lowered for *_, nice in checks)
