"""What a scenario run reports: one row per expectation (file:line, step, expectation, pass or fail and what was
actually there), as a table, as JSON, or as JUnit XML for CI."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistant.jsonable import JsonRecord


@dataclass(frozen=True, slots=True, kw_only=True)
class Outcome(JsonRecord):
    line: int
    step: int  # 1-based
    label: str  # what the step does: 'say@mon "Find me flights…"', 'run promote'
    expectation: str
    ok: bool
    detail: str = ""


@dataclass
class ScenarioReport:
    path: Path
    name: str
    outcomes: list[Outcome] = field(default_factory=list)
    error: str | None = None  # the scenario could not be loaded or run to the end
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.error is None and all(o.ok for o in self.outcomes)

    @property
    def failed(self) -> int:
        return sum(1 for o in self.outcomes if not o.ok) + (1 if self.error else 0)

    def to_json(self) -> dict[str, Any]:
        return {
            "file": str(self.path),
            "name": self.name,
            "ok": self.ok,
            "error": self.error,
            "seconds": round(self.seconds, 2),
            "passed": sum(1 for o in self.outcomes if o.ok),
            "failed": self.failed,
            "outcomes": [o.to_json() for o in self.outcomes],
        }


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def table(report: ScenarioReport) -> str:
    """The per-expectation table of one scenario."""
    lines = [f"{report.path}: {report.name}"]
    for o in report.outcomes:
        where = f"{report.path.name}:{o.line}"
        lines.append(
            f"  {'PASS' if o.ok else 'FAIL'}  {where:<26} {_cut(f'{o.step}. {o.label}', 40):<40} "
            f"{_cut(o.expectation, 70)}"
        )
        if not o.ok and o.detail:
            lines.append(f"        got: {o.detail}")
    if report.error:
        lines.append(f"  ERROR {report.error}")
    passed = sum(1 for o in report.outcomes if o.ok)
    lines.append(f"  {passed} passed, {report.failed} failed ({report.seconds:.1f} s)")
    return "\n".join(lines)


def summary(reports: list[ScenarioReport]) -> str:
    bad = [r for r in reports if not r.ok]
    expectations = sum(len(r.outcomes) for r in reports)
    head = f"{len(reports) - len(bad)} of {len(reports)} scenario(s) passed ({expectations} expectations)"
    return head + ("" if not bad else "; failing: " + ", ".join(str(r.path) for r in bad))


def junit(reports: list[ScenarioReport]) -> bytes:
    """JUnit XML: a test suite per scenario file, a test case per expectation."""
    root = ET.Element("testsuites", name="scenarios")
    for report in reports:
        suite = ET.SubElement(
            root,
            "testsuite",
            name=report.name,
            file=str(report.path),
            tests=str(len(report.outcomes) + (1 if report.error else 0)),
            failures=str(report.failed),
            time=f"{report.seconds:.3f}",
        )
        if report.error:
            case = ET.SubElement(suite, "testcase", classname=report.path.stem, name="scenario runs")
            ET.SubElement(case, "error", message=report.error[:500]).text = report.error
        for o in report.outcomes:
            case = ET.SubElement(
                suite,
                "testcase",
                classname=report.path.stem,
                name=f"line {o.line}: step {o.step} {o.label}: {o.expectation}",
                file=str(report.path),
                line=str(o.line),
            )
            if not o.ok:
                ET.SubElement(case, "failure", message=o.detail[:500]).text = o.detail
    return bytes(ET.tostring(root, encoding="utf-8", xml_declaration=True))
