"""Structured output: how a JSON answer is asked of a provider and read back.

Providers differ in how they take a schema (a ``json_schema`` response format, a forced tool call, or plain JSON
mode with the schema in the prompt); the adapter picks the mode per provider and this module builds the request
for it and validates the reply. No litellm here: what arrives is litellm's response object, read by attribute.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ValidationError

from assistant.errors import ModelOutputError
from language.lexicon.formats import JSON_FENCE

M = TypeVar("M", bound=BaseModel)
StructuredMode = Literal["json_schema", "tool", "json_object"]


def _json_schema(schema: type[BaseModel]) -> dict[str, Any]:
    """A model's JSON schema: pydantic builds it anew on every call (~0.5 ms) and the promotion pass asks for
    the same one for every thread, so it is built once; each call gets its own copy (a provider adapter may
    edit the schema it is given), parsed from the cached text in microseconds."""
    loaded: dict[str, Any] = json.loads(_json_schema_text(schema))
    return loaded


@cache
def _json_schema_text(schema: type[BaseModel]) -> str:
    return json.dumps(schema.model_json_schema())


def structured_params(mode: StructuredMode, schema: type[BaseModel], *, name: str) -> dict[str, Any]:
    if mode == "json_schema":
        spec = {"name": name, "schema": _json_schema(schema), "strict": False}
        return {"response_format": {"type": "json_schema", "json_schema": spec}}
    if mode == "tool":
        function = {"name": name, "description": f"Report the {name}.", "parameters": _json_schema(schema)}
        return {
            "tools": [{"type": "function", "function": function}],
            "tool_choice": {"type": "function", "function": {"name": name}},
        }
    return {"response_format": {"type": "json_object"}}


def schema_instruction(schema: type[BaseModel], *, name: str) -> str:
    return f"Answer with one JSON object ({name}) and nothing else, matching this JSON schema:\n" + (
        _json_schema_text(schema)
    )


def _strip_fences(text: str) -> str:
    match = JSON_FENCE.fullmatch(text)
    return match.group(1) if match else text


def read_structured(response: Any, schema: type[M], *, mode: StructuredMode, name: str) -> M:
    """The reply's JSON validated against ``schema``. A reply that does not validate raises ModelOutputError; it
    is never quietly read as an empty result."""
    try:
        message = response.choices[0].message
        calls = getattr(message, "tool_calls", None) or []
        text = calls[0].function.arguments if mode == "tool" and calls else message.content
        text = text or ""
    except (AttributeError, IndexError, TypeError) as exc:
        raise ModelOutputError(f"{name}: the model's reply was malformed (no message)") from exc
    try:
        return schema.model_validate_json(_strip_fences(text))
    except ValidationError as exc:
        raise ModelOutputError(
            f"{name}: the model's JSON did not validate ({exc.error_count()} errors)"
        ) from exc
