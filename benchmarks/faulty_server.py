"""A faulty OpenAI-compatible chat server on 127.0.0.1 for the durability suite and benchmark.

Each request is answered by a ``plan`` function of the request body, so a run can be non-deterministic on
purpose (concurrent deliveries of one turn told to book different flights) or broken on purpose: an HTTP
error, a 200 of the wrong shape for a streaming call, a stream cut half-way, a reply slower than the timeout.
Only loopback is served; every request loop in the suite is bounded.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True, slots=True, kw_only=True)
class Reply:
    """``kind``: text | tool | error | json (a non-stream body to a stream call) | cut | slow."""

    kind: str = "text"
    text: str = ""
    tool: tuple[str, dict[str, Any]] | None = None
    status: int = 500
    delay: float = 0.0


Plan = Callable[[dict[str, Any]], Reply]


def has_tool_result(body: dict[str, Any]) -> bool:
    return any(m.get("role") == "tool" for m in body.get("messages", []))


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        return None  # a client that gave up (timeouts) leaves a broken pipe: expected


class FaultyServer:
    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.requests = 0
        self._lock = threading.Lock()
        self._server: _Server | None = None

    @property
    def base_url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def __enter__(self) -> FaultyServer:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                return None

            def do_POST(self) -> None:
                owner._handle(self)

        self._server = _Server(("127.0.0.1", 0), Handler)
        threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def _handle(self, http: BaseHTTPRequestHandler) -> None:
        body = json.loads(http.rfile.read(int(http.headers.get("Content-Length") or 0)) or b"{}")
        with self._lock:
            self.requests += 1
            reply = self.plan(body)
        if reply.delay:
            time.sleep(reply.delay)
        if reply.kind == "error":
            _send(http, reply.status, {"error": {"message": "scripted failure", "type": "server_error"}})
            return
        message: dict[str, Any] = {"role": "assistant", "content": reply.text or None}
        if reply.tool is not None:
            name, args = reply.tool
            message["tool_calls"] = [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": name, "arguments": json.dumps(args)},
                }
            ]
        if reply.kind == "json" or not body.get("stream"):
            _send(
                http,
                200,
                _envelope("chat.completion", [{"index": 0, "message": message, "finish_reason": "stop"}]),
            )
            return
        http.send_response(200)
        http.send_header("Content-Type", "text/event-stream")
        http.send_header("Connection", "close")
        http.end_headers()
        for chunk in _chunks(message, reply.tool is not None):
            http.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
            if reply.kind == "cut":
                http.wfile.write(b'data: {"id": "chatcmpl-x", "cho')
                http.wfile.flush()
                return
        http.wfile.write(b"data: [DONE]\n\n")
        http.wfile.flush()
        http.close_connection = True


def _envelope(obj: str, choices: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "id": "chatcmpl-x",
        "object": obj,
        "created": int(time.time()),
        "model": "gpt-4o-mini",
        "choices": choices,
    }


def _chunks(message: dict[str, Any], tool: bool) -> list[dict[str, Any]]:
    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return _envelope("chat.completion.chunk", [{"index": 0, "delta": delta, "finish_reason": finish}])

    out = [chunk({"role": "assistant", "content": message["content"] or ""})]
    for i, call in enumerate(message.get("tool_calls", [])):
        out.append(chunk({"tool_calls": [{"index": i, **call}]}))
    out.append(chunk({}, "tool_calls" if tool else "stop"))
    usage = {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18}
    out.append({**_envelope("chat.completion.chunk", []), "usage": usage})
    return out


def _send(http: BaseHTTPRequestHandler, status: int, payload: dict[str, Any]) -> None:
    data = json.dumps(payload).encode()
    http.send_response(status)
    http.send_header("Content-Type", "application/json")
    http.send_header("Content-Length", str(len(data)))
    http.end_headers()
    http.wfile.write(data)
    http.wfile.flush()
