"""Forged and unknown ids on Chainlit's routes: a 4xx with a one-line JSON error before Chainlit sees them.

Chainlit 2.12 looks up the chat session a request names and, when there is none, raises ``ValueError("Session
not found")`` out of the route (a 500 in plain text); it indexes the element or action a body carries without
checking its shape (a ``KeyError`` or ``TypeError``: a 500 again). So the middleware asks :func:`refusal`
first, for the routes in the tables below:

* a session id (in the body or the query) must name a live chat session of this process opened by the
  caller's own login; unknown, malformed and another user's ids get the same 404, so the answer cannot tell
  them apart;
* an element or an action must be a JSON object with the fields Chainlit reads, of the types it expects;
* a file name longer than any file system allows (or with a NUL) is a 404, not an ``OSError``;
* the routes for things this app never stores (elements, feedback) answer 404 for every id, which is the
  truth: the data layer keeps neither.

Anything a route still raises is caught by the middleware and answered as a one-line JSON 500 (and logged):
that is a bug to fix, not an answer to a forged id, and the route walk in ``tests/test_security_ids.py``
fails on it.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from travel_assistant.web.security.asgi import read_body, replay, send_json

logger = logging.getLogger(__name__)

# Chainlit's session ids are UUIDs made by the page; anything else is forged without a lookup.
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
# Route -> what its JSON body carries besides ``sessionId``.
BODY_SESSION: dict[tuple[str, str], str] = {
    ("POST", "/project/action"): "action",
    ("PUT", "/project/element"): "element",
    ("DELETE", "/project/element"): "element",
    ("POST", "/mcp"): "",
    ("DELETE", "/mcp"): "",
    ("PUT", "/feedback"): "",
}
# Chainlit's sticky-session cookie names a session id the page chose (before its socket exists): its shape only.
STICKY_COOKIE = ("POST", "/set-session-cookie")
# Routes that name a file on disk: a name no file system holds is answered before it reaches one.
FILE_PREFIXES = ("/public/", "/assets/", "/copilot/", "/avatars/")
MAX_NAME_BYTES = 255
MAX_BODY = 1024 * 1024
SESSION_NOT_FOUND = "Session not found"


@dataclass(frozen=True, slots=True)
class Refusal:
    status: int
    detail: str


def reads_body(method: str, path: str) -> bool:
    """Whether :func:`refusal` needs this request's body (the middleware buffers it, then replays it)."""
    return (method, path) in BODY_SESSION or (method, path) == STICKY_COOKIE


def refusal(
    method: str, path: str, query: bytes, body: bytes | None, user: str | None, sessions: SessionOwners
) -> Refusal | None:
    """Why this request must not reach Chainlit, or None. ``user`` is the caller's verified login."""
    if path.startswith(FILE_PREFIXES) and _impossible_name(path):
        return Refusal(404, "File not found")
    data = _json_object(body) if body is not None else None
    if (method, path) == STICKY_COOKIE:
        sid = data.get("session_id") if data is not None else None
        return None if isinstance(sid, str) and _UUID.fullmatch(sid) else Refusal(400, "Malformed session id")
    if user is None:
        return None  # without a login, Chainlit answers 401 before it reads an id
    if method == "GET" and path.startswith("/project/thread/") and "/element/" in path:
        return Refusal(404, "Element not found")  # elements are never stored (web.data_layer)
    if (method, path) == ("DELETE", "/feedback"):
        return Refusal(404, "Feedback not found")  # nor is feedback
    if (method, path) == ("POST", "/project/file") or (method == "GET" and path.startswith("/project/file/")):
        ids = parse_qs(query.decode("latin-1")).get("session_id", [])
        return None if len(ids) == 1 and sessions.owned_by(ids[0], user) else Refusal(404, SESSION_NOT_FOUND)
    if body is None:
        return None
    if data is None:
        return Refusal(400, "The request body must be a JSON object.")
    part = BODY_SESSION.get((method, path))
    if part is None:
        return None
    if not sessions.owned_by(data.get("sessionId"), user):
        return Refusal(404, SESSION_NOT_FOUND)
    if part == "action" and not _is_action(data.get("action")):
        return Refusal(422, "Malformed action")
    if part == "element" and not _is_element(data.get("element")):
        return Refusal(422, "Malformed element")
    return None


class SessionOwners:
    """Who opened each live chat session of this process (Chainlit's in-memory session table)."""

    def owner(self, session_id: str) -> str | None:
        from chainlit.session import WebsocketSession

        session = WebsocketSession.get_by_id(session_id)
        user = getattr(session, "user", None) if session is not None else None
        identifier = getattr(user, "identifier", None)
        return identifier if isinstance(identifier, str) else None

    def owned_by(self, session_id: object, user: str | None) -> bool:
        if user is None or not isinstance(session_id, str) or not _UUID.fullmatch(session_id):
            return False
        return self.owner(session_id) == user


def _impossible_name(path: str) -> bool:
    return "\x00" in path or any(len(part.encode()) > MAX_NAME_BYTES for part in path.split("/"))


def _json_object(body: bytes) -> dict[str, Any] | None:
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return None
    return data if isinstance(data, dict) else None


def _strings(data: dict[str, Any], required: tuple[str, ...], optional: tuple[str, ...]) -> bool:
    return all(isinstance(data.get(k), str) for k in required) and all(
        data.get(k) is None or isinstance(data.get(k), str) for k in optional
    )


def _is_action(value: object) -> bool:
    """What ``chainlit.action.Action(**value)`` accepts: its own fields only, ``name`` and a dict payload."""
    from dataclasses import fields

    from chainlit.action import Action

    if not isinstance(value, dict) or not set(value) <= {f.name for f in fields(Action)}:
        return False
    return isinstance(value.get("payload"), dict) and _strings(
        value, ("name",), ("label", "tooltip", "icon", "forId", "id")
    )


def _is_element(value: object) -> bool:
    """What Chainlit's element routes read: ``type``, ``id``, ``name``, ``display``; ``props`` a dict if any."""
    if not isinstance(value, dict) or not _strings(
        value, ("type", "id", "name", "display"), ("forId", "threadId")
    ):
        return False
    return value.get("props") is None or isinstance(value.get("props"), dict)


async def guarded_route(app: ASGIApp, scope: Scope, receive: Receive, send: Send, user: str | None) -> None:
    """Run one API request: refused first if :func:`refusal` says so; its error answers made one-line JSON;
    an exception out of the route answered as a JSON 500 (and logged with its traceback)."""
    method, path = scope["method"], scope["path"]
    body = None
    if reads_body(method, path):
        body = await read_body(receive, MAX_BODY)
        if body is None:
            await send_json(send, 413, {"detail": "Request body too large."})
            return
        receive = replay(body, receive)
    refused = refusal(method, path, scope.get("query_string", b""), body, user, SessionOwners())
    if refused is not None:
        await send_json(send, refused.status, {"detail": refused.detail})
        return
    started: list[bool] = []

    async def tracking(message: Message) -> None:
        started.append(True)
        await send(message)

    try:
        await app(scope, receive, one_line_errors(tracking))
    except Exception:
        if started:
            raise
        logger.exception("%s %s failed", method, path)
        await send_json(send, 500, {"detail": "Internal error."})


def one_line_errors(send: Send) -> Send:
    """A send that makes every error answer (4xx and 5xx) one JSON object with a one-line ``detail``:
    FastAPI's validation errors (a list, echoing the input) and plain-text errors included."""
    held: list[Message] = []

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start" and int(message["status"]) >= 400:
            held.append(message)
            return
        if not held:
            await send(message)
            return
        held.append(message)
        if message.get("more_body", False):
            return
        start, *parts = held
        body = b"".join(part.get("body", b"") for part in parts)
        await send_json(send, int(start["status"]), {"detail": _detail(body)}, extra=_kept_headers(start))

    return sending


def _kept_headers(start: Message) -> list[tuple[str, str]]:
    dropped = {b"content-type", b"content-length"}
    return [
        (k.decode("latin-1"), v.decode("latin-1")) for k, v in start.get("headers", []) if k not in dropped
    ]


def _detail(body: bytes) -> str:
    try:
        detail = json.loads(body).get("detail")
    except (ValueError, AttributeError, UnicodeDecodeError):
        detail = body.decode("utf-8", "replace")
    if isinstance(detail, list):  # FastAPI's validation errors: where and what, never the input
        detail = "; ".join(
            f"{'.'.join(map(str, e.get('loc', ())))}: {e.get('msg', 'invalid')}"
            for e in detail
            if isinstance(e, dict)
        )
    text = " ".join(str(detail or "Error").split())
    return text[:300]
