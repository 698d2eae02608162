"""The worked example's Monday in the browser with an Anthropic-format model: the app started with
``LLM_MODEL=anthropic/…`` pointed at the loopback provider server (answered by the offline demo agent), so the
streamed reply, the tool steps and the context meter's provider-reported cache line come through litellm's
Anthropic path, and the server checks the cache breakpoints it was sent.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from testkit.provider_server import ProviderServer
from tests.browser.conftest import close_context, login_page
from tests.browser.helpers import ASSISTANT_MSG, Server, provider_app, send

pytestmark = pytest.mark.browser
CLAUDE = "anthropic/claude-sonnet-4-5"
ASSISTANT_METER = f"{ASSISTANT_MSG} .ta-meter"


@pytest.fixture(scope="module")
def claude_app(provider: ProviderServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with provider_app(provider, CLAUDE, tmp_path_factory.mktemp("provider-app"), "provider-app.log") as app:
        yield app


def test_mondays_turns_stream_through_the_anthropic_format_and_the_meter_shows_what_was_cached(
    browser: Browser, claude_app: Server, provider: ProviderServer
) -> None:
    page = login_page(browser, claude_app, "alice")
    try:
        search = send(page, "Find me flights to Lisbon on the 14th")
        assert "I found 3 flights from London (LHR) to Lisbon (LIS)" in search
        booking = send(page, "Book option 1, please. By the way, I'm vegetarian.")
        assert re.search(r"Booked! Reference BK-[0-9A-F]+", booking), booking
        meter = page.locator(ASSISTANT_METER).last.get_by_role("button")
        expect(meter).to_contain_text(re.compile(r"· [\d,]+ of [\d,]+ prompt tokens cached"))
        chats = [r for r in provider.received if r.wire == "anthropic" and r.body.get("stream")]
        assert chats and all(all(block.get("cache_control") for block in r.body["system"]) for r in chats)
        assert chats[-1].cache.cached_tokens > 0
    finally:
        close_context(page.context)
