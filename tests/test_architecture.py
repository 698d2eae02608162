"""The layering in docs/architecture.md, enforced: no import cycles, and no import against the table.

Every import counts, including those inside functions and under ``TYPE_CHECKING``: a lazy import still makes
one module depend on another, and hiding a cycle behind one is how cycles crept in before.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ROOMS = ("language", "assistant", "demo", "memory", "scheduler", "travel_assistant", "testkit", "benchmarks")

# room -> the rooms it may import (besides itself). Finer rules follow in FORBIDDEN_LIBRARIES and EXCEPTIONS.
MAY_IMPORT: Mapping[str, frozenset[str]] = {
    "language": frozenset(),
    "assistant": frozenset({"language"}),
    "demo": frozenset({"language", "assistant", "memory"}),
    "memory": frozenset({"language", "assistant"}),
    "scheduler": frozenset({"language", "assistant", "memory"}),
    "travel_assistant": frozenset({"language", "assistant", "demo", "memory", "scheduler"}),
    "testkit": frozenset({"language", "assistant", "demo", "memory", "scheduler", "travel_assistant"}),
    "benchmarks": frozenset(
        {"language", "assistant", "demo", "memory", "scheduler", "travel_assistant", "testkit"}
    ),
}
# demo/ reaches storage only for its bookings table.
DEMO_MAY_IMPORT_FROM_MEMORY = frozenset({"memory.db", "memory.tables"})
# Third-party libraries a room must not import, and the one module allowed to import litellm.
FORBIDDEN_LIBRARIES: Mapping[str, frozenset[str]] = {
    "language": frozenset(
        {"sqlmodel", "sqlalchemy", "lancedb", "chainlit", "apscheduler", "alembic", "litellm"}
    ),
    "assistant": frozenset({"sqlmodel", "sqlalchemy", "lancedb", "chainlit", "apscheduler", "alembic"}),
    "demo": frozenset({"lancedb", "chainlit", "apscheduler"}),
    "memory": frozenset({"chainlit", "apscheduler"}),
    "scheduler": frozenset({"chainlit"}),
}
LITELLM_MODULE = "assistant.model.llm"
CHAINLIT_ROOM = "travel_assistant.web"


def module_files(root: Path, rooms: Iterable[str]) -> dict[str, Path]:
    """Dotted module name -> file, for every Python file of the given rooms."""
    found: dict[str, Path] = {}
    for room in rooms:
        for path in sorted((root / room).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imported_names(module: str, path: Path, *, members: bool = True) -> set[str]:
    """Every dotted name ``module`` imports (absolute; relative imports resolved), at any depth of the file;
    with ``members``, ``from x import y`` also gives ``x.y`` (``y`` may be a submodule)."""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            names.add(base)
            if members:
                names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def import_graph(modules: Mapping[str, Path]) -> dict[str, set[str]]:
    """Module -> the project modules it imports (a name resolves to the longest module prefix it has)."""

    def resolve(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        targets = {resolve(name) for name in imported_names(module, path)}
        graph[module] = {t for t in targets if t is not None and t != module}
    return graph


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work: list[tuple[str, list[str]]] = [(start, sorted(graph.get(start, ())))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, todo = work[-1]
            if todo:
                nxt = todo.pop()
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(graph.get(nxt, ()))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def violations(modules: Mapping[str, Path]) -> list[str]:
    """Every import against the table, as "importer -> imported (why)"."""
    found: list[str] = []
    for module, path in modules.items():
        room = module.split(".")[0]
        for name in sorted(imported_names(module, path, members=False)):
            top = name.split(".")[0]
            if top in ROOMS and top != room:
                allowed = top in MAY_IMPORT.get(room, frozenset())
                if room == "demo" and top == "memory":
                    allowed = any(name == m or name.startswith(m + ".") for m in DEMO_MAY_IMPORT_FROM_MEMORY)
                if not allowed:
                    found.append(f"{module} -> {name} ({room} may not import {top})")
            if top == "tests" and room != "tests":
                found.append(f"{module} -> {name} (only tests import tests)")
            if top in FORBIDDEN_LIBRARIES.get(room, frozenset()):
                found.append(f"{module} -> {name} ({room} never imports {top})")
            if top == "litellm" and module != LITELLM_MODULE:
                found.append(f"{module} -> {name} (only {LITELLM_MODULE} imports litellm)")
            if top == "chainlit" and not module.startswith(CHAINLIT_ROOM):
                found.append(f"{module} -> {name} (only {CHAINLIT_ROOM} imports chainlit)")
    return found


def test_the_import_graph_has_no_cycles() -> None:
    graph = import_graph(module_files(ROOT, ROOMS))
    assert cycles(graph) == []


def test_no_module_imports_against_the_table() -> None:
    assert violations(module_files(ROOT, ROOMS)) == []


# The order inside the engine core, bottom to top: a module may import its own layer and the layers below it.
# Values every part shares (ids, errors, events, the records of a turn and of a fact, the fact-type registry);
# the store protocols; the model; long-term memory; the write gate; what crosses from a thread into memory; the
# turn. A module is in the layer of its longest listed prefix.
CORE_LAYERS: tuple[tuple[str, ...], ...] = (
    (
        "assistant",
        "assistant.ids",
        "assistant.errors",
        "assistant.faults",
        "assistant.jsonable",
        "assistant.probe",
        "assistant.prompts",
        "assistant.booking_types",
        "assistant.sessions",
        "assistant.events",
        "assistant.state",
        "assistant.turns",
        "assistant.transcript",
        "assistant.remask",
        "assistant.fact_types",
        "assistant.fact_records",
        "assistant.promotion_report",
    ),
    ("assistant.ports",),
    ("assistant.model",),
    ("assistant.facts",),
    ("assistant.gate",),
    ("assistant.promotion", "assistant.remember", "assistant.changes", "assistant.candidates"),
    ("assistant.turn",),
)


def core_layer(module: str) -> int | None:
    found = [
        (len(prefix), i)
        for i, layer in enumerate(CORE_LAYERS)
        for prefix in layer
        if module == prefix or module.startswith(prefix + ".")
    ]
    return max(found)[1] if found else None


def upward_in_core(modules: Mapping[str, Path]) -> list[str]:
    """Every import inside ``assistant/`` from a lower layer to a higher one, and every module in no layer."""
    core = {m: p for m, p in modules.items() if m.split(".")[0] == "assistant"}
    found: list[str] = []
    for module, targets in import_graph(core).items():
        mine = core_layer(module)
        if mine is None:
            found.append(f"{module} is in no layer of CORE_LAYERS")
            continue
        found += [f"{module} -> {t}" for t in sorted(targets) if (core_layer(t) or 0) > mine]
    return found


def test_the_core_imports_only_downwards() -> None:
    assert upward_in_core(module_files(ROOT, ("assistant",))) == []


def patterns_in(modules: Mapping[str, Path]) -> list[str]:
    """Every use of the ``re`` module: reading text is ``language/``'s, so the core holds no pattern of its own."""
    found: list[str] = []
    for module, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import) and any(a.name == "re" for a in node.names):
                found.append(f"{module}:{node.lineno} imports re")
            elif isinstance(node, ast.ImportFrom) and node.module == "re":
                found.append(f"{module}:{node.lineno} imports from re")
    return found


def test_the_core_holds_no_pattern_of_its_own() -> None:
    assert patterns_in(module_files(ROOT, ("assistant",))) == []


def test_tests_do_not_import_benchmarks() -> None:
    tests = module_files(ROOT, ("tests",))
    assert [
        f"{module} -> {name}"
        for module, path in tests.items()
        for name in sorted(imported_names(module, path))
        if name.split(".")[0] == "benchmarks"
    ] == []


def _plant(tmp_path: Path, files: Mapping[str, str]) -> dict[str, Path]:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return module_files(tmp_path, ("assistant", "memory"))


@pytest.mark.parametrize(
    ("files", "check", "found"),
    [
        pytest.param(
            {
                "assistant/__init__.py": "",
                "assistant/ports.py": "from assistant.turn.engine import Engine\n",
                "assistant/turn/__init__.py": "",
                "assistant/turn/engine.py": "Engine = object\n",
            },
            upward_in_core,
            ["assistant.ports -> assistant.turn.engine"],
            id="an upward import inside the core",
        ),
        pytest.param(
            {
                "assistant/__init__.py": "",
                "assistant/a.py": "from assistant.b import thing\n",
                "assistant/b.py": "def thing():\n    from assistant import a\n    return a\n",
                "assistant/c.py": "import assistant.a\n",
            },
            lambda modules: cycles(import_graph(modules)),
            [["assistant.a", "assistant.b"]],
            id="a cycle, even behind a lazy import",
        ),
    ],
)
def test_a_planted_breach_of_the_layers_is_found(
    tmp_path: Path, files: Mapping[str, str], check: Callable[[dict[str, Path]], object], found: object
) -> None:
    assert check(_plant(tmp_path, files)) == found


@pytest.mark.parametrize(
    ("source", "why"),
    [
        ("from memory.db import Database\n", "assistant may not import memory"),
        ("import litellm\n", "only assistant.model.llm imports litellm"),
        (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import lancedb\n",
            "never imports lancedb",
        ),
    ],
)
def test_a_planted_upward_import_is_refused(tmp_path: Path, source: str, why: str) -> None:
    modules = _plant(
        tmp_path,
        {"assistant/__init__.py": "", "assistant/x.py": source, "memory/__init__.py": "", "memory/db.py": ""},
    )
    found = violations(modules)
    assert len(found) == 1 and why in found[0]


# One room per idea, in size too: a module past this many lines holds more than one idea, a function past
# FUNCTION_LINES does more than one thing. The app's packages only; tests and benchmarks may run longer.
APP_ROOMS = ("language", "assistant", "demo", "memory", "scheduler", "travel_assistant")
MODULE_LINES = 400
FUNCTION_LINES = 60


def oversized(modules: Mapping[str, Path]) -> list[str]:
    """Every module over MODULE_LINES and every function (or method) over FUNCTION_LINES, with its size."""
    found: list[str] = []
    for module, path in modules.items():
        text = path.read_text(encoding="utf-8")
        lines = len(text.splitlines())
        if lines > MODULE_LINES:
            found.append(f"{module}: {lines} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.end_lineno is not None:
                length = node.end_lineno - node.lineno + 1
                if length > FUNCTION_LINES:
                    found.append(f"{module}.{node.name} (line {node.lineno}): {length} lines")
    return found


def test_no_app_module_or_function_outgrows_one_idea() -> None:
    assert oversized(module_files(ROOT, APP_ROOMS)) == []


def test_a_planted_long_function_and_module_are_found(tmp_path: Path) -> None:
    body = "".join(f"    x{i} = {i}\n" for i in range(FUNCTION_LINES))
    filler = "\n" * MODULE_LINES
    modules = _plant(tmp_path, {"assistant/__init__.py": "", "assistant/big.py": f"def f():\n{body}{filler}"})
    found = oversized(modules)
    assert found == [
        f"assistant.big: {FUNCTION_LINES + 1 + MODULE_LINES} lines",
        f"assistant.big.f (line 1): {FUNCTION_LINES + 1} lines",
    ]
