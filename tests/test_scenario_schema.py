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
            "case.yaml:8: steps.0.expect.0: an expectation is a mapping with one key, one of: reply_contains,",
        ),
        (
            HEAD + "steps:\n  - run: promote\n    at: 2026-11-09T09:00\n    expect:\n"
            "      - rejected: {reason: guesswork}\n",
            "case.yaml:8: steps.0.expect.0.rejected.reason: unknown rejection reason 'guesswork'; known:",
        ),
        (
            HEAD + "steps:\n  - say: hi\n    at: 2026-11-09T09:00\n  - say: again\n    after: 30 minutes\n",
            "case.yaml:8: steps.1.after: '30 minutes' is not a duration; use e.g. 30m",
        ),
        (
            HEAD + "steps:\n  - say: hi\n    session: tue\n    at: 2026-11-09T09:00\n",
            "case.yaml:1: scenario: step 1: unknown session 'tue'",
        ),
        (HEAD + "steps:\n  - say: hi\n", "give the scenario a start: time, or the first step an at: time"),
        (
            HEAD + "steps:\n  - say: hi\n    at: 2026-11-09T09:00\n    after: 5m\n",
            "case.yaml:5: steps.0: give a step either at: or after:, not both",
        ),
        (
            HEAD + "steps:\n  - say: hi\n    run: promote\n    at: 2026-11-09T09:00\n",
            "case.yaml:5: steps.0: a step does one thing; this one has say and run",
        ),
        (
            HEAD + "steps:\n  - run: promote\n    at: 2026-11-09T09:00\n    expect:\n"
            "      - memory: {type: shoe_size}\n",
            "case.yaml:8: steps.0.expect.0.memory.type: unknown fact type 'shoe_size'",
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
            "step 1: recalled names session 'tue', which is not in sessions",
        ),
        (
            HEAD + "steps:\n  - say: hi\n    at: 2026-11-09T09:00\n    expect:\n      - sees_nothing: bob\n",
            "step 1: sees_nothing names 'bob', who is not in users",
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
