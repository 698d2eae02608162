"""The language-model adapter: the only module that imports litellm.

Everything model-shaped goes through :class:`LiteLLMChatModel`: chat with OpenAI-format tools and streaming,
structured JSON output validated with pydantic, token counting with litellm's counter, retries and timeouts,
and translation of litellm's exceptions into ``assistant.errors``. The offline demo model (``demo.provider``) is
registered here as the litellm custom provider ``offline``, so ``LLM_MODEL=offline/travel-agent`` and
``LLM_MODEL=gpt-4o-mini`` take the same code path. This module only composes that provider with litellm's
``CustomLLM``; the demo package never imports litellm itself.

litellm is imported lazily (it takes seconds) and configured before import so it never reaches for the network
(``LITELLM_LOCAL_MODEL_COST_MAP``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from assistant.assembled import Assembled as _Assembled
from assistant.context import CachedCounter
from assistant.errors import ContextTooLong, ModelAuthError, ModelError, ModelOutputError, ModelUnavailable
from assistant.turns import Message, ModelReply, Usage

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")
logger = logging.getLogger(__name__)
TokenSink = Callable[[str], Awaitable[None]]

OFFLINE_PROVIDER = "offline"
OFFLINE_MODEL = "offline/travel-agent"


@dataclass(frozen=True, slots=True)
class LLMConfig:
    model: str = OFFLINE_MODEL
    api_key: str | None = None
    api_base: str | None = None
    timeout_seconds: float = 60.0  # one attempt (opening the stream and reading all of it)
    max_retries: int = 2  # further attempts after a transient failure (connection, timeout, 408/409/429, 5xx)
    max_reply_tokens: int = 1000
    offline_stream_delay_ms: int = 0
    deadline_seconds: float = 150.0  # all attempts and the waits between them together


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


def _json_schema(schema: type[BaseModel]) -> dict[str, Any]:
    """A model's JSON schema: pydantic builds it anew on every call (~0.5 ms) and the promotion pass asks for
    the same one for every thread, so it is built once; each call gets its own copy (a provider adapter may
    edit the schema it is given), parsed from the cached text in microseconds."""
    loaded: dict[str, Any] = json.loads(_json_schema_text(schema))
    return loaded


@cache
def _json_schema_text(schema: type[BaseModel]) -> str:
    return json.dumps(schema.model_json_schema())


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
        if config.model.startswith(OFFLINE_PROVIDER + "/"):
            _register_offline(self._lib, config.offline_stream_delay_ms)

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
        if tools:
            params["tools"] = list(tools)
        sink = _Sink(on_token)

        async def attempt() -> _Assembled:
            stream = await self._lib.acompletion(
                messages=list(messages), stream=True, stream_options={"include_usage": True}, **params
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
            usage=Usage(
                prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or self.count_tokens(messages)),
                completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0),
            ),
            model=self.config.model,
        )

    async def structured(self, messages: Sequence[Message], schema: type[M], *, name: str) -> M:
        """Ask for JSON matching ``schema``. A reply that does not validate raises ModelOutputError; it is
        never quietly read as an empty result."""
        response_format = {
            "type": "json_schema",
            "json_schema": {"name": name, "schema": _json_schema(schema), "strict": False},
        }

        async def attempt() -> Any:
            return await self._lib.acompletion(
                messages=list(messages), response_format=response_format, **self._params()
            )

        response = await self._attempts(attempt, may_retry=lambda: True)
        try:
            text = response.choices[0].message.content or ""
        except (AttributeError, IndexError, TypeError) as exc:
            raise ModelOutputError(f"{name}: the model's reply was malformed (no message)") from exc
        try:
            return schema.model_validate_json(_strip_fences(text))
        except ValidationError as exc:
            raise ModelOutputError(
                f"{name}: the model's JSON did not validate ({exc.error_count()} errors)"
            ) from exc

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
                        with _translated(self._lib):
                            # litellm does not enforce its timeout for custom providers, nor for a stream's
                            # reading, so each attempt's time limit is ours too.
                            async with asyncio.timeout(config.timeout_seconds):
                                return await attempt()
                    except ModelError as exc:
                        delay = self._retry_delay(exc, number)
                        if delay is None or not may_retry() or loop.time() + delay >= deadline:
                            raise
                        logger.info(
                            "model call failed (%s); retry %d in %.1fs", _detail(exc), number + 1, delay
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
        headers = getattr(cause, "litellm_response_headers", None) or getattr(
            getattr(cause, "response", None), "headers", None
        )
        return float(
            utils.calculate_retry_after(
                remaining_retries=self.config.max_retries - number,
                max_retries=self.config.max_retries,
                response_headers=headers,
            )
        )

    def count_tokens(self, messages: Sequence[Message]) -> int:
        return int(self._lib.token_counter(model=self.config.model, messages=list(messages)))


def _strip_fences(text: str) -> str:
    match = re.fullmatch(r"\s*```(?:json)?\s*(.*?)\s*```\s*", text, re.S)
    return match.group(1) if match else text


class _translated:
    """Map litellm's exceptions onto ours at the boundary (``raise … from exc`` keeps the original)."""

    def __init__(self, lib: Any) -> None:
        self.lib = lib

    def __enter__(self) -> None:
        return None

    def __exit__(self, exc_type: Any, exc: BaseException | None, _tb: Any) -> None:
        if exc is None or isinstance(exc, ModelError):
            return
        if isinstance(exc, TimeoutError):
            raise ModelUnavailable("the model did not answer in time") from exc
        errors = self.lib.exceptions
        if isinstance(exc, errors.ContextWindowExceededError):
            raise ContextTooLong(str(exc)[:300]) from exc
        # Providers disagree on exception classes (litellm maps an OpenAI 403 to a bare APIError, a 502 to a
        # BadGatewayError outside its APIError tree), so the HTTP status decides where there is one.
        status = getattr(exc, "status_code", None)
        if isinstance(exc, errors.AuthenticationError | errors.PermissionDeniedError) or status in (401, 403):
            raise ModelAuthError(str(exc)[:300]) from exc
        transient = (
            errors.APIConnectionError,
            errors.Timeout,
            errors.RateLimitError,
            errors.ServiceUnavailableError,
            errors.InternalServerError,
        )
        if (
            isinstance(exc, transient)
            or status in (408, 409, 425, 429)
            or (isinstance(status, int) and status >= 500)
        ):
            raise ModelUnavailable(str(exc)[:300]) from exc
        if isinstance(status, int) or isinstance(exc, errors.APIError | errors.OpenAIError):
            raise ModelError(str(exc)[:300]) from exc
        if isinstance(exc, Exception):
            # Whatever else the provider stack raises (an HTTP client's protocol error, a malformed chunk the
            # stream builder trips over) is still "the model could not answer", never a traceback for the user.
            raise ModelError(
                f"unexpected error from the model provider: {type(exc).__name__}: {exc}"[:300]
            ) from exc


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


def _detail(exc: BaseException) -> str:
    """An error and its cause in one line, for logs (the user sees ``user_message()`` instead)."""
    cause = exc.__cause__
    inner = f" <- {type(cause).__name__}: {str(cause)[:200]}" if cause is not None else ""
    return f"{type(exc).__name__}: {str(exc)[:200]}{inner}"


# -- the offline provider ---------------------------------------------------------------------------------


def _register_offline(lib: Any, delay_ms: int) -> None:
    """Install the offline model as litellm's ``offline`` provider (idempotent; last delay wins)."""
    handler = _offline_handler(lib)
    handler.delay_ms = delay_ms
    entries = [e for e in (lib.custom_provider_map or []) if e.get("provider") != OFFLINE_PROVIDER]
    lib.custom_provider_map = [*entries, {"provider": OFFLINE_PROVIDER, "custom_handler": handler}]
    lib.register_model(
        {
            OFFLINE_MODEL: {
                "max_tokens": 4096,
                "max_input_tokens": 128000,
                "max_output_tokens": 4096,
                "input_cost_per_token": 0.0,
                "output_cost_per_token": 0.0,
                "litellm_provider": OFFLINE_PROVIDER,
                "mode": "chat",
                "supports_function_calling": True,
            }
        }
    )


@cache
def _offline_handler(lib: Any) -> Any:
    """One offline provider instance per process: the demo's provider logic composed with litellm's base class.

    ``OfflineProvider`` comes first in the bases: ``CustomLLM`` defines every entry point (raising "not
    implemented"), so the provider's methods must win the method resolution order.
    """
    from demo.provider import OfflineProvider, ProviderHooks

    counter = CachedCounter(lambda ms: int(lib.token_counter(model="gpt-4o", messages=list(ms))))
    hooks = ProviderHooks(
        model=OFFLINE_MODEL,
        count_messages=counter,
        count_text=lambda text: int(lib.token_counter(model="gpt-4o", text=text)),
        model_response=lambda fields: lib.ModelResponse(**fields),
    )
    provider_class = type("OfflineTravelModel", (OfflineProvider, lib.CustomLLM), {"hooks": hooks})
    return provider_class()


def embed_texts(model: str, texts: list[str]) -> list[list[float]]:
    """Embeddings through litellm (used by the optional ``EMBEDDINGS=litellm:<model>`` setting)."""
    lib = _litellm()
    with _translated(lib):
        response = lib.embedding(model=model, input=texts)
    return [list(item["embedding"]) for item in response.data]


def provider_of(model: str) -> str:
    """The litellm provider a model string resolves to ("gpt-4o-mini" → "openai")."""
    if model.startswith(OFFLINE_PROVIDER + "/"):
        return OFFLINE_PROVIDER
    lib = _litellm()
    with _translated(lib):
        return str(lib.get_llm_provider(model)[1])
