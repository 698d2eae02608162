"""A faulty model server: empty and malformed replies, error statuses, slowness. What the user meets is a
friendly error and a turn that can be retried; an empty reply is never logged as the answer, a 400 is never
retried, and the timeout applies to each attempt within one overall deadline."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from assistant.errors import ModelError, ModelOutputError, ModelUnavailable
from assistant.events import EventKind
from assistant.ids import ThreadId, TurnId, UserId
from assistant.model.llm import LiteLLMChatModel, LLMConfig
from assistant.turns import TurnRequest
from testkit.provider_server import ProviderServer
from testkit.wire_script import Reply, Shape
from tests.conftest import MONDAY, Run, run_cli
from travel_assistant.twins import Twins


def model_for(server: ProviderServer, **overrides: Any) -> LiteLLMChatModel:
    config: dict[str, Any] = {
        "model": "openai/gpt-4o-mini",
        "api_base": server.base_url,
        "api_key": "sk-test",
        "max_retries": 0,
        "timeout_seconds": 10.0,
    }
    config.update(overrides)
    return LiteLLMChatModel(LLMConfig(**config))


def hello() -> list[dict[str, Any]]:
    return [{"role": "user", "content": "hello"}]


# -- empty and malformed replies ----------------------------------------------------------------------------


@pytest.mark.parametrize("shape", ["json", "empty", "no-choices", "garbage", "cut"])
def test_a_malformed_200_is_a_model_error_not_an_empty_reply(
    run: Run, server: ProviderServer, shape: Shape
) -> None:
    server.add(Reply(text="Hi", shape=shape))
    with pytest.raises(ModelError) as caught:
        run(model_for(server).complete(hello()))
    assert caught.value.__cause__ is not None or isinstance(caught.value, ModelOutputError)


def test_a_blank_reply_is_a_model_output_error(run: Run, server: ProviderServer) -> None:
    server.add_text("   ")
    with pytest.raises(ModelOutputError, match="empty reply"):
        run(model_for(server).complete(hello()))


def test_an_empty_reply_is_logged_as_a_failure_and_the_retried_turn_completes(
    run: Run, server: ProviderServer
) -> None:
    world = Twins()
    request = TurnRequest(
        user=UserId("alice"), thread=ThreadId("th"), turn=TurnId("t1"), text="Hello", now=MONDAY
    )
    server.add(Reply(shape="json", text="Hi there"))  # a 200 of the wrong shape for a streaming call
    with pytest.raises(ModelOutputError):
        run(world.engine(model_for(server)).run_turn(request))
    kinds = [e.kind for e in world.threads.events(ThreadId("th"))]
    assert EventKind.FAILURE in kinds and EventKind.ASSISTANT not in kinds
    server.add_text("Hello! How can I help with your trip?")
    result = run(world.engine(model_for(server)).run_turn(request))
    assert result.reply == "Hello! How can I help with your trip?" and not result.replayed
    assert [e.text for e in world.threads.events(ThreadId("th")) if e.kind == EventKind.ASSISTANT] == [
        result.reply
    ]


# -- which failures are retried, and for how long -------------------------------------------------------------


@pytest.mark.parametrize("status", [400, 401, 403, 404, 422])
def test_client_errors_are_not_retried(run: Run, server: ProviderServer, status: int) -> None:
    for _ in range(3):
        server.add_error(status, f"scripted {status}")
    with pytest.raises(ModelError):
        run(model_for(server, max_retries=2).complete(hello()))
    assert len(server.requests) == 1


@pytest.mark.parametrize("status", [429, 500, 503])
def test_transient_errors_are_retried_then_succeed(run: Run, server: ProviderServer, status: int) -> None:
    server.add_error(status, "try later", headers={"retry-after": "0"}).add_text("Here I am.")
    reply = run(model_for(server, max_retries=2).complete(hello()))
    assert reply.text == "Here I am." and len(server.requests) == 2


def test_the_retry_count_is_honoured(run: Run, server: ProviderServer) -> None:
    for _ in range(4):
        server.add_error(502, "bad gateway")
    with pytest.raises(ModelUnavailable):
        run(model_for(server, max_retries=2).complete(hello()))
    assert len(server.requests) == 3


def test_the_timeout_is_per_attempt(run: Run, server: ProviderServer) -> None:
    server.add_slow_text("too late", delay_seconds=3).add_text("On time.")
    started = time.monotonic()
    reply = run(model_for(server, timeout_seconds=0.6, max_retries=1, deadline_seconds=10).complete(hello()))
    assert reply.text == "On time."  # the second attempt had its own 0.6 s, not what the first left over
    assert time.monotonic() - started < 3


def test_the_overall_deadline_bounds_all_attempts(run: Run, server: ProviderServer) -> None:
    for _ in range(5):
        server.add_slow_text("too late", delay_seconds=3)
    started = time.monotonic()
    with pytest.raises(ModelUnavailable):
        run(model_for(server, timeout_seconds=0.8, max_retries=4, deadline_seconds=1.5).complete(hello()))
    assert time.monotonic() - started < 2.5
    assert len(server.requests) <= 2


def test_a_stream_that_already_showed_text_is_not_retried(run: Run, server: ProviderServer) -> None:
    server.add(Reply(text="Half an answer", shape="cut")).add_text("Whole answer")
    seen: list[str] = []

    async def sink(piece: str) -> None:
        seen.append(piece)

    with pytest.raises(ModelError):
        run(model_for(server, max_retries=2).complete(hello(), on_token=sink))
    assert seen and len(server.requests) == 1  # a retry would have shown the text twice


# -- what the user reads -----------------------------------------------------------------------------------


def test_the_cli_prints_the_friendly_message_not_the_provider_error(
    cli_env: Path, server: ProviderServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LLM_MODEL", "openai/gpt-4o-mini")
    monkeypatch.setenv("LLM_API_BASE", server.base_url)
    monkeypatch.setenv("LLM_API_KEY", "sk-test")
    server.add_error(500, "upstream exploded: stack trace follows")
    result = run_cli("chat", "--user", "alice", "--thread", "th", "--turn-id", "t1", "Hello")
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        "error: The assistant's language model is not available right now. Your message is saved; try again."
    ]
    assert "litellm" not in result.output and "Traceback" not in result.output
    server.add_text("Hello again!")
    retried = run_cli("chat", "--user", "alice", "--thread", "th", "--turn-id", "t1", "--json", "Hello")
    assert retried.exit_code == 0, retried.output
    log = run_cli("log", "--user", "alice", "--thread", "th", "--json")
    kinds = [e["kind"] for e in json.loads(log.output)]
    assert kinds.count("failure") == 1 and kinds.count("assistant") == 1
