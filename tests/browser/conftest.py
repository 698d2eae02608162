"""Fixtures for the browser tests.

One app server for the whole session (``travel-assistant serve`` on a free port, with its own temporary data
directory), one headless Chromium, and a fresh browser context per login. Story fixtures (alice's Monday
conversation, the promotion run, bob having chatted) are run lazily, once, by whichever test needs them
first, so the tests do not depend on running in file order.

Artifacts (git-ignored) go to ``test-artifacts/`` at the repo root: the server log, screenshots and the
downloaded export. When a test fails, the tail of the server log is added to its report and every open page
is screenshotted as ``FAILED-<test>-<n>.png``.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Literal, TypedDict

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from testkit.app_env import free_port
from testkit.offline_responder import offline_reply
from testkit.provider_server import ProviderServer
from tests.browser.helpers import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    CLI,
    SCREENSHOTS,
    USERS,
    Monday,
    Server,
    Shots,
    app_env,
    cli,
    local_server,
    new_page,
    run_monday,
    send,
    submit_login,
)

_server: Server | None = None
_shots: Shots | None = None
_open_contexts: list[BrowserContext] = []


def _worker_suffix() -> str:
    """'' normally; '-gw0' etc. under pytest-xdist, where every worker runs its own server."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return f"-{worker}" if worker else ""


# -- process and browser ------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    global _server
    if not CLI.exists():
        pytest.skip(f"{CLI} is missing (run `make install-test`)")
    port = free_port()
    data_dir = tmp_path_factory.mktemp("travel-data")
    srv = local_server(port, data_dir, app_env(data_dir, port), f"server{_worker_suffix()}.log")
    try:
        srv.start()
    except Exception:
        srv.stop()
        raise
    _server = srv
    try:
        yield srv
    finally:
        _server = None
        srv.stop()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.skip(f"browser tests need Debian's chromium at {CHROMIUM} (apt-get install chromium)")
    chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture(scope="session")
def shots() -> Shots:
    global _shots
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for stale in SCREENSHOTS.glob("FAILED-*.png"):
        stale.unlink()
    _shots = Shots()
    return _shots


def open_context(
    browser: Browser,
    server: Server,
    *,
    viewport: dict[str, int] | None = None,
    theme: Literal["light", "dark"] | None = None,
) -> BrowserContext:
    """A browser context on the server; ``theme`` also sets Chainlit's stored theme choice before any page."""
    context = browser.new_context(
        base_url=server.base_url,
        viewport=viewport or {"width": 1280, "height": 900},  # type: ignore[arg-type]
        accept_downloads=True,
        color_scheme=theme,
    )
    if theme:
        context.add_init_script(f"localStorage.setItem('vite-ui-theme', '{theme}')")
    context.set_default_timeout(30_000)
    _open_contexts.append(context)
    return context


def close_context(context: BrowserContext) -> None:
    with contextlib.suppress(ValueError):
        _open_contexts.remove(context)
    with contextlib.suppress(Exception):
        context.close()


def login_page(browser: Browser, server: Server, user: str, password: str | None = None) -> Page:
    """A fresh browser context logged in as ``user``, on a new conversation."""
    page = new_page(open_context(browser, server))
    submit_login(page, server.base_url, user, password or USERS[user])
    page.wait_for_selector("#chat-input")
    assert "/login" not in page.url, f"login as {user} did not leave the login page ({page.url})"
    return page


LoginAs = Callable[..., Page]


@pytest.fixture
def login_as(browser: Browser, server: Server) -> Iterator[LoginAs]:
    """``login_as("alice")`` → a logged-in page in its own context, closed after the test."""
    contexts: list[BrowserContext] = []

    def login(user: str, password: str | None = None) -> Page:
        page = login_page(browser, server, user, password)
        contexts.append(page.context)
        return page

    yield login
    for context in contexts:
        close_context(context)


@pytest.fixture
def anonymous_page(browser: Browser, server: Server) -> Iterator[Page]:
    context = open_context(browser, server)
    yield new_page(context)
    close_context(context)


# -- the story, run once, on demand -------------------------------------------------------------------------


class PromotionRun(TypedDict):
    """The parts of ``jobs promote --json`` the browser tests read (the report has more)."""

    threads_promoted: int
    facts_kept: int
    errors: int


@dataclass
class Story:
    monday: Monday | None = None
    promotion: PromotionRun | None = None
    promoted_at: datetime | None = None
    bob_threads: list[str] = field(default_factory=list)


@pytest.fixture(scope="session")
def story() -> Story:
    return Story()


@pytest.fixture
def monday(story: Story, browser: Browser, server: Server) -> Monday:
    """Alice's Monday conversation (search, book, "I'm vegetarian"); test_monday_flow normally provides it."""
    if story.monday is None:
        page = login_page(browser, server, "alice")
        try:
            story.monday = run_monday(page)
        finally:
            close_context(page.context)
    return story.monday


@pytest.fixture
def promoted(story: Story, monday: Monday, server: Server) -> PromotionRun:
    """Let thirty idle minutes pass: run the promotion job from the CLI as of now + 31 minutes (UTC)."""
    if story.promotion is None:
        at = datetime.now(UTC) + timedelta(minutes=31)
        result = cli(server, "jobs", "promote", "--at", at.isoformat(timespec="seconds"), "--json")
        story.promotion, story.promoted_at = result.json(), at
    return story.promotion


@pytest.fixture
def bob_chatted(story: Story, browser: Browser, server: Server) -> list[str]:
    """Bob has at least one conversation of his own (so there is bob data that must not leak)."""
    if not story.bob_threads:
        page = login_page(browser, server, "bob")
        try:
            send(page, "Hello, I'm planning a trip")
            page.wait_for_url(re.compile(r"/thread/"))
            story.bob_threads.append(page.url.rsplit("/", 1)[-1])
        finally:
            close_context(page.context)
    return story.bob_threads


# -- diagnostics on failure ---------------------------------------------------------------------------------


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.failed and report.when in ("setup", "call"):
        if _server is not None:
            report.sections.append(("travel-assistant server log (tail)", _server.log_tail()))
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", item.name)
        for ci, context in enumerate(list(_open_contexts)):
            for pi, page in enumerate(context.pages):
                with contextlib.suppress(Exception):
                    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(SCREENSHOTS / f"FAILED-{name}-{ci}{pi}.png"))
    return report


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if _shots is not None and _shots.taken:
        where = SCREENSHOTS.relative_to(ARTIFACTS.parent)
        terminalreporter.write_line(f"browser screenshots in {where}/: {', '.join(sorted(_shots.taken))}")


@pytest.fixture(scope="module")
def provider() -> Iterator[ProviderServer]:
    """A loopback model provider answering as the offline model, for an app that talks to it over the wire."""
    with ProviderServer(responder=offline_reply) as server:
        yield server
