"""Attacks that need a real browser: a page of another origin on the same host (same site, so alice's
SameSite=Lax cookie goes with its requests) trying to read her conversation through the chat socket and the
REST routes, and to log the browser in as somebody else; the login page's lockout message; and the app
working end to end under its Content-Security-Policy (socket, streaming, actions, a custom element).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

from testkit.app_env import free_port
from tests.browser.conftest import LoginAs, close_context, open_context
from tests.browser.helpers import (
    SEARCH,
    Monday,
    Server,
    cli,
    new_page,
    open_account,
    send,
    submit_login,
)

pytestmark = pytest.mark.browser

# Opens Chainlit's socket as its page does, asks to resume a thread, and collects every frame it gets; then
# tries the REST routes with the browser's cookies. Run from the attacker's page and from the app's own.
READ_THREAD = """async ([app, threadId]) => {
    const out = {frames: [], fetches: {}};
    await new Promise((resolve) => {
        const ws = new WebSocket(app.replace('http', 'ws') + '/ws/socket.io/?EIO=4&transport=websocket');
        const done = () => { try { ws.close(); } catch (e) {} resolve(); };
        ws.onmessage = (event) => {
            const data = String(event.data);
            out.frames.push(data);
            if (data.startsWith('0')) {
                ws.send('40' + JSON.stringify({sessionId: crypto.randomUUID(), threadId, clientType: 'webapp',
                                               userEnv: '{}'}));
            } else if (data.startsWith('40')) {
                ws.send('42["connection_successful"]');
            } else if (data === '2') {
                ws.send('3');
            }
            if (data.includes('resume_thread')) setTimeout(done, 300);
        };
        ws.onerror = () => { out.frames.push('error'); done(); };
        ws.onclose = () => done();
        setTimeout(done, 10000);
    });
    const reads = {
        thread: [app + '/project/thread/' + threadId, {}],
        threads: [app + '/project/threads', {method: 'POST', headers: {'Content-Type': 'text/plain'},
                  body: JSON.stringify({pagination: {first: 20}, filter: {}})}],
    };
    for (const [name, [url, init]] of Object.entries(reads)) {
        try {
            const response = await fetch(url, {credentials: 'include', ...init});
            out.fetches[name] = response.status + ' ' + await response.text();
        } catch (error) {
            out.fetches[name] = 'blocked: ' + error;
        }
    }
    return out;
}"""


class _Site(BaseHTTPRequestHandler):
    pages: ClassVar[dict[str, str]] = {}

    def do_GET(self) -> None:
        body = self.pages.get(self.path.split("?")[0], "<!doctype html><title>elsewhere</title>").encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        return None


@pytest.fixture(scope="module")
def other_site(server: Server) -> Iterator[str]:
    """A second origin on the app's host: http://127.0.0.1:<another port>, serving the attacker's pages."""
    app = server.base_url
    _Site.pages = {
        "/login-as-bob": f"""<!doctype html><form id="f" method="post" action="{app}/login"
            enctype="multipart/form-data"><input name="username" value="bob">
            <input name="password" value="bob-demo-pass"></form><script>f.submit()</script>""",
    }
    site = ThreadingHTTPServer(("127.0.0.1", free_port()), _Site)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{site.server_address[1]}"
    finally:
        site.shutdown()
        site.server_close()


def test_a_page_on_another_port_reads_nothing_of_alices_through_her_cookie(
    login_as: LoginAs, server: Server, monday: Monday, other_site: str
) -> None:
    page = login_as("alice")
    own = page.evaluate(READ_THREAD, [server.base_url, monday.thread_id])
    resumed = [f for f in own["frames"] if "resume_thread" in f]
    assert resumed and SEARCH in resumed[0], own  # from the app's own page, the very same script works

    attacker = new_page(page.context)  # same browser, same cookies: alice visits the other site
    attacker.goto(other_site + "/")
    stolen = attacker.evaluate(READ_THREAD, [server.base_url, monday.thread_id])
    assert not any("resume_thread" in f or SEARCH in f for f in stolen["frames"]), stolen
    assert all(SEARCH not in answer for answer in stolen["fetches"].values()), stolen
    log = server.log_text()
    assert "refused a websocket from a foreign origin" in log
    assert f"refused a cross-origin GET /project/thread/{monday.thread_id}" in log


def test_a_page_on_another_port_cannot_log_the_browser_in_as_someone_else(
    browser: Browser, server: Server, other_site: str
) -> None:
    context = open_context(browser, server)
    try:
        page = new_page(context)
        with page.expect_response(lambda r: r.url == server.base_url + "/login") as answer:
            page.goto(other_site + "/login-as-bob")
        assert answer.value.status == 403
        assert not [c for c in context.cookies() if c["name"].startswith("access_token")]
        page.goto(server.base_url + "/")
        page.wait_for_url(re.compile(r"/login$"))  # still nobody's session
    finally:
        close_context(context)


def test_the_login_page_says_how_long_to_wait_after_too_many_attempts(
    anonymous_page: Page, server: Server
) -> None:
    statuses: list[int] = []
    while 429 not in statuses and len(statuses) < 12:  # an account nobody has: no other test's user waits
        # Five free failures, then a delay that doubles: a slow browser may get a sixth or seventh checked.
        with anonymous_page.expect_response(
            lambda r: r.url.endswith("/login") and r.request.method == "POST"
        ) as answer:
            submit_login(anonymous_page, server.base_url, "mallory", "guess")
        statuses.append(answer.value.status)
    assert statuses[:5] == [401] * 5 and statuses[-1] == 429, statuses
    expect(
        anonymous_page.get_by_text(re.compile(r"Too many attempts, try again in \d+ s at most\."))
    ).to_be_visible()


def test_the_app_works_under_its_content_security_policy(browser: Browser, server: Server) -> None:
    """Login, the socket, a streamed reply with tool steps, the account actions and a custom element
    (the Logout step after "Delete my account"), with no CSP violation reported by Chromium."""
    created = cli(server, "users", "add", "erin", "--password", "erin-demo-pass")
    assert created.returncode == 0, created.describe()
    context = open_context(browser, server)
    violations: list[str] = []

    def watch(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            violations.append(message.text)

    try:
        page = new_page(context)
        page.on("console", watch)
        first = page.goto(server.base_url + "/login")
        assert first is not None and "frame-ancestors 'none'" in first.headers["content-security-policy"]
        submit_login(page, server.base_url, "erin", "erin-demo-pass")
        page.wait_for_selector("#chat-input")
        assert "I found 3 flights" in send(page, SEARCH)
        open_account(page).get_by_role("button", name="Delete my account").click()
        expect(page).to_have_url(re.compile(r"/login$"), timeout=30_000)  # the custom element ran
        expect(page.locator("#email")).to_be_visible()
        assert page.context.request.get(server.base_url + "/user").status == 401
    finally:
        close_context(context)
    assert violations == [], violations
