"""The production topology on one machine, for tests: a moto S3 server, processes started from the Procfile, and
a Chainlit socket client (python-socketio) that talks to a worker the way the browser does.

Everything listens on 127.0.0.1. Processes run in their own session so they (and anything they start) can be
signalled as a group; logs go to files, stdout and stderr apart (stderr holds the JSON log lines).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
BIN = REPO / ".venv" / "bin"
PROCFILE = REPO / "Procfile"
READY_TIMEOUT_S = 180
REPLY_TIMEOUT_S = 90


def procfile() -> dict[str, str]:
    """``name: command`` lines of the Procfile (comments and blank lines skipped), as Procfile runners read it."""
    entries = {}
    for line in PROCFILE.read_text(encoding="utf-8").splitlines():
        match = re.fullmatch(r"([A-Za-z0-9_-]+):\s*(.+)", line.strip())
        if match:
            entries[match.group(1)] = match.group(2)
    return entries


@dataclass
class Proc:
    """One process started from a command line through ``sh -c``, as a Procfile runner does."""

    name: str
    command: str
    env: dict[str, str]
    logs: Path
    popen: subprocess.Popen[bytes] | None = None
    _files: list[Any] = field(default_factory=list)

    def start(self) -> Proc:
        self.logs.mkdir(parents=True, exist_ok=True)
        out = (self.logs / f"{self.name}.out").open("ab")
        err = (self.logs / f"{self.name}.err").open("ab")
        self._files = [out, err]
        self.popen = subprocess.Popen(
            ["/bin/sh", "-c", "exec " + self.command],
            cwd=REPO,
            env=self.env,
            stdout=out,
            stderr=err,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        return self

    @property
    def alive(self) -> bool:
        return self.popen is not None and self.popen.poll() is None

    def wait(self, timeout: float) -> int:
        assert self.popen is not None
        return self.popen.wait(timeout=timeout)

    def kill(self) -> None:
        """SIGKILL the process group: no clean shutdown, as a crashed machine or an OOM kill."""
        if self.alive:
            assert self.popen is not None
            os.killpg(self.popen.pid, signal.SIGKILL)
            self.popen.wait(timeout=10)

    def stop(self) -> None:
        if self.alive:
            assert self.popen is not None
            try:
                os.killpg(self.popen.pid, signal.SIGTERM)
                self.popen.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()
            except ProcessLookupError:
                pass
        for f in self._files:
            f.close()
        self._files = []

    def stderr(self) -> str:
        path = self.logs / f"{self.name}.err"
        return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""

    def tail(self, lines: int = 40) -> str:
        text = self.stderr() + (self.logs / f"{self.name}.out").read_text(encoding="utf-8", errors="replace")
        return "\n".join(text.splitlines()[-lines:])


def wait_ready(url: str, proc: Proc, timeout: float = READY_TIMEOUT_S) -> dict[str, Any]:
    """Poll ``url`` (a /readyz) until it answers 200; fail early if the process died."""
    deadline = time.monotonic() + timeout
    last: Any = None
    while time.monotonic() < deadline:
        if not proc.alive:
            raise AssertionError(f"{proc.name} exited during start-up:\n{proc.tail()}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                body: dict[str, Any] = json.loads(response.read())
                return body
        except urllib.error.HTTPError as exc:
            last = exc.read()[:200]
        except (urllib.error.URLError, OSError) as exc:
            last = exc
        time.sleep(0.5)
    raise AssertionError(f"{url} not ready after {timeout}s (last: {last!r}):\n{proc.tail()}")


def get_json(url: str) -> tuple[int, dict[str, Any]]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


# -- the Chainlit socket, as the browser drives it ---------------------------------------------------------


def login(base_url: str, user: str, password: str, origin: str) -> str:
    """``POST /login`` (the login form); returns the Cookie header value the browser would send."""
    data = f"username={user}&password={password}".encode()
    request = urllib.request.Request(
        base_url + "/login", data=data, method="POST", headers={"Origin": origin}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        cookies = [c.split(";", 1)[0] for c in response.headers.get_all("set-cookie") or []]
    assert any(c.startswith("access_token") for c in cookies), cookies
    return "; ".join(cookies)


@dataclass
class Reply:
    text: str
    steps: dict[str, str]  # step name -> output (tool steps, "Recalled 1 fact", …)
    thread_id: str | None
    recalled: str = ""  # the memory block the model saw, as its recall card carries it ("" if none)


class Chat:
    """One chat session on one worker's socket (a browser tab): connect, send, collect the reply."""

    def __init__(self, base_url: str, cookie: str, origin: str, *, thread_id: str | None = None) -> None:
        import socketio

        self.base_url, self.cookie, self.origin = base_url, cookie, origin
        self.resume = thread_id
        self.thread_id = thread_id
        self.sio = socketio.AsyncClient(reconnection=False)
        self.messages: dict[str, dict[str, Any]] = {}
        self.order: list[str] = []
        self.resumed: dict[str, Any] | None = None
        self.task_ended = asyncio.Event()
        self.events: list[str] = []
        for event in ("new_message", "update_message"):
            self.sio.on(event, self._step)
        self.sio.on("stream_start", self._step)
        self.sio.on("element", self._element)
        self.elements: list[dict[str, Any]] = []
        self.sio.on("task_end", self._task_end)
        self.sio.on("first_interaction", self._first)
        self.sio.on("resume_thread", self._resumed)
        self.sio.on("*", self._any)

    async def _any(self, event: str, *args: Any) -> None:
        self.events.append(event)

    async def _step(self, step: dict[str, Any]) -> None:
        if step["id"] not in self.messages:
            self.order.append(step["id"])
        self.messages[step["id"]] = {**self.messages.get(step["id"], {}), **step}

    async def _element(self, element: dict[str, Any]) -> None:
        self.elements.append(element)

    async def _task_end(self, *_: Any) -> None:
        self.task_ended.set()

    async def _first(self, data: dict[str, Any]) -> None:
        self.thread_id = data.get("thread_id") or self.thread_id

    async def _resumed(self, thread: dict[str, Any]) -> None:
        self.resumed = thread

    async def connect(self) -> Chat:
        auth = {"sessionId": str(uuid.uuid4()), "clientType": "webapp", "userEnv": "{}"}
        if self.resume:
            auth["threadId"] = self.resume
        await self.sio.connect(
            self.base_url,
            socketio_path="/ws/socket.io",
            transports=["websocket"],
            headers={"Cookie": self.cookie, "Origin": self.origin},
            auth=auth,
            wait_timeout=30,
        )
        self.task_ended.clear()
        await self.sio.emit("connection_successful")
        await asyncio.wait_for(self.task_ended.wait(), 30)
        if self.resume:
            await _until(lambda: self.resumed is not None, 30, "resume_thread")
        return self

    async def send(self, text: str) -> Reply:
        before = set(self.messages)
        elements_before = len(self.elements)
        self.task_ended.clear()
        message = {
            "id": str(uuid.uuid4()),
            "threadId": self.thread_id or "",
            "type": "user_message",
            "name": "User",
            "output": text,
            "createdAt": datetime.now(UTC).isoformat(),
        }
        await self.sio.emit("client_message", {"message": message, "fileReferences": []})
        # Chainlit wraps the handler in a "run" step named on_message and updates it once the handler has
        # returned; task_end alone is not enough (on_chat_start's own run ends with one too).
        await _until(lambda: self._handler_done(before), REPLY_TIMEOUT_S, f"the reply to {text!r}")
        new = [self.messages[i] for i in self.order if i not in before]
        replies = [m for m in new if m.get("type") == "assistant_message"]
        steps = {str(m.get("name")): str(m.get("output", "")) for m in new if m.get("type") == "tool"}
        assert replies, f"no reply to {text!r}; events: {self.events[-20:]}"
        cards = [e for e in self.elements[elements_before:] if e.get("name") == "RecallCard"]
        recalled = str(cards[-1].get("props", {}).get("block", "")) if cards else ""
        return Reply(
            text=str(replies[-1].get("output", "")), steps=steps, thread_id=self.thread_id, recalled=recalled
        )

    def _handler_done(self, before: set[str]) -> bool:
        return any(
            m.get("type") == "run" and m.get("name") == "on_message" and m.get("end")
            for i, m in self.messages.items()
            if i not in before
        )

    async def close(self) -> None:
        await self.sio.disconnect()


async def _until(condition: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)


async def one_turn(
    base_url: str, cookie: str, origin: str, text: str, *, thread_id: str | None = None
) -> Reply:
    chat = await Chat(base_url, cookie, origin, thread_id=thread_id).connect()
    try:
        return await chat.send(text)
    finally:
        await chat.close()
