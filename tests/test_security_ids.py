"""Every Chainlit route this app exposes, walked with forged and unknown ids and malformed bodies: each answers
a 4xx with a one-line JSON error, never a 500.

The routes are read from Chainlit's own router, so a route added by a Chainlit upgrade fails
``test_every_route_is_walked`` until it has a probe here (or is listed as taking no id, with the reason).
Bob acts with his own login and his own live chat session, so the probes that name a session meet one:
his (with a malformed body), alice's (another user's) and ids that never existed.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import httpx
import pytest

from tests.live_app import ChatSocket, LiveApp
from tests.test_security_matrix import Loop

pytestmark = pytest.mark.slow

# Ids nobody was given: unknown, injected, odd bytes, too long, a named-thread shape.
FORGED = [str(uuid.uuid4()), "x' OR '1'='1", "n_" + "0" * 40, "élan☃", "9" * 300, "null"]
# Routes that take no id at all (what each is), so there is nothing to forge.
NO_ID = {
    ("GET", "/auth/config"): "which logins the page offers",
    ("POST", "/login"): "the login form (tests/test_security.py)",
    ("POST", "/logout"): "ends the caller's own login",
    ("POST", "/auth/jwt"): "renews the caller's own token",
    ("POST", "/auth/header"): "header login (off here)",
    ("GET", "/user"): "the caller",
    ("GET", "/project/translations"): "the page's words",
    ("GET", "/project/settings"): "the page's settings",
    ("POST", "/project/threads"): "the caller's own threads (filters are ignored: the matrix test)",
    ("GET", "/favicon"): "static",
    ("GET", "/logo"): "static",
    ("HEAD", "/"): "the page",
    ("GET", "/health"): "a probe",
    ("GET", "/{full_path:path}"): "the page, for any path the browser's router shows",
}
# Chainlit's sticky-session cookie names the session id the page chose before its socket exists: any UUID is
# a good answer there (it sets a cookie on the caller's own browser, nothing more); other shapes are refused.
ANY_UUID = {("POST", "/set-session-cookie")}
# An avatar is looked up by its author's name; an unknown name gets the favicon, as an author without a picture.
AVATARS = ("GET", "/avatars/{avatar_id:str}")


@dataclass(frozen=True)
class Ids:
    own_session: str  # bob's live chat session
    other_session: str  # alice's live chat session
    forged: str


Probe = Callable[[Ids], dict[str, Any]]


def element(**changes: Any) -> dict[str, Any]:
    base = {"id": "e1", "name": "Logout", "type": "custom", "display": "inline", "threadId": ""}
    return {k: v for k, v in {**base, **changes}.items() if v is not ...}


def action(**changes: Any) -> dict[str, Any]:
    base = {"name": "export", "payload": {}, "id": "a1", "label": "export"}
    return {k: v for k, v in {**base, **changes}.items() if v is not ...}


# (method, route) -> probes; each builds one request (httpx keyword arguments) from the ids.
PROBES: dict[tuple[str, str], list[Probe]] = {
    ("GET", "/public/{filename:path}"): [lambda i: {"url": f"/public/{quote(i.forged)}"}],
    ("GET", "/assets/{filename:path}"): [lambda i: {"url": f"/assets/{quote(i.forged)}"}],
    ("GET", "/copilot/{filename:path}"): [lambda i: {"url": f"/copilot/{quote(i.forged)}"}],
    ("GET", "/avatars/{avatar_id:str}"): [lambda i: {"url": f"/avatars/{quote(i.forged)}"}],
    ("GET", "/auth/oauth/{provider_id}"): [lambda i: {"url": f"/auth/oauth/{quote(i.forged)}"}],
    ("GET", "/auth/oauth/{provider_id}/callback"): [
        lambda i: {"url": f"/auth/oauth/{quote(i.forged)}/callback", "params": {"code": "c", "state": "s"}}
    ],
    ("POST", "/auth/oauth/azure-ad-hybrid/callback"): [
        lambda i: {"url": "/auth/oauth/azure-ad-hybrid/callback", "data": {"code": i.forged}}
    ],
    ("POST", "/set-session-cookie"): [
        lambda i: {"json": {"session_id": i.forged}},
        lambda i: {"json": {"session_id": 42}},
        lambda i: {"content": b"not json", "headers": {"content-type": "application/json"}},
        lambda i: {"json": [i.forged]},
    ],
    ("PUT", "/feedback"): [
        lambda i: {"json": {"feedback": {"forId": i.forged, "value": 1}, "sessionId": i.forged}},
        lambda i: {"json": {"feedback": {"forId": i.forged, "value": 1}, "sessionId": i.other_session}},
    ],
    ("DELETE", "/feedback"): [lambda i: {"json": {"feedbackId": i.forged}}],
    ("GET", "/project/thread/{thread_id}"): [lambda i: {"url": f"/project/thread/{quote(i.forged)}"}],
    ("GET", "/project/share/{thread_id}"): [lambda i: {"url": f"/project/share/{quote(i.forged)}"}],
    ("GET", "/project/thread/{thread_id}/element/{element_id}"): [
        lambda i: {"url": f"/project/thread/{quote(i.forged)}/element/{quote(i.forged)}"}
    ],
    ("PUT", "/project/element"): [
        lambda i: {"json": {"element": element(), "sessionId": i.forged}},
        lambda i: {"json": {"element": element(), "sessionId": i.other_session}},
        lambda i: {"json": {"element": element(id=..., name=...), "sessionId": i.own_session}},
        lambda i: {"json": {"element": element(props=i.forged), "sessionId": i.own_session}},
        lambda i: {"json": {"element": i.forged, "sessionId": i.own_session}},
    ],
    ("DELETE", "/project/element"): [
        lambda i: {"json": {"element": element(), "sessionId": i.forged}},
        lambda i: {"json": {"element": element(type=...), "sessionId": i.own_session}},
    ],
    ("PUT", "/project/thread"): [lambda i: {"json": {"threadId": i.forged, "name": "mine"}}],
    ("PUT", "/project/thread/share"): [lambda i: {"json": {"threadId": i.forged, "isShared": True}}],
    ("DELETE", "/project/thread"): [lambda i: {"json": {"threadId": i.forged}}],
    ("POST", "/project/action"): [
        lambda i: {"json": {"action": action(), "sessionId": i.forged}},
        lambda i: {"json": {"action": action(), "sessionId": i.other_session}},
        lambda i: {"json": {"action": action(name=i.forged), "sessionId": i.own_session}},
        lambda i: {"json": {"action": action(payload=i.forged), "sessionId": i.own_session}},
        lambda i: {"json": {"action": action(forged=i.forged), "sessionId": i.own_session}},
        lambda i: {"json": {"action": action(name=...), "sessionId": i.own_session}},
    ],
    ("POST", "/mcp"): [
        lambda i: {"json": {"sessionId": i.forged, "name": i.forged}},
        lambda i: {"json": {"sessionId": i.own_session, "name": i.forged}},
    ],
    ("DELETE", "/mcp"): [lambda i: {"json": {"sessionId": i.forged, "name": i.forged}}],
    ("POST", "/project/file"): [
        lambda i: {
            "url": "/project/file",
            "params": {"session_id": i.forged},
            "files": {"file": ("a.txt", b"x", "text/plain")},
        },
        lambda i: {
            "url": "/project/file",
            "params": {"session_id": i.other_session},
            "files": {"file": ("a.txt", b"x", "text/plain")},
        },
    ],
    ("GET", "/project/file/{file_id}"): [
        lambda i: {"url": f"/project/file/{quote(i.forged)}", "params": {"session_id": i.forged}},
        lambda i: {"url": f"/project/file/{quote(i.forged)}", "params": {"session_id": i.own_session}},
    ],
}


def test_every_route_is_walked() -> None:
    from travel_assistant.web.launch import import_chainlit_config

    import_chainlit_config()
    from chainlit.server import router

    routes = {(m, r.path) for r in router.routes for m in getattr(r, "methods", None) or ()}
    assert routes - set(PROBES) - set(NO_ID) == set(), "routes with no probe here"
    assert set(PROBES) | set(NO_ID) <= routes, "probes for routes Chainlit no longer has"


@pytest.fixture(scope="module")
def sessions(live_app: LiveApp) -> Iterator[tuple[str, str]]:
    """Bob's and alice's live chat sessions, open for the whole module."""
    loop = Loop()
    socks = [ChatSocket(live_app, live_app.token(name)) for name in ("bob", "alice")]

    async def start() -> None:
        for sock in socks:
            assert (await sock.connect()).connected, sock.run.error
            await sock.settle()

    loop.run(start())
    try:
        yield socks[0].session_id, socks[1].session_id
    finally:
        for sock in socks:
            loop.run(sock.close())
        loop.close()


def _request(http: httpx.Client, method: str, route: str, kwargs: dict[str, Any]) -> httpx.Response:
    kwargs = dict(kwargs)
    url = kwargs.pop("url", route)
    return http.request(method, url, **kwargs)


@pytest.mark.parametrize(("method", "route"), list(PROBES), ids=[f"{m} {r}" for m, r in PROBES])
def test_a_forged_id_gets_a_4xx_with_one_line_of_json(
    live_app: LiveApp, sessions: tuple[str, str], method: str, route: str
) -> None:
    own, other = sessions
    with live_app.client(live_app.token("bob")) as http:
        default_avatar = http.get("/favicon").content  # what Chainlit shows for an author without a picture
        for forged in FORGED[1:] if (method, route) in ANY_UUID else FORGED:
            for probe in PROBES[(method, route)]:
                response = _request(http, method, route, probe(Ids(own, other, forged)))
                said = f"{method} {route} with {forged!r}: {response.status_code} {response.text[:300]}"
                if (method, route) == AVATARS and response.status_code == 200:
                    assert response.content == default_avatar, said
                    continue
                assert 400 <= response.status_code < 500, said
                assert response.headers["content-type"].startswith("application/json"), said
                assert "\n" not in response.text.strip() and isinstance(response.json()["detail"], str), said


def test_another_users_session_answers_exactly_like_an_unknown_one(
    live_app: LiveApp, sessions: tuple[str, str]
) -> None:
    _, alices = sessions
    body = {"action": action(), "sessionId": ""}
    with live_app.client(live_app.token("bob")) as http:
        answers = [
            http.post("/project/action", json={**body, "sessionId": sid})
            for sid in (alices, str(uuid.uuid4()))
        ]
    assert [(a.status_code, a.text) for a in answers] == [(404, '{"detail": "Session not found"}')] * 2


def test_a_route_that_raises_answers_one_line_of_json() -> None:
    """Whatever a route still raises is a bug, and answers as one: a JSON 500, not a traceback in text."""
    from travel_assistant.web.security.forged import guarded_route

    async def broken(scope: Any, receive: Any, send: Any) -> None:
        raise ValueError("Session not found")

    async def call() -> httpx.Response:
        async def app(scope: Any, receive: Any, send: Any) -> None:
            await guarded_route(broken, scope, receive, send, "bob")

        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            return await client.get("/user")

    response = asyncio.run(call())
    assert response.status_code == 500 and response.json() == {"detail": "Internal error."}
