"""Recording a model's exchanges (``LLM_RECORD``) and replaying them (``LLM_MODEL=replay/DIR``).

End to end with a real provider's code path: litellm's OpenAI client against the local fake server records a
two-session scenario; the recording then replays it with no server at all, byte for byte; and a run that
asks something else fails at the first request that differs, naming the field.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from assistant.errors import ConfigurationError, ModelUnavailable, ReplayMismatch
from assistant.model.tape import ReplayModel, TapeRecorder, first_difference
from assistant.turns import Message, ModelReply, ToolCall, Usage
from testkit.provider_server import ProviderServer
from travel_assistant.scenarios.report import table
from travel_assistant.scenarios.runner import RunOptions, run_file


class Answer(BaseModel):
    city: str


class Scripted:
    """A ChatModel that answers from a script (and can fail), to record from without any provider."""

    model_name = "scripted/model"

    def __init__(self, *replies: ModelReply | Exception) -> None:
        self.replies = list(replies)

    async def complete(
        self,
        messages: Sequence[Message],
        *,
        tools: Sequence[dict[str, Any]] | None = None,
        on_token: Any = None,
    ) -> ModelReply:
        reply = self.replies.pop(0)
        if isinstance(reply, Exception):
            raise reply
        for piece in ("Hel", "lo"):
            if on_token is not None:
                await on_token(piece)
        return reply

    async def structured(self, messages: Sequence[Message], schema: type[Any], *, name: str) -> Any:
        return schema.model_validate({"city": "Lisbon"})

    def count_tokens(self, messages: Sequence[Message]) -> int:
        return 7 * len(messages)


HELLO = ModelReply(
    text="Hello",
    tool_calls=(ToolCall(id="call_1", name="get_my_bookings", arguments="{}"),),
    usage=Usage(prompt_tokens=5, completion_tokens=2),
    model="scripted/model",
)
ASK = [{"role": "user", "content": "hi"}]


def test_a_recording_replays_replies_chunks_structured_output_counts_and_errors(tmp_path: Path) -> None:
    async def session(model: Any, pieces: list[str]) -> tuple[Any, ...]:
        async def sink(piece: str) -> None:
            pieces.append(piece)

        first = await model.complete(ASK, tools=[{"type": "function"}], on_token=sink)
        answer = await model.structured(ASK, Answer, name="answer")
        with pytest.raises(ModelUnavailable, match="down"):
            await model.complete(ASK)
        return first, answer, model.count_tokens(ASK)

    live_pieces: list[str] = []
    recorder = TapeRecorder(Scripted(HELLO, ModelUnavailable("provider down")), tmp_path / "tape")
    recorded = asyncio.run(session(recorder, live_pieces))
    replay_pieces: list[str] = []
    replay = ReplayModel(tmp_path / "tape")
    assert asyncio.run(session(replay, replay_pieces)) == recorded
    assert replay_pieces == live_pieces == ["Hel", "lo"]
    assert replay.model_name == "scripted/model" and replay.remaining == 0
    with pytest.raises(ReplayMismatch, match="holds 3 exchange"):
        asyncio.run(replay.complete(ASK))


def test_recording_refuses_a_folder_that_already_holds_one(tmp_path: Path) -> None:
    TapeRecorder(Scripted(), tmp_path / "tape")
    with pytest.raises(ConfigurationError, match="not empty"):
        TapeRecorder(Scripted(), tmp_path / "tape")
    with pytest.raises(ConfigurationError, match="no recording there"):
        ReplayModel(tmp_path / "nothing")


def test_the_first_difference_is_named_by_its_path() -> None:
    old = {
        "kind": "complete",
        "messages": [{"role": "system", "content": "Today is Monday"}, {"content": "a"}],
    }
    new = {
        "kind": "complete",
        "messages": [{"role": "system", "content": "Today is Tuesday"}, {"content": "b"}],
    }
    said = first_difference(old, new)
    assert said.startswith("messages[0].content differs at character 9")
    assert '"Today is Monday"' in said and '"Today is Tuesday"' in said
    assert first_difference({"tools": [1]}, {"tools": [1, 2]}) == "tools: recorded 1 item(s), this run sent 2"


STORY = """\
name: a provider session
users: [alice]
sessions: {{mon: alice, thu: alice}}
steps:
  - say: {search}
    session: mon
    at: 2026-11-09T09:00
    expect:
      - tool_called: {{name: search_flights, arguments: {{destination: LIS}}}}
      - reply: Here are three flights to Lisbon.
  - say: Book option 1. I'm vegetarian.
    session: mon
    expect:
      - tool_called: {{name: book_flight, arguments: {{meal: vegetarian}}}}
      - reply: Booked, with a vegetarian meal.
  - run: promote
    after: 31m
    expect:
      - memory: {{type: dietary, value: vegetarian, status: current}}
  - say: Any dinner suggestions near my hotel?
    session: thu
    at: 2026-11-12T19:30
    expect:
      - recalled: {{type: dietary, value: vegetarian}}
      - reply: Horta da Baixa is three minutes away.
"""


def _script(server: ProviderServer) -> None:
    server.add_tool_calls(("search_flights", {"destination": "LIS", "date": "2026-11-14"}))
    server.add_text("Here are three flights to Lisbon.")
    server.add_tool_calls(("book_flight", {"flight_id": "TP1343-20261114-LHRLIS", "meal": "vegetarian"}))
    server.add_text("Booked, with a vegetarian meal.")
    candidate = {
        "fact": "User is vegetarian",
        "type": "dietary",
        "evidence_turn": "mon-2",
        "quote": "I'm vegetarian",
    }
    server.add_json(json.dumps({"candidates": [candidate]}))
    server.add_text("Horta da Baixa is three minutes away.")


def _run(path: Path) -> Any:
    lines: list[str] = []
    report = asyncio.run(run_file(path, RunOptions(embeddings="hash", echo=lines.append)))
    return report, "\n".join([*lines, table(report)])


def test_a_provider_session_recorded_then_replayed_offline_and_a_changed_prompt_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    story = tmp_path / "story.yaml"
    story.write_text(STORY.format(search="Find me flights to Lisbon on the 14th"), encoding="utf-8")
    with ProviderServer() as server:
        _script(server)
        for key, value in {
            "LLM_MODEL": "openai/gpt-4o-mini",
            "LLM_API_BASE": server.base_url,
            "LLM_API_KEY": "sk-test",
            "LLM_MAX_RETRIES": "0",
            "LLM_RECORD": str(tmp_path / "tapes"),
        }.items():
            monkeypatch.setenv(key, value)
        recorded, shown = _run(story)
        assert recorded.ok, shown
        assert server.pending == 0 and len(server.requests) == 6
    for key in ("LLM_MODEL", "LLM_API_BASE", "LLM_API_KEY", "LLM_RECORD"):
        monkeypatch.delenv(key)
    tape = tmp_path / "tapes" / "story"
    assert len(list(tape.glob("0*.json"))) == 6

    story.write_text("model: replay/tapes/story\n" + story.read_text(encoding="utf-8"), encoding="utf-8")
    replayed, shown = _run(story)  # the server is gone: every answer comes from the recording
    assert replayed.ok, shown
    assert [o.detail for o in replayed.outcomes] == [o.detail for o in recorded.outcomes]

    story.write_text(
        story.read_text(encoding="utf-8").replace("on the 14th", "on the 15th"), encoding="utf-8"
    )
    changed, shown = _run(story)
    assert not changed.ok
    [failure, *_rest] = [o for o in changed.outcomes if not o.ok]
    assert failure.expectation == "the step runs without error"
    assert (
        "ReplayMismatch" in failure.detail
        and "request #1 (complete) differs from the recording" in failure.detail
    )
    assert "messages[1].content differs at character 34" in failure.detail
    assert (
        'recorded " me flights to Lisbon on the 14th", this run sent " me flights to Lisbon on the 15th"'
        in (failure.detail)
    )


def test_replay_never_imports_litellm(tmp_path: Path) -> None:
    recorder = TapeRecorder(Scripted(HELLO), tmp_path / "tape")
    asyncio.run(recorder.complete(ASK))
    code = (
        "import sys, asyncio\n"
        "from travel_assistant.settings import build_settings\n"
        "from travel_assistant.container import build_runtime\n"
        f"rt = build_runtime(build_settings(travel_data_dir={str(tmp_path / 'data')!r}, embeddings='hash',"
        f" llm_model='replay/{tmp_path / 'tape'}'))\n"
        "reply = asyncio.run(rt.model.complete([{'role': 'user', 'content': 'hi'}]))\n"
        "assert reply.text == 'Hello', reply\n"
        "assert 'litellm' not in sys.modules, 'litellm was imported'\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
