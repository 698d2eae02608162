"""The README's benchmark table is written from the recorded figures, not by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from testkit import bench_results as _results


def test_recorded_figures_replace_the_readme_block_and_nothing_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_results, "RESULTS", tmp_path / "results.json")
    readme = tmp_path / "README.md"
    readme.write_text(f"intro\n{_results.START}\nold table\n{_results.END}\noutro\n", encoding="utf-8")
    _results.record(
        "purge", "forget one fact at 1M rows", "80 ms", target="≤ 100 ms", baseline="8 ms", met=True
    )
    _results.record(
        "purge", "forget one fact at 1M rows", "90 ms", target="≤ 100 ms", baseline="9 ms", met=True
    )
    _results.record("load", "TTFT p95, 50 users", "4.5 s", target="≤ 300 ms", met=False)
    assert _results.write_readme(readme)
    text = readme.read_text(encoding="utf-8")
    assert text.startswith("intro\n") and text.endswith("\noutro\n") and "old table" not in text
    assert (
        "| `purge` | forget one fact at 1M rows | 90 ms | ≤ 100 ms | 9 ms | yes |" in text
    )  # the latest run
    assert "80 ms" not in text
    assert "| `load` | TTFT p95, 50 users | 4.5 s | ≤ 300 ms |  | **no** |" in text
    assert not _results.write_readme(readme)  # unchanged figures: nothing rewritten


def test_a_readme_without_the_block_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_results, "RESULTS", tmp_path / "results.json")
    readme = tmp_path / "README.md"
    readme.write_text("no markers here\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="no"):
        _results.write_readme(readme)
