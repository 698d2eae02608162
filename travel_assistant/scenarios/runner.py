"""Running scenario files headless: a fresh world per file (a throw-away data folder unless ``--data``), the
steps in order through the real engine, jobs and registry, and every expectation checked after its step.

The model is whatever the settings name (the offline model by default). A scenario may name a recording
(``model: replay/<folder>``) to replay a real provider's answers; with ``LLM_RECORD=DIR`` set, the run records
into ``DIR/<file stem>`` instead, with the configured model.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assistant.errors import InvalidInput, TravelAssistantError
from assistant.model.llm import ChatModel
from travel_assistant.container import Runtime, build_runtime
from travel_assistant.scenarios.checks import check, describe
from travel_assistant.scenarios.expectations import ErrorIs
from travel_assistant.scenarios.loader import LoadedScenario, ScenarioError, load_scenario
from travel_assistant.scenarios.report import Outcome, ScenarioReport
from travel_assistant.scenarios.schema import Step
from travel_assistant.scenarios.steps import perform
from travel_assistant.scenarios.world import ScenarioModel, StepResult, World
from travel_assistant.settings import Settings, build_settings

Echo = Callable[[str], None]
LIBRARY = "scenarios"


@dataclass(frozen=True, slots=True, kw_only=True)
class RunOptions:
    data: Path | None = None  # keep each scenario's data in data/<stem> (default: a temporary folder)
    embeddings: str | None = None  # default: the scenario's setting, else "hash"
    echo: Echo = print


def library_dir() -> Path:
    """The shipped scenario library (``scenarios/`` at the top of a source checkout)."""
    folder = Path(__file__).resolve().parents[2] / LIBRARY
    if not folder.is_dir():
        raise ScenarioError(f"the scenario library {folder} is missing; run from a source checkout")
    return folder


def scenario_files(paths: list[Path]) -> list[Path]:
    """Files as given; a folder stands for its ``*.yaml`` files, in name order."""
    found: list[Path] = []
    for path in paths:
        found += sorted(path.glob("*.yaml")) if path.is_dir() else [path]
    if not found:
        raise InvalidInput("no scenario files given (a folder counts for its *.yaml files)")
    return found


async def run_files(paths: list[Path], options: RunOptions) -> list[ScenarioReport]:
    return [await run_file(path, options) for path in scenario_files(paths)]


async def run_file(path: Path, options: RunOptions) -> ScenarioReport:
    started = time.monotonic()
    report = ScenarioReport(path=path, name=path.stem)
    try:
        loaded = load_scenario(path)
        report.name = loaded.scenario.name
        options.echo(f"== {path}: {loaded.scenario.name} ==")
        with _world(loaded, options) as world:
            await _run_steps(world, report, options.echo)
    except TravelAssistantError as exc:
        report.error = str(exc)
    report.seconds = time.monotonic() - started
    return report


async def _run_steps(world: World, report: ScenarioReport, echo: Echo) -> None:
    loaded = world.loaded
    for index, step in enumerate(loaded.scenario.steps):
        result = await perform(world, index, step, echo)
        report.outcomes += _outcomes(world, result)


def _outcomes(world: World, result: StepResult) -> list[Outcome]:
    loaded, step, index = world.loaded, result.step, result.index
    label = step_label(step)
    rows = []
    if result.error and not any(isinstance(e, ErrorIs) for e in step.expect):
        rows.append(
            Outcome(
                line=loaded.step_line(index),
                step=index + 1,
                label=label,
                expectation="the step runs without error",
                ok=False,
                detail=f"{result.error}: {result.error_message}",
            )
        )
    for i, expectation in enumerate(step.expect):
        ok, detail = check(world, result, expectation)
        line = loaded.expectation_line(index, i)
        rows.append(
            Outcome(
                line=line,
                step=index + 1,
                label=label,
                expectation=describe(expectation),
                ok=ok,
                detail=detail,
            )
        )
    return rows


def step_label(step: Step) -> str:
    if step.label:
        return step.label
    if step.say is not None:
        text = step.say if len(step.say) <= 28 else step.say[:27] + "…"
        times = f" ×{step.repeat}" if step.repeat > 1 else ""
        where = "/".join(p for p in (step.user, step.session) if p)
        return f'say{"@" + where if where else ""} "{text}"{times}'
    if step.run is not None:
        return f"run {step.run}"
    if step.open is not None:
        return f"open {step.open}"
    if step.answer is not None:
        what = "/".join(v for v in (step.answer.type, step.answer.value) if v)
        return (
            f"{'keep' if step.keep else 'discard'}{'@' + step.session if step.session else ''} {what}".strip()
        )
    return f"erase {step.erase}" if step.erase else "check"


def scenario_settings(loaded: LoadedScenario, folder: Path, options: RunOptions) -> Settings:
    scenario = loaded.scenario
    overrides: dict[str, Any] = {
        "travel_data_dir": folder,
        "database_url": None,
        "lancedb_uri": None,
        "offline_stream_delay_ms": 0,
        **scenario.settings,
        "embeddings": options.embeddings or scenario.settings.get("embeddings", "hash"),
    }
    recording = build_settings().llm_record
    if recording is not None:
        overrides["llm_record"] = recording / loaded.path.stem
    elif scenario.model is not None:
        overrides["llm_model"] = replay_model(loaded)
    return build_settings(**overrides)


def replay_model(loaded: LoadedScenario) -> str:
    model = str(loaded.scenario.model)
    if not model.startswith("replay/"):
        raise ScenarioError(f"{loaded.path}:{loaded.line('model')}: model: must be replay/<folder>")
    return f"replay/{(loaded.path.parent / model.removeprefix('replay/')).resolve()}"


@contextmanager
def _world(loaded: LoadedScenario, options: RunOptions) -> Iterator[World]:
    scenario = loaded.scenario
    folder, temporary = _folder(loaded, options)
    rt: Runtime | None = None
    try:
        rt = build_runtime(scenario_settings(loaded, folder, options))
        observed: list[ScenarioModel] = []

        def observe(model: ChatModel) -> ChatModel:
            observed.append(ScenarioModel(model))
            return observed[-1]

        rt.wrap_model = observe
        _ = rt.model
        start = scenario.start or scenario.steps[0].at
        assert start is not None  # the schema requires one of them
        yield World(loaded=loaded, rt=rt, model=observed[0], now=start)
    finally:
        if rt is not None:
            rt.close()
        if temporary:
            shutil.rmtree(folder, ignore_errors=True)


def _folder(loaded: LoadedScenario, options: RunOptions) -> tuple[Path, bool]:
    if options.data is None:
        return Path(tempfile.mkdtemp(prefix=f"scenario-{loaded.path.stem}-")), True
    folder = options.data / loaded.path.stem
    if folder.exists() and any(folder.iterdir()):
        raise ScenarioError(f"--data folder {folder} is not empty; a scenario starts from nothing")
    return folder, False
