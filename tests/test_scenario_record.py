"""A conversation had by hand becomes a scenario in one step, and the scenario replays it with the same replies."""

from __future__ import annotations

import asyncio
import uuid
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pytest
import yaml

from assistant.ids import ThreadId, TurnId, UserId
from assistant.turns import TurnRequest
from scheduler.jobs import promote_idle, promote_user_now
from tests.conftest import MONDAY, run_cli
from travel_assistant.scenarios.recorder import format_duration, record_yaml
from travel_assistant.scenarios.report import table
from travel_assistant.scenarios.runner import RunOptions, run_file

if TYPE_CHECKING:
    from tests.conftest import RuntimeFactory
    from travel_assistant.container import Runtime

ALICE = UserId("alice")
WEB_THREAD = str(uuid.uuid4())  # the web app's threads and turns are UUIDs


def say(rt: Runtime, thread: str, turn: str, text: str, minutes: float) -> str:
    request = TurnRequest(
        user=ALICE,
        thread=rt.thread_for_name(ALICE, thread),
        turn=TurnId(turn),
        text=text,
        now=MONDAY + timedelta(minutes=minutes),
    )
    return asyncio.run(rt.engine.run_turn(request)).reply


def replay(path: Path) -> Any:
    lines: list[str] = []
    report = asyncio.run(run_file(path, RunOptions(embeddings="hash", echo=lines.append)))
    return report, "\n".join([*lines, table(report)])


def test_a_recorded_session_replays_headless_with_the_same_replies(
    runtime_factory: RuntimeFactory, tmp_path: Path
) -> None:
    rt = runtime_factory()
    replies = [
        say(rt, "mon", "m1", "Find me flights to Lisbon on the 14th", 0),
        say(rt, "mon", "m2", "Book option 1, please. By the way, I'm vegetarian.", 2.5),
        say(rt, "mon", "m3", "My wife prefers window seats.", 4),
    ]
    asyncio.run(promote_idle(rt.job_deps("test"), MONDAY + timedelta(minutes=40)))
    replies.append(say(rt, "thu", "t1", "Any dinner suggestions near my hotel?", 3 * 24 * 60 + 600))
    text = record_yaml(rt, ALICE, ["mon", "thu"], name="found by hand")

    data = yaml.safe_load(text)
    steps = data["steps"]
    assert [s.get("say") for s in steps if "say" in s] == [
        "Find me flights to Lisbon on the 14th",
        "Book option 1, please. By the way, I'm vegetarian.",
        "My wife prefers window seats.",
        "Any dinner suggestions near my hotel?",
    ]
    assert steps[0]["at"] == "2026-11-09T09:00:00+00:00" and steps[1]["after"] == "2m30s"
    promote = next(s for s in steps if s.get("run"))
    assert promote["run"] == "promote" and promote["after"] == "36m"
    assert {"kept": {"type": "dietary", "count": 1}} in promote["expect"]
    assert {"rejected": {"reason": "third_party", "type": "seat", "count": 1}} in promote["expect"]
    assert [e["reply"] for s in steps for e in s.get("expect", []) if "reply" in e] == replies
    assert {
        "memory": {"type": "dietary", "value": "vegetarian", "status": "current", "source": "mon"}
    } in steps[-1]["expect"]

    path = tmp_path / "found.yaml"
    path.write_text(text, encoding="utf-8")
    report, shown = replay(path)
    assert report.ok, shown
    assert sum(1 for o in report.outcomes if o.expectation.startswith("reply:")) == 4


def test_a_promote_now_pass_and_a_failed_turn_are_recorded_as_such(
    runtime_factory: RuntimeFactory, tmp_path: Path
) -> None:
    from assistant.errors import ModelUnavailable
    from travel_assistant.scenarios.world import ScenarioModel

    rt = runtime_factory()
    observed: list[ScenarioModel] = []

    def wrap(model: Any) -> Any:
        observed.append(ScenarioModel(model))
        return observed[-1]

    rt.wrap_model = wrap
    say(rt, WEB_THREAD, str(uuid.uuid4()), "Remember that I prefer aisle seats.", 0)
    observed[0].fault = "unavailable"
    with pytest.raises(ModelUnavailable):
        say(rt, WEB_THREAD, "failed-turn", "I'm vegan.", 1)
    observed[0].fault = None
    asyncio.run(
        promote_user_now(rt.job_deps("ui"), rt.directory.threads_of(ALICE), MONDAY + timedelta(minutes=3))
    )
    text = record_yaml(rt, ALICE, [WEB_THREAD])
    steps = yaml.safe_load(text)["steps"]
    failed = next(s for s in steps if s.get("turn") == "failed-turn")
    assert failed["model_fails"] == "unavailable" and failed["expect"] == [{"error": "ModelUnavailable"}]
    assert next(s for s in steps if "run" in s)["run"] == "promote_now"
    path = tmp_path / "web.yaml"
    path.write_text(text, encoding="utf-8")
    report, shown = replay(path)
    assert report.ok, shown


def test_record_from_the_command_line_then_run_it(cli_env: Path) -> None:
    for turn, at, text in (
        ("t1", "2026-11-09T09:00", "Find me flights to Porto on the 20th"),
        ("t2", "2026-11-09T09:03", "Book option 2. I always fly from Manchester."),
    ):
        args = ["chat", "--user", "bob", "--thread", "trip", "--turn-id", turn, "--at", at, text]
        assert run_cli(*args).exit_code == 0
    assert run_cli("jobs", "promote", "--at", "2026-11-09T09:40").exit_code == 0
    recorded = run_cli("scenario", "record", "--user", "bob", "--thread", "trip", "--out", "case.yaml")
    assert recorded.exit_code == 0, recorded.output
    ran = run_cli("scenario", "run", "-q", "case.yaml")
    assert ran.exit_code == 0, ran.output
    assert "0 failed" in ran.output and "home_airport" in (cli_env / "case.yaml").read_text()


def test_recording_someone_elses_thread_is_refused(cli_env: Path) -> None:
    run_cli("chat", "--user", "alice", "--thread", "mine", "Hello there")
    result = run_cli("scenario", "record", "--user", "bob", "--thread", "mine")
    assert result.exit_code == 1 and "thread mine not found for user bob" in result.output


@pytest.mark.parametrize(
    ("seconds", "shown"), [(0, "0s"), (45, "45s"), (150, "2m30s"), (3600 * 26 + 60, "1d2h1m"), (-5, "0s")]
)
def test_gaps_are_written_in_the_scenario_format(seconds: int, shown: str) -> None:
    assert format_duration(timedelta(seconds=seconds)) == shown


def test_the_web_action_offers_this_conversation_as_a_scenario_file(
    runtime: Runtime, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from types import SimpleNamespace

    import chainlit

    from travel_assistant.web import context, handlers
    from travel_assistant.web.ui import ChatContext

    said: list[tuple[str, Any]] = []

    async def fake_say(text: str, **kwargs: Any) -> None:
        said.append((text, kwargs))

    chat = ChatContext(user=ALICE, thread=ThreadId(WEB_THREAD), is_admin=False)
    monkeypatch.setattr(context._Installed, "app", context.App(settings=runtime.settings, _runtime=runtime))
    monkeypatch.setattr(context, "_chat", lambda app: chat)
    monkeypatch.setattr(handlers, "say", fake_say)
    monkeypatch.setattr(chainlit, "File", lambda **kwargs: SimpleNamespace(**kwargs))
    action = SimpleNamespace(payload={})

    save = cast(
        "Any", handlers.save_scenario
    )  # the wrapper's signature is Chainlit's (an action), typed loosely
    asyncio.run(save(action))
    assert said[-1][0] == "There is nothing to save yet: this conversation has no messages."
    reply = say(
        runtime, WEB_THREAD, str(uuid.uuid4()), "I prefer aisle seats and I always fly from Heathrow", 0
    )
    asyncio.run(save(action))
    [file] = said[-1][1]["elements"]
    assert file.name == f"scenario-{WEB_THREAD[:8]}.yaml" and file.mime == "application/x-yaml"
    path = tmp_path / file.name
    path.write_bytes(file.content)
    assert yaml.safe_load(file.content)["steps"][0]["expect"] == [{"reply": reply}]
    report, shown = replay(path)
    assert report.ok, shown
