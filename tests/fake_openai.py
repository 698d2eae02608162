"""A small OpenAI-compatible chat-completions server for tests.

It serves ``POST /v1/chat/completions`` on 127.0.0.1 (an ephemeral port) from a queue of scripted replies and
records every JSON request it receives, so a test can drive litellm's real OpenAI code path (HTTP, SSE
streaming, tool-call deltas, error statuses) without a network or a key::

    with FakeOpenAI() as server:
        server.add_text("Hello there")
        model = LiteLLMChatModel(LLMConfig(model="openai/gpt-4o-mini", api_base=server.base_url,
                                           api_key="sk-test", max_retries=0))
        ...
        assert server.requests[0]["messages"][-1]["content"] == "hi"

A request with ``"stream": true`` gets Server-Sent Events (text split into pieces, tool calls as a header
delta followed by argument fragments, then a usage chunk when ``stream_options.include_usage`` is set);
anything else gets one ``chat.completion`` JSON body. When the queue is empty the server answers 500 with a
message saying so, which makes a missing script line easy to spot.
"""

from __future__ import annotations

import json
import queue
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

PATH = "/v1/chat/completions"


@dataclass(frozen=True)
class ScriptedToolCall:
    name: str
    arguments: str  # JSON text, sent as-is (split into fragments when streaming)
    id: str = "call_abc"


@dataclass(frozen=True)
class ScriptedReply:
    """One answer. ``status`` other than 200 makes it an HTTP error with an OpenAI-style error body."""

    text: str = ""
    tool_calls: tuple[ScriptedToolCall, ...] = ()
    status: int = 200
    error_message: str = ""
    pieces: tuple[str, ...] | None = None  # explicit stream pieces; default: split after each space
    prompt_tokens: int = 11
    completion_tokens: int = 7
    headers: dict[str, str] = field(default_factory=dict)
    delay_seconds: float = 0.0  # wait this long before answering (for timeout tests)
    # A faulty server's answer instead of a well-formed one (status 200 in each case):
    #   "json"        a plain chat.completion body, even to a streaming request
    #   "empty"       an SSE stream with no chunks at all, only [DONE]
    #   "no-choices"  chunks (or a body) whose choices list is empty
    #   "garbage"     a text/plain body that is not JSON or SSE
    #   "cut"         the stream stops half-way through a chunk and the connection closes
    shape: str = "normal"

    def stream_pieces(self) -> list[str]:
        if self.pieces is not None:
            return list(self.pieces)
        words = self.text.split(" ")
        return [w + " " for w in words[:-1]] + [words[-1]] if self.text else []


def _split(text: str, parts: int = 3) -> list[str]:
    size = max(1, -(-len(text) // parts))
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that gave up (timeout tests) leaves a broken pipe behind; that is expected, not news.
        return None


class FakeOpenAI:
    """The fake server. Use as a context manager (or call ``start``/``stop``)."""

    def __init__(
        self, model: str = "gpt-4o-mini", responder: Callable[[dict[str, Any]], ScriptedReply] | None = None
    ) -> None:
        self.model = model
        # Answers requests when the queue is empty (a model that decides per request, e.g. differently for
        # concurrent deliveries of one turn).
        self.responder = responder
        self.requests: list[dict[str, Any]] = []
        self.paths: list[str] = []
        self._replies: queue.SimpleQueue[ScriptedReply] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- scripting ---------------------------------------------------------------------------------------

    def add(self, reply: ScriptedReply) -> FakeOpenAI:
        self._replies.put(reply)
        return self

    def add_text(
        self,
        text: str,
        *,
        pieces: Sequence[str] | None = None,
        prompt_tokens: int = 11,
        completion_tokens: int = 7,
    ) -> FakeOpenAI:
        return self.add(
            ScriptedReply(
                text=text,
                pieces=tuple(pieces) if pieces is not None else None,
                prompt_tokens=prompt_tokens,
                completion_tokens=completion_tokens,
            )
        )

    def add_tool_calls(
        self, *calls: ScriptedToolCall | tuple[str, dict[str, Any]], text: str = ""
    ) -> FakeOpenAI:
        built = []
        for i, call in enumerate(calls):
            if isinstance(call, ScriptedToolCall):
                built.append(call)
            else:
                name, arguments = call
                built.append(ScriptedToolCall(name, json.dumps(arguments), id=f"call_abc{i}"))
        return self.add(ScriptedReply(text=text, tool_calls=tuple(built)))

    def add_slow_text(self, text: str, *, delay_seconds: float) -> FakeOpenAI:
        return self.add(ScriptedReply(text=text, delay_seconds=delay_seconds))

    def add_json(self, content: str) -> FakeOpenAI:
        """Raw message content, e.g. a structured-output answer (valid JSON or not)."""
        return self.add(ScriptedReply(text=content))

    def add_error(
        self, status: int, message: str = "scripted failure", *, headers: dict[str, str] | None = None
    ) -> FakeOpenAI:
        return self.add(ScriptedReply(status=status, error_message=message, headers=dict(headers or {})))

    @property
    def pending(self) -> int:
        return self._replies.qsize()

    # -- lifecycle ---------------------------------------------------------------------------------------

    @property
    def port(self) -> int:
        assert self._server is not None, "server not started"
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> FakeOpenAI:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                return None

            def do_POST(self) -> None:
                owner._handle(self)

        self._server = _QuietServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, name="fake-openai", daemon=True
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

    def __enter__(self) -> FakeOpenAI:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- serving -----------------------------------------------------------------------------------------

    def _handle(self, http: BaseHTTPRequestHandler) -> None:
        length = int(http.headers.get("Content-Length") or 0)
        raw = http.rfile.read(length) if length else b""
        try:
            body = json.loads(raw or b"{}")
        except json.JSONDecodeError:
            body = {"_unparsed": raw.decode("utf-8", "replace")}
        with self._lock:
            self.requests.append(body)
            self.paths.append(http.path)
        if not http.path.rstrip("/").endswith("/chat/completions"):
            self._send_json(http, 404, {"error": {"message": f"no route {http.path}", "type": "not_found"}})
            return
        try:
            reply = self._replies.get_nowait()
        except queue.Empty:
            if self.responder is not None:
                reply = self.responder(body)
            else:
                reply = ScriptedReply(status=500, error_message="FakeOpenAI: no scripted reply left")
        if reply.delay_seconds:
            time.sleep(reply.delay_seconds)
        if reply.status != 200:
            kind = {401: "invalid_request_error", 403: "permission_error", 429: "rate_limit_exceeded"}
            self._send_json(
                http,
                reply.status,
                {
                    "error": {
                        "message": reply.error_message,
                        "type": kind.get(reply.status, "server_error"),
                        "param": None,
                        "code": str(reply.status),
                    }
                },
                reply.headers,
            )
            return
        if reply.shape != "normal":
            self._send_faulty(http, reply, bool(body.get("stream")))
        elif body.get("stream"):
            include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
            self._send_stream(http, reply, include_usage)
        else:
            self._send_json(http, 200, self._completion(reply))

    def _send_faulty(self, http: BaseHTTPRequestHandler, reply: ScriptedReply, stream: bool) -> None:
        if reply.shape == "json" or (reply.shape == "no-choices" and not stream):
            payload = self._completion(reply)
            if reply.shape == "no-choices":
                payload["choices"] = []
            self._send_json(http, 200, payload)
            return
        if reply.shape == "garbage":
            data = b"<html>upstream proxy says hello</html>"
            http.send_response(200)
            http.send_header("Content-Type", "text/plain")
            http.send_header("Content-Length", str(len(data)))
            http.end_headers()
            http.wfile.write(data)
            return
        http.send_response(200)
        http.send_header("Content-Type", "text/event-stream")
        http.send_header("Connection", "close")
        http.end_headers()
        if reply.shape == "no-choices":
            chunk = {**self._envelope("chat.completion.chunk"), "choices": []}
            http.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
        elif reply.shape == "cut":
            first = self._stream_events(reply, False)[:2]
            for event in first:
                http.wfile.write(f"data: {json.dumps(event)}\n\n".encode())
            http.wfile.write(b'data: {"id": "chatcmpl-fake", "choi')
            http.wfile.flush()
            http.close_connection = True
            return
        http.wfile.write(b"data: [DONE]\n\n")
        http.wfile.flush()
        http.close_connection = True

    def _envelope(self, obj: str) -> dict[str, Any]:
        return {"id": "chatcmpl-fake", "object": obj, "created": int(time.time()), "model": self.model}

    @staticmethod
    def _usage(reply: ScriptedReply) -> dict[str, int]:
        return {
            "prompt_tokens": reply.prompt_tokens,
            "completion_tokens": reply.completion_tokens,
            "total_tokens": reply.prompt_tokens + reply.completion_tokens,
        }

    def _completion(self, reply: ScriptedReply) -> dict[str, Any]:
        message: dict[str, Any] = {"role": "assistant", "content": reply.text or None}
        if reply.tool_calls:
            message["tool_calls"] = [
                {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
                for c in reply.tool_calls
            ]
        return {
            **self._envelope("chat.completion"),
            "choices": [
                {
                    "index": 0,
                    "message": message,
                    "finish_reason": "tool_calls" if reply.tool_calls else "stop",
                }
            ],
            "usage": self._usage(reply),
        }

    def _stream_events(self, reply: ScriptedReply, include_usage: bool) -> list[dict[str, Any]]:
        def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
            return {
                **self._envelope("chat.completion.chunk"),
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
            }

        events = [chunk({"role": "assistant", "content": ""})]
        events += [chunk({"content": piece}) for piece in reply.stream_pieces()]
        for i, call in enumerate(reply.tool_calls):
            events.append(
                chunk(
                    {
                        "tool_calls": [
                            {
                                "index": i,
                                "id": call.id,
                                "type": "function",
                                "function": {"name": call.name, "arguments": ""},
                            }
                        ]
                    }
                )
            )
            events += [
                chunk({"tool_calls": [{"index": i, "function": {"arguments": frag}}]})
                for frag in _split(call.arguments)
            ]
        events.append(chunk({}, "tool_calls" if reply.tool_calls else "stop"))
        if include_usage:
            events.append(
                {**self._envelope("chat.completion.chunk"), "choices": [], "usage": self._usage(reply)}
            )
        return events

    def _send_stream(self, http: BaseHTTPRequestHandler, reply: ScriptedReply, include_usage: bool) -> None:
        http.send_response(200)
        http.send_header("Content-Type", "text/event-stream")
        http.send_header("Cache-Control", "no-cache")
        http.send_header("Connection", "close")
        http.end_headers()
        for event in self._stream_events(reply, include_usage):
            http.wfile.write(f"data: {json.dumps(event)}\n\n".encode())
            http.wfile.flush()
        http.wfile.write(b"data: [DONE]\n\n")
        http.wfile.flush()
        http.close_connection = True

    @staticmethod
    def _send_json(
        http: BaseHTTPRequestHandler,
        status: int,
        payload: dict[str, Any],
        headers: dict[str, str] | None = None,
    ) -> None:
        data = json.dumps(payload).encode()
        http.send_response(status)
        http.send_header("Content-Type", "application/json")
        http.send_header("Content-Length", str(len(data)))
        for key, value in (headers or {}).items():
            http.send_header(key, value)
        http.end_headers()
        http.wfile.write(data)
        http.wfile.flush()


def free_port() -> int:
    """A loopback port nobody listens on (bound, then released), for connection-refused tests."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
