"""Reading a scenario file: YAML parsed once for the data and once for the node tree, so every error, and every
expectation in the report, can name its file and line."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from assistant.errors import InvalidInput
from travel_assistant.scenarios.schema import Scenario

MAX_ERRORS = 5


class ScenarioError(InvalidInput):
    """A scenario file that cannot be run as written: the message names the file and the line."""


@dataclass(frozen=True, slots=True)
class LoadedScenario:
    path: Path
    scenario: Scenario
    tree: yaml.Node

    def line(self, *where: str | int) -> int:
        """The 1-based line of the value at ``where`` (keys and list indexes), or of its nearest parent."""
        return line_of(self.tree, where)

    def step_line(self, step: int) -> int:
        return self.line("steps", step)

    def expectation_line(self, step: int, index: int) -> int:
        return self.line("steps", step, "expect", index)


def line_of(node: yaml.Node, where: tuple[Any, ...]) -> int:
    for part in where:
        child = _child(node, part)
        if child is None:
            break
        node = child
    return int(node.start_mark.line) + 1


def _child(node: yaml.Node, part: Any) -> yaml.Node | None:
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and key.value == str(part):
                found: yaml.Node = value
                return found
    if isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
        child: yaml.Node = node.value[part]
        return child
    return None


def load_scenario(path: Path) -> LoadedScenario:
    """Parse and validate one scenario file; any problem is a ScenarioError naming ``path:line``."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    try:
        tree = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark is not None else str(path)
        raise ScenarioError(f"{where}: not valid YAML: {getattr(exc, 'problem', None) or exc}") from exc
    if tree is None or not isinstance(data, dict):
        raise ScenarioError(f"{path}:1: a scenario is a YAML mapping (name:, users:, sessions:, steps:)")
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as exc:
        raise ScenarioError(_describe(path, tree, exc)) from exc
    return LoadedScenario(path=path, scenario=scenario, tree=tree)


def _describe(path: Path, tree: yaml.Node, exc: ValidationError) -> str:
    problems = []
    for error in exc.errors()[:MAX_ERRORS]:
        loc = tuple(error["loc"])
        # An expectation's kind is its key and the union's tag: "memory.memory.status" reads "memory.status".
        shown = [part for i, part in enumerate(loc) if i == 0 or part != loc[i - 1]]
        where = ".".join(str(part) for part in shown) or "scenario"
        message = str(error["msg"]).removeprefix("Value error, ")
        problems.append(f"{path}:{line_of(tree, loc)}: {where}: {message}")
    more = exc.error_count() - MAX_ERRORS
    if more > 0:
        problems.append(f"… and {more} more")
    return "\n".join(problems)
