"""Building blocks for the browser tests: the app server process, the CLI on the same data, and page helpers.

Everything here is plain functions and small classes; the fixtures in ``conftest.py`` wire them together.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"
DOWNLOADS = ARTIFACTS / "downloads"
CLI = REPO / ".venv" / "bin" / "travel-assistant"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

USERS = {"alice": "alice-demo-pass", "bob": "bob-demo-pass", "carol": "carol-demo-pass"}
ADMINS = "alice"

# The worked example (the offline model answers these deterministically).
SEARCH = "Find me flights to Lisbon on the 14th"
BOOK = "Book option 1, please. By the way, I'm vegetarian."
DINNER = "Any dinner suggestions near my hotel?"
WHAT_DO_YOU_REMEMBER = "What do you remember about me?"
HOTEL = "Casa do Rio Lisboa"
VEGETARIAN_FACT = "Dietary needs: vegetarian"

ASSISTANT_MSG = '[data-step-type="assistant_message"]'
USER_MSG = '[data-step-type="user_message"]'
TOOL_HEADER = '[data-step-type="tool"] button[id^="step-"]'
THREAD_LINK = 'a[href^="/thread/"]'
THREAD_URL = re.compile(r"/thread/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$")
NOT_LOOPBACK = re.compile(r"^https?://(?!127\.0\.0\.1)")

REPLY_TIMEOUT_MS = 45_000
CLI_TIMEOUT_S = 180
STARTUP_TIMEOUT_S = 90
SIDEBAR_OPEN_MS = 1_500  # how long an open sidebar may take to show its threads


# -- the server process --------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def app_env(data_dir: Path, port: int) -> dict[str, str]:
    """The environment for the server and for every CLI call: same data, offline model, test embeddings."""
    env = dict(os.environ)
    # Anything a developer exported that would point the app elsewhere is dropped (empty counts as unset).
    for name in ("DATABASE_URL", "LANCEDB_URI", "LLM_API_BASE", "LLM_API_KEY", "HEADER_AUTH"):
        env.pop(name, None)
    env.update(
        {
            "APP_ENV": "development",
            "TRAVEL_DATA_DIR": str(data_dir),
            "EMBEDDINGS": "hash",
            "LLM_MODEL": "offline/travel-agent",
            "OFFLINE_STREAM_DELAY_MS": "5",
            "DEMO_USERS": ",".join(f"{u}:{p}" for u, p in USERS.items()),
            "ADMIN_USERS": ADMINS,
            "HOST": "127.0.0.1",
            "PORT": str(port),
            "PUBLIC_ORIGIN": f"http://127.0.0.1:{port}",
            "CHAINLIT_AUTH_SECRET": "browser-tests-" + os.urandom(24).hex(),
            "LITELLM_LOCAL_MODEL_COST_MAP": "True",
            "LITELLM_OFFLINE_MODE": "true",
            "HF_HUB_OFFLINE": "1",
            "TRANSFORMERS_OFFLINE": "1",
            "PYTHONUNBUFFERED": "1",
        }
    )
    return env


@dataclass
class Server:
    """A running ``travel-assistant serve`` (or another ``command``) with its own data directory."""

    base_url: str
    data_dir: Path
    env: dict[str, str]
    log_path: Path
    command: list[str] = field(default_factory=lambda: [str(CLI), "serve"])
    process: subprocess.Popen[bytes] | None = None
    _log_file: Any = None

    def start(self) -> None:
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self._log_file = self.log_path.open("wb")
        self.process = subprocess.Popen(
            self.command,
            cwd=REPO,
            env=self.env,
            stdout=self._log_file,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + STARTUP_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"the app exited with code {self.process.returncode} during start-up\n{self.log_tail()}"
                )
            try:
                # Ready, not just listening: the app warms up (litellm, MiniLM) in the background.
                with urllib.request.urlopen(self.base_url + "/readyz", timeout=2) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.5)
        else:
            raise RuntimeError(
                f"the app did not answer on {self.base_url} within {STARTUP_TIMEOUT_S}s\n{self.log_tail()}"
            )
        # The port was free a moment ago; make sure it is *our* process that answered.
        if self.process.poll() is not None:
            raise RuntimeError(
                f"something else answered on {self.base_url}; the app exited\n{self.log_tail()}"
            )

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
            except ProcessLookupError:
                pass
        if self._log_file is not None:
            self._log_file.close()

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""

    def log_tail(self, lines: int = 60) -> str:
        text = self.log_text()
        return "\n".join(text.splitlines()[-lines:]) if text else "(no server log)"


# -- the CLI on the same data -------------------------------------------------------------------------------


@dataclass
class CliResult:
    args: list[str]
    returncode: int
    stdout: str
    stderr: str

    def json(self) -> Any:
        assert self.returncode == 0, self.describe()
        return json.loads(self.stdout)

    def describe(self) -> str:
        return (
            f"travel-assistant {' '.join(self.args)} exited {self.returncode}\n"
            f"stdout: {self.stdout[-2000:]}\nstderr: {self.stderr[-2000:]}"
        )


def run_cli(server: Server, *commands: list[str]) -> list[CliResult]:
    """Run CLI commands against the server's data, concurrently (each one loads the whole runtime)."""
    procs = [
        (
            args,
            subprocess.Popen(
                [str(CLI), *args],
                cwd=REPO,
                env=server.env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            ),
        )
        for args in commands
    ]
    results = []
    for args, proc in procs:
        try:
            out, err = proc.communicate(timeout=CLI_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
        results.append(
            CliResult(args, proc.returncode, out.decode(errors="replace"), err.decode(errors="replace"))
        )
    return results


def cli(server: Server, *args: str) -> CliResult:
    [result] = run_cli(server, list(args))
    return result


# -- pages --------------------------------------------------------------------------------------------------


@dataclass
class Shots:
    """Screenshots go to test-artifacts/screenshots/<name>.png; the names taken are kept for the summary."""

    taken: list[str] = field(default_factory=list)

    def __call__(self, page: Page, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path))
        self.taken.append(path.name)
        return path


def new_page(context: BrowserContext) -> Page:
    page = context.new_page()
    page.route(NOT_LOOPBACK, lambda route: route.abort())  # Google Fonts, KaTeX CDN: fail fast, harmlessly
    return page


def submit_login(page: Page, base_url: str, user: str, password: str) -> None:
    page.goto(base_url + "/login")
    page.fill("#email", user)
    page.fill("#password", password)
    page.click("button[type=submit]")


def thread_id_of(page: Page) -> str | None:
    m = THREAD_URL.search(page.url.split("?")[0])
    return m.group(1) if m else None


def assistant_messages(page: Page) -> Locator:
    return page.locator(ASSISTANT_MSG)


def message_text(message: Locator) -> str:
    content = message.locator(".message-content")
    return (content.first.inner_text() if content.count() else message.inner_text()).strip()


def wait_for_replies(page: Page, before: int, *, at_least: int = 1) -> None:
    """Wait until ``at_least`` new assistant messages exist and the run is over (stop button gone)."""
    page.wait_for_function(
        "([sel, n]) => document.querySelectorAll(sel).length >= n",
        arg=[ASSISTANT_MSG, before + at_least],
        timeout=REPLY_TIMEOUT_MS,
    )
    page.wait_for_selector("#stop-button", state="detached", timeout=REPLY_TIMEOUT_MS)


def send(page: Page, text: str) -> str:
    """Type a message, submit it and return the text of the (finished) reply."""
    messages = assistant_messages(page)
    before = messages.count()
    page.fill("#chat-input", text)
    page.click("#chat-submit")
    expect(page.locator(USER_MSG).filter(has_text=text).last).to_be_visible(timeout=REPLY_TIMEOUT_MS)
    wait_for_replies(page, before)
    return message_text(messages.nth(before))


def click_action(page: Page, button: Locator, *, replies: int = 1) -> list[str]:
    """Click an action button of a message; return the texts of the ``replies`` messages it produces."""
    messages = assistant_messages(page)
    before = messages.count()
    button.click()
    wait_for_replies(page, before, at_least=replies)
    return [message_text(messages.nth(before + i)) for i in range(replies)]


def new_chat(page: Page, base_url: str) -> None:
    """Start a new conversation with the header button (or by going home), and check it *is* a new one."""
    old = thread_id_of(page)
    button = page.locator("#new-chat-button")
    if button.count() and button.is_visible():
        button.click()
    else:
        page.goto(base_url + "/")
    expect(page).not_to_have_url(re.compile(rf"/thread/{old}$") if old else re.compile(r"/thread/"))
    expect(page.locator(ASSISTANT_MSG)).to_have_count(0)
    page.wait_for_selector("#chat-input")


def tool_step(page: Page, name: str) -> Locator:
    """The header of a tool step rendered as "Used <name>"."""
    return page.locator(TOOL_HEADER).filter(has_text=re.compile(rf"^\s*Used\s+{re.escape(name)}\s*$"))


def expand_step(header: Locator) -> str:
    """Open a collapsed tool step and return its whole text (header and content)."""
    step = header.locator("xpath=ancestor::div[@data-step-type='tool'][1]")
    if header.get_attribute("aria-expanded") != "true":
        header.click()
    expect(header).to_have_attribute("aria-expanded", "true")
    region = step.locator('[role="region"]').first
    expect(region).to_be_visible()
    expect(region).not_to_have_text("")
    return step.inner_text()


def transcript(page: Page) -> list[tuple[str, str]]:
    """Every rendered step in document order: (step type, its header or message text)."""
    rows = page.evaluate(
        """() => Array.from(document.querySelectorAll('[data-step-type]')).map((el) => {
            const header = el.querySelector('button[id^="step-"]');
            const content = el.querySelector('.message-content');
            const text = el.dataset.stepType === 'tool' && header ? header.innerText
                : (content ? content.innerText : el.innerText);
            return [el.dataset.stepType, text.replace(/\\s+/g, ' ').trim()];
        })"""
    )
    return [(str(kind), str(text)) for kind, text in rows]


def sidebar_thread_ids(page: Page) -> list[str]:
    """Thread ids linked from the sidebar, once it has loaded (links, or its "No threads found" note)."""
    trigger = page.locator("#sidebar-trigger-button")
    links = page.locator(THREAD_LINK)
    empty = page.get_by_text("No threads found")
    if trigger.count():
        try:  # an open sidebar shows links or its note within moments; a collapsed one never does
            links.first.or_(empty).wait_for(state="visible", timeout=SIDEBAR_OPEN_MS)
        except PlaywrightTimeoutError:
            trigger.click()
    expect(links.first.or_(empty)).to_be_visible()
    hrefs = [links.nth(i).get_attribute("href") or "" for i in range(links.count())]
    return [h.rsplit("/", 1)[-1] for h in hrefs]


STREAM_RECORDER = """() => {
    window.__replyLengths = [];
    const observer = new MutationObserver(() => {
        const all = document.querySelectorAll('[data-step-type="assistant_message"] .message-content');
        if (!all.length) return;
        const seen = window.__replyLengths, entry = [all.length, all[all.length - 1].innerText.length];
        const last = seen[seen.length - 1];
        if (!last || last[0] !== entry[0] || last[1] !== entry[1]) seen.push(entry);
    });
    observer.observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


def record_streaming(page: Page) -> None:
    """Start recording the length of the newest assistant message on every DOM change."""
    page.evaluate(STREAM_RECORDER)


def streamed_lengths(page: Page, message_count: int) -> list[int]:
    """The lengths the ``message_count``-th assistant message had while it was being rendered."""
    return [length for count, length in page.evaluate("window.__replyLengths") if count == message_count]


SOCKET_PROBE = """async ([threadId]) => new Promise((resolve) => {
    // A bare socket.io handshake as Chainlit's client does it, naming the thread to attach this session to.
    const ws = new WebSocket(`ws://${location.host}/ws/socket.io/?EIO=4&transport=websocket`);
    const packets = [];
    const done = (extra) => {
        try { ws.close(); } catch (e) {}
        resolve(extra ? packets.concat([extra]) : packets);
    };
    ws.onmessage = (event) => {
        packets.push(event.data);
        if (event.data.startsWith('0')) {
            ws.send('40' + JSON.stringify({sessionId: crypto.randomUUID(), threadId, clientType: 'webapp',
                                           userEnv: '{}'}));
        } else if (event.data.startsWith('4')) {
            done();
        }
    };
    ws.onerror = () => done('error');
    setTimeout(() => done('timeout'), 10000);
})"""


def socket_connect(page: Page, thread: str) -> str:
    """Open a raw socket.io session for ``thread`` with the page's cookies; return the server's answer."""
    packets = page.evaluate(SOCKET_PROBE, [thread])
    answers = [p for p in packets if isinstance(p, str) and p.startswith("4")]
    return answers[0] if answers else repr(packets)


def recorded_phrase(moment: datetime) -> str:
    """How recall dates a fact: 'recorded Mon 30 Nov 2026'."""
    return f"recorded {moment:%a} {moment.day} {moment:%b %Y}"


def string_values(value: Any) -> list[str]:
    """Every string value in a JSON document (keys excluded)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in string_values(v)]
    if isinstance(value, list):
        return [s for v in value for s in string_values(v)]
    return []


# -- the worked example's Monday ----------------------------------------------------------------------------


@dataclass
class Monday:
    """What alice's Monday conversation left behind, as seen in the browser."""

    thread_id: str
    started_at: datetime
    search_reply: str
    booking_reply: str
    search_stream: list[int]
    booking_stream: list[int]


def run_monday(page: Page, shots: Shots | None = None) -> Monday:
    """Search and book in a fresh conversation of a logged-in page (screenshots optional)."""
    started = datetime.now(UTC)
    record_streaming(page)
    before = assistant_messages(page).count()
    search_reply = send(page, SEARCH)
    expect(tool_step(page, "search_flights")).to_be_visible()
    page.wait_for_url(THREAD_URL)
    thread = thread_id_of(page)
    assert thread is not None, page.url
    search_stream = streamed_lengths(page, before + 1)
    if shots:
        shots(page, "02-alice-search-reply")
    booking_reply = send(page, BOOK)
    expect(tool_step(page, "book_flight")).to_be_visible()
    booking_stream = streamed_lengths(page, before + 2)
    if shots:
        shots(page, "03-alice-booking-reply")
    assert thread_id_of(page) == thread, "the booking turn moved to another thread"
    return Monday(thread, started, search_reply, booking_reply, search_stream, booking_stream)
