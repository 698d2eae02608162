"""Scenario steps that open a conversation and answer its question (Keep / Not now, a typed y/n), the
``nowhere:`` expectation over every store, and what a failing run shows."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from travel_assistant.scenarios.report import ScenarioReport, table
from travel_assistant.scenarios.runner import RunOptions, run_file

UNSURE = """name: x
users: [alice]
sessions: {mon: alice, tue: alice, wed: alice}
steps:
  - say: Back at uni I was always a window-seat person.
    session: mon
    at: 2026-11-09T09:00
  - run: promote
    after: 31m
    expect:
      - memory: {type: seat, value: window, status: pending}
"""


def run(tmp_path: Path, text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[ScenarioReport, list[str]]:
    monkeypatch.chdir(tmp_path)  # no developer .env
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    lines: list[str] = []
    return asyncio.run(run_file(path, RunOptions(embeddings="hash", echo=lines.append))), lines


def test_a_typed_yes_keeps_and_a_typed_no_discards_through_the_apps_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (
        UNSURE
        + """  - say: yes
    session: tue
    at: 2026-11-10T10:00
    expect:
      - asked: {type: seat, value: window}
      - reply: "Kept: I'll remember your seat preference: window."
      - memory: {type: seat, value: window, status: current, how: asked}
      - audit: {user: alice, action: keep_pending}
  - say: Back at uni my home airport was OPO.
    session: tue
  - run: promote
    after: 31m
    expect:
      - memory: {type: home_airport, value: OPO, status: pending}
  - say: no
    session: wed
    at: 2026-11-11T10:00
    expect:
      - reply: "Not kept: I won't remember your home airport: OPO."
      - memory_absent: {type: home_airport}
      - audit: {user: alice, action: discard_pending}
"""
    )
    report, lines = run(tmp_path, text, monkeypatch)
    assert report.ok, "\n".join([*lines, table(report)])


def test_talking_on_leaves_the_question_and_a_later_yes_is_a_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (
        UNSURE
        + """  - say: Find me flights to Lisbon on the 20th
    session: tue
    at: 2026-11-10T10:00
    expect:
      - asked: {type: seat}
  - say: yes
    session: tue
    expect:
      - memory: {type: seat, value: window, status: pending}
  - label: Keep, clicked later in the same conversation, still answers it
    keep: seat
    session: tue
    expect:
      - memory: {type: seat, value: window, status: current}
  - discard: {type: seat}
    session: tue
    expect:
      - reply: That one is already settled, so nothing changed.
  - keep: seat
    session: wed
    expect:
      - error: InvalidInput
"""
    )
    report, lines = run(tmp_path, text, monkeypatch)
    assert report.ok, "\n".join([*lines, table(report)])


def test_nowhere_finds_a_text_in_any_store_and_names_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = """name: x
users: [alice, bob]
sessions:
  alice: [mon]
  bob: [mon]
steps:
  - say: I'm vegan, and I need a flight to Lisbon on the 20th
    session: mon
    user: alice
    at: 2026-11-09T09:00
  - run: promote
    after: 31m
    expect:
      - nowhere: [platypus]
      - nowhere: VEGAN
  - say: What do you remember about me?
    session: mon
    user: bob
    expect:
      - not_recalled: {}
"""
    report, _lines = run(tmp_path, text, monkeypatch)
    first, second, third = report.outcomes
    assert first.ok and "thread log" in first.detail and "export" in first.detail
    assert not second.ok
    for place in (
        "thread log (alice@alice/mon",
        "fact (alice: Dietary needs: vegan)",
        "export (alice)",
        "model input",
    ):
        assert place in second.detail
    assert (
        "bob" not in second.detail
    )  # bob's same-named session is another thread, and it holds nothing of hers
    assert third.ok


def test_a_failing_reply_is_shown_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = """name: x
users: [alice]
sessions: {mon: alice}
steps:
  - say: Find me flights to Lisbon on the 20th
    at: 2026-11-09T09:00
    expect:
      - reply_contains: Zanzibar
"""
    report, _lines = run(tmp_path, text, monkeypatch)
    (outcome,) = report.outcomes
    assert not outcome.ok and len(outcome.detail) > 300
    got = next(line for line in table(report).splitlines() if "got:" in line)
    assert got.endswith('Which one should I book? Say e.g. "book option 1".')  # the whole reply, on one line
