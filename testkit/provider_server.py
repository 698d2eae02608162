"""The loopback model provider: OpenAI- and Anthropic-format chat on 127.0.0.1, for tests and benchmarks.

It serves ``POST …/chat/completions`` (OpenAI chat completions) and ``POST …/messages`` (Anthropic
messages) on an ephemeral port, answers from a queue of scripted replies (or a ``responder`` function of the
request when the queue is empty), records every request, and reports prompt caching as the provider would
(``testkit.prompt_cache``), so litellm's real HTTP, SSE and usage code runs without a network or a key::

    claude = "anthropic/claude-sonnet-4-5"
    with ProviderServer() as server:
        server.add_text("Hello there")
        model = LiteLLMChatModel(LLMConfig(model=claude, api_base=server.api_base(claude),
                                           api_key="sk-test"))
        ...
        assert server.requests[0]["system"][0]["cache_control"] == {"type": "ephemeral"}

``api_base(model)`` is the base to configure (litellm appends ``/chat/completions`` for ``openai/…`` models
and ``/v1/messages`` for ``anthropic/…`` ones). When nothing is scripted the server answers 500, naming
the missing line.
"""

from __future__ import annotations

import json
import queue
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import ModuleType
from typing import Any

from testkit import wire_anthropic, wire_openai
from testkit.prompt_cache import CacheReport, PromptCache, rough_tokens
from testkit.wire_script import Reply, ToolUse

Responder = Callable[[dict[str, Any]], Reply]


@dataclass(frozen=True, slots=True)
class Received:
    """One request as the server got it."""

    wire: str  # "openai" | "anthropic"
    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    cache: CacheReport


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        return None  # a client that gave up (timeout tests) leaves a broken pipe behind: expected


class ProviderServer:
    """Use as a context manager (or ``start``/``stop``). ``count`` counts a prompt block's tokens."""

    def __init__(
        self,
        *,
        model: str = "gpt-4o-mini",
        responder: Responder | None = None,
        count: Callable[[str], int] = rough_tokens,
    ) -> None:
        self.model = model
        self.responder = responder
        self.count = count
        self.received: list[Received] = []
        self.caches = {"openai": PromptCache(), "anthropic": PromptCache()}
        self._replies: queue.SimpleQueue[Reply] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- what it received --------------------------------------------------------------------------------

    @property
    def requests(self) -> list[dict[str, Any]]:
        return [r.body for r in self.received]

    @property
    def paths(self) -> list[str]:
        return [r.path for r in self.received]

    @property
    def pending(self) -> int:
        return self._replies.qsize()

    # -- scripting ---------------------------------------------------------------------------------------

    def add(self, reply: Reply) -> ProviderServer:
        self._replies.put(reply)
        return self

    def add_text(
        self,
        text: str,
        *,
        pieces: Sequence[str] | None = None,
        prompt_tokens: int | None = None,
        completion_tokens: int = 7,
    ) -> ProviderServer:
        return self.add(
            Reply(
                text=text,
                pieces=tuple(pieces) if pieces is not None else None,
                prompt_tokens=prompt_tokens,
                completion_tokens=completion_tokens,
            )
        )

    def add_tool_calls(self, *calls: ToolUse | tuple[str, dict[str, Any]], text: str = "") -> ProviderServer:
        built = [
            call if isinstance(call, ToolUse) else ToolUse(call[0], json.dumps(call[1]), id=f"call_abc{i}")
            for i, call in enumerate(calls)
        ]
        return self.add(Reply(text=text, tool_calls=tuple(built)))

    def add_slow_text(self, text: str, *, delay_seconds: float) -> ProviderServer:
        return self.add(Reply(text=text, delay_seconds=delay_seconds))

    def add_json(self, content: str) -> ProviderServer:
        """Raw message content, e.g. a structured-output answer (valid JSON or not)."""
        return self.add(Reply(text=content))

    def add_error(
        self, status: int, message: str = "scripted failure", *, headers: dict[str, str] | None = None
    ) -> ProviderServer:
        kind = {401: "auth", 429: "rate_limit", 529: "overloaded"}.get(status, "server")
        return self.add(
            Reply(status=status, error_type=kind, error_message=message, headers=dict(headers or {}))
        )

    # -- lifecycle ---------------------------------------------------------------------------------------

    @property
    def port(self) -> int:
        assert self._server is not None, "server not started"
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def api_base(self, model: str) -> str:
        """The api base to configure for ``model``: litellm appends ``/v1/messages`` to an Anthropic base
        and ``/chat/completions`` to any other."""
        return f"http://127.0.0.1:{self.port}" if model.startswith("anthropic/") else self.base_url

    def start(self) -> ProviderServer:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                return None

            def do_POST(self) -> None:
                owner._handle(self)

        self._server = _QuietServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.02},
            name="provider-server",
            daemon=True,
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> ProviderServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- serving -----------------------------------------------------------------------------------------

    def _wire(self, path: str) -> tuple[str, ModuleType] | None:
        route = path.split("?")[0].rstrip("/")
        if route.endswith(wire_openai.CHAT_PATH):
            return "openai", wire_openai
        if route.endswith(wire_anthropic.MESSAGES_PATH):
            return "anthropic", wire_anthropic
        return None

    def _next_reply(self, body: dict[str, Any]) -> Reply:
        try:
            return self._replies.get_nowait()
        except queue.Empty:
            if self.responder is not None:
                return self.responder(body)
            return Reply(
                status=500, error_type="server", error_message="ProviderServer: no scripted reply left"
            )

    def _handle(self, http: BaseHTTPRequestHandler) -> None:
        length = int(http.headers.get("Content-Length") or 0)
        raw = http.rfile.read(length) if length else b""
        try:
            body = json.loads(raw or b"{}")
        except json.JSONDecodeError:
            body = {"_unparsed": raw.decode("utf-8", "replace")}
        found = self._wire(http.path)
        if found is None:
            _send_json(http, 404, {"error": {"message": f"no route {http.path}", "type": "not_found"}})
            return
        name, wire = found
        report: CacheReport = wire.cache_report(body, self.caches[name], self.count)
        with self._lock:
            self.received.append(Received(name, http.path, dict(http.headers.items()), body, report))
            reply = _as_forced_tool(self._next_reply(body), body)
        if reply.delay_seconds:
            time.sleep(reply.delay_seconds)
        if reply.status != 200:
            _send_json(http, reply.status, wire.error_payload(reply), reply.headers)
        elif reply.shape == "garbage":
            _send(http, 200, "text/plain", [b"<html>upstream proxy says hello</html>"], clean=True)
        elif reply.shape == "json" or not body.get("stream"):
            _send_json(http, 200, wire.completion(reply, self.model, report), reply.headers)
        else:
            events, clean = wire.sse(reply, self.model, report, body)
            _send(http, 200, "text/event-stream", events, clean=clean, headers=reply.headers)


def _forced_tool(body: dict[str, Any]) -> str | None:
    """The tool a request forces the model to call (Anthropic ``{"type": "tool", "name"}``, OpenAI
    ``{"type": "function", "function": {"name"}}``), if any."""
    choice = body.get("tool_choice")
    if not isinstance(choice, dict):
        return None
    if choice.get("type") == "tool":
        return str(choice.get("name"))
    if choice.get("type") == "function":
        return str((choice.get("function") or {}).get("name"))
    return None


def _as_forced_tool(reply: Reply, body: dict[str, Any]) -> Reply:
    """A scripted text answer to a request that forces a tool is sent as that tool's call with the text as
    its arguments, as a provider would answer (how structured output reaches models without JSON schema)."""
    name = _forced_tool(body)
    if name is None or reply.status != 200 or reply.tool_calls or not reply.text:
        return reply
    return replace(reply, text="", tool_calls=(ToolUse(name, reply.text, id="toolu_forced"),))


def _send(
    http: BaseHTTPRequestHandler,
    status: int,
    content_type: str,
    parts: list[bytes],
    *,
    clean: bool,
    headers: dict[str, str] | None = None,
) -> None:
    """Send ``parts`` as they come (a stream is flushed event by event) and close the connection."""
    http.send_response(status)
    http.send_header("Content-Type", content_type)
    http.send_header("Cache-Control", "no-cache")
    http.send_header("Connection", "close")
    if clean:
        http.send_header("Content-Length", str(sum(len(p) for p in parts)))
    for key, value in (headers or {}).items():
        http.send_header(key, value)
    http.end_headers()
    for part in parts:
        http.wfile.write(part)
        http.wfile.flush()
    http.close_connection = True


def _send_json(
    http: BaseHTTPRequestHandler, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None
) -> None:
    _send(http, status, "application/json", [json.dumps(payload).encode()], clean=True, headers=headers)
