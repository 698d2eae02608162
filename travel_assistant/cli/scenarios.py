"""``travel-assistant scenario …``: run scenario files, record one from a real session, and the worked example."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated

import typer

from travel_assistant.cli.common import emit_json, guarded, runtime

scenario = typer.Typer(
    no_args_is_help=True, help="Two-session scenarios: run them headless, record one from a conversation."
)

EmbeddingsOption = Annotated[
    str | None, typer.Option(help="hash | minilm (default: the scenario's setting, else hash)")
]
DataOption = Annotated[
    Path | None,
    typer.Option("--data", help="Keep each scenario's data in DIR/<name> (default: a temp folder)"),
]


@scenario.command("run")
def run(
    files: Annotated[
        list[Path], typer.Argument(help="Scenario files (a folder counts for its *.yaml files)")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON")] = False,
    junit: Annotated[Path | None, typer.Option("--junit", help="Also write JUnit XML here")] = None,
    data: DataOption = None,
    embeddings: EmbeddingsOption = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Only the table, not the conversation")
    ] = False,
) -> None:
    """Run scenarios headless and print a pass/fail row per expectation; exit 1 if any fails."""
    from travel_assistant.scenarios.report import junit as junit_xml
    from travel_assistant.scenarios.report import summary, table
    from travel_assistant.scenarios.runner import RunOptions, run_files

    def echo(line: str) -> None:
        if not (quiet or as_json):
            typer.echo(line)

    options = RunOptions(data=data, embeddings=embeddings, echo=echo)
    reports = guarded(lambda: asyncio.run(run_files(files, options)))
    if junit is not None:
        junit.write_bytes(junit_xml(reports))
    if as_json:
        emit_json([r.to_json() for r in reports])
    else:
        for report in reports:
            typer.echo(table(report))
        typer.echo(summary(reports))
    raise typer.Exit(0 if all(r.ok for r in reports) else 1)


@scenario.command("lisbon")
def lisbon(
    data_dir: Annotated[Path | None, typer.Option(help="Keep the data here (default: a temp folder)")] = None,
    embeddings: EmbeddingsOption = None,
) -> None:
    """The worked example (scenarios/lisbon.yaml): Monday's booking, promotion, Thursday's dinner question."""
    from travel_assistant.scenario import run_lisbon

    ok = guarded(lambda: asyncio.run(run_lisbon(data_dir=data_dir, embeddings=embeddings, echo=typer.echo)))
    raise typer.Exit(0 if ok else 1)


@scenario.command("record")
def record(
    user: Annotated[str, typer.Option("--user", help="Whose conversation")],
    thread: Annotated[list[str], typer.Option("--thread", help="A thread to record (repeat for more)")],
    out: Annotated[
        Path | None, typer.Option("--out", help="Write the scenario here (default: stdout)")
    ] = None,
    name: Annotated[str | None, typer.Option(help="The scenario's name")] = None,
) -> None:
    """Write a scenario that replays these threads: messages with their time gaps, replies, tool calls,
    promotion's decisions and the facts left in memory, as expectations."""
    from assistant.ids import user_id
    from travel_assistant.scenarios.recorder import record_yaml

    def body() -> None:
        with runtime() as rt:
            text = record_yaml(rt, user_id(user), thread, name=name)
        if out is None:
            typer.echo(text, nl=False)
        else:
            out.write_text(text, encoding="utf-8")
            typer.echo(f"wrote {out}")

    guarded(body)


def register(app: typer.Typer) -> None:
    app.add_typer(scenario, name="scenario")
