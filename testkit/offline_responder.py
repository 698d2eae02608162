"""The offline demo agent as the loopback provider's model: any request, in either wire format, answered as
the demo agent would answer it in OpenAI format.

The server then plays a real provider end to end (the worked example, the scenario library, a benchmark's
hundred turns) without a script per request: what is tested is everything between the app and the wire
(litellm's request building for each provider, streaming, tool-call assembly, usage and caching), with the
same answers the offline model gives.
"""

from __future__ import annotations

import json
from typing import Any

from assistant.prompts import PROMOTION_SCHEMA_NAME, SUMMARY_SCHEMA_NAME
from demo.agent import respond
from demo.provider import call_ids
from testkit.wire_script import Reply, ToolUse

# Anthropic's ``output_format`` carries a schema without the name OpenAI's ``response_format`` has; the
# agent answers by name, so the name is recovered from the schema's pydantic title.
SCHEMA_NAMES = {"CandidateList": PROMOTION_SCHEMA_NAME, "SummaryOutput": SUMMARY_SCHEMA_NAME}


def offline_reply(body: dict[str, Any]) -> Reply:
    """The demo agent's answer to ``body`` (an OpenAI chat completions or Anthropic messages request)."""
    if "system" in body or _anthropic_tools(body):
        messages, tools = _from_anthropic(body)
    else:
        messages, tools = list(body.get("messages") or []), list(body.get("tools") or [])
    reply = respond(messages, tools, _response_format(body))
    ids = call_ids(messages, reply)
    calls = tuple(
        ToolUse(c.name, json.dumps(c.arguments), id=i) for i, c in zip(ids, reply.tool_calls, strict=True)
    )
    return Reply(text=reply.text, tool_calls=calls)


def _anthropic_tools(body: dict[str, Any]) -> bool:
    return any("input_schema" in t for t in body.get("tools") or [])


def _response_format(body: dict[str, Any]) -> Any:
    if "response_format" in body:
        return body["response_format"]
    schema = (body.get("output_format") or {}).get("schema")
    if schema is None:  # litellm's forced-tool fallback carries the schema as the tool's input schema
        forced = [t for t in body.get("tools") or [] if t.get("name") == "json_tool_call"]
        schema = forced[0].get("input_schema") if forced else None
    if not isinstance(schema, dict):
        return None
    return {
        "type": "json_schema",
        "json_schema": {"name": SCHEMA_NAMES.get(str(schema.get("title"))), "schema": schema},
    }


def _text(blocks: Any) -> str:
    if isinstance(blocks, str):
        return blocks
    return "\n".join(b.get("text", "") for b in blocks or [] if b.get("type") == "text")


OPERATOR_NOTE = "Operator note (not from the user)"


def _user_blocks(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A user turn's blocks as OpenAI messages: tool results, the user's text, and the system messages
    litellm moved into the turn (each after a text block of its own that says so)."""
    out: list[dict[str, Any]] = []
    system_next = False
    for b in blocks:
        if b.get("type") == "tool_result":
            out.append({"role": "tool", "tool_call_id": b["tool_use_id"], "content": _text(b.get("content"))})
        elif b.get("type") == "text" and b.get("text", "").startswith(OPERATOR_NOTE):
            system_next = True
        elif b.get("type") == "text":
            out.append({"role": "system" if system_next else "user", "content": b.get("text", "")})
            system_next = False
    return out


def _from_anthropic(body: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Anthropic's request as OpenAI-format messages and tools (the inverse of litellm's translation)."""
    system = body.get("system") or []
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": b["text"]}
        for b in ([{"text": system}] if isinstance(system, str) else system)
    ]
    for message in body.get("messages") or []:
        content = message.get("content")
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content or []
        if message.get("role") == "assistant":
            calls = [
                {
                    "id": b["id"],
                    "type": "function",
                    "function": {"name": b["name"], "arguments": json.dumps(b["input"])},
                }
                for b in blocks
                if b.get("type") == "tool_use"
            ]
            out: dict[str, Any] = {"role": "assistant", "content": _text(blocks) or None}
            messages.append({**out, "tool_calls": calls} if calls else out)
            continue
        messages += _user_blocks(blocks)
    tools = [
        {
            "type": "function",
            "function": {
                "name": t["name"],
                "description": t.get("description", ""),
                "parameters": t["input_schema"],
            },
        }
        for t in body.get("tools") or []
        if t.get("name") != "json_tool_call"
    ]
    return messages, tools
