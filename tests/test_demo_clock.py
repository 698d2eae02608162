"""The demo clock: per-user offsets, persisted; every time of a shifted user's turns, promotion and panel comes
from it; the scheduler promotes by each user's own clock; non-admins and production are refused server-side."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import pytest

from assistant.errors import ConfigurationError, InvalidInput
from assistant.ids import ThreadId, TurnId, UserId, UserScope
from assistant.turns import TurnRequest
from memory.claims import SqlClaims
from scheduler.jobs import PROMOTE, promote_idle
from tests.conftest import MONDAY, RuntimeFactory, SettingsFactory

if TYPE_CHECKING:
    from travel_assistant.container import Runtime

ALICE, BOB = UserId("alice"), UserId("bob")
REAL = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def _chat(rt: Runtime, user: UserId, thread: str, turn: str, text: str) -> None:
    request = TurnRequest(
        user=user, thread=ThreadId(thread), turn=TurnId(turn), text=text, now=rt.clocks.now(user)
    )
    asyncio.run(rt.engine.run_turn(request))


def _at(rt: Runtime, moment: datetime) -> None:
    rt.clocks.real = lambda: moment


def _users(rt: Runtime, *names: UserId) -> None:
    for name in names:
        rt.directory.ensure_user(name, now=REAL)


def test_a_clock_jumps_advances_resets_and_is_kept_per_user(runtime: Runtime) -> None:
    _users(runtime, ALICE, BOB)
    _at(runtime, REAL)
    assert runtime.clocks.now(ALICE) == REAL and not runtime.clocks.state(ALICE).shifted
    assert runtime.clocks.jump(ALICE, "2026-11-09T09:00").now == MONDAY
    _at(runtime, REAL + timedelta(minutes=5))  # time runs on from where the clock was set
    assert runtime.clocks.now(ALICE) == MONDAY + timedelta(minutes=5)
    assert runtime.clocks.advance(ALICE, 30).now == MONDAY + timedelta(minutes=35)
    assert runtime.clocks.now(BOB) == REAL + timedelta(minutes=5)  # bob's clock is his own
    assert runtime.clocks.shifted_now(REAL) == {ALICE: MONDAY + timedelta(minutes=30)}
    # persisted: a new runtime on the same data reads the same offset
    from travel_assistant.container import build_runtime

    other = build_runtime(runtime.settings)
    try:
        other.clocks.real = lambda: REAL + timedelta(minutes=5)
        assert other.clocks.now(ALICE) == MONDAY + timedelta(minutes=35)
    finally:
        other.close()
    assert not runtime.clocks.reset(ALICE).shifted
    assert runtime.clocks.shifted_now(REAL) == {}


@pytest.mark.parametrize(
    ("move", "value"),
    [
        ("advance", 0),
        ("advance", -30),
        ("advance", True),
        ("advance", "30"),
        ("advance", 60 * 24 * 400),
        ("jump", "next thursday"),
        ("jump", "2026-11-09T09:00\x00"),
        ("jump", "0001-01-01T00:00"),
        ("jump", 1234),
    ],
)
def test_bad_clock_moves_are_refused_and_change_nothing(runtime: Runtime, move: str, value: Any) -> None:
    _users(runtime, ALICE)
    with pytest.raises(InvalidInput):
        getattr(runtime.clocks, move)(ALICE, value)
    assert runtime.clocks.shifted_now(REAL) == {}


def test_production_refuses_the_clock_and_ignores_stored_offsets(
    settings_factory: SettingsFactory, runtime_factory: RuntimeFactory
) -> None:
    from travel_assistant.settings import build_settings

    secret = "a-real-secret-" + "x" * 40
    with pytest.raises(ConfigurationError, match="DEMO_CLOCK is for development"):
        build_settings(app_env="production", demo_clock=True, chainlit_auth_secret=secret, _env_file=None)
    assert not settings_factory(app_env="production", chainlit_auth_secret=secret).demo_clock_enabled
    assert settings_factory().demo_clock_enabled
    dev = runtime_factory()
    _users(dev, ALICE)
    dev.clocks.jump(ALICE, "2026-11-09T09:00")
    prod = runtime_factory(app_env="production", chainlit_auth_secret=secret)
    _at(prod, REAL)
    assert prod.clocks.now(ALICE) == REAL  # the stored offset means nothing here
    assert prod.clocks.shifted_now(REAL) == {} and prod.job_deps().user_clocks is None
    with pytest.raises(InvalidInput, match="off here"):
        prod.clocks.advance(ALICE, 30)


def test_the_scheduler_promotes_a_shifted_users_threads_by_that_users_clock(runtime: Runtime) -> None:
    _users(runtime, ALICE, BOB)
    _at(runtime, REAL - timedelta(hours=1))
    _chat(runtime, BOB, "b1", "t1", "I prefer window seats.")  # real time, an hour ago
    _at(runtime, REAL)
    runtime.clocks.jump(ALICE, "2026-11-09T09:00")
    _chat(runtime, ALICE, "mon", "t1", "Find me flights to Lisbon on the 14th")
    _at(runtime, REAL + timedelta(minutes=2))
    _chat(runtime, ALICE, "mon", "t2", "Book option 1, please. By the way, I'm vegetarian.")
    [mon] = runtime.directory.threads_of(ALICE)
    assert mon.last_event_at == MONDAY + timedelta(minutes=2)  # the turn is dated by her clock

    deps = runtime.job_deps("test")
    first = asyncio.run(promote_idle(deps, REAL + timedelta(minutes=3)))
    # Bob's thread is idle by real time; alice's is weeks old by real time but 1 minute old by her clock.
    assert (first.threads_promoted, first.facts_kept) == (1, 1)
    assert runtime.fact_memory.current(UserScope(ALICE)) == []

    runtime.clocks.advance(ALICE, 30)
    second = asyncio.run(promote_idle(deps, REAL + timedelta(minutes=3)))
    assert (second.threads_promoted, second.facts_kept) == (1, 1)
    assert second.rejected == {"task_progress": 1, "inference": 1}
    [veg] = runtime.fact_memory.current(UserScope(ALICE))
    assert veg.text == "Dietary needs: vegetarian" and veg.asserted_at.date() == MONDAY.date()
    [(done_at, report)] = SqlClaims(runtime.db, "t").finished_reports(job=PROMOTE, user=ALICE)
    assert done_at == MONDAY + timedelta(minutes=33) and report["kept"] == 1


def _as(runtime: Runtime, name: str, *, admin: bool) -> None:
    from chainlit.context import init_http_context
    from chainlit.user import User

    from tests.test_web_layer import login_token

    init_http_context(
        user=User(identifier=name, metadata={"is_admin": admin}),
        auth_token=login_token(runtime, name),
        thread_id=str(uuid.uuid4()),
    )


def _call(runtime: Runtime, name: str, *, admin: bool, action: str, payload: dict[str, Any]) -> Any:
    import chainlit as cl

    from travel_assistant.web.panel import handlers as panel_handlers

    async def go() -> Any:
        _as(runtime, name, admin=admin)
        return await getattr(panel_handlers, action)(cl.Action(name=action, payload=payload))

    return asyncio.run(go())


@pytest.fixture
def installed(runtime_factory: RuntimeFactory, monkeypatch: pytest.MonkeyPatch) -> RuntimeFactory:
    import chainlit as cl

    from travel_assistant.web import context

    def install(**overrides: Any) -> Runtime:
        rt = runtime_factory(**overrides)
        monkeypatch.setattr(context._Installed, "app", context.App(rt.settings, _runtime=rt))
        monkeypatch.setattr(cl, "send_window_message", _ignore_window_message)
        _users(rt, ALICE, BOB)
        return rt

    return install


async def _ignore_window_message(data: object) -> None:
    return None


def test_the_clock_actions_are_for_admins_only(installed: RuntimeFactory) -> None:
    rt = installed()
    refused = _call(rt, "bob", admin=False, action="clock_set", payload={"iso": "2026-11-09T09:00"})
    assert refused == {
        "ok": False,
        "message": "Only an admin can move the demo clock.",
        "panel": None,
        "download": None,
    }
    assert _call(rt, "bob", admin=False, action="promote_now", payload={})["ok"] is False
    assert rt.clocks.shifted_now(REAL) == {}
    moved = _call(rt, "alice", admin=True, action="clock_set", payload={"iso": "2026-11-09T09:00"})
    assert moved["ok"] is True and moved["message"].startswith(
        "The demo clock now reads Mon 9 Nov 2026, 09:00"
    )
    assert moved["panel"]["demo_clock"]["enabled"] is True
    assert moved["panel"]["demo_clock"]["now_label"].startswith("Mon 9 Nov 2026, 09:0")
    bad = _call(rt, "alice", admin=True, action="clock_advance", payload={"minutes": "lots"})
    assert bad["ok"] is False and bad["message"].startswith("The clock did not move:")


def test_the_clock_actions_are_refused_in_production_even_for_an_admin(installed: RuntimeFactory) -> None:
    rt = installed(app_env="production", chainlit_auth_secret="a-real-secret-" + "x" * 40)
    answer = _call(rt, "alice", admin=True, action="clock_advance", payload={"minutes": 30})
    assert answer == {"ok": False, "message": "The demo clock is off here.", "panel": None, "download": None}
    assert rt.clocks.store.shifted() == {}


def test_the_panel_reads_the_gates_verdicts_in_words(installed: RuntimeFactory) -> None:
    rt = installed()
    _at(rt, MONDAY)
    _chat(rt, ALICE, "mon", "t1", "Find me flights to Lisbon on the 14th")
    _chat(rt, ALICE, "mon", "t2", "Book option 1, please. By the way, I'm vegetarian.")
    asyncio.run(promote_idle(rt.job_deps("t"), MONDAY + timedelta(minutes=31)))
    panel = _call(rt, "alice", admin=True, action="refresh_memory", payload={})["panel"]
    [conversation] = panel["verdicts"]
    words = {f"{d['outcome_label']}: {d['outcome_text']}" for d in conversation["decisions"]}
    assert {"Task progress: the booking system owns it", "Inference: you never said it"} <= words
    assert [d["fact_text"] for d in conversation["decisions"] if d["kept"]] == ["Dietary needs: vegetarian"]
    other = _call(rt, "bob", admin=False, action="refresh_memory", payload={})["panel"]
    assert other["verdicts"] == [] and other["groups"] == [] and other["demo_clock"]["enabled"] is False


def test_the_expiry_pass_ages_a_shifted_users_facts_by_that_users_clock(runtime: Runtime) -> None:
    from assistant.fact_records import Authority, FactDraft
    from scheduler.jobs import expire_facts

    _users(runtime, ALICE, BOB)
    for user in (ALICE, BOB):
        draft = FactDraft("seat", "aisle", "t", "t1", Authority.USER, REAL)
        runtime.fact_memory.record(UserScope(user), draft, now=REAL)
    _at(runtime, REAL)
    runtime.clocks.jump(ALICE, (REAL + timedelta(days=400)).isoformat())  # a seat preference ages in a year
    report = expire_facts(runtime.job_deps("t"), REAL)
    assert report.marked_stale == 1
    [alices] = runtime.fact_memory.current(UserScope(ALICE))
    [bobs] = runtime.fact_memory.current(UserScope(BOB))
    assert alices.stale and not bobs.stale
