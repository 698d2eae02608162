"""Provider failures as the person at the keyboard meets them, on both wire formats.

Each failure mode is scripted on the loopback provider server and run through the whole command line; the
test reads the one line the user sees, checks that the provider's own words (which may carry account ids or
quote the prompt) reach neither the user nor any log record, and, where the turn can recover within its
deadline (a short Retry-After, a window the provider found too long), that it does.
"""

from __future__ import annotations

import json
import logging
import re
import time
from pathlib import Path

import pytest

from testkit.provider_server import ProviderServer
from testkit.wire_script import Reply, context_too_long, cut_stream, overloaded, rate_limited
from tests.conftest import run_cli

GPT = "openai/gpt-4o-mini"
CLAUDE = "anthropic/claude-sonnet-4-5"
BOTH = pytest.mark.parametrize("name", [GPT, CLAUDE])
PROVIDER_WORDS = "org-4x9 quota for account acct_7Hq2"  # what a provider might say; never shown, never logged
BUSY = re.compile(r"error: The model provider is busy; try again in (\d+) s\. Your message is saved\.")
UNAVAILABLE = (
    "error: The assistant's language model is not available right now. Your message is saved; try again."
)
TOO_LONG = "error: That message is too long for the model's context window. Please shorten it."


@pytest.fixture
def provider(
    cli_env: Path, server: ProviderServer, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> ProviderServer:
    name = request.node.callspec.params["name"]
    monkeypatch.setenv("LLM_MODEL", name)
    monkeypatch.setenv("LLM_API_BASE", server.api_base(name))
    monkeypatch.setenv("LLM_API_KEY", "sk-test")
    monkeypatch.setenv("LLM_DEADLINE_SECONDS", "8")
    return server


def chat(turn: str, text: str = "Lisbon in May, please") -> tuple[int, str]:
    result = run_cli("chat", "--user", "alice", "--thread", "th", "--turn-id", turn, text)
    return result.exit_code, result.output.strip()


def worded(reply: Reply) -> Reply:
    """``reply`` with the provider's own words in its error body."""
    return Reply(**{**reply.__dict__, "error_message": PROVIDER_WORDS}) if reply.error_message else reply


def assert_unsaid(output: str, caplog: pytest.LogCaptureFixture) -> None:
    assert PROVIDER_WORDS not in output and "Traceback" not in output
    assert PROVIDER_WORDS not in caplog.text
    log = run_cli("log", "--user", "alice", "--thread", "th", "--json").output
    assert PROVIDER_WORDS not in log and "failure" in [e["kind"] for e in json.loads(log)]


@BOTH
@pytest.mark.parametrize(
    ("mode", "script", "expected"),
    [
        pytest.param(
            "rate limited", [rate_limited(retry_after=30)], BUSY, id="429-retry-after-past-deadline"
        ),
        pytest.param("overloaded", [overloaded()] * 3, BUSY, id="529-overloaded"),
        pytest.param("context", [context_too_long()] * 2, TOO_LONG, id="400-context-twice"),
        pytest.param("cut", [cut_stream()], UNAVAILABLE, id="cut-stream"),
        pytest.param("server", [Reply(status=500, error_message="x")], UNAVAILABLE, id="500"),
    ],
)
def test_each_failure_shows_one_line_a_person_can_act_on_and_no_provider_text(
    provider: ProviderServer,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    mode: str,
    script: list[Reply],
    expected: str | re.Pattern[str],
) -> None:
    caplog.set_level(logging.INFO)
    monkeypatch.setenv("LLM_MAX_RETRIES", "2" if mode in ("overloaded", "rate limited") else "0")
    for reply in script:
        provider.add(worded(reply))
    code, output = chat("t1")
    assert code == 1
    if isinstance(expected, re.Pattern):
        found = expected.fullmatch(output)
        assert found, output
        if mode == "rate limited":  # the provider's wait outlasts the deadline: said at once, not waited for
            assert found.group(1) == "30" and len(provider.received) == 1
    elif mode == "cut":  # the first words were shown; the error follows on a line of its own
        assert output.splitlines()[-1] == expected and len(output.splitlines()) == 2
    else:
        assert output == expected
    # overloaded: the retries are ours to count; context: a first turn shrunk by a quarter no longer fits, so
    # the second refusal is ours and the provider is not asked again
    assert provider.pending == 0 or mode in ("overloaded", "context")
    assert_unsaid(output, caplog)


@BOTH
def test_a_short_retry_after_is_waited_for_within_the_turn(
    provider: ProviderServer, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.setenv("LLM_MAX_RETRIES", "2")
    provider.add(rate_limited(retry_after=2)).add_text("Lisbon in May it is.")
    started = time.monotonic()
    code, output = chat("t1")
    assert (code, output) == (0, "Lisbon in May it is.")
    assert time.monotonic() - started >= 2 and len(provider.received) == 2


@BOTH
def test_a_window_the_provider_finds_too_long_is_shrunk_and_asked_again_once(
    provider: ProviderServer, name: str
) -> None:
    for turn in range(6):
        provider.add_text(f"Noted, part {turn}.")
        assert chat(f"t{turn}", f"Here is more about my trip, part {turn}: " + "details " * 60)[0] == 0
    provider.add(context_too_long()).add_text("Here is your plan.")
    code, output = chat("t9", "So what is the plan?")
    assert (code, output) == (0, "Here is your plan.")
    refused, retried = provider.received[-2].cache, provider.received[-1].cache
    assert retried.prompt_tokens < refused.prompt_tokens * 0.9
