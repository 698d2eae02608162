"""Scenario files are validated before anything runs, and every problem names its file and line."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from travel_assistant.scenarios.loader import ScenarioError, load_scenario
from travel_assistant.scenarios.schema import REASONS, parse_duration

HEAD = "name: x\nusers: [alice]\nsessions: {mon: alice}\n"


def problem(tmp_path: Path, text: str) -> str:
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    return str(caught.value).replace(str(path), "case.yaml")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            HEAD + "steps:\n  - say: hi\n    at: 2026-11-09T09:00\n    expect:\n      - reply_has: hi\n",
            "case.yaml:8: steps.1.expect.1: an expectation is a mapping with one key, one of: reply_contains,",
        ),
        (
            HEAD + "steps:\n  - run: promote\n    at: 2026-11-09T09:00\n    expect:\n"
            "      - rejected: {reason: guesswork}\n",
            "case.yaml:8: steps.1.expect.1.rejected.reason: unknown rejection reason 'guesswork'; known:",
        ),
        (
            HEAD + "steps:\n  - say: hi\n    at: 2026-11-09T09:00\n  - say: again\n    after: 30 minutes\n",
            "case.yaml:8: steps.2.after: '30 minutes' is not a duration; use e.g. 30m",
        ),
        (
            HEAD + "steps:\n  - say: hi\n    session: tue\n    at: 2026-11-09T09:00\n",
            "case.yaml:6: steps.1.session: unknown session 'tue'; sessions: mon",
        ),
        (HEAD + "steps:\n  - say: hi\n", "give the scenario a start: time, or the first step an at: time"),
        (
            HEAD + "steps:\n  - say: hi\n    at: 2026-11-09T09:00\n    after: 5m\n",
            "case.yaml:5: steps.1: give a step either at: or after:, not both",
        ),
        (
            HEAD + "steps:\n  - say: hi\n    run: promote\n    at: 2026-11-09T09:00\n",
            "case.yaml:5: steps.1: a step does one thing; this one has say and run",
        ),
        (
            HEAD + "steps:\n  - run: promote\n    at: 2026-11-09T09:00\n    expect:\n"
            "      - memory: {type: shoe_size}\n",
            "case.yaml:8: steps.1.expect.1.memory.type: unknown fact type 'shoe_size'",
        ),
        (
            HEAD + "settings: {llm_model: gpt-4o}\nsteps:\n  - say: hi\n    at: 2026-11-09T09:00\n",
            "case.yaml:4: settings: settings a scenario may set:",
        ),
        (
            "name: x\nusers: [alice]\nsessions: {../etc: alice}\nsteps: [{say: hi, at: 2026-11-09}]\n",
            "case.yaml:3: sessions: invalid thread id ../etc",
        ),
        (
            HEAD
            + "steps:\n  - say: hi\n    at: 2026-11-09T09:00\n    expect:\n      - recalled: {source: tue}\n",
            "case.yaml:8: steps.1.expect.1.recalled.source: recalled: unknown session 'tue' of 'alice'",
        ),
        (
            HEAD + "steps:\n  - say: hi\n    at: 2026-11-09T09:00\n    expect:\n      - sees_nothing: bob\n",
            "case.yaml:8: steps.1.expect.1.sees_nothing: sees_nothing names 'bob', who is not in users",
        ),
        ("name: x\nusers: [alice\n", "case.yaml:3: not valid YAML"),
        ("- just a list\n", "case.yaml:1: a scenario is a YAML mapping"),
    ],
    ids=[
        "unknown-expectation",
        "unknown-reason",
        "bad-duration",
        "unknown-session",
        "no-start",
        "at-and-after",
        "two-actions",
        "unknown-type",
        "unknown-setting",
        "bad-session-name",
        "unknown-source-session",
        "unknown-user",
        "bad-yaml",
        "not-a-mapping",
    ],
)
def test_a_bad_file_is_refused_with_its_file_and_line(tmp_path: Path, text: str, said: str) -> None:
    assert said in problem(tmp_path, text)


def test_the_reasons_are_the_gates_and_the_writes() -> None:
    assert {"task_progress", "inference", "third_party", "secret", "quoted_speech", "negated"} <= REASONS
    assert {"lower_authority", "nothing_to_retract", "malformed", "evidence_not_user_turn"} <= REASONS


@pytest.mark.parametrize(
    ("raw", "gap"),
    [
        ("30m", timedelta(minutes=30)),
        ("1d2h", timedelta(days=1, hours=2)),
        ("45s", timedelta(seconds=45)),
        ("2w", timedelta(weeks=2)),
        ("400d", timedelta(days=400)),
        ("1d 2h", timedelta(days=1, hours=2)),
    ],
)
def test_durations(raw: str, gap: timedelta) -> None:
    assert parse_duration(raw) == gap


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="cannot read"):
        load_scenario(tmp_path / "nope.yaml")


def test_a_misspelt_key_gets_a_suggestion(tmp_path: Path) -> None:
    said = problem(tmp_path, HEAD + "steps:\n  - say: hi\n    sesion: mon\n    at: 2026-11-09T09:00\n")
    assert "case.yaml:6: steps.1.sesion: unknown key 'sesion'; did you mean 'session'" in said
    said = problem(
        tmp_path,
        HEAD + "steps:\n  - run: promote\n    at: 2026-11-09T09:00\n    expect:\n      - memroy: {}\n",
    )
    assert "case.yaml:8: steps.1.expect.1: an expectation is" in said and "did you mean 'memory'?" in said
    said = problem(
        tmp_path,
        HEAD + "steps:\n  - run: promote\n    at: 2026-11-09T09:00\n    expect:\n"
        "      - memory: {type: seat, staus: current}\n",
    )
    assert "steps.1.expect.1.memory.staus: unknown key 'staus'; did you mean 'status'" in said


def test_every_unknown_session_and_user_is_reported_at_its_own_line(tmp_path: Path) -> None:
    text = (
        "name: x\nusers: [alice]\nsessions: {mon: alice}\nsteps:\n"
        "  - say: hi\n    at: 2026-11-09T09:00\n"  # 5-6
        "  - say: again\n    session: tue\n"  # 7-8
        "  - run: promote\n    expect:\n      - memory: {user: bob}\n"  # 9-11
        "  - erase: carol\n"  # 12
    )
    said = problem(tmp_path, text).splitlines()
    assert said == [
        "case.yaml:8: steps.2.session: unknown session 'tue'; sessions: mon",
        "case.yaml:11: steps.3.expect.1.memory.user: memory names 'bob', who is not in users",
        "case.yaml:12: steps.4.erase: erase names 'carol', who is not in users",
    ]


@pytest.mark.parametrize(
    ("fact", "said"),
    [
        ("{type: dietary, value: vegann}", "unknown dietary value 'vegann'; allowed: gluten-free, halal, "),
        ("{type: home_airport, value: LHX}", "unknown home_airport value 'LHX' (7884 values allowed; near:"),
        ("{value: purple}", "'purple' is no fact type's value; give type: to see the values it allows"),
        ("{type: seat, status: gone}", "memory.status"),
    ],
)
def test_an_unknown_fact_value_or_status_is_refused_before_running(
    tmp_path: Path, fact: str, said: str
) -> None:
    text = HEAD + f"steps:\n  - run: promote\n    at: 2026-11-09T09:00\n    expect:\n      - memory: {fact}\n"
    assert said in problem(tmp_path, text)


def test_a_status_list_and_the_ask_statuses_are_accepted(tmp_path: Path) -> None:
    path = tmp_path / "ok.yaml"
    path.write_text(
        HEAD + "steps:\n  - run: expire\n    at: 2026-11-09T09:00\n    expect:\n"
        "      - memory: {type: seat, status: [superseded, retracted]}\n"
        "      - memory: {type: seat, status: pending}\n      - memory: {type: seat, status: lapsed}\n",
        encoding="utf-8",
    )
    assert len(load_scenario(path).scenario.steps[0].expect) == 3


def test_two_users_may_each_have_a_session_of_the_same_name(tmp_path: Path) -> None:
    both = "name: x\nusers: [alice, bob]\nsessions:\n  alice: [mon]\n  bob: [mon]\nsteps:\n"
    said = problem(tmp_path, both + "  - say: hi\n    session: mon\n    at: 2026-11-09T09:00\n")
    assert (
        "case.yaml:8: steps.1.session: session 'mon' belongs to alice and bob; say whose with user:" in said
    )
    path = tmp_path / "ok.yaml"
    path.write_text(both + "  - say: hi\n    session: mon\n    user: bob\n    at: 2026-11-09T09:00\n")
    sessions = load_scenario(path).scenario.sessions
    assert {k: (s.user, s.name) for k, s in sessions.items()} == {
        "alice/mon": ("alice", "mon"),
        "bob/mon": ("bob", "mon"),
    }


def test_keep_and_discard_name_a_fact_memory_can_hold(tmp_path: Path) -> None:
    said = problem(
        tmp_path, HEAD + "steps:\n  - keep: {type: seat, value: windw}\n    at: 2026-11-09T09:00\n"
    )
    assert "case.yaml:5: steps.1.keep.value: Value error" not in said
    assert "unknown seat value 'windw'; allowed: aisle, " in said
