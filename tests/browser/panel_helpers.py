"""Page helpers for the memory panel (the custom element in Chainlit's side bar), shared by the component's
harness tests and the app's own."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Locator, Page, expect

from tests.browser.helpers import DOWNLOADS

PANEL = "section.ta-panel"
PANEL_STATUS = f"{PANEL} .ta-status"
CLOCK_INDICATOR = "#demo-clock-indicator"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def open_panel(page: Page, *, via: str = "header") -> Locator:
    """Open the panel with the header's Memories button, or the composer's Memories command."""
    if via == "header":
        page.locator("#memory-header-button").click()
    else:
        # The command opens the panel at once: no message is sent.
        page.locator("#message-composer").get_by_role("button", name="Memories", exact=True).click()
    panel = page.locator(PANEL)
    expect(panel).to_be_visible()
    expect(page.locator("#side-view-title")).to_contain_text("Memories")
    return panel


def clock_controls(panel: Locator) -> Locator:
    """The panel's demo clock, its controls shown (the clock is one line until "Change" is pressed)."""
    clock = panel.get_by_role("region", name="Demo clock")
    change = clock.get_by_role("button", name="Change")
    if change.get_attribute("aria-expanded") != "true":
        change.click()
    expect(change).to_have_attribute("aria-expanded", "true")
    return clock


def fact_card(panel: Locator, value: str) -> Locator:
    return panel.locator("article.ta-fact").filter(
        has=panel.page.get_by_role("heading", name=value, exact=True)
    )


def show_tab(panel: Locator, name: str) -> None:
    """Switch the panel to its "Facts" or "Promotion log" tab."""
    tab = panel.get_by_role("tab", name=re.compile(rf"^{re.escape(name)}"))
    tab.click()
    expect(tab).to_have_attribute("aria-selected", "true")


def status_says(panel: Locator, text: str | re.Pattern[str], *, timeout: float = 30_000) -> None:
    expect(panel.locator(".ta-status")).to_contain_text(text, timeout=timeout)


def download_export(panel: Locator) -> tuple[str, Any]:
    """Press the panel's "Download my data": the file's suggested name and its JSON (kept in
    test-artifacts/downloads)."""
    with panel.page.expect_download() as download_info:
        panel.get_by_role("button", name="Download my data").click()
    download = download_info.value
    DOWNLOADS.mkdir(parents=True, exist_ok=True)
    saved = DOWNLOADS / download.suggested_filename
    download.save_as(saved)
    return download.suggested_filename, json.loads(saved.read_text(encoding="utf-8"))
