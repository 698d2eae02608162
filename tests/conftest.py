"""Shared fixtures. Real model calls are impossible here: every socket connection to a non-loopback address
raises, and the default model is the offline one."""

from __future__ import annotations

import asyncio
import os
import socket
from collections.abc import Callable, Coroutine, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import pytest

from tests.live_app import live_app  # noqa: F401  (a running app to attack: the security tests share one)

if TYPE_CHECKING:
    from typer.testing import Result

    from assistant.model.llm import LiteLLMChatModel
    from memory.db import Database
    from testkit.forkcli import ForkCli
    from testkit.provider_server import ProviderServer
    from travel_assistant.container import Runtime
    from travel_assistant.settings import Settings

T = TypeVar("T")
SettingsFactory = Callable[..., "Settings"]
RuntimeFactory = Callable[..., "Runtime"]

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("LITELLM_OFFLINE_MODE", "true")

PG_ADMIN_URL = os.environ.get(
    "TEST_POSTGRES_ADMIN_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
)
MONDAY = datetime(2026, 11, 9, 9, 0, tzinfo=UTC)

_real_connect = socket.socket.connect


def _guarded_connect(self: socket.socket, address: Any) -> Any:
    host = address[0] if isinstance(address, tuple) else address
    loopback = host in ("::1", "localhost") or (isinstance(host, str) and host.startswith("127."))
    if isinstance(host, str) and self.family in (socket.AF_INET, socket.AF_INET6) and not loopback:
        raise ConnectionRefusedError(f"tests may not reach the network ({host})")
    return _real_connect(self, address)


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(socket.socket, "connect", _guarded_connect)


@pytest.fixture
def now() -> datetime:
    return MONDAY


def _create_pg_database() -> str:
    from testkit.scratch_pg import create_database

    return create_database("travel_test_", admin_url=PG_ADMIN_URL)


def _drop_pg_database(url: str) -> None:
    from testkit.scratch_pg import drop_database

    drop_database(url, admin_url=PG_ADMIN_URL)


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty Postgres database for one test."""
    url = _create_pg_database()
    try:
        yield url
    finally:
        _drop_pg_database(url)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The same test on SQLite (WAL file) and on Postgres."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'travel.db'}"
        return
    url = _create_pg_database()
    try:
        yield url
    finally:
        _drop_pg_database(url)


def _migrated(url: str) -> Iterator[Database]:
    from memory import migrate
    from memory.db import Database

    db = Database(url)
    try:
        migrate.upgrade(db)
        yield db
    finally:
        db.dispose()


@pytest.fixture
def database(db_url: str) -> Iterator[Database]:
    yield from _migrated(db_url)


@pytest.fixture(params=["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def twin_or_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database | None]:
    """A contract's three backends: None for the in-memory twin, else a migrated SQLite or Postgres database."""
    if request.param == "memory":
        yield None
    elif request.param == "sqlite":
        yield from _migrated(f"sqlite:///{tmp_path / 'travel.db'}")
    else:
        yield from _migrated(request.getfixturevalue("pg_url"))


@pytest.fixture
def settings_factory(tmp_path: Path) -> SettingsFactory:
    """Settings pointing at a temp data dir, independent of any developer .env file."""
    from travel_assistant.settings import Settings

    def make(**overrides: Any) -> Settings:
        values: dict[str, Any] = {
            "travel_data_dir": tmp_path / "data",
            "embeddings": "hash",
            "offline_stream_delay_ms": 0,
            "llm_max_retries": 0,
        }
        values.update(overrides)
        return Settings(_env_file=None, **values)

    return make


@pytest.fixture
def runtime_factory(settings_factory: SettingsFactory) -> Iterator[RuntimeFactory]:
    """Builds runtimes from settings overrides; every one built is closed at teardown, pass or fail."""
    from travel_assistant.container import build_runtime

    built: list[Runtime] = []

    def make(**overrides: Any) -> Runtime:
        built.append(build_runtime(settings_factory(**overrides)))
        return built[-1]

    try:
        yield make
    finally:
        for rt in built:
            rt.close()


@pytest.fixture
def runtime(runtime_factory: RuntimeFactory) -> Runtime:
    return runtime_factory()


@pytest.fixture(scope="session")
def offline_model() -> LiteLLMChatModel:
    """The offline demo model through litellm (the same path real providers take)."""
    from assistant.model.llm import LiteLLMChatModel
    from demo.provider import offline_config

    return LiteLLMChatModel(offline_config(max_retries=0))


@pytest.fixture
def cli_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temp data dir for the command line run in-process (see :func:`run_cli`)."""
    monkeypatch.chdir(tmp_path)  # no developer .env is read
    monkeypatch.setenv("TRAVEL_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("EMBEDDINGS", "hash")
    monkeypatch.setenv("OFFLINE_STREAM_DELAY_MS", "0")
    monkeypatch.setenv("LLM_MAX_RETRIES", "0")
    return tmp_path


def run_cli(*args: str) -> Result:
    """The whole ``travel-assistant`` command line, run in-process with typer's runner."""
    from typer.testing import CliRunner

    from travel_assistant.cli.main import full_app

    return CliRunner().invoke(full_app(), list(args))


@pytest.fixture(scope="session")
def fork_cli() -> Iterator[ForkCli]:
    """One ``testkit.forkcli`` server per test session: ``travel-assistant`` commands as forked processes
    (imports paid once), for the crash suite and the bad-input corpus."""
    from testkit.forkcli import ForkCli

    with ForkCli() as server:
        yield server


class Run(Protocol):
    """Runs a coroutine to its end on the test module's event loop (the ``run`` fixture)."""

    def __call__(self, coro: Coroutine[Any, Any, T], /) -> T: ...


@pytest.fixture(scope="module")
def run() -> Iterator[Run]:
    """One event loop for the module: litellm caches HTTP clients, and they must not outlive their loop."""
    with asyncio.Runner() as runner:
        yield runner.run


@pytest.fixture
def server() -> Iterator[ProviderServer]:
    """A fake model provider on loopback (``testkit.provider_server``), fresh for each test."""
    from testkit.provider_server import ProviderServer

    with ProviderServer() as fake:
        yield fake
