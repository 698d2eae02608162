"""Each finding of the security review, replayed as an attack against a running app, and refused.

Findings (the test that drives each): 1 resume from a foreign origin; 2 logins that outlive logout, renewal,
account deletion, a password reset or an admin's revoke; 3 brute force; 4 login CSRF; 5 a thread-existence
oracle; 6 claimable thread names; 7 headers, cookies, API docs and the server banner; 8 blocking calls on
the event loop. The cross-user matrix is ``test_security_matrix.py``; pages from a second origin are in
``tests/browser/test_security_browser.py``.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Coroutine
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, TypeVar

import httpx
import jwt
import pytest
from sqlalchemy import update

from assistant.ids import UserId
from tests.conftest import SettingsFactory, run_cli
from tests.guarded_asgi import get_behind_guard
from tests.live_app import PROXY, USERS, ChatSocket, LiveApp

if TYPE_CHECKING:
    from pathlib import Path

    from travel_assistant.container import Runtime

pytestmark = pytest.mark.slow

CANARY = "Find me flights to Lisbon on the 14th, confidential note 7f3a"


T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(coro)


async def _start_thread(app: LiveApp, token: str, text: str) -> str:
    sock = ChatSocket(app, token)
    try:
        assert (await sock.connect()).connected, sock.run.error
        await sock.settle()
        turn = await sock.say(text)
        [thread] = {
            data["thread_id"] for name, data in turn if name == "first_interaction"
        }  # "ask", then "listed"
        return str(thread)
    finally:
        await sock.close()


async def _visit(
    app: LiveApp, token: str | None, *, origin: str | None = "self", **connect: Any
) -> ChatSocket:
    sock = ChatSocket(app, token, origin=origin)
    if (await sock.connect(**connect)).connected:
        await sock.settle()
    await sock.close()
    return sock


@pytest.fixture(scope="module")
def alice_thread(live_app: LiveApp) -> str:
    return str(run(_start_thread(live_app, live_app.token("alice"), CANARY)))


# -- 1. resume from a foreign origin ------------------------------------------------------------------------


@pytest.mark.parametrize("transport", ["websocket", "polling"])
def test_a_foreign_origin_socket_cannot_resume_a_thread(
    live_app: LiveApp, alice_thread: str, transport: str
) -> None:
    token = live_app.token("alice")
    own = run(_visit(live_app, token, thread=alice_thread, transport=transport))
    assert "resume_thread" in own.run.names() and CANARY in own.run.text()  # the page itself may resume

    foreign = run(
        _visit(live_app, token, origin=live_app.foreign_origin, thread=alice_thread, transport=transport)
    )
    assert not foreign.run.connected and "resume_thread" not in foreign.run.names()
    assert CANARY not in foreign.run.text()


def test_the_data_layer_refuses_a_foreign_origin_session_past_the_handshake(runtime: Runtime) -> None:
    """Even if a foreign page's socket got past the handshake, the resume read returns nothing."""
    from chainlit.context import ChainlitContext, context_var
    from chainlit.session import HTTPSession
    from chainlit.user import User

    from assistant.ids import ThreadId, TurnId
    from assistant.turns import TurnRequest
    from tests.conftest import MONDAY
    from tests.test_web_layer import login_token
    from travel_assistant.web.data_layer import TravelDataLayer

    thread = str(uuid.uuid4())
    runtime.directory.ensure_user(UserId("alice"), now=MONDAY)
    request = TurnRequest(
        user=UserId("alice"), thread=ThreadId(thread), turn=TurnId("t1"), text="Hi", now=MONDAY
    )
    run(runtime.engine.run_turn(request))
    layer, token = TravelDataLayer(runtime), login_token(runtime, "alice")

    async def resume_from(origin: str) -> Any:
        session = HTTPSession(
            id="s",
            client_type="webapp",
            thread_id=thread,
            user=User(identifier="alice"),
            token=token,
            environ={"HTTP_ORIGIN": origin},
        )
        context_var.set(ChainlitContext(session))
        return await layer.get_thread(thread)

    assert run(resume_from(runtime.settings.public_origin)) is not None
    assert run(resume_from("http://localhost:9999")) is None


# -- 2. logins end when they should -----------------------------------------------------------------------


def _locked_out(app: LiveApp, token: str) -> None:
    """Everything a login can reach, refused: REST, renewal, a new socket."""
    with app.client(token) as http:
        for method, path, body in (
            ("GET", "/user", None),
            ("GET", "/project/settings", None),
            ("POST", "/project/threads", {"pagination": {"first": 20}, "filter": {}}),
        ):
            response = http.request(method, path, json=body)
            assert response.status_code == 401, (path, response.status_code, response.text[:200])
        renewed = http.post("/auth/jwt", headers={"Authorization": f"Bearer {token}"})
        assert renewed.status_code == 401 and not renewed.cookies.get("access_token")
    sock = run(_visit(app, token))
    assert not sock.run.connected, sock.run.names()


def test_logout_ends_the_login_for_every_copy_of_its_token(live_app: LiveApp) -> None:
    token = live_app.token("carol")

    async def story() -> ChatSocket:
        open_socket = ChatSocket(live_app, token)
        assert (await open_socket.connect()).connected
        await open_socket.settle()
        with live_app.client(token) as http:
            assert http.post("/logout").status_code == 200
        assert await open_socket.wait_for(lambda r: "disconnect" in r.names(), timeout=10)
        await open_socket.close()
        return open_socket

    run(story())  # the socket opened before the logout is closed by the server at once
    _locked_out(live_app, token)


def test_renewal_cannot_extend_a_login_past_its_absolute_end(live_app: LiveApp) -> None:
    from memory.sessions import session_hash
    from memory.tables import LoginSessionRow

    token = live_app.token("dave")
    with live_app.client(token) as http:
        renewed = http.post("/auth/jwt", headers={"Authorization": f"Bearer {token}"})
    assert renewed.status_code == 200
    fresh = renewed.cookies["access_token"]

    def jti(t: str) -> str:
        return str(jwt.decode(t, live_app.secret, algorithms=["HS256"])["metadata"]["jti"])

    assert jti(fresh) == jti(token)  # renewal keeps the login's session, and so its end
    with live_app.runtime() as rt:
        session = rt.sessions.active(jti(token), now=datetime.now(UTC))
        assert session is not None
        assert session.expires_at - session.created_at == timedelta(hours=rt.settings.session_hours)
        # Let SESSION_HOURS pass: move the end into the past, as the clock would.
        with rt.db.write() as db:
            db.execute(
                update(LoginSessionRow)
                .where(LoginSessionRow.id == session_hash(jti(token)))  # type: ignore[arg-type]
                .values(expires_at=datetime.now(UTC) - timedelta(seconds=1))
            )
    _locked_out(live_app, fresh)
    _locked_out(live_app, token)


def _action(
    app: LiveApp, token: str, session_id: str, name: str, payload: dict[str, Any] | None = None
) -> httpx.Response:
    action = {"name": name, "payload": payload or {}, "id": str(uuid.uuid4()), "label": name}
    with app.client(token) as http:
        return http.post("/project/action", json={"action": action, "sessionId": session_id})


def test_deleting_the_account_ends_every_login_and_every_handler(live_app: LiveApp) -> None:
    first, second = live_app.token("erin"), live_app.token("erin")

    async def story() -> tuple[ChatSocket, ChatSocket, list[tuple[str, Any]]]:
        acting, other = ChatSocket(live_app, first), ChatSocket(live_app, second)
        for sock in (acting, other):
            assert (await sock.connect()).connected
            await sock.settle()
        deleted = await asyncio.to_thread(_action, live_app, first, acting.session_id, "delete_account")
        assert deleted.status_code == 200, deleted.text
        assert await acting.wait_for(lambda r: "account and all its data are deleted" in r.text())
        assert await other.wait_for(lambda r: "disconnect" in r.names(), timeout=10)  # closed at once
        refused = await acting.say("/memories")  # the socket kept for the notice can do nothing more
        for sock in (acting, other):
            await sock.close()
        return acting, other, refused

    _, _, refused = run(story())
    assert "not allowed to chat" in repr(refused) and "What I remember" not in repr(refused)
    for token in (first, second):
        _locked_out(live_app, token)
        for name in ("export", "forget_all", "delete_account", "promote_now"):
            assert _action(live_app, token, str(uuid.uuid4()), name).status_code == 401
    with live_app.runtime() as rt:
        assert rt.directory.get_user(UserId("erin")) is None
        assert all(n == 0 for n in rt.registry.counts(UserId("erin")).values())


@pytest.fixture
def live_cli(live_app: LiveApp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line, in-process, on the live app's data (what an operator runs next to the server)."""
    monkeypatch.chdir(tmp_path)
    for name, value in live_app.env().items():
        if name in ("APP_ENV", "TRAVEL_DATA_DIR", "EMBEDDINGS", "CHAINLIT_AUTH_SECRET", "PUBLIC_ORIGIN"):
            monkeypatch.setenv(name, value)
    monkeypatch.setenv("OFFLINE_STREAM_DELAY_MS", "0")


def test_a_password_reset_and_an_admin_revoke_end_logins_at_once(live_app: LiveApp, live_cli: None) -> None:
    token = live_app.token("frank")

    async def open_chat() -> ChatSocket:
        sock = ChatSocket(live_app, token)
        assert (await sock.connect()).connected
        await sock.settle()
        return sock

    async def refused_after(sock: ChatSocket) -> str:
        try:
            return repr(await sock.say("What do you remember about me?"))
        finally:
            await sock.close()

    async def story() -> str:
        sock = await open_chat()
        reset = await asyncio.to_thread(run_cli, "users", "add", "frank", "--password", "frank-new-pass")
        assert reset.exit_code == 0 and "ended 1 login" in reset.stdout, reset.output
        return await refused_after(sock)  # revoked in another process: refused at its next event

    assert "not allowed to chat" in run(story())
    _locked_out(live_app, token)
    assert live_app.login("frank").status_code == 401  # the old password is gone too
    again = live_app.login("frank", "frank-new-pass")
    assert again.status_code == 200
    fresh = again.cookies["access_token"]
    revoked = run_cli("users", "revoke", "frank")
    assert revoked.exit_code == 0 and "ended 1 login(s)" in revoked.stdout, revoked.output
    _locked_out(live_app, fresh)
    with live_app.runtime() as rt:
        assert "revoke_logins" in [a["action"] for a in rt.registry.audit_trail(UserId("frank"))]


# -- 3. brute force: throttled, and never against the user ----------------------------------------------------


def test_wrong_passwords_from_untrusted_clients_wait_longer_and_longer(live_app: LiveApp) -> None:
    answers = [live_app.login("grace", "not-her-password", source="127.0.0.7") for _ in range(22)]
    statuses = [a.status_code for a in answers]
    # Five free failures, then a delay that doubles: these 22 quick attempts get few checks past the fifth.
    assert statuses[:5] == [401] * 5 and statuses[5] == 429 and statuses.count(401) <= 7, statuses
    first_wait = int(answers[5].headers["retry-after"])
    assert first_wait == 1 and answers[5].json()["detail"] == "Too many attempts, try again in 1 s."
    # The login page shows a failed login as the translation of its status text: it says the longest wait.
    with live_app.client(None) as http:
        errors = http.get("/project/translations", params={"language": "en-US"}).json()
    assert errors["translation"]["auth"]["login"]["errors"]["Too Many Requests"].startswith(
        "Too many attempts"
    )
    # The real password from another client without a device cookie waits too; no guess is checked. Asked right
    # after a failure that counted (the delay has doubled to 2 s or more by then): the burst's own delay, 1-2 s
    # from its last counted failure, may be over on a slow machine by the time the burst and the page are done.
    for _ in range(40):
        if live_app.login("grace", "not-her-password", source="127.0.0.7").status_code == 401:
            break
        time.sleep(0.25)
    else:
        raise AssertionError("no wrong password was checked again within 10 s")
    assert live_app.login("grace", source="127.0.0.8").status_code == 429
    with live_app.runtime() as rt:
        [lockout] = [a for a in rt.registry.audit_trail(UserId("grace")) if a["action"] == "login_lockout"]
    assert lockout["details"]["limit"] == "account" and "127.0.0.7" not in repr(lockout)


def test_a_browser_that_logged_in_before_is_never_locked_out_by_anyone_elses_failures(
    live_app: LiveApp,
) -> None:
    """OWASP's device cookies: olivia's own browser logged in before; now 50 wrong passwords for her (and 20
    for other names, which use up the address) arrive within a minute from another client at the same
    address. Her browser's correct password works; the same password from a client without her cookie waits."""
    here = "127.0.0.30"
    with httpx.Client(
        base_url=live_app.base_url, transport=httpx.HTTPTransport(local_address=here), timeout=30
    ) as browser:
        assert live_app.login("olivia", browser=browser).status_code == 200
        assert any(c.name.startswith("ta_device_") for c in browser.cookies.jar)
        browser.cookies.delete("access_token")  # logged out since; the device cookie stays
        started = time.monotonic()
        attack = [live_app.login("Olivia ", "guess", source=here).status_code for _ in range(50)]
        attack += [live_app.login(f"someone{i}", "guess", source=here).status_code for i in range(20)]
        assert time.monotonic() - started < 60 and attack[:5] == [401] * 5 and attack[-1] == 429, attack
        assert (
            live_app.login(" OLIVIA", USERS["olivia"], source=here).status_code == 429
        )  # one name, normalised
        assert live_app.login("olivia", browser=browser).status_code == 200  # same address, her cookie


def test_a_stolen_device_cookie_buys_only_its_own_few_guesses(live_app: LiveApp) -> None:
    with httpx.Client(base_url=live_app.base_url, timeout=30) as browser:
        assert live_app.login("peggy", browser=browser).status_code == 200
        guesses = [live_app.login("peggy", "guess", browser=browser).status_code for _ in range(7)]
    assert guesses == [401] * 7
    # Five failures on the device's own budget; then the cookie is no longer trusted, and the sixth and
    # seventh were counted as any client's: three more from elsewhere use up the free failures.
    elsewhere = [live_app.login("peggy", "guess", source="127.0.0.12").status_code for _ in range(4)]
    assert elsewhere == [401, 401, 401, 429]


def test_guessing_across_accounts_from_one_address_is_throttled(live_app: LiveApp) -> None:
    statuses = [live_app.login(f"nobody{i}", "guess", source="127.0.0.66").status_code for i in range(20)]
    assert statuses == [401] * 20
    assert live_app.login("heidi", source="127.0.0.66").status_code == 429  # that address is out of guesses
    assert live_app.login("heidi", source="127.0.0.67").status_code == 200  # heidi is not


def test_x_forwarded_for_is_believed_only_from_a_trusted_proxy(live_app: LiveApp) -> None:
    forged = [
        live_app.login(
            f"forged{i}", "guess", source="127.0.0.68", X_Forwarded_For=f"198.51.100.{i}"
        ).status_code
        for i in range(20)
    ]
    assert forged == [401] * 20
    # Twenty forged addresses were one peer: it is out of guesses, whatever address it claims next.
    assert (
        live_app.login("forged", "guess", source="127.0.0.68", X_Forwarded_For="203.0.113.1").status_code
        == 429
    )
    # The proxy (TRUSTED_PROXIES) is believed: its clients are counted apart.
    via_proxy = [
        live_app.login(f"proxied{i}", "guess", source=PROXY, X_Forwarded_For="198.51.100.200").status_code
        for i in range(20)
    ]
    assert via_proxy == [401] * 20
    assert (
        live_app.login("proxied", "guess", source=PROXY, X_Forwarded_For="198.51.100.200").status_code == 429
    )
    assert (
        live_app.login("proxied", "guess", source=PROXY, X_Forwarded_For="198.51.100.201").status_code == 401
    )


def test_the_delay_doubles_with_each_failure_and_ends_with_the_window() -> None:
    from tests.waiting import wait_until
    from travel_assistant.web.security.devices import account_key
    from travel_assistant.web.security.throttle import LoginThrottle

    throttle = LoginThrottle(per_account="2 per 3 seconds", per_address="100 per minute")
    alice = account_key("Alice ")

    async def waits() -> list[int | None]:
        seen = []
        for _ in range(4):
            await throttle.failed(alice, "192.0.2.1")
            seen.append(await throttle.retry_after(alice, "192.0.2.9"))
        return seen

    assert run(waits()) == [None, 1, 2, 3]  # 1 s, 2 s, then 4 s capped at the 3 s window
    wait_until(lambda: run(throttle.retry_after(alice, "192.0.2.1")) is None, timeout=10, what="the window")


# -- 4. login CSRF ----------------------------------------------------------------------------------------------


def test_login_and_logout_refuse_a_foreign_origin(live_app: LiveApp) -> None:
    foreign = live_app.foreign_origin
    for headers in ({"Origin": foreign}, {"Origin": "null"}, {"Referer": foreign + "/login"}, {}):
        form = {"username": (None, "ivan"), "password": (None, "ivan-live-pass-8")}
        response = httpx.post(live_app.base_url + "/login", files=form, headers=headers)
        assert response.status_code == 403 and "access_token" not in response.cookies, headers
    referred = live_app.login("ivan", origin=None, Referer=live_app.origin + "/login")
    assert referred.status_code == 200  # no Origin, but a Referer from the page itself
    token = live_app.token("ivan")
    with live_app.client(token, origin=foreign) as http:
        assert http.post("/logout").status_code == 403
    with live_app.client(token) as http:
        assert http.get("/user").status_code == 200  # the forged logout changed nothing
        assert http.post("/logout").status_code == 200
        assert http.get("/user").status_code == 401


# -- 5. "not yours" looks exactly like "does not exist" ----------------------------------------------------------


def test_another_users_thread_answers_exactly_like_a_missing_one(
    live_app: LiveApp, alice_thread: str
) -> None:
    missing = str(uuid.uuid4())
    with live_app.client(live_app.token("alice")) as http:  # the owner is answered
        own = http.get(f"/project/thread/{alice_thread}")
    assert own.status_code == 200 and CANARY in own.text
    bob = live_app.token("bob")
    with live_app.client(bob) as http:
        for method, path, body in (
            ("GET", "/project/thread/{t}", None),
            ("GET", "/project/thread/{t}/element/e1", None),
            ("GET", "/project/share/{t}", None),
            ("PUT", "/project/thread", {"threadId": "{t}", "name": "mine"}),
            ("PUT", "/project/thread/share", {"threadId": "{t}", "isShared": True}),
            ("DELETE", "/project/thread", {"threadId": "{t}"}),
        ):
            answers = []
            for thread in (alice_thread, missing):
                filled = {
                    k: (v.format(t=thread) if isinstance(v, str) else v) for k, v in (body or {}).items()
                }
                response = http.request(method, path.format(t=thread), json=filled or None)
                answers.append((response.status_code, response.text))
            assert answers[0] == answers[1], (method, path, answers)
            assert answers[0][0] == 404
    sockets = [run(_visit(live_app, bob, thread=t)) for t in (alice_thread, missing)]
    # Task markers and the disconnect race the close (a loaded server may start its next task first); every
    # event that says something must be the same.
    said = [[n for n in s.run.names() if n not in {"task_start", "task_end", "disconnect"}] for s in sockets]
    assert said[0] == said[1] and sockets[0].run.connected
    assert "resume_thread_error" in sockets[0].run.names() and CANARY not in sockets[0].run.text()


# -- 6. thread ids cannot be claimed ---------------------------------------------------------------------------


def test_a_web_user_cannot_claim_a_readable_thread_name(live_app: LiveApp, live_cli: None) -> None:
    async def claim() -> list[tuple[str, Any]]:
        sock = ChatSocket(live_app, live_app.token("mallory"))
        assert (await sock.connect(thread="tue")).connected
        await sock.settle()
        try:
            return await sock.say("Hello, this thread is called tue now")
        finally:
            await sock.close()

    [claimed] = {d["thread_id"] for n, d in run(claim()) if n == "first_interaction"}
    assert claimed != "tue" and len(claimed) == 36  # a fresh UUID, not the name asked for
    judy = run_cli(
        "chat", "--user", "judy", "--thread", "tue", "--json", "Find me flights to Lisbon on the 14th"
    )
    assert judy.exit_code == 0, judy.output  # judy's "tue" is hers, whatever anyone else did first
    with live_app.runtime() as rt:
        assert rt.directory.get_thread(UserId("mallory"), rt.thread_for_name(UserId("judy"), "tue")) is None


def test_named_thread_ids_are_per_user_keyed_and_never_uuid_shaped() -> None:
    from assistant.ids import is_web_thread_id, named_thread_id

    alice, bob = named_thread_id(b"k1", UserId("alice"), "mon"), named_thread_id(b"k1", UserId("bob"), "mon")
    assert alice != bob and alice == named_thread_id(b"k1", UserId("alice"), "mon")
    assert named_thread_id(b"k2", UserId("alice"), "mon") != alice  # unguessable without the app secret
    assert alice.startswith("n_") and not is_web_thread_id(alice)


# -- 7. headers, cookies, docs, banner ---------------------------------------------------------------------------


def test_every_response_carries_the_security_headers(live_app: LiveApp) -> None:
    with live_app.client(None, origin=None) as http:
        page, api = http.get("/"), http.get("/user")
    assert page.status_code == 200 and api.status_code == 401
    policy = page.headers["content-security-policy"]
    script_src = next(d for d in policy.split("; ") if d.startswith("script-src"))
    assert (
        "frame-ancestors 'none'" in policy
        and "'unsafe-inline'" not in script_src
        and "'sha256-" in script_src
    )
    assert f"connect-src 'self' ws://{live_app.base_url.split('//')[1]}" in policy
    for response in (page, api):
        assert response.headers["x-frame-options"] == "DENY"
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "same-origin"
        assert "camera=()" in response.headers["permissions-policy"]
        assert "server" not in response.headers  # no banner
        assert "strict-transport-security" not in response.headers  # plain http here: see the https test
    assert api.headers["cache-control"] == "no-store"
    assert api.headers["content-security-policy"] == "default-src 'none'; frame-ancestors 'none'"


def test_api_docs_are_off_outside_development(live_app: LiveApp) -> None:
    with live_app.client(None, origin=None) as http:
        for path in ("/docs", "/redoc", "/openapi.json"):
            response = http.get(path)
            assert response.status_code == 404 and "swagger" not in response.text.lower(), path


def test_an_https_origin_makes_cookies_secure_and_adds_hsts(settings_factory: SettingsFactory) -> None:
    from starlette.responses import JSONResponse

    async def set_cookie(request: Any) -> JSONResponse:
        response = JSONResponse({"ok": True})
        response.set_cookie("access_token", "x", httponly=True, samesite="lax")
        return response

    def served(origin: str) -> httpx.Response:
        return get_behind_guard(settings_factory(public_origin=origin), "/set", set_cookie, base_url=origin)

    secure, plain = served("https://travel.example.com"), served("http://localhost:8000")
    assert (
        "; Secure" in secure.headers["set-cookie"]
        and "max-age=31536000" in secure.headers["strict-transport-security"]
    )
    assert (
        "secure" not in plain.headers["set-cookie"].lower()
        and "strict-transport-security" not in plain.headers
    )


# -- 8. slow store calls off the event loop ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("handler", "store_call"),
    [("delete_account", "erase"), ("forget_all", "forget_all"), ("forget_fact", "forget_fact")],
)
def test_a_second_users_message_is_answered_while_the_first_users_erase_runs(
    runtime: Runtime, monkeypatch: pytest.MonkeyPatch, handler: str, store_call: str
) -> None:
    """Alice's erase (or forget) holds until bob's chat is answered. Run on the event loop, it would hold the
    loop, and bob would be answered only after it gave up."""
    import threading

    import chainlit as cl
    from chainlit.context import init_http_context
    from chainlit.user import User

    from tests.conftest import MONDAY
    from tests.test_web_layer import login_token
    from travel_assistant.web import context, handlers
    from travel_assistant.web.panel import handlers as panel_handlers

    monkeypatch.setattr(context._Installed, "app", context.App(runtime.settings, _runtime=runtime))
    for name in ("alice", "bob"):
        runtime.directory.ensure_user(UserId(name), now=MONDAY)
    tokens = {name: login_token(runtime, name) for name in ("alice", "bob")}
    bob_answered, overlapped = threading.Event(), []
    original = getattr(runtime.registry, store_call)

    def long_purge(*args: Any, **kwargs: Any) -> Any:
        overlapped.append(bob_answered.wait(timeout=20))
        return original(*args, **kwargs)

    monkeypatch.setattr(runtime.registry, store_call, long_purge)

    async def alice() -> None:
        init_http_context(
            user=User(identifier="alice"), auth_token=tokens["alice"], thread_id=str(uuid.uuid4())
        )
        payload = {"fact_id": "0" * 32} if handler == "forget_fact" else {}
        module = handlers if handler == "delete_account" else panel_handlers
        await getattr(module, handler)(cl.Action(name=handler, payload=payload))

    async def bob() -> None:
        init_http_context(user=User(identifier="bob"), auth_token=tokens["bob"], thread_id=str(uuid.uuid4()))
        await handlers.on_message(cl.Message(content="Find me flights to Lisbon on the 14th"))
        bob_answered.set()

    async def both() -> None:
        await asyncio.gather(alice(), bob())

    run(both())
    assert overlapped == [True], "bob was answered only after alice's purge let go of the event loop"
    [bobs] = runtime.directory.threads_of(UserId("bob"))
    assert "I found 3 flights" in runtime.thread_log.events(bobs.id)[-1].text


def test_web_settings_refuse_what_would_weaken_them(settings_factory: SettingsFactory) -> None:
    from pydantic import ValidationError

    assert (
        settings_factory(public_origin="HTTPS://Travel.Example.com/").public_origin
        == "https://travel.example.com"
    )
    for bad in ({"public_origin": "travel.example.com"}, {"public_origin": "https://x.example/app"}):
        with pytest.raises(ValidationError, match="PUBLIC_ORIGIN"):
            settings_factory(**bad)
    with pytest.raises(ValidationError, match="rate limit"):
        settings_factory(login_limit_per_account="lots")
    with pytest.raises(ValidationError, match="at most an hour"):
        settings_factory(login_limit_per_address="20/day")  # a day-long lockout would keep the real user out
    production = settings_factory(app_env="production", chainlit_auth_secret="s3cr3t-" + "x" * 40, docs=True)
    assert settings_factory(app_env="development", docs=True).api_docs and not production.api_docs
    assert not settings_factory(app_env="development").api_docs  # asked for, not by default
