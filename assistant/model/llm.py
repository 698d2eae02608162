"""The language-model adapter: the only module that imports litellm.

Everything model-shaped goes through :class:`LiteLLMChatModel`: chat with OpenAI-format tools and streaming,
structured JSON output validated with pydantic, token counting with litellm's counter, retries and timeouts,
and translation of litellm's exceptions into ``assistant.errors``. In-process providers (the offline demo model)
arrive as :class:`CustomProvider` values from the composition root and are registered here with litellm, so
``LLM_MODEL=offline/travel-agent`` and ``LLM_MODEL=gpt-4o-mini`` take the same code path. This module only
composes a provider's logic with litellm's ``CustomLLM``: the core never names the demo, and the demo never
imports litellm.

litellm is imported lazily (it takes seconds) and configured before import so it never reaches for the network
(``LITELLM_LOCAL_MODEL_COST_MAP``).
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Protocol, TypeVar

from assistant.errors import ModelBusy, ModelError, ModelOutputError, ModelUnavailable
from assistant.model.assembled import Assembled as _Assembled
from assistant.model.prompt_caching import CACHE_BREAKPOINT_PROVIDERS, provider_usage, with_cache_breakpoints
from assistant.model.provider_errors import detail, response_headers, translated
from assistant.model.structured import (
    M,
    StructuredMode,
    read_structured,
    schema_instruction,
    structured_params,
)
from assistant.model.tokens import CachedCounter
from assistant.turns import Message, ModelReply

T = TypeVar("T")
logger = logging.getLogger(__name__)
TokenSink = Callable[[str], Awaitable[None]]


@dataclass(frozen=True, slots=True, kw_only=True)
class ProviderHooks:
    """What an in-process provider needs from litellm, supplied when it is composed with ``CustomLLM``."""

    model: str  # the full model name the responses carry ("offline/travel-agent"); litellm prices it by that
    count_messages: Callable[[Sequence[Message]], int]
    count_text: Callable[[str], int]
    # The fields of an OpenAI chat completion → litellm's type.
    model_response: Callable[[dict[str, Any]], Any]


@dataclass(frozen=True, slots=True, kw_only=True)
class CustomProvider:
    """A provider served in-process through litellm's custom-provider map.

    ``logic`` is a class with litellm's entry points (``completion``, ``acompletion``, ``streaming``,
    ``astreaming``) and a ``hooks: ProviderHooks`` class attribute, written without importing litellm; it is
    composed here with ``CustomLLM`` (first in the bases, so its methods win) and registered under ``name``.
    """

    name: str  # the model-string prefix: "offline" serves "offline/..."
    model: str  # the full model name it answers as, registered with zero cost
    logic: type[Any]
    stream_delay_ms: int = 0  # pause between streamed text chunks (a demo UI visibly streams)

    def serves(self, model: str) -> bool:
        return model.startswith(self.name + "/")


@dataclass(frozen=True, slots=True)
class LLMConfig:
    model: str
    api_key: str | None = None
    api_base: str | None = None
    timeout_seconds: float = 60.0  # one attempt (opening the stream and reading all of it)
    max_retries: int = 2  # further attempts after a transient failure (connection, timeout, 408/409/429, 5xx)
    max_reply_tokens: int = 1000
    deadline_seconds: float = 150.0  # all attempts and the waits between them together
    custom_providers: tuple[CustomProvider, ...] = ()


class ChatModel(Protocol):
    """What the engine needs from a model. ``LiteLLMChatModel`` is the real one; tests may script fakes."""

    @property
    def model_name(self) -> str: ...

    async def complete(
        self,
        messages: Sequence[Message],
        *,
        tools: Sequence[dict[str, Any]] | None = None,
        on_token: TokenSink | None = None,
    ) -> ModelReply: ...

    async def structured(self, messages: Sequence[Message], schema: type[M], *, name: str) -> M: ...

    def count_tokens(self, messages: Sequence[Message]) -> int: ...


@cache
def _litellm() -> Any:
    # Both variables are read at import time; without them importing litellm fetches a price list from GitHub
    # and token counting may try to download tokenizers.
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("LITELLM_OFFLINE_MODE", "true")
    import litellm

    litellm.suppress_debug_info = True  # otherwise "Provider List" banners are print()ed to stdout
    litellm.disable_hf_tokenizer_download = True
    for name in ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy"):
        logging.getLogger(name).setLevel(logging.ERROR)
    return litellm


class LiteLLMChatModel:
    def __init__(self, config: LLMConfig) -> None:
        self.config = config
        self.model_name = config.model
        self._lib = _litellm()
        for custom in config.custom_providers:
            if custom.serves(config.model):
                _register_custom(self._lib, custom)
        # Anthropic caches a prompt prefix only where the request marks one; OpenAI-format providers cache
        # every long prefix on their own and need (and accept) no marks.
        provider = _provider_or_none(config.model, config.custom_providers)
        self._breakpoints = provider in CACHE_BREAKPOINT_PROVIDERS
        self._structured_mode = self._structured_mode_for(provider)

    def _structured_mode_for(self, provider: str | None) -> StructuredMode:
        """How to ask this model for JSON of a schema: "json_schema" where it has JSON schema (litellm itself
        turns it into Anthropic's forced tool for the Claude models without it, and an in-process provider
        reads it), else a forced tool call whose arguments are the JSON, else JSON mode with the schema in the
        prompt. Every answer is validated by the same pydantic schema."""
        model = self.config.model
        in_process = any(p.serves(model) for p in self.config.custom_providers)
        if in_process or provider == "anthropic" or self._supports("supports_response_schema", model):
            return "json_schema"
        return "tool" if self._supports("supports_function_calling", model) else "json_object"

    def _supports(self, check: str, model: str) -> bool:
        try:
            return bool(getattr(self._lib, check)(model=model))
        except Exception:  # litellm raises for a model it has no entry for: it then supports nothing special
            return False

    def _params(self) -> dict[str, Any]:
        params: dict[str, Any] = {
            "model": self.config.model,
            "timeout": self.config.timeout_seconds,
            # Attempts are ours (see _attempts): litellm's wrapper would retry a 400 like a 503, and under one
            # asyncio deadline, retries would share the first attempt's time. Nothing below retries again.
            "num_retries": 0,
            "max_retries": 0,
            "max_tokens": self.config.max_reply_tokens,
        }
        if self.config.api_key:
            params["api_key"] = self.config.api_key
        if self.config.api_base:
            params["api_base"] = self.config.api_base
        return params

    async def complete(
        self,
        messages: Sequence[Message],
        *,
        tools: Sequence[dict[str, Any]] | None = None,
        on_token: TokenSink | None = None,
    ) -> ModelReply:
        """One chat call, streamed. An empty or malformed answer is a :class:`ModelOutputError`, never an
        empty reply: the engine then logs a failure (not an answer) and the turn can be retried."""
        params = self._params()
        # Copies: a provider's adapter may rewrite what it is handed, and the engine prices the same message
        # objects again in the turn's next round (``assistant.model.tokens.Pricer`` keys them by identity).
        sent, tool_list = [dict(m) for m in messages], list(tools or ())
        if self._breakpoints:
            sent, tool_list = with_cache_breakpoints(sent, tool_list)
        if tool_list:
            params["tools"] = tool_list
        sink = _Sink(on_token)

        async def attempt() -> _Assembled:
            stream = await self._lib.acompletion(
                messages=sent, stream=True, stream_options={"include_usage": True}, **params
            )
            assembled = _Assembled()
            async for chunk in stream:
                if chunk.choices:
                    delta = chunk.choices[0].delta
                    await sink(delta.content)
                    assembled.add(delta)
                assembled.usage = getattr(chunk, "usage", None) or assembled.usage
            return assembled

        # Once text has reached the user, a retry would show it twice: only a stream that sent nothing retries.
        assembled = await self._attempts(attempt, may_retry=lambda: not sink.started)
        return self._reply(assembled, messages)

    def _reply(self, response: _Assembled, messages: Sequence[Message]) -> ModelReply:
        try:
            calls = response.tool_calls()
            text = response.text
        except (AttributeError, IndexError, TypeError) as exc:
            raise ModelOutputError("the model's reply was malformed (no message)") from exc
        if any(not isinstance(c.name, str) or not c.name for c in calls):
            raise ModelOutputError("the model's reply was malformed (a tool call without a name)")
        if not calls and not text.strip():
            raise ModelOutputError("the model returned an empty reply")
        usage = getattr(response, "usage", None)
        return ModelReply(
            text=text,
            tool_calls=calls,
            usage=provider_usage(usage, fallback_prompt_tokens=lambda: self.count_tokens(messages)),
            model=self.config.model,
        )

    async def structured(self, messages: Sequence[Message], schema: type[M], *, name: str) -> M:
        """Ask for JSON matching ``schema``. A reply that does not validate raises ModelOutputError; it is
        never quietly read as an empty result."""
        params = {**self._params(), **structured_params(self._structured_mode, schema, name=name)}
        sent = list(messages)
        if self._structured_mode == "json_object":  # JSON mode knows no schema: the request carries it
            sent.append({"role": "system", "content": schema_instruction(schema, name=name)})

        async def attempt() -> Any:
            return await self._lib.acompletion(messages=sent, **params)

        response = await self._attempts(attempt, may_retry=lambda: True)
        return read_structured(response, schema, mode=self._structured_mode, name=name)

    async def _attempts(self, attempt: Callable[[], Awaitable[T]], *, may_retry: Callable[[], bool]) -> T:
        """Run ``attempt`` with a timeout each, retrying transient failures (litellm's own rule: connection
        errors, timeouts, 408, 409, 429 and 5xx; never another 4xx) after litellm's backoff (exponential with
        jitter, or the server's Retry-After), all within one overall deadline. litellm's exceptions, and
        anything else the provider stack raises, leave here as ``assistant.errors`` types."""
        config, loop = self.config, asyncio.get_running_loop()
        deadline = loop.time() + config.deadline_seconds
        number = 0
        try:
            async with asyncio.timeout_at(deadline):
                while True:
                    try:
                        with translated(self._lib):
                            # litellm does not enforce its timeout for custom providers, nor for a stream's
                            # reading, so each attempt's time limit is ours too.
                            async with asyncio.timeout(config.timeout_seconds):
                                return await attempt()
                    except ModelError as exc:
                        delay = self._retry_delay(exc, number)
                        if delay is None or not may_retry() or loop.time() + delay >= deadline:
                            if isinstance(exc, ModelBusy) and exc.retry_after is None:
                                exc.retry_after = self._backoff(number)
                            raise
                        logger.info(
                            "model call failed (%s); retry %d in %.1fs", detail(exc), number + 1, delay
                        )
                        await asyncio.sleep(delay)
                        number += 1
        except TimeoutError as exc:
            raise ModelUnavailable(f"the model did not answer within {config.deadline_seconds:g}s") from exc

    def _retry_delay(self, exc: ModelError, number: int) -> float | None:
        """Seconds to wait before retrying after ``exc`` (None: do not retry)."""
        if number >= self.config.max_retries or not isinstance(exc, ModelUnavailable):
            return None
        cause = exc.__cause__
        status = getattr(cause, "status_code", None)
        utils = self._lib.utils
        if isinstance(status, int) and not utils.should_retry(status):
            return None
        if isinstance(exc, ModelBusy) and exc.retry_after is not None:
            return exc.retry_after  # the provider's word, however long: the deadline decides whether to wait
        return self._backoff(number, headers=response_headers(cause))

    def _backoff(self, number: int, *, headers: Any = None) -> float:
        """litellm's wait before retry ``number + 1``: exponential with jitter, or a short Retry-After."""
        return float(
            self._lib.utils.calculate_retry_after(
                remaining_retries=max(0, self.config.max_retries - number),
                max_retries=max(1, self.config.max_retries),
                response_headers=headers,
            )
        )

    def count_tokens(self, messages: Sequence[Message]) -> int:
        return int(self._lib.token_counter(model=self.config.model, messages=list(messages)))


class _Sink:
    """Forwards streamed text to the caller's ``on_token`` and remembers whether any was sent."""

    def __init__(self, on_token: TokenSink | None) -> None:
        self.on_token = on_token
        self.started = False

    async def __call__(self, piece: str | None) -> None:
        if piece:
            self.started = True
            if self.on_token is not None:
                await self.on_token(piece)


# -- in-process providers -------------------------------------------------------------------------------


def _register_custom(lib: Any, provider: CustomProvider) -> None:
    """Install an in-process provider with litellm (idempotent; the last stream delay wins)."""
    handler = _custom_handler(lib, replace(provider, stream_delay_ms=0))
    handler.delay_ms = provider.stream_delay_ms
    entries = [e for e in (lib.custom_provider_map or []) if e.get("provider") != provider.name]
    lib.custom_provider_map = [*entries, {"provider": provider.name, "custom_handler": handler}]
    lib.register_model(
        {
            provider.model: {
                "max_tokens": 4096,
                "max_input_tokens": 128000,
                "max_output_tokens": 4096,
                "input_cost_per_token": 0.0,
                "output_cost_per_token": 0.0,
                "litellm_provider": provider.name,
                "mode": "chat",
                "supports_function_calling": True,
            }
        }
    )


@cache
def _custom_handler(lib: Any, provider: CustomProvider) -> Any:
    """One handler instance per provider and process: its logic composed with litellm's base class.

    The logic comes first in the bases: ``CustomLLM`` defines every entry point (raising "not implemented"),
    so the provider's methods must win the method resolution order.

    Usage is counted with the tokenizer litellm picks for the provider's own model string, the one the engine's
    ``count_tokens`` uses too: a second encoding would cost a process its load (~0.5 s) on its first turn.
    """
    model = provider.model
    counter = CachedCounter(lambda ms: int(lib.token_counter(model=model, messages=list(ms))))
    hooks = ProviderHooks(
        model=provider.model,
        count_messages=counter,
        count_text=lambda text: int(lib.token_counter(model=model, text=text)),
        model_response=lambda fields: _priced(lib.ModelResponse(**fields)),
    )
    composed = type(f"{provider.name.title()}Provider", (provider.logic, lib.CustomLLM), {"hooks": hooks})
    return composed()


def _priced(response: Any) -> Any:
    """A reply served in-process costs nothing, and says so: litellm then takes the stamped cost instead of
    pricing the reply from its cost map again (~0.8 ms a call, a tenth of a promoted thread's CPU)."""
    response._hidden_params["response_cost"] = 0.0
    return response


def embed_texts(model: str, texts: list[str]) -> list[list[float]]:
    """Embeddings through litellm (used by the optional ``EMBEDDINGS=litellm:<model>`` setting)."""
    lib = _litellm()
    with translated(lib):
        response = lib.embedding(model=model, input=texts)
    return [list(item["embedding"]) for item in response.data]


def _provider_or_none(model: str, custom: Sequence[CustomProvider] = ()) -> str | None:
    try:
        return provider_of(model, custom)
    except ModelError:
        return None  # litellm does not know it: the first call will say so


def provider_of(model: str, custom: Sequence[CustomProvider] = ()) -> str:
    """The litellm provider a model string resolves to ("gpt-4o-mini" → "openai")."""
    for provider in custom:
        if provider.serves(model):
            return provider.name
    lib = _litellm()
    with translated(lib):
        return str(lib.get_llm_provider(model)[1])
