"""Reading a scenario file: YAML parsed once for the data and once for the node tree, so every error, and every
expectation in the report, can name its file and line."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from assistant.errors import InvalidInput
from travel_assistant.scenarios.expectations import EXPECTATION_KEYS
from travel_assistant.scenarios.references import Problem, reference_problems
from travel_assistant.scenarios.schema import AnswerSpec, Scenario, SessionSpec, Step

MAX_ERRORS = 20
# Every key a scenario file may use, for "did you mean …?" on a misspelt one.
KNOWN_KEYS = frozenset(
    {*Scenario.model_fields, *Step.model_fields, *SessionSpec.model_fields, *AnswerSpec.model_fields}
    | EXPECTATION_KEYS
)


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
        raise ScenarioError(_describe(path, tree, _problems(exc))) from exc
    wrong = reference_problems(scenario)
    if wrong:
        raise ScenarioError(_describe(path, tree, wrong))
    return LoadedScenario(path=path, scenario=scenario, tree=tree)


def _problems(exc: ValidationError) -> list[Problem]:
    found: list[Problem] = []
    for error in exc.errors():
        loc = tuple(error["loc"])
        message = str(error["msg"]).removeprefix("Value error, ")
        if error["type"] == "extra_forbidden":
            message = f"unknown key {loc[-1]!r}" + did_you_mean(str(loc[-1]), KNOWN_KEYS)
        elif error["type"] == "expectation":
            message += did_you_mean(_only_key(error.get("input")), KNOWN_KEYS)
        found.append((loc, message))
    return found


def _only_key(value: object) -> str:
    return str(next(iter(value))) if isinstance(value, dict) and len(value) == 1 else ""


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """ "; did you mean 'reply_contains'?" for a near miss of a known word, else nothing."""
    close = difflib.get_close_matches(word, sorted(set(known)), n=2, cutoff=0.6) if word else []
    return f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""


def _shown(loc: tuple[str | int, ...]) -> str:
    """A place in the file as the report names it: list positions 1-based (``steps.1.expect.2``), as steps are
    numbered everywhere; an expectation's kind is its key and the union's tag, so "memory.memory" reads once."""
    parts = [part for i, part in enumerate(loc) if i == 0 or part != loc[i - 1]]
    return ".".join(str(p + 1) if isinstance(p, int) else str(p) for p in parts) or "scenario"


def _describe(path: Path, tree: yaml.Node, problems: list[Problem]) -> str:
    lines = [
        f"{path}:{line_of(tree, loc)}: {_shown(loc)}: {message}" for loc, message in problems[:MAX_ERRORS]
    ]
    if len(problems) > MAX_ERRORS:
        lines.append(f"… and {len(problems) - MAX_ERRORS} more")
    return "\n".join(lines)
