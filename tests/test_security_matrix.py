"""The cross-user matrix: every REST route and socket event, as a read, a write and a delete aimed at alice's
data (her thread, her open chat session, her facts), tried by bob with his own login, by nobody, and by a
page on another origin holding alice's own cookie. A check passes when nothing of alice's shows in the answer
(her thread id, words or facts), her data is unchanged afterwards, and the anonymous and foreign-origin
attempts are refused outright. The number of failures is the number of leaks.

Alice's chat session stays open for the whole module on a loop of its own, so the attempts that name her
session id meet a live session, as they would in a real attack.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass
from typing import Any, Literal

import pytest

from assistant.ids import UserId, UserScope
from tests.live_app import ChatSocket, LiveApp

pytestmark = pytest.mark.slow

ALICE_SAYS = "Find me flights to Lisbon on the 14th, matrix canary 51c9"
ALICE_REMEMBERS = "Remember that I prefer exit row seats"
MARKERS = ("matrix canary 51c9", "exit row")  # her words, and the fact drawn from them


@dataclass(frozen=True)
class Target:
    app: LiveApp
    thread: str
    session_id: str
    message_id: str
    fact_id: str


@dataclass(frozen=True)
class Actor:
    name: str
    token: str | None
    origin: str  # "self", or a foreign origin


@dataclass(frozen=True)
class Seen:
    status: int | str  # an HTTP status, or what a socket got: "refused" / "connected"
    text: str


Call = Callable[[Target, Actor], Seen]


@dataclass(frozen=True)
class Probe:
    name: str
    operation: Literal["read", "write", "delete"]
    call: Call
    public: bool = False  # a route that answers anyone (translations, the login config)


class Loop:
    """An event loop on a thread of its own, for a socket that must outlive one test's ``asyncio.run``."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro: Coroutine[Any, Any, Any]) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout=120)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)


@pytest.fixture(scope="module")
def target(live_app: LiveApp) -> Iterator[Target]:
    loop = Loop()
    sock = ChatSocket(live_app, live_app.token("alice"))

    async def start() -> tuple[str, str]:
        assert (await sock.connect()).connected, sock.run.error
        await sock.settle()
        first = await sock.say(ALICE_SAYS)
        [thread] = {d["thread_id"] for n, d in first if n == "first_interaction"}  # "ask", then "listed"
        await sock.say(ALICE_REMEMBERS)
        [message] = [d["id"] for n, d in first if n == "new_message" and d.get("type") == "user_message"] or [
            ""
        ]
        return str(thread), str(message)

    thread, message = loop.run(start())
    with live_app.runtime() as rt:
        [fact] = rt.fact_memory.current(UserScope(UserId("alice")))
    try:
        yield Target(live_app, thread, sock.session_id, message, fact.id)
    finally:
        loop.run(sock.close())
        loop.close()


def alice_state(app: LiveApp) -> tuple[Any, ...]:
    alice = UserId("alice")
    with app.runtime() as rt:
        threads = [(t.id, t.title, t.last_seq) for t in rt.directory.threads_of(alice)]
        facts = sorted(f.id for f in rt.fact_memory.current(UserScope(alice)))
        return rt.directory.get_user(alice) is not None, threads, facts


# -- REST -------------------------------------------------------------------------------------------------------


def rest(method: str, path: str, body: Any = None, **options: Any) -> Call:
    def call(t: Target, actor: Actor) -> Seen:
        def fill(value: Any) -> Any:
            if isinstance(value, str):
                return value.format(
                    thread=t.thread, session=t.session_id, fact=t.fact_id, message=t.message_id
                )
            if isinstance(value, dict):
                return {k: fill(v) for k, v in value.items()}
            return value

        origin = None if actor.origin == "self" else actor.origin
        with t.app.client(actor.token, origin=origin or "self") as http:
            response = http.request(method, fill(path), json=fill(body), **fill(options))
        return Seen(response.status_code, response.text + repr(dict(response.headers)))

    return call


def action(name: str, payload: dict[str, Any] | None = None) -> Call:
    body = {
        "action": {"name": name, "payload": payload or {}, "id": "a1", "label": name},
        "sessionId": "{session}",
    }
    return rest("POST", "/project/action", body)


def custom_element(thread: str = "{thread}") -> dict[str, Any]:
    element = {"id": "e1", "name": "Logout", "type": "custom", "display": "inline", "threadId": thread}
    return {"element": element, "sessionId": "{session}"}


def logout_fresh(t: Target, actor: Actor) -> Seen:
    """Logout ends the caller's own login only (a fresh one, so the other checks keep theirs)."""
    token = t.app.token(actor.name) if actor.token else None
    return rest("POST", "/logout")(t, Actor(actor.name, token, actor.origin))


REST_PROBES = [
    Probe("GET /user", "read", rest("GET", "/user")),
    Probe("GET /project/settings", "read", rest("GET", "/project/settings")),
    Probe("GET /auth/config", "read", rest("GET", "/auth/config"), public=True),
    Probe("GET /project/translations", "read", rest("GET", "/project/translations"), public=True),
    Probe(
        "POST /project/threads",
        "read",
        rest("POST", "/project/threads", {"pagination": {"first": 50}, "filter": {}}),
    ),
    Probe(
        "POST /project/threads (alice's filter)",
        "read",
        rest("POST", "/project/threads", {"pagination": {"first": 50}, "filter": {"userId": "alice"}}),
    ),
    Probe(
        "POST /project/threads (search)",
        "read",
        rest("POST", "/project/threads", {"pagination": {"first": 50}, "filter": {"search": "canary"}}),
    ),
    Probe("GET /project/thread/{id}", "read", rest("GET", "/project/thread/{thread}")),
    Probe("GET /project/share/{id}", "read", rest("GET", "/project/share/{thread}")),
    Probe("GET /project/thread/{id}/element/{e}", "read", rest("GET", "/project/thread/{thread}/element/e1")),
    Probe(
        "GET /project/file/{f} (her session)",
        "read",
        rest("GET", "/project/file/f1", params={"session_id": "{session}"}),
    ),
    Probe("POST /auth/jwt", "read", rest("POST", "/auth/jwt")),
    Probe("action export (her session)", "read", action("export")),
    Probe(
        "PUT /project/thread (rename)",
        "write",
        rest("PUT", "/project/thread", {"threadId": "{thread}", "name": "mine"}),
    ),
    Probe(
        "PUT /project/thread/share",
        "write",
        rest("PUT", "/project/thread/share", {"threadId": "{thread}", "isShared": True}),
    ),
    Probe("PUT /project/element (her session)", "write", rest("PUT", "/project/element", custom_element())),
    Probe(
        "PUT /feedback (her session)",
        "write",
        rest("PUT", "/feedback", {"feedback": {"forId": "{message}", "value": 1}, "sessionId": "{session}"}),
    ),
    Probe(
        "POST /project/file (her session)",
        "write",
        rest(
            "POST",
            "/project/file",
            None,
            params={"session_id": "{session}"},
            files={"file": ("a.txt", b"x", "text/plain")},
        ),
    ),
    # Chainlit's sticky-session cookie for load balancers: set on the caller's own browser, no login needed.
    Probe(
        "POST /set-session-cookie (her session)",
        "write",
        rest("POST", "/set-session-cookie", {"session_id": "{session}"}),
        public=True,
    ),
    Probe("POST /mcp (her session)", "write", rest("POST", "/mcp", {"sessionId": "{session}", "name": "x"})),
    Probe("action forget_fact (her session)", "write", action("forget_fact", {"fact_id": "{fact}"})),
    Probe("action promote_now (her session)", "write", action("promote_now")),
    Probe("DELETE /project/thread", "delete", rest("DELETE", "/project/thread", {"threadId": "{thread}"})),
    Probe(
        "DELETE /project/element (her session)",
        "delete",
        rest("DELETE", "/project/element", custom_element()),
    ),
    Probe("DELETE /feedback", "delete", rest("DELETE", "/feedback", {"feedbackId": "{message}"})),
    Probe(
        "DELETE /mcp (her session)", "delete", rest("DELETE", "/mcp", {"sessionId": "{session}", "name": "x"})
    ),
    Probe("action forget_all (her session)", "delete", action("forget_all")),
    Probe("action delete_account (her session)", "delete", action("delete_account")),
    Probe("POST /logout", "delete", logout_fresh, public=True),  # ends only the caller's own login
]


# -- sockets ------------------------------------------------------------------------------------------------------


def socket(
    *, attach: str = "thread", then: Callable[[ChatSocket, Target], Coroutine[Any, Any, None]] | None = None
) -> Call:
    """Open a chat socket naming alice's thread (``attach="thread"``) or her live session id ("session"),
    then run ``then`` on it; what the socket received is what the attacker saw."""

    def call(t: Target, actor: Actor) -> Seen:
        async def go() -> Seen:
            sock = ChatSocket(t.app, actor.token, origin=actor.origin)
            kwargs = {"thread": t.thread} if attach == "thread" else {"session_id": t.session_id}
            try:
                run = await sock.connect(**kwargs)
                if not run.connected:
                    return Seen("refused", run.error)
                await sock.settle()
                if then is not None:
                    await then(sock, t)
                return Seen("connected", run.text())
            finally:
                await sock.close()

        return asyncio.run(go())

    return call


async def emit(sock: ChatSocket, event: str, *args: Any) -> None:
    await sock.client.emit(event, *args)
    await sock.say("ping")  # a round trip, so the event was handled before we look


async def say(text: str, sock: ChatSocket, t: Target) -> None:
    await sock.say(text)


SOCKET_PROBES = [
    Probe("socket connect → resume her thread", "read", socket()),
    Probe("socket connect with her session id", "read", socket(attach="session")),
    Probe("socket fetch_favorites", "read", socket(then=lambda s, t: emit(s, "fetch_favorites"))),
    Probe(
        "socket /memories (inspector) on her thread", "read", socket(then=lambda s, t: say("/memories", s, t))
    ),
    Probe(
        "socket client_message into her thread",
        "write",
        socket(then=lambda s, t: say("bob writes here", s, t)),
    ),
    Probe(
        "socket client_message on her session",
        "write",
        socket(attach="session", then=lambda s, t: say("bob", s, t)),
    ),
    Probe(
        "socket edit_message of her message",
        "write",
        socket(
            then=lambda s, t: emit(s, "edit_message", {"message": {"id": t.message_id, "output": "edited"}})
        ),
    ),
    Probe(
        "socket window_message",
        "write",
        socket(then=lambda s, t: emit(s, "window_message", {"type": "open"})),
    ),
    Probe(
        "socket chat_settings_change",
        "write",
        socket(then=lambda s, t: emit(s, "chat_settings_change", {"k": 1})),
    ),
    Probe("socket audio_start", "write", socket(then=lambda s, t: emit(s, "audio_start"))),
    Probe("socket stop", "delete", socket(then=lambda s, t: emit(s, "stop"))),
    Probe("socket clear_session", "delete", socket(then=lambda s, t: emit(s, "clear_session"))),
]

ACTORS = ["bob", "anonymous", "foreign-origin"]


@pytest.fixture(scope="module")
def actors(live_app: LiveApp) -> dict[str, Actor]:
    return {
        "bob": Actor("bob", live_app.token("bob"), "self"),
        "anonymous": Actor("anonymous", None, "self"),
        # A page on another port of the same host: alice's own (same-site) cookie, a foreign Origin.
        "foreign-origin": Actor("alice", live_app.token("alice"), live_app.foreign_origin),
    }


@pytest.mark.parametrize("actor_name", ACTORS)
@pytest.mark.parametrize(
    "probe",
    REST_PROBES + SOCKET_PROBES,
    ids=lambda p: f"{p.operation}:{p.name}" if isinstance(p, Probe) else "",
)
def test_cross_user_matrix(target: Target, actors: dict[str, Actor], probe: Probe, actor_name: str) -> None:
    actor = actors[actor_name]
    before = alice_state(target.app)
    seen = probe.call(target, actor)
    leaked = [m for m in (*MARKERS, target.thread) if m in seen.text]
    assert not leaked, f"{probe.name} as {actor_name} saw {leaked}: {seen.status} {seen.text[:400]}"
    assert alice_state(target.app) == before, f"{probe.name} as {actor_name} changed alice's data"
    if actor_name != "bob" and not probe.public:
        assert seen.status in (401, 403, 404, "refused"), f"{probe.name} as {actor_name}: {seen.status}"
