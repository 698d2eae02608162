"""A model that forwards every call to another: the base of the wrappers that watch a model's calls.

Recording, telemetry, scenario faults and benchmark timing each add one thing around a call; inheriting the
forwarding from here keeps the ``ChatModel`` surface said once, so a wrapper overrides only what it adds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from assistant.model.llm import ChatModel, TokenSink
from assistant.model.structured import M
from assistant.turns import Message, ModelReply


class DelegatingModel:
    """``ChatModel`` that passes each call to ``inner`` unchanged."""

    def __init__(self, inner: ChatModel) -> None:
        self.inner = inner

    @property
    def model_name(self) -> str:
        return self.inner.model_name

    async def complete(
        self,
        messages: Sequence[Message],
        *,
        tools: Sequence[dict[str, Any]] | None = None,
        on_token: TokenSink | None = None,
    ) -> ModelReply:
        self.sending(messages, structured=False)
        return await self.inner.complete(messages, tools=tools, on_token=on_token)

    async def structured(self, messages: Sequence[Message], schema: type[M], *, name: str) -> M:
        self.sending(messages, structured=True)
        return await self.inner.structured(messages, schema, name=name)

    def sending(self, messages: Sequence[Message], *, structured: bool) -> None:
        """Called with every prompt before it is forwarded: a wrapper that only watches prompts (or fails
        them) overrides this instead of both calls."""

    def count_tokens(self, messages: Sequence[Message]) -> int:
        return self.inner.count_tokens(messages)
