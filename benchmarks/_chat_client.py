"""One simulated browser user over Chainlit's socket.io protocol: log in, open a chat, send turns, time them.

Used by ``benchmarks.load``. The handshake is the browser's (chainlit/socket.py and its frontend): ``POST
/login`` → ``access_token`` cookie; ``POST /set-session-cookie``; a socket.io connection on ``/ws/socket.io``
with ``auth = {clientType: "webapp", sessionId: <uuid4>, threadId: "", userEnv: "{}"}``, the cookie and the
page's ``Origin``; ``connection_successful``; then ``client_message`` per turn.
"""

from __future__ import annotations

import asyncio
import math
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

TURN_TIMEOUT_S = 120.0
CONNECT_TIMEOUT_S = 60.0
HOTEL = "Casa do Rio Lisboa"


@dataclass(frozen=True, slots=True)
class TurnSpec:
    name: str
    text: str
    new_chat: bool
    expect: tuple[str, ...]  # what the offline model's reply always contains


TURNS = {
    "search": TurnSpec("search", "Find me flights to Lisbon on the 14th", False, ("I found 3 flights",)),
    "book": TurnSpec("book", "Book option 1, please. By the way, I'm vegetarian.", False, ("Booked!", HOTEL)),
    "dinner": TurnSpec("dinner", "Any dinner suggestions near my hotel?", True, (HOTEL,)),
}


@dataclass
class TurnResult:
    user: str
    turn: str
    ttft_ms: float | None
    total_ms: float
    error: str | None
    thread: str | None
    started: float = math.nan  # perf_counter when the message was sent (when a failed turn began, if not)


@dataclass
class Chat:
    """One socket.io session with the events it received, timestamped on arrival."""

    client: Any
    events: list[tuple[float, str, Any]] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    thread: str | None = None

    async def on_event(self, event: str, *args: Any) -> None:
        data = args[0] if args else None
        self.events.append((time.perf_counter(), event, data))
        if event == "first_interaction" and isinstance(data, dict):
            self.thread = data.get("thread_id")
        self.changed.set()

    async def wait_for(self, event: str, *, after: int, timeout: float) -> int:
        """Index of the first ``event`` at position ``after`` or later; raises TimeoutError."""
        deadline = time.perf_counter() + timeout
        while True:
            for i in range(after, len(self.events)):
                if self.events[i][1] == event:
                    return i
            if not self.client.connected:
                raise ConnectionError("socket disconnected")
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), max(0.0, deadline - time.perf_counter()))


@dataclass
class User:
    name: str
    password: str
    base_url: str
    http: Any = None
    token: str = ""
    chat: Chat | None = None
    login_ms: float = math.nan
    logged_in_at: float = math.nan  # perf_counter when the login answered

    async def login(self) -> None:
        import aiohttp

        self.http = aiohttp.ClientSession(base_url=self.base_url, headers={"Origin": self.base_url})
        t0 = time.perf_counter()
        async with self.http.post("/login", data={"username": self.name, "password": self.password}) as r:
            await r.read()
            if r.status != 200 or "access_token" not in r.cookies:
                raise PermissionError(f"login failed for {self.name}: HTTP {r.status}")
            self.token = r.cookies["access_token"].value
        self.logged_in_at = time.perf_counter()
        self.login_ms = (self.logged_in_at - t0) * 1000.0

    async def open_chat(self) -> None:
        import socketio

        if self.chat is not None:  # "new chat": the browser tells the server to drop the old session
            await self.chat.client.emit("clear_session")
            await self.chat.client.disconnect()
        session_id = str(uuid.uuid4())
        async with self.http.post("/set-session-cookie", json={"session_id": session_id}) as r:
            await r.read()
        client = socketio.AsyncClient(reconnection=False)
        chat = Chat(client)
        client.on("*", chat.on_event)
        await client.connect(
            self.base_url,
            headers={"Cookie": f"access_token={self.token}", "Origin": self.base_url},
            auth={
                "clientType": "webapp",
                "sessionId": session_id,
                "threadId": "",
                "userEnv": "{}",
                "chatProfile": "",
            },
            transports=["websocket"],
            socketio_path="/ws/socket.io",
            wait_timeout=CONNECT_TIMEOUT_S,
        )
        await client.emit("connection_successful")
        # on_chat_start runs as a task (task_start … set_commands … prefetch … task_end): the chat is ready at
        # that task_end, and a turn's own task_end comes only after it.
        commands = await chat.wait_for("set_commands", after=0, timeout=CONNECT_TIMEOUT_S)
        await chat.wait_for("task_end", after=commands, timeout=CONNECT_TIMEOUT_S)
        self.chat = chat

    async def turn(self, spec: TurnSpec) -> TurnResult:
        t0 = time.perf_counter()
        try:
            if spec.new_chat or self.chat is None:
                await self.open_chat()
                t0 = time.perf_counter()  # the turn starts when the message is sent, as in the browser
            chat = self.chat
            assert chat is not None
            start = len(chat.events)
            message = {
                "threadId": "",
                "id": str(uuid.uuid4()),
                "name": self.name,
                "type": "user_message",
                "output": spec.text,
                "createdAt": datetime.now(UTC).isoformat(),
                "metadata": {},
            }
            t0 = time.perf_counter()
            await chat.client.emit("client_message", {"message": message, "fileReferences": []})
            end = await chat.wait_for("task_end", after=start, timeout=TURN_TIMEOUT_S)
        except Exception as exc:  # a timeout, a dropped or refused socket, an HTTP error: this turn failed
            return TurnResult(
                self.name,
                spec.name,
                None,
                (time.perf_counter() - t0) * 1000.0,
                f"{type(exc).__name__}: {exc}",
                self.chat.thread if self.chat else None,
                t0,
            )
        window = chat.events[start : end + 1]
        first = next((t for t, e, _d in window if e == "stream_token"), None)
        return TurnResult(
            self.name,
            spec.name,
            None if first is None else (first - t0) * 1000.0,
            (window[-1][0] - t0) * 1000.0,
            _check(window, spec),
            chat.thread,
            t0,
        )

    async def close(self) -> None:
        if self.chat is not None and self.chat.client.connected:
            await self.chat.client.disconnect()
        if self.http is not None:
            await self.http.close()


def _check(window: Sequence[tuple[float, str, Any]], spec: TurnSpec) -> str | None:
    """The reply's text (from its stream and its final update) must hold what the offline model always says."""
    texts: dict[str, str] = {}
    for _t, event, data in window:
        if not isinstance(data, dict):
            continue
        if event in ("new_message", "update_message", "stream_start") and data.get("isError"):
            return f"error step: {str(data.get('output'))[:120]}"
        if (
            event in ("new_message", "update_message", "stream_start")
            and data.get("type") == "assistant_message"
        ):
            texts[data["id"]] = str(data.get("output") or texts.get(data["id"], ""))
        elif event == "stream_token" and not data.get("isInput"):
            texts[data["id"]] = texts.get(data["id"], "") + str(data.get("token", ""))
    reply = "\n".join(texts.values())
    if not reply:
        return "no reply"
    if reply.startswith("⚠️"):
        return f"error reply: {reply[:120]}"
    missing = [m for m in spec.expect if m not in reply]
    return f"reply lacks {missing}: {reply[:120]!r}" if missing else None
