"""The link policy in Chromium: a reply the model wrote with links to another origin (a markdown link and a
bare address) shows them as text with their full destination; clicking one opens a notice and sends nothing
to that origin.

The model is the loopback provider server (``testkit.provider_server``) answering the chat with a scripted
reply, as a model fed a hostile page or memory text might; the other origin is a small HTTP server on another
port that counts every request it receives.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import pytest
from playwright.sync_api import Browser, expect

from testkit.app_env import free_port
from testkit.provider_server import ProviderServer
from tests.browser.conftest import close_context, login_page
from tests.browser.helpers import ASSISTANT_MSG, Server, provider_app, send

pytestmark = pytest.mark.browser
MODEL = "openai/gpt-4o-mini"


class _Catcher(BaseHTTPRequestHandler):
    hits: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        self.hits.append(self.path)
        self.send_response(204)
        self.end_headers()

    do_POST = do_GET

    def log_message(self, format: str, *args: Any) -> None:
        return None


@pytest.fixture(scope="module")
def catcher() -> Iterator[str]:
    site = ThreadingHTTPServer(("127.0.0.1", free_port()), _Catcher)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{site.server_address[1]}"
    finally:
        site.shutdown()


@pytest.fixture(scope="module")
def linking_app(provider: ProviderServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with provider_app(provider, MODEL, tmp_path_factory.mktemp("links-app"), "links-app.log") as app:
        yield app


def test_a_model_written_link_to_another_origin_sends_nothing_when_clicked(
    browser: Browser, linking_app: Server, provider: ProviderServer, catcher: str
) -> None:
    marked = f"{catcher}/steal?card=4111111111111111"
    bare = f"{catcher}/bare?session=abc"
    provider.add_text(f"Great deals are [on this page]({marked}) and at {bare} today.")
    page = login_page(browser, linking_app, "alice")
    try:
        reply = send(page, "Any deals for Lisbon?")
        assert "Great deals are" in reply
        message = page.locator(ASSISTANT_MSG).last
        links = message.locator("a.ta-disarmed-link")
        expect(links).to_have_count(2)
        assert message.locator(f'a[href^="{catcher}"]').count() == 0  # nothing left that a click could open
        expect(message).to_contain_text(marked)  # the full destination is shown
        for link in (links.first, links.last):
            link.click()
            notice = page.locator("#external-link-notice")
            expect(notice).to_be_visible()
            expect(notice.locator("code")).to_have_text(link.get_attribute("data-ta-href") or "")
            notice.get_by_role("button", name="Close").click()
        links.first.click(button="middle")
        links.first.focus()
        page.keyboard.press("Enter")
        time.sleep(1.0)  # anything a click had set off would have arrived by now
        assert (
            _Catcher.hits == [] and len(page.context.pages) == 1 and page.url.startswith(linking_app.base_url)
        )
    finally:
        close_context(page.context)
