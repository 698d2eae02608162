"""Every shipped scenario (``scenarios/*.yaml``) runs headless and passes; the command line runs them too."""

from __future__ import annotations

import asyncio
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.conftest import run_cli
from travel_assistant.scenarios.report import table
from travel_assistant.scenarios.runner import RunOptions, library_dir, run_file

LIBRARY = library_dir()
FILES = sorted(LIBRARY.glob("*.yaml"))


def test_the_library_covers_the_rules() -> None:
    assert len(FILES) >= 15
    names = {f.stem for f in FILES}
    for needed in (
        "lisbon",
        "explicit-remember",
        "correction",
        "no-longer",
        "third-party",
        "secret-beside-preference",
        "inference",
        "task-progress",
        "expiry",
        "inactivity-wipe",
        "erasure",
        "isolation",
        "long-thread",
        "retried-turn",
        "provider-failure",
    ):
        assert needed in names


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_a_shipped_scenario_passes(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no developer .env
    lines: list[str] = []
    report = asyncio.run(run_file(path, RunOptions(embeddings="hash", echo=lines.append)))
    assert report.ok, "\n".join([*lines, table(report)])
    assert report.outcomes and all(o.ok for o in report.outcomes)


def _failing(tmp_path: Path) -> Path:
    path = tmp_path / "failing.yaml"
    path.write_text(
        "name: a wrong expectation\n"
        "users: [alice]\n"
        "sessions: {mon: alice}\n"
        "steps:\n"
        "  - say: Hello there\n"
        "    at: 2026-11-09T09:00\n"
        "    expect:\n"
        "      - reply_contains: Hello!\n"
        "      - reply_contains: Goodbye\n",
        encoding="utf-8",
    )
    return path


def test_the_command_prints_a_table_and_fails_on_a_failed_expectation(cli_env: Path) -> None:
    failing = _failing(cli_env)
    result = run_cli("scenario", "run", str(LIBRARY / "third-party.yaml"), str(failing), "--junit", "out.xml")
    assert result.exit_code == 1, result.output
    assert "PASS  third-party.yaml:" in result.output
    assert "PASS  failing.yaml:8" in result.output
    assert "FAIL  failing.yaml:9" in result.output and "got: reply: Hello!" in result.output
    assert "1 of 2 scenario(s) passed" in result.output
    suites = ET.parse(cli_env / "out.xml").getroot().findall("testsuite")
    assert [s.get("failures") for s in suites] == ["0", "1"]
    [failure] = suites[1].iter("failure")
    assert "Hello!" in (failure.get("message") or "")


def test_json_output_and_a_passing_exit_code(cli_env: Path) -> None:
    result = run_cli("scenario", "run", "--json", str(LIBRARY / "retried-turn.yaml"))
    assert result.exit_code == 0, result.output
    [report] = json.loads(result.stdout)
    assert report["ok"] and report["failed"] == 0
    assert {"line", "step", "label", "expectation", "ok", "detail"} <= set(report["outcomes"][0])
    assert "replayed: true" in [o["expectation"] for o in report["outcomes"]]


def test_data_keeps_each_scenarios_world_and_refuses_a_used_folder(cli_env: Path) -> None:
    args = ["scenario", "run", "-q", "--data", "kept", str(LIBRARY / "retried-turn.yaml")]
    assert run_cli(*args).exit_code == 0
    assert (cli_env / "kept" / "retried-turn" / "travel.db").is_file()
    again = run_cli(*args)
    assert again.exit_code == 1 and "is not empty" in again.output


@pytest.mark.parametrize("doc", ["README.md", "scenarios/README.md"])
def test_the_documented_example_runs(doc: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The example a reader copies first is a scenario that passes."""
    monkeypatch.chdir(tmp_path)
    text = (LIBRARY.parent / doc).read_text(encoding="utf-8")
    example = text.split("```yaml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "example.yaml"
    path.write_text(example, encoding="utf-8")
    lines: list[str] = []
    report = asyncio.run(run_file(path, RunOptions(echo=lines.append)))
    assert report.ok and len(report.outcomes) >= 4, "\n".join([*lines, table(report)])
