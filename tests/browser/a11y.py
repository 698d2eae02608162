"""Accessibility checks with axe-core, injected into a Playwright page.

axe-core comes from the npm registry, pinned in ``tests/browser/package.json`` and installed into the
git-ignored ``tests/browser/node_modules`` by ``make install-test`` (``npm ci``). The rules run are WCAG 2.0,
2.1 and 2.2 levels A and AA plus axe's best practices; callers look at the serious and critical ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
SEVERE = ("serious", "critical")

# Violations in Chainlit's own markup that neither configuration, CSS nor an added attribute can fix
# without breaking the control: (rule, node selector) -> why it is tolerated. Nothing else is.
CHAINLIT_KNOWN: dict[tuple[str, str], str] = {
    ("aria-allowed-attr", "#thread-options"): (
        "Chainlit 2.12 renders a past conversation's options trigger as a <div aria-haspopup aria-expanded> "
        "inside the conversation's <button>; giving it a role would nest one control in another "
        "(nested-interactive). The <div> has no tabindex either, so the menu is out of keyboard reach."
    ),
}


@dataclass(frozen=True)
class Violation:
    rule: str
    impact: str
    help: str
    targets: tuple[str, ...]
    html: tuple[str, ...]

    def __str__(self) -> str:
        where = "; ".join(f"{t} → {h[:400]}" for t, h in zip(self.targets, self.html, strict=False))
        return f"[{self.impact}] {self.rule}: {self.help} ({where})"


@cache
def axe_source() -> str:
    if not AXE.exists():
        raise RuntimeError(
            f"{AXE} is missing: run `make install-test` (it runs `npm ci` in tests/browser/ to install axe-core)"
        )
    return AXE.read_text(encoding="utf-8")


def axe_violations(
    page: Page,
    *,
    include: str | None = None,
    impacts: tuple[str, ...] = SEVERE,
    disable: tuple[str, ...] = (),
    known: dict[tuple[str, str], str] = CHAINLIT_KNOWN,
) -> list[Violation]:
    """Run axe on the page (or only inside the ``include`` CSS selector); violations of those impacts, less
    the ``known`` (rule, selector) pairs."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # Not a <script> tag: the app's CSP allows no inline script. Its 'unsafe-eval' (which Chainlit's
        # custom elements need) lets the page evaluate the source, and the app's CSP stays as it is.
        page.evaluate("(source) => { (0, eval)(source); }", axe_source())
    raw: list[dict[str, Any]] = page.evaluate(
        """async ([include, tags, disable]) => {
            // What a user sees once the page settles: colours measured halfway through a fade (a dialog's
            // overlay coming in, a button drawn a moment ago) are neither the before nor the after. Endless
            // animations (a spinner) are not waited for, and nothing is waited for longer than two seconds.
            const ending = document.getAnimations().filter((a) => a.playState === 'running'
                && Number.isFinite(a.effect?.getComputedTiming().endTime));
            await Promise.race([
                Promise.all(ending.map((a) => a.finished.catch(() => null))),
                new Promise((done) => setTimeout(done, 2000)),
            ]);
            const rules = Object.fromEntries(disable.map((id) => [id, {enabled: false}]));
            const result = await axe.run(include ? {include: [include]} : document,
                                         {runOnly: {type: 'tag', values: tags}, rules, resultTypes: ['violations']});
            return result.violations;
        }""",
        [include, TAGS, list(disable)],
    )
    found = []
    for v in raw:
        nodes = [n for n in v["nodes"] if (v["id"], " ".join(map(str, n["target"]))) not in known]
        if nodes and (v.get("impact") or "") in impacts:
            found.append(
                Violation(
                    rule=v["id"],
                    impact=v.get("impact") or "",
                    help=v["help"],
                    targets=tuple(" ".join(map(str, n["target"])) for n in nodes),
                    html=tuple(n["html"] for n in nodes),
                )
            )
    return found


def describe(violations: list[Violation]) -> str:
    return "\n".join(str(v) for v in violations) or "no violations"
