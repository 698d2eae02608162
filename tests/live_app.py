"""A running app to attack: ``travel-assistant serve`` with ``APP_ENV=test`` (no demo users, a real secret, API
docs off), its own data directory and users, and clients that behave like a browser (login form, cookie,
Origin) or like an attacker (another user's cookie, a foreign Origin, no cookie at all).

The ``live_app`` fixture starts one server per test session; tests that end logins or erase accounts use
users of their own (``USERS``). Socket clients speak Chainlit's socket.io protocol with python-socketio.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest

from testkit.app_env import free_port, offline_env, start_app, stop_app, wait_until_ready

if TYPE_CHECKING:
    from travel_assistant.container import Runtime
    from travel_assistant.settings import Settings

REPO = Path(__file__).resolve().parents[1]
CLI = REPO / ".venv" / "bin" / "travel-assistant"
ARTIFACTS = REPO / "test-artifacts"
STARTUP_TIMEOUT_S = 120
# One user per story that ends logins or erases an account, so tests do not depend on their order.
USERS = {
    name: f"{name}-live-pass-{i}"
    for i, name in enumerate(
        [
            "alice",
            "bob",
            "carol",
            "dave",
            "erin",
            "frank",
            "grace",
            "heidi",
            "ivan",
            "judy",
            "mallory",
            "olivia",
            "peggy",
            "trent",
        ]
    )
}
ADMINS = "alice"
# The one peer whose X-Forwarded-For the live app believes (TRUSTED_PROXIES). Every 127.x.y.z is this machine,
# so a test can speak from any of them (``source=``): as the proxy, or as clients with addresses of their own.
PROXY = "127.0.0.9"
# Variables a CI system or a shell may set for its own purposes; Chainlit's settings would read them as JSON
# (travel_assistant.web.launch). The live app starts with them set, as an app in such a CI would.
UNRELATED = {"PROJECT": "my-ci-project", "UI": "gtk", "CODE": "42", "RUN": "nightly"}


@dataclass
class LiveApp:
    base_url: str
    data_dir: Path
    secret: str
    log_path: Path
    process: subprocess.Popen[bytes] | None = None

    @property
    def origin(self) -> str:
        return self.base_url

    @property
    def foreign_origin(self) -> str:
        """Same host, another port: "same site", so a SameSite=Lax cookie goes with its requests."""
        return self.base_url.rsplit(":", 1)[0] + ":1"

    def env(self) -> dict[str, str]:
        port = self.base_url.rsplit(":", 1)[1]
        env = offline_env(
            self.data_dir,
            APP_ENV="test",
            OFFLINE_STREAM_DELAY_MS="0",
            ADMIN_USERS=ADMINS,
            HOST="127.0.0.1",
            PORT=port,
            PUBLIC_ORIGIN=self.base_url,
            CHAINLIT_AUTH_SECRET=self.secret,
            SCHEDULER_IN_APP="false",
            TRUSTED_PROXIES=PROXY,
        )
        return {**env, **UNRELATED}

    def settings(self) -> Settings:
        from travel_assistant.settings import Settings

        return Settings(
            _env_file=None,
            app_env="test",
            travel_data_dir=self.data_dir,
            embeddings="hash",
            chainlit_auth_secret=self.secret,
            public_origin=self.base_url,
        )

    @contextlib.contextmanager
    def runtime(self) -> Iterator[Runtime]:
        """The server's stores, opened from this process (SQLite in WAL mode takes both)."""
        from travel_assistant.container import build_runtime

        rt = build_runtime(self.settings(), upgrade_schema=False)
        try:
            yield rt
        finally:
            rt.close()

    def log_text(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace") if self.log_path.exists() else ""

    # -- HTTP, as a browser page of this site would send it ------------------------------------------------

    def login(
        self,
        user: str,
        password: str | None = None,
        *,
        origin: str | None = "self",
        source: str | None = None,
        browser: httpx.Client | None = None,
        **headers: str,
    ) -> httpx.Response:
        """The login form as Chainlit's page posts it (multipart, with the page's Origin unless ``origin``
        says otherwise), from the local address ``source`` (a 127.x.y.z) or through ``browser`` (a client
        that keeps its cookies); other headers by keyword, ``X_Forwarded_For`` → ``X-Forwarded-For``."""
        sent = {k.replace("_", "-"): v for k, v in headers.items()}
        if origin is not None:
            sent["Origin"] = self.origin if origin == "self" else origin
        form = {"username": (None, user), "password": (None, password or USERS[user])}
        if browser is not None:
            return browser.post("/login", files=form, headers=sent)
        with self.from_address(source) as http:
            return http.post("/login", files=form, headers=sent)

    def from_address(self, source: str | None = None) -> httpx.Client:
        """A client without cookies of its own, connecting from ``source`` (default 127.0.0.1)."""
        transport = httpx.HTTPTransport(local_address=source) if source else None
        return httpx.Client(base_url=self.base_url, transport=transport, timeout=30)

    def token(self, user: str) -> str:
        response = self.login(user)
        assert response.status_code == 200, (response.status_code, response.text)
        return response.cookies["access_token"]

    def client(self, token: str | None, *, origin: str | None = "self") -> httpx.Client:
        headers = {} if origin is None else {"Origin": self.origin if origin == "self" else origin}
        cookies = {"access_token": token} if token else {}
        return httpx.Client(base_url=self.base_url, headers=headers, cookies=cookies, timeout=30)


def start(tmp: Path) -> LiveApp:
    app = LiveApp(
        base_url=f"http://127.0.0.1:{free_port()}",
        data_dir=tmp / "data",
        secret="live-tests-" + os.urandom(24).hex(),
        log_path=ARTIFACTS / f"security-server{os.environ.get('PYTEST_XDIST_WORKER', '')}.log",
    )
    _create_users(app)
    app.log_path.parent.mkdir(parents=True, exist_ok=True)
    with app.log_path.open("wb") as log:
        app.process = start_app([str(CLI), "serve"], cwd=REPO, env=app.env(), log=log)
    failed = wait_until_ready(app.process, app.base_url, STARTUP_TIMEOUT_S)
    if failed:
        stop(app)
        raise RuntimeError(f"{failed}:\n{app.log_text()[-3000:]}")
    return app


def _create_users(app: LiveApp) -> None:
    from travel_assistant.container import build_runtime, utc_now
    from travel_assistant.web.auth import hash_password

    rt = build_runtime(app.settings())
    try:
        for name, password in USERS.items():
            rt.directory.set_password(name, hash_password(password), is_admin=name in ADMINS, now=utc_now())  # type: ignore[arg-type]
    finally:
        rt.close()


def stop(app: LiveApp) -> None:
    stop_app(app.process)


@pytest.fixture(scope="session")
def live_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveApp]:
    if not CLI.exists():
        pytest.skip(f"{CLI} is missing (run `make install-test`)")
    app = start(tmp_path_factory.mktemp("live-app"))
    try:
        yield app
    finally:
        stop(app)


# -- sockets --------------------------------------------------------------------------------------------------


@dataclass
class SocketRun:
    """What one socket saw: whether it connected (or why not), and every event the server sent."""

    connected: bool = False
    error: str = ""
    events: list[tuple[str, Any]] = field(default_factory=list)

    def names(self) -> list[str]:
        return [name for name, _ in self.events]

    def text(self) -> str:
        return repr(self.events)


class ChatSocket:
    """One Chainlit chat session over socket.io, as the page opens it (or as an attacker would)."""

    def __init__(self, app: LiveApp, token: str | None, *, origin: str | None = "self") -> None:
        import socketio

        self.app, self.token = app, token
        self.origin = app.origin if origin == "self" else origin
        self.session_id = str(uuid.uuid4())
        self.run = SocketRun()
        self._changed = asyncio.Event()
        self.client = socketio.AsyncClient(reconnection=False)
        self.client.on("*", self._record)
        self.client.on("disconnect", self._disconnected)

    async def _record(self, event: str, *args: Any) -> None:
        self.run.events.append((event, args[0] if len(args) == 1 else list(args)))
        self._changed.set()

    async def _disconnected(self, *args: Any) -> None:
        self.run.events.append(("disconnect", None))
        self._changed.set()

    async def connect(
        self, *, thread: str | None = None, session_id: str | None = None, transport: str = "websocket"
    ) -> SocketRun:
        headers = {"Origin": self.origin} if self.origin else {}
        if self.token:
            headers["Cookie"] = f"access_token={self.token}"
        auth = {
            "sessionId": session_id or self.session_id,
            "threadId": thread or "",
            "clientType": "webapp",
            "userEnv": "{}",
        }
        try:
            await self.client.connect(
                self.app.base_url,
                socketio_path="/ws/socket.io",
                headers=headers,
                auth=auth,
                transports=[transport],
                wait_timeout=10,
            )
        except Exception as exc:  # socketio.exceptions.ConnectionError and transport errors alike
            self.run.error = f"{type(exc).__name__}: {exc}"
            return self.run
        self.run.connected = True
        await self.client.emit("connection_successful")
        return self.run

    async def wait_for(self, condition: Callable[[SocketRun], bool], timeout: float = 30) -> bool:
        deadline = time.monotonic() + timeout
        while not condition(self.run):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), remaining)
        return True

    async def settle(self) -> None:
        """Wait until the start of the session is over: resumed (or refused), the chat started, and every
        task it began has ended (the server opens with one task_end of its own)."""

        def started(r: SocketRun) -> bool:
            names = r.names()
            if "first_interaction" in names:  # resuming: the thread comes after the resume handler's task
                marker = "resume_thread" in names
            else:
                marker = any(n in ("resume_thread_error", "set_commands") for n in names)
            return "disconnect" in names or (marker and names.count("task_end") > names.count("task_start"))

        await self.wait_for(started, timeout=20)

    async def say(self, text: str, *, timeout: float = 45) -> list[tuple[str, Any]]:
        """Send a message and wait for its turn to end; returns the events of that turn."""
        before = len(self.run.events)
        message = {
            "id": str(uuid.uuid4()),
            "threadId": "",
            "output": text,
            "name": "User",
            "type": "user_message",
            "createdAt": datetime.now(UTC).isoformat(),
        }
        await self.client.emit("client_message", {"message": message, "fileReferences": []})
        await self.wait_for(lambda r: _turn_over(r.names()[before:]), timeout)
        return self.run.events[before:]

    async def close(self) -> None:
        # Over long-polling the client's disconnect waits for its pending poll, which the server holds until
        # its next ping (~30 s a socket); everything the test reads has arrived by now, so it is not awaited.
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.client.disconnect(), timeout=2)
        with contextlib.suppress(Exception):
            await self.client.shutdown()
        http = getattr(self.client.eio, "http", None)  # left open by a refused connection
        if http is not None and not http.closed:
            await http.close()


def _turn_over(names: list[str]) -> bool:
    starts = names.count("task_start")
    return "disconnect" in names or (starts >= 1 and names.count("task_end") >= starts)
