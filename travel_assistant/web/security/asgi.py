"""Small ASGI pieces the security middleware and its gates share: a JSON answer, a bounded body read and its
replay, cookies as pairs, and a response header added on the way out."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from starlette.types import Message, Receive, Send


async def send_json(
    send: Send, status: int, body: dict[str, Any], *, extra: Sequence[tuple[str, str]] = ()
) -> None:
    payload = json.dumps(body).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]
    headers += [(k.encode(), v.encode()) for k, v in extra]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})


async def read_body(receive: Receive, limit: int) -> bytes | None:
    """The whole request body, or None when it is larger than ``limit`` (or the client went away)."""
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return None
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


def replay(body: bytes, receive: Receive) -> Receive:
    """A receive that yields the buffered body once, then hands over to the real one (disconnects)."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed


def cookie_pairs(values: list[str]) -> list[tuple[str, str]]:
    pairs = []
    for value in values:
        for part in value.split(";"):
            name, sep, rest = part.strip().partition("=")
            if sep and name:
                pairs.append((name, rest))
    return pairs


def with_header(send: Send, name: str, value: str) -> Send:
    """A send that adds one response header (e.g. a Set-Cookie) to the response it starts."""

    async def adding(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = [*message.get("headers", []), (name.encode("latin-1"), value.encode("latin-1"))]
            message = {**message, "headers": headers}
        await send(message)

    return adding
