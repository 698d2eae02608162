"""Both provider wire formats through litellm, against the loopback provider server.

``openai/…`` models speak OpenAI chat completions and ``anthropic/…`` models Anthropic messages; the server
answers each byte-for-byte as the provider documents it. What a user would notice is checked: the streamed
reply adds up, parallel tool calls arrive whole and in order, failures become the project's error types.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from assistant.errors import ContextTooLong, ModelError, ModelOutputError, ModelUnavailable
from assistant.model.llm import LiteLLMChatModel, LLMConfig, _litellm
from assistant.turn.tools import tool_specs
from testkit.provider_server import ProviderServer
from testkit.wire_script import ToolUse, context_too_long, cut_stream, overloaded
from tests.conftest import Run, run_cli
from travel_assistant.web.meter import meter_props

GPT = "openai/gpt-4o-mini"
CLAUDE = "anthropic/claude-sonnet-4-5"
BOTH = pytest.mark.parametrize("name", [GPT, CLAUDE])


def model_for(server: ProviderServer, name: str, **overrides: Any) -> LiteLLMChatModel:
    config: dict[str, Any] = {
        "model": name,
        "api_base": server.api_base(name),
        "api_key": "sk-test",
        "max_retries": 0,
        "timeout_seconds": 10.0,
    }
    return LiteLLMChatModel(LLMConfig(**{**config, **overrides}))


ASK = [{"role": "system", "content": "You plan trips."}, {"role": "user", "content": "Lisbon in May?"}]


@BOTH
def test_a_streamed_reply_arrives_in_pieces_and_adds_up(run: Run, server: ProviderServer, name: str) -> None:
    server.add_text("Lisbon is lovely in May.")
    pieces: list[str] = []

    async def sink(piece: str) -> None:
        pieces.append(piece)

    reply = run(model_for(server, name).complete(ASK, on_token=sink))
    assert reply.text == "Lisbon is lovely in May."
    assert len(pieces) > 1 and "".join(pieces) == reply.text
    assert server.received[0].wire == name.split("/")[0]


@BOTH
def test_parallel_tool_calls_arrive_whole_and_in_order(run: Run, server: ProviderServer, name: str) -> None:
    server.add_tool_calls(
        ToolUse("search_flights", '{"destination": "LIS", "date": "2026-05-14"}', id="call_1"),
        ToolUse("find_restaurants", '{"city": "Lisbon", "cuisine": "seafood"}', id="call_2"),
        text="Looking both up.",
    )
    reply = run(model_for(server, name).complete(ASK, tools=tool_specs()))
    assert [(c.id, c.name, c.arguments) for c in reply.tool_calls] == [
        ("call_1", "search_flights", '{"destination": "LIS", "date": "2026-05-14"}'),
        ("call_2", "find_restaurants", '{"city": "Lisbon", "cuisine": "seafood"}'),
    ]
    body = server.requests[0]
    sent = [t["function"]["name"] if name == GPT else t["name"] for t in body["tools"]]
    assert sent == [t["function"]["name"] for t in tool_specs()]


@BOTH
def test_a_stream_cut_half_way_is_a_model_error(run: Run, server: ProviderServer, name: str) -> None:
    server.add(cut_stream("Half an answer"))
    with pytest.raises(ModelError):
        run(model_for(server, name).complete(ASK))


@BOTH
def test_overloaded_is_unavailable_and_too_long_is_context_too_long(
    run: Run, server: ProviderServer, name: str
) -> None:
    server.add(overloaded()).add(context_too_long())
    model = model_for(server, name)
    with pytest.raises(ModelUnavailable):
        run(model.complete(ASK))
    with pytest.raises(ContextTooLong):
        run(model.complete(ASK))


# -- prompt caching -------------------------------------------------------------------------------------------

LONG_SYSTEM = "You plan trips for travellers who like trains. " * 150  # ~1,800 tokens: past the 1,024 minimum


EPHEMERAL = {"type": "ephemeral"}


def marks(blocks: list[dict[str, Any]]) -> list[bool]:
    return [block.get("cache_control") == EPHEMERAL for block in blocks]


def test_anthropic_requests_mark_the_stable_head_and_the_conversation_end_and_nothing_else(
    run: Run, server: ProviderServer
) -> None:
    head: list[dict[str, Any]] = [
        {"role": "system", "content": "You plan trips."},
        {"role": "system", "content": "## What you remember\n- prefers aisle seats"},
        {"role": "system", "content": "## Summary so far\nLisbon in May."},
    ]
    turn: list[dict[str, Any]] = [
        {"role": "user", "content": "And Porto?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "get_my_bookings", "arguments": "{}"}}
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": '{"bookings": []}'},
        {"role": "system", "content": "## Trip so far\nnothing booked"},
    ]
    for _ in range(3):
        server.add_text("Porto too.")
    run(model_for(server, CLAUDE).complete(head + turn, tools=tool_specs()))
    run(model_for(server, CLAUDE).complete([head[0], turn[0]], tools=tool_specs()))
    run(model_for(server, GPT).complete(head + turn, tools=tool_specs()))
    full, bare, openai = server.requests
    assert marks(full["system"]) == [True, True, True]  # system prompt, memory, summary
    last = full["messages"][-1]["content"]  # the tool result, then the trip state litellm moved beside it
    assert last[0]["type"] == "tool_result" and marks(last) == [True, False, False]
    assert not any(any(marks(m["content"])) for m in full["messages"][:-1])
    assert not any(marks(full["tools"]))  # four marks used: the tools are covered by the system prompt's
    assert marks(bare["system"]) == [True] and marks(bare["messages"][-1]["content"]) == [True]
    assert marks(bare["tools"]) == [False] * (len(tool_specs()) - 1) + [True]  # a mark left: the tools get it
    assert "cache_control" not in json.dumps(openai)  # OpenAI caches on its own and is sent no marks


@BOTH
def test_cached_prompt_tokens_are_read_from_the_providers_usage(
    run: Run, server: ProviderServer, name: str
) -> None:
    model = model_for(server, name)
    first = [{"role": "system", "content": LONG_SYSTEM}, {"role": "user", "content": "Lisbon in May?"}]
    second = [*first, {"role": "assistant", "content": "Lovely."}, {"role": "user", "content": "And Porto?"}]
    server.add_text("Lovely.").add_text("Also lovely.")
    cold = run(model.complete(first)).usage
    warm = run(model.complete(second)).usage
    reported = [r.cache for r in server.received]
    assert cold.cached_tokens == 0 and warm.cached_tokens == reported[1].cached_tokens > 1024
    assert warm.prompt_tokens == reported[1].prompt_tokens  # cached tokens are part of the prompt, not extra
    if name == CLAUDE:  # Anthropic bills the first write; OpenAI reports none
        assert cold.cache_write_tokens == reported[0].cache_write_tokens > 1024
    else:
        assert cold.cache_write_tokens == 0


@BOTH
def test_chat_json_and_the_context_meter_show_what_the_provider_cached(
    cli_env: Path, server: ProviderServer, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.setenv("LLM_MODEL", name)
    monkeypatch.setenv("LLM_API_BASE", server.api_base(name))
    monkeypatch.setenv("LLM_API_KEY", "sk-test")
    tokens = []
    for turn, text in enumerate(["Hello, I am planning a trip", "Lisbon in May", "And back by train?"]):
        server.add_text(f"Noted ({turn}).")
        result = run_cli("chat", "--user", "alice", "--thread", "th", "--turn-id", f"t{turn}", "--json", text)
        assert result.exit_code == 0, result.output
        tokens.append(json.loads(result.output)["tokens"])
    last = server.received[-1].cache
    assert tokens[-1]["prompt"] == last.prompt_tokens and tokens[-1]["cached"] == last.cached_tokens > 0
    log = json.loads(run_cli("log", "--user", "alice", "--thread", "th", "--json").output)
    context = [e for e in log if e["kind"] == "context"][-1]["body"]
    assert context["usage"]["cached_tokens"] == last.cached_tokens
    props = meter_props(context)
    assert props is not None
    assert props["cache"].startswith(f"{last.cached_tokens:,} of {last.prompt_tokens:,} prompt tokens cached")


# -- structured output ----------------------------------------------------------------------------------------


class Trip(BaseModel):
    city: str
    nights: int


@pytest.fixture(scope="module")
def tool_only_model() -> str:
    """A model litellm knows to call tools but not to follow a JSON schema (many self-hosted ones)."""
    name = "openai/tool-only-model"
    _litellm().register_model(
        {name: {"litellm_provider": "openai", "mode": "chat", "supports_function_calling": True}}
    )
    return name


@pytest.mark.parametrize(
    ("name", "asked"),
    [
        pytest.param(GPT, "json_schema", id="openai-json-schema"),
        pytest.param(CLAUDE, "output_format", id="anthropic-json-schema"),
        pytest.param("anthropic/claude-3-5-haiku-20241022", "forced-tool", id="anthropic-without-schema"),
        pytest.param("openai/tool-only-model", "forced-tool", id="openai-tool-only"),
        pytest.param("openai/my-local-model", "json_object", id="openai-json-mode"),
    ],
)
def test_structured_output_falls_back_where_a_model_lacks_json_schema_and_is_validated_alike(
    run: Run, server: ProviderServer, tool_only_model: str, name: str, asked: str
) -> None:
    model = model_for(server, name)
    server.add_json('{"city": "Lisbon", "nights": 3}').add_json('{"city": "Lisbon", "nights": "many"}')
    assert run(model.structured(ASK, Trip, name="trip")) == Trip(city="Lisbon", nights=3)
    with pytest.raises(ModelOutputError):
        run(model.structured(ASK, Trip, name="trip"))
    body = server.requests[0]
    if asked == "json_schema":
        assert body["response_format"]["json_schema"]["schema"]["required"] == ["city", "nights"]
    elif asked == "output_format":
        assert body["output_format"]["schema"]["required"] == ["city", "nights"]
    elif asked == "forced-tool":
        forced = body["tool_choice"].get("name") or body["tool_choice"]["function"]["name"]
        assert forced in ("trip", "json_tool_call") and "response_format" not in body
    else:
        assert body["response_format"] == {"type": "json_object"}
        assert '"nights"' in body["messages"][-1]["content"]  # the schema travels in the prompt
