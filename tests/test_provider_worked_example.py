"""The worked example, the remember tool and promotion's structured extraction against both provider wire
formats: ``LLM_MODEL=openai/…`` and ``LLM_MODEL=anthropic/…`` pointed at the loopback provider server, whose
model is the offline demo agent (``testkit.offline_responder``). The scenario checks what the user sees; the
server checks what each provider was sent.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from assistant.prompts import PROMOTION_SCHEMA_NAME
from assistant.turn.tools import tool_specs
from testkit.offline_responder import offline_reply
from testkit.provider_server import ProviderServer
from tests.conftest import run_cli

GPT = "openai/gpt-4o-mini"
CLAUDE = "anthropic/claude-sonnet-4-5"
TOOL_NAMES = [t["function"]["name"] for t in tool_specs()]


@pytest.fixture
def provider(
    cli_env: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> Iterator[ProviderServer]:
    name = request.node.callspec.params["name"]
    with ProviderServer(responder=offline_reply) as server:
        monkeypatch.setenv("LLM_MODEL", name)
        monkeypatch.setenv("LLM_API_BASE", server.api_base(name))
        monkeypatch.setenv("LLM_API_KEY", "sk-test")
        yield server


@pytest.mark.parametrize("name", [GPT, CLAUDE])
def test_the_worked_example_passes_every_check_on_both_wire_formats(
    provider: ProviderServer, name: str
) -> None:
    result = run_cli("scenario", "lisbon")
    assert result.exit_code == 0, result.output
    assert "16 passed, 0 failed" in result.output
    chats = [r.body for r in provider.received if r.body.get("stream")]
    extraction = [r.body for r in provider.received if not r.body.get("stream")]
    assert chats and extraction
    if name == GPT:
        assert all([t["function"]["name"] for t in b["tools"]] == TOOL_NAMES for b in chats if "tools" in b)
        assert extraction[0]["response_format"]["json_schema"]["name"] == PROMOTION_SCHEMA_NAME
        assert "cache_control" not in json.dumps(provider.requests)
        return
    for body in chats:
        assert all(block.get("cache_control") == {"type": "ephemeral"} for block in body["system"])
        last = body["messages"][-1]["content"]
        assert any(block.get("cache_control") for block in last)  # the conversation's end
        if "tools" in body:
            assert [t["name"] for t in body["tools"]] == TOOL_NAMES
            marked = len(body["system"]) + 1
            expected = [False] * (len(TOOL_NAMES) - 1) + [marked < 4]  # a fourth mark left goes to the tools
            assert [bool(t.get("cache_control")) for t in body["tools"]] == expected
    thursday = chats[-1]
    assert any("vegetarian" in block["text"] for block in thursday["system"][1:])  # the memory block, marked
    assert extraction[0]["output_format"]["schema"]["title"] == "CandidateList"


@pytest.mark.parametrize("name", [GPT, CLAUDE])
def test_the_remember_tool_saves_at_once_on_both_wire_formats(provider: ProviderServer, name: str) -> None:
    result = run_cli(
        "scenario", "run", str(Path(__file__).parents[1] / "scenarios" / "explicit-remember.yaml")
    )
    assert result.exit_code == 0, result.output
    assert ", 0 failed" in result.output
    sent = json.dumps(provider.requests)
    assert '"remember_preference"' in sent and "I prefer aisle seats" in sent


@pytest.mark.slow
@pytest.mark.parametrize("name", [GPT, CLAUDE])
def test_every_shipped_scenario_passes_on_both_wire_formats(provider: ProviderServer, name: str) -> None:
    library = Path(__file__).parents[1] / "scenarios"
    result = run_cli("scenario", "run", str(library))
    assert result.exit_code == 0, result.output
    shipped = len(list(library.glob("*.yaml")))
    assert f"{shipped} of {shipped} scenario(s) passed" in result.output
