"""The language-model adapter (``assistant.model.llm``) end to end through litellm.

Two providers, one code path: a real OpenAI-style provider (litellm's OpenAI client talking HTTP/SSE to the
local :class:`ProviderServer` server) and the offline demo model registered as litellm's ``offline`` provider.
What is checked is what a user of the chat would notice: streamed text arriving piece by piece and adding up
to the reply, tool calls surviving the stream intact, the tool exchange being sent back to the provider,
structured output that is validated (never silently empty), and provider failures surfacing as the
project's own error types with the original exception chained.
"""

from __future__ import annotations

import importlib
import json
import time
from collections.abc import Coroutine
from datetime import UTC, date, datetime
from types import ModuleType
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from assistant.candidates import CandidateList
from assistant.errors import (
    ContextTooLong,
    ModelAuthError,
    ModelBusy,
    ModelError,
    ModelOutputError,
    ModelUnavailable,
)
from assistant.events import Event, EventKind, tool_kind
from assistant.ids import ThreadId, TurnId
from assistant.model.llm import LiteLLMChatModel, LLMConfig
from assistant.prompts import (
    PROMOTION_INSTRUCTIONS,
    PROMOTION_SCHEMA_NAME,
    SUMMARY_INSTRUCTIONS,
    SUMMARY_SCHEMA_NAME,
    system_prompt,
)
from assistant.transcript import render_transcript
from assistant.turn.summary import SummaryOutput
from assistant.turn.tools import tool_specs
from assistant.turns import ModelReply, ToolCall
from demo import catalog
from demo.provider import OFFLINE_MODEL, offline_config
from testkit.app_env import free_port
from testkit.provider_server import ProviderServer
from testkit.wire_script import Reply, ToolUse
from tests.conftest import MONDAY, Run

REAL_MODEL = "openai/gpt-4o-mini"
TH, T1 = ThreadId("th1"), TurnId("t1")


# -- fixtures ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def litellm_lib() -> ModuleType:
    # Already imported by the adapter by the time tests use it; env is set in conftest. litellm is untyped
    # (Any to mypy): the module object is what the tests patch.
    return importlib.import_module("litellm")


def real_model(base_url: str, **overrides: Any) -> LiteLLMChatModel:
    config: dict[str, Any] = {
        "model": REAL_MODEL,
        "api_base": base_url,
        "api_key": "sk-test",
        "max_retries": 0,
        "timeout_seconds": 10.0,
    }
    config.update(overrides)
    return LiteLLMChatModel(LLMConfig(**config))


@pytest.fixture
def model(server: ProviderServer) -> LiteLLMChatModel:
    return real_model(server.base_url)


@pytest.fixture(scope="module")
def offline() -> LiteLLMChatModel:
    return LiteLLMChatModel(offline_config(max_retries=0))


class Tokens:
    """An ``on_token`` sink that keeps every piece."""

    def __init__(self) -> None:
        self.pieces: list[str] = []

    async def __call__(self, piece: str) -> None:
        self.pieces.append(piece)


def user(text: str) -> dict[str, Any]:
    return {"role": "user", "content": text}


def follow_up(
    messages: list[dict[str, Any]], reply: ModelReply, results: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The next round's messages, built the way the engine builds them."""
    out = [
        *messages,
        {
            "role": "assistant",
            "content": reply.text or None,
            "tool_calls": [
                {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
                for c in reply.tool_calls
            ],
        },
    ]
    for call, result in zip(reply.tool_calls, results, strict=True):
        out.append(
            {
                "role": "tool",
                "tool_call_id": call.id,
                "name": call.name,
                "content": json.dumps(result, sort_keys=True),
            }
        )
    return out


def lisbon_search_result(day: date = date(2026, 11, 14)) -> dict[str, Any]:
    options = catalog.flights("LHR", "LIS", day)
    return {
        "origin": "LHR",
        "origin_assumed": True,
        "destination": "LIS",
        "date": day.isoformat(),
        "options": [o.to_json() for o in options],
    }


class Trip(BaseModel):
    city: str
    nights: int


# -- real provider: streaming text ------------------------------------------------------------------------


def test_streamed_text_reaches_on_token_in_pieces(
    run: Run, server: ProviderServer, model: LiteLLMChatModel
) -> None:
    pieces = ("Lis", "bon is ", "lovely ", "in Novem", "ber.")
    server.add_text("".join(pieces), pieces=pieces, prompt_tokens=42, completion_tokens=9)
    tokens = Tokens()

    reply = run(model.complete([user("Is Lisbon nice in November?")], on_token=tokens))

    assert len(tokens.pieces) > 1, "the reply should arrive piece by piece, not in one lump"
    assert "".join(tokens.pieces) == reply.text == "Lisbon is lovely in November."
    assert reply.tool_calls == ()
    assert reply.model == REAL_MODEL
    assert (reply.usage.prompt_tokens, reply.usage.completion_tokens) == (42, 9)
    [request] = server.requests
    assert request["stream"] is True
    assert request["stream_options"] == {"include_usage": True}
    assert request["messages"] == [user("Is Lisbon nice in November?")]
    assert request["model"] == "gpt-4o-mini"


def test_complete_without_on_token_still_returns_the_whole_text(
    run: Run, server: ProviderServer, model: LiteLLMChatModel
) -> None:
    server.add_text("Three flights found, the cheapest is BA643.")
    reply = run(model.complete([user("flights?")]))
    assert reply.text == "Three flights found, the cheapest is BA643."


# -- real provider: tool calls ----------------------------------------------------------------------------


def test_streamed_tool_call_is_rebuilt_with_id_name_and_arguments(
    run: Run, server: ProviderServer, model: LiteLLMChatModel
) -> None:
    arguments = json.dumps({"destination": "LIS", "date": "2026-11-14", "origin": "MAN"})
    server.add(Reply(tool_calls=(ToolUse("search_flights", arguments, id="call_xyz"),)))
    tokens = Tokens()

    reply = run(
        model.complete(
            [user("Flights from Manchester to Lisbon on the 14th")], tools=tool_specs(), on_token=tokens
        )
    )

    assert reply.tool_calls == (ToolCall(id="call_xyz", name="search_flights", arguments=arguments),)
    assert json.loads(reply.tool_calls[0].arguments) == {
        "destination": "LIS",
        "date": "2026-11-14",
        "origin": "MAN",
    }
    assert reply.text == ""
    assert "".join(tokens.pieces) == ""
    sent_tools = [t["function"]["name"] for t in server.requests[0]["tools"]]
    assert sent_tools == [t["function"]["name"] for t in tool_specs()]


def test_two_streamed_tool_calls_keep_their_order_and_arguments(
    run: Run, server: ProviderServer, model: LiteLLMChatModel
) -> None:
    server.add(
        Reply(
            tool_calls=(
                ToolUse("get_my_bookings", "{}", id="call_1"),
                ToolUse(
                    "remember_preference", json.dumps({"statement": "I prefer aisle seats"}), id="call_2"
                ),
            )
        )
    )
    reply = run(model.complete([user("my bookings, and remember I prefer aisle seats")], tools=tool_specs()))
    assert [(c.id, c.name) for c in reply.tool_calls] == [
        ("call_1", "get_my_bookings"),
        ("call_2", "remember_preference"),
    ]
    assert json.loads(reply.tool_calls[1].arguments) == {"statement": "I prefer aisle seats"}


def test_follow_up_request_carries_the_assistant_tool_calls_and_the_tool_result(
    run: Run, server: ProviderServer, model: LiteLLMChatModel
) -> None:
    arguments = json.dumps({"destination": "LIS", "date": "2026-11-14"})
    server.add(Reply(tool_calls=(ToolUse("search_flights", arguments, id="call_xyz"),)))
    server.add_text("I found 3 flights. Which one should I book?")
    first = [{"role": "system", "content": system_prompt(MONDAY)}, user("Flights to Lisbon on the 14th")]

    call = run(model.complete(first, tools=tool_specs()))
    result = lisbon_search_result()
    answer = run(model.complete(follow_up(first, call, [result]), tools=tool_specs()))

    assert answer.text == "I found 3 flights. Which one should I book?"
    sent = server.requests[1]["messages"]
    assert sent[:2] == first
    assistant, tool = sent[2], sent[3]
    assert assistant["role"] == "assistant"
    assert assistant["tool_calls"] == [
        {"id": "call_xyz", "type": "function", "function": {"name": "search_flights", "arguments": arguments}}
    ]
    assert not assistant.get("content")
    assert tool["role"] == "tool"
    assert tool["tool_call_id"] == "call_xyz"
    assert json.loads(tool["content"]) == result


# -- real provider: structured output ---------------------------------------------------------------------


VALID_CANDIDATES = {
    "candidates": [
        {"fact": "User is vegetarian", "type": "dietary", "evidence_turn": "t1", "quote": "I'm vegetarian"},
    ]
}


def test_structured_returns_a_validated_object(
    run: Run, server: ProviderServer, model: LiteLLMChatModel
) -> None:
    server.add_json(json.dumps(VALID_CANDIDATES))
    out = run(
        model.structured([user("[turn t1] USER: I'm vegetarian")], CandidateList, name=PROMOTION_SCHEMA_NAME)
    )
    assert isinstance(out, CandidateList)
    assert [(c["type"], c["evidence_turn"], c["quote"]) for c in out.candidates] == [
        ("dietary", "t1", "I'm vegetarian")
    ]


def test_structured_accepts_json_in_a_code_fence(
    run: Run, server: ProviderServer, model: LiteLLMChatModel
) -> None:
    server.add_json('```json\n{"city": "Lisbon", "nights": 3}\n```')
    assert run(model.structured([user("plan")], Trip, name="trip")) == Trip(city="Lisbon", nights=3)


def test_structured_sends_the_json_schema_and_its_name(
    run: Run, server: ProviderServer, model: LiteLLMChatModel
) -> None:
    server.add_json(
        json.dumps({"summary": 'User said: "I\'m vegetarian"', "decisions": [], "open_loops": []})
    )
    out = run(model.structured([user("transcript")], SummaryOutput, name=SUMMARY_SCHEMA_NAME))
    assert out.summary.startswith("User said")
    [request] = server.requests
    response_format = request["response_format"]
    assert response_format["type"] == "json_schema"
    assert response_format["json_schema"]["name"] == SUMMARY_SCHEMA_NAME
    assert response_format["json_schema"]["schema"] == SummaryOutput.model_json_schema()


@pytest.mark.parametrize(
    "content",
    [
        pytest.param("Sure! The trip is to Lisbon.", id="prose"),
        pytest.param('{"city": "Lisbon", ', id="truncated-json"),
        pytest.param("", id="empty"),
        pytest.param('{"town": "Lisbon", "nights": 3}', id="wrong-key"),
        pytest.param('{"city": "Lisbon"}', id="missing-fields"),
        pytest.param('{"city": "Lisbon", "nights": "many"}', id="wrong-type"),
        pytest.param("[]", id="array"),
    ],
)
def test_structured_raises_model_output_error_for_json_it_cannot_validate(
    run: Run, server: ProviderServer, model: LiteLLMChatModel, content: str
) -> None:
    server.add_json(content)
    with pytest.raises(ModelOutputError) as caught:
        run(model.structured([user("transcript")], Trip, name="trip"))
    assert isinstance(caught.value.__cause__, ValidationError)
    assert "trip" in str(caught.value)


@pytest.mark.parametrize("content", ['{"candidates": "none"}', '{"facts": []}', "[]"])
def test_a_promotion_reply_without_a_candidate_list_is_an_error(
    run: Run, server: ProviderServer, model: LiteLLMChatModel, content: str
) -> None:
    server.add_json(content)
    with pytest.raises(ModelOutputError):
        run(model.structured([user("transcript")], CandidateList, name=PROMOTION_SCHEMA_NAME))


# -- real provider: errors --------------------------------------------------------------------------------


def _call(kind: str, model: LiteLLMChatModel) -> Coroutine[Any, Any, Any]:
    if kind == "complete":
        return model.complete([user("hello")], tools=tool_specs())
    return model.structured([user("hello")], Trip, name="trip")


@pytest.mark.parametrize("kind", ["complete", "structured"])
@pytest.mark.parametrize(
    ("status", "expected"),
    [
        (401, ModelAuthError),
        (403, ModelAuthError),
        (429, ModelBusy),
        (500, ModelUnavailable),
        (502, ModelUnavailable),
        (503, ModelUnavailable),
    ],
)
def test_provider_http_errors_become_our_error_types_with_the_cause_chained(
    run: Run,
    server: ProviderServer,
    model: LiteLLMChatModel,
    litellm_lib: ModuleType,
    kind: str,
    status: int,
    expected: type[ModelError],
) -> None:
    server.add_error(status, f"scripted {status}")
    with pytest.raises(ModelError) as caught:
        run(_call(kind, model))
    assert type(caught.value) is expected
    cause = caught.value.__cause__
    assert cause is not None, "the original litellm exception must be chained"
    assert type(cause).__module__ == litellm_lib.exceptions.__name__, f"not a litellm exception: {cause!r}"
    assert getattr(cause, "status_code", None) == status
    assert len(server.requests) == 1, "max_retries=0 means exactly one attempt"


def refused(
    run: Run, server: ProviderServer, model: LiteLLMChatModel, status: int, message: str, said: str = "hello"
) -> ModelError:
    """The error a chat completion of ``said`` raises when the provider answers ``status`` with ``message``."""
    server.add_error(status, message)
    with pytest.raises(ModelError) as caught:
        run(model.complete([user(said)]))
    return caught.value


def test_auth_error_tells_the_user_about_the_key(
    run: Run, server: ProviderServer, model: LiteLLMChatModel
) -> None:
    error = refused(run, server, model, 401, "Incorrect API key provided: sk-test")
    assert isinstance(error, ModelAuthError) and "API key" in error.user_message()


def test_connection_refused_is_model_unavailable(run: Run, litellm_lib: ModuleType) -> None:
    model = real_model(f"http://127.0.0.1:{free_port()}/v1")
    for call in (
        lambda: model.complete([user("hello")]),
        lambda: model.structured([user("hi")], Trip, name="trip"),
    ):
        with pytest.raises(ModelUnavailable) as caught:
            run(call())
        cause = caught.value.__cause__
        assert cause is not None
        assert isinstance(
            cause, litellm_lib.exceptions.APIConnectionError | litellm_lib.exceptions.InternalServerError
        )


def test_a_context_window_error_becomes_context_too_long(
    run: Run, server: ProviderServer, model: LiteLLMChatModel, litellm_lib: ModuleType
) -> None:
    error = refused(
        run,
        server,
        model,
        400,
        "This model's maximum context length is 128000 tokens. However, your messages "
        "resulted in 131072 tokens. Please reduce the length of the messages.",
        said="a very long message",
    )
    assert isinstance(error, ContextTooLong)
    assert isinstance(error.__cause__, litellm_lib.exceptions.ContextWindowExceededError)
    assert "too long" in error.user_message()


def test_other_bad_requests_are_model_errors(
    run: Run, server: ProviderServer, model: LiteLLMChatModel
) -> None:
    error = refused(run, server, model, 400, "Invalid value for 'tools'")
    assert type(error) is ModelError
    assert error.__cause__ is not None


def test_a_provider_slower_than_the_timeout_is_model_unavailable(run: Run, server: ProviderServer) -> None:
    model = real_model(server.base_url, timeout_seconds=0.5)
    server.add_slow_text("too late", delay_seconds=2.5)
    started = time.monotonic()
    with pytest.raises(ModelUnavailable) as caught:
        run(model.complete([user("hello")]))
    assert time.monotonic() - started < 2.0, "the deadline must be enforced, not waited out"
    assert caught.value.__cause__ is not None


# -- the offline model through litellm --------------------------------------------------------------------


def offline_messages(text: str, now: datetime = MONDAY) -> list[dict[str, Any]]:
    return [{"role": "system", "content": system_prompt(now)}, user(text)]


def test_offline_text_streams_in_pieces(run: Run, offline: LiteLLMChatModel) -> None:
    tokens = Tokens()
    reply = run(offline.complete(offline_messages("Hello!"), tools=tool_specs(), on_token=tokens))
    assert reply.model == OFFLINE_MODEL
    assert reply.tool_calls == ()
    assert reply.text.startswith("Hello!")
    assert len(tokens.pieces) > 3
    assert "".join(tokens.pieces) == reply.text
    assert reply.usage.prompt_tokens > 0
    assert reply.usage.completion_tokens > 0


def test_offline_tool_call_comes_back_as_a_tool_call(run: Run, offline: LiteLLMChatModel) -> None:
    tokens = Tokens()
    reply = run(
        offline.complete(
            offline_messages("Find me flights to Lisbon on the 14th"), tools=tool_specs(), on_token=tokens
        )
    )
    assert reply.text == ""
    assert tokens.pieces == []
    [call] = reply.tool_calls
    assert call.name == "search_flights"
    assert call.id.startswith("call_")
    assert json.loads(call.arguments) == {"destination": "LIS", "date": "2026-11-14"}
    assert reply.usage.prompt_tokens > 0
    assert reply.usage.completion_tokens > 0


def test_offline_tool_call_ids_are_deterministic(run: Run, offline: LiteLLMChatModel) -> None:
    messages = offline_messages("Find me flights to Lisbon on the 14th")
    first = run(offline.complete(messages, tools=tool_specs()))
    second = run(offline.complete(messages, tools=tool_specs()))
    assert first.tool_calls == second.tool_calls


def test_offline_round_trip_describes_the_searched_flights(run: Run, offline: LiteLLMChatModel) -> None:
    messages = offline_messages("Find me flights to Lisbon on the 14th")
    call = run(offline.complete(messages, tools=tool_specs()))
    result = lisbon_search_result()
    tokens = Tokens()
    answer = run(offline.complete(follow_up(messages, call, [result]), tools=tool_specs(), on_token=tokens))
    assert answer.tool_calls == ()
    assert "I found 3 flights from London (LHR) to Lisbon (LIS) on Saturday 14 November 2026" in answer.text
    for option in result["options"]:
        assert option["flight_no"] in answer.text
    assert "".join(tokens.pieces) == answer.text


def test_offline_structured_promotion_through_litellm(run: Run, offline: LiteLLMChatModel) -> None:
    events = [Event(1, TH, T1, EventKind.USER, {"text": "I'm vegetarian, by the way."}, MONDAY)]
    out = run(
        offline.structured(
            [
                {"role": "system", "content": PROMOTION_INSTRUCTIONS.format(types="- dietary")},
                user(render_transcript(events)),
            ],
            CandidateList,
            name=PROMOTION_SCHEMA_NAME,
        )
    )
    assert [(c["type"], c["evidence_turn"]) for c in out.candidates] == [("dietary", "t1")]


def test_offline_structured_summary_through_litellm(run: Run, offline: LiteLLMChatModel) -> None:
    booking = {
        "booking": {
            "booking_id": "BK-1234ABCD",
            "flight": {"flight_no": "TP1343"},
            "hotel": {"name": "Casa do Rio Lisboa"},
        }
    }
    events = [
        Event(1, TH, T1, EventKind.USER, {"text": "I'm vegetarian. Book option 1."}, MONDAY),
        Event(2, TH, T1, tool_kind(1, 1), {"name": "book_flight", "ok": True, "result": booking}, MONDAY),
    ]
    out = run(
        offline.structured(
            [{"role": "system", "content": SUMMARY_INSTRUCTIONS}, user(render_transcript(events))],
            SummaryOutput,
            name=SUMMARY_SCHEMA_NAME,
        )
    )
    assert "I'm vegetarian." in out.summary
    assert out.decisions == ["booked TP1343 (BK-1234ABCD) with Casa do Rio Lisboa"]


# -- token counting ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("which", ["offline", "real"])
def test_count_tokens_grows_with_more_messages(offline: LiteLLMChatModel, which: str) -> None:
    model = offline if which == "offline" else real_model("http://127.0.0.1:9/v1")
    one = [user("Find me flights to Lisbon on the 14th")]
    three = [
        *one,
        {"role": "assistant", "content": "Which airport are you flying from?"},
        user("From Manchester"),
    ]
    longer = [
        user("Find me flights to Lisbon on the 14th, from Manchester, in the morning, with an aisle seat")
    ]
    assert 0 < model.count_tokens(one) < model.count_tokens(three)
    assert model.count_tokens(one) < model.count_tokens(longer)
    assert model.count_tokens(three) < model.count_tokens(
        [{"role": "system", "content": system_prompt(MONDAY)}, *three]
    )


def test_the_offline_model_honours_the_date_in_the_system_prompt(run: Run, offline: LiteLLMChatModel) -> None:
    late_november = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)
    reply = run(
        offline.complete(
            offline_messages("Find me flights to Lisbon on the 14th", late_november), tools=tool_specs()
        )
    )
    assert json.loads(reply.tool_calls[0].arguments)["date"] == "2026-12-14"
