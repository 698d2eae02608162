"""The worked example as a runnable, self-checking story: ``travel-assistant scenario lisbon``.

A shortcut to the shipped scenario file ``scenarios/lisbon.yaml`` (Monday's search and booking with a retried
turn, promotion after thirty-one idle minutes, Thursday's dinner question in a new thread): it runs the file
like ``travel-assistant scenario run`` does, prints the conversation and the per-expectation table, and reports
whether every expectation held.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from travel_assistant.scenarios.report import table
from travel_assistant.scenarios.runner import RunOptions, library_dir, run_file

LISBON = "lisbon.yaml"


async def run_lisbon(*, data_dir: Path | None, embeddings: str | None, echo: Callable[[str], None]) -> bool:
    report = await run_file(
        library_dir() / LISBON, RunOptions(data=data_dir, embeddings=embeddings, echo=echo)
    )
    echo(table(report))
    return report.ok
