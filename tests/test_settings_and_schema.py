"""Settings refuse unsafe values; the schema is migrated by Alembic and matches the models; SQLite runs in WAL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text
from sqlmodel import SQLModel

from assistant.errors import ConfigurationError
from memory import migrate
from memory.db import Database
from travel_assistant.settings import Settings, build_settings

REAL_SECRET = "k3v9QpXw0mZr7TnY2bLs8HfJd4GcVaUe1oIyPq6R"


@pytest.fixture(autouse=True)
def _no_developer_env_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # build_settings() reads ./.env


def make(**values: Any) -> Settings:
    return Settings(_env_file=None, **values)


def test_development_runs_on_safe_defaults_without_any_configuration() -> None:
    settings = make()
    assert settings.llm_model == "offline/travel-agent" and settings.window_policy == "summary-block"
    assert settings.resolved_database_url.startswith(
        "sqlite:///"
    ) and settings.resolved_database_url.endswith("travel.db")
    assert settings.resolved_lancedb_uri.endswith("lancedb")


@pytest.mark.parametrize("env", ["production", "test"])
def test_a_placeholder_secret_is_refused_outside_development(
    env: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("APP_ENV", env)
    with pytest.raises(ConfigurationError, match="CHAINLIT_AUTH_SECRET"):
        build_settings()
    monkeypatch.setenv("CHAINLIT_AUTH_SECRET", "change-me-please-this-is-long-enough-000000")
    with pytest.raises(ConfigurationError, match="placeholder"):
        build_settings()
    monkeypatch.setenv("CHAINLIT_AUTH_SECRET", REAL_SECRET)
    assert build_settings().app_env == env


def test_demo_users_are_refused_outside_development(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("APP_ENV", "production")
    monkeypatch.setenv("CHAINLIT_AUTH_SECRET", REAL_SECRET)
    monkeypatch.setenv("DEMO_USERS", "alice:alice-demo-pass")
    with pytest.raises(ConfigurationError, match="DEMO_USERS"):
        build_settings()


def test_bad_values_give_one_readable_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WINDOW_POLICY", "everything")
    monkeypatch.setenv("IDLE_MINUTES", "-3")
    with pytest.raises(ConfigurationError) as excinfo:
        build_settings()
    assert "window_policy" in str(excinfo.value) and "idle_minutes" in str(excinfo.value)


def test_the_replaced_recency_weight_is_refused_with_its_replacement_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert build_settings().recall_recency_band == 0.01
    monkeypatch.setenv("RECALL_RECENCY_WEIGHT", "0.2")
    with pytest.raises(ConfigurationError, match="RECALL_RECENCY_BAND"):
        build_settings()


def test_demo_accounts_and_provider_keys() -> None:
    settings = make(demo_users="alice:pw1, bob:pw2", openai_api_key="sk-openai", anthropic_api_key="sk-ant")
    assert settings.demo_accounts() == [("alice", "pw1"), ("bob", "pw2")]
    assert settings.provider_api_key("anthropic") == "sk-ant" and settings.provider_api_key("ollama") is None
    assert make(llm_api_key="sk-any", openai_api_key="sk-openai").provider_api_key("openai") == "sk-any"
    with pytest.raises(ConfigurationError):
        make(demo_users="alice").demo_accounts()


def test_secrets_never_show_in_the_settings_repr() -> None:
    settings = make(openai_api_key="sk-very-secret-value", chainlit_auth_secret=REAL_SECRET)
    assert "sk-very-secret-value" not in repr(settings) and REAL_SECRET not in repr(settings)


def test_migrations_create_exactly_the_models(db_url: str) -> None:
    db = Database(db_url)
    try:
        assert not migrate.at_head(db)  # a new database
        migrate.upgrade(db)
        migrate.upgrade(db)  # idempotent
        assert migrate.current_revision(db) == migrate.head_revision() == migrate.HEAD
        assert migrate.at_head(db)  # so a start-up skips Alembic
        import memory.tables  # noqa: F401  (registers the tables)

        with db.engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), SQLModel.metadata)
        assert diff == []
        migrate.downgrade(db, "base")
        assert migrate.current_revision(db) is None
    finally:
        db.dispose()


def test_sqlite_runs_in_wal_mode_with_secure_delete(tmp_path: Path) -> None:
    db = Database(f"sqlite:///{tmp_path / 't.db'}")
    try:
        with db.engine.connect() as conn:
            assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert conn.execute(text("PRAGMA secure_delete")).scalar() == 1
            assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
    finally:
        db.dispose()
