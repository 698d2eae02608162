"""Schema migrations (Alembic), run at start-up by the composition root and by ``travel-assistant db upgrade``.

Several processes may start at once (the app, a scheduler process, CLI calls). The upgrade runs inside a
transaction that first takes an exclusive lock (``BEGIN IMMEDIATE`` on SQLite, an advisory lock on Postgres), so
the second process waits, then finds the schema already at head and does nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from memory.db import Database

if TYPE_CHECKING:
    from alembic.config import Config

_ADVISORY_LOCK_KEY = 0x7A11_0001  # arbitrary, constant: "travel-assistant schema"
# The newest revision. A start that finds the database at it reads one row and never imports Alembic (~0.08 s
# of every command's start-up); tests/test_settings_and_schema.py checks that this is Alembic's head.
HEAD = "0008_thread_log_revision"


def _config() -> Config:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", "memory:migrations")
    return cfg


def head_revision() -> str:
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(_config()).get_current_head()
    assert head is not None
    return head


def current_revision(db: Database) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with db.engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def at_head(db: Database) -> bool:
    """Whether the database's schema is at ``HEAD`` already (one read, no lock: a schema at head stays there)."""
    try:
        with db.engine.connect() as conn:
            versions = conn.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
    except DBAPIError:  # no version table yet: a new database
        return False
    return versions == [HEAD]


def upgrade(db: Database, revision: str = "head") -> None:
    if revision == "head" and at_head(db):
        return
    from alembic import command

    cfg = _config()
    with db.write_engine.begin() as conn:
        if not db.is_sqlite:
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _ADVISORY_LOCK_KEY})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)


def downgrade(db: Database, revision: str) -> None:
    from alembic import command

    cfg = _config()
    with db.write_engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, revision)


def autogenerate(db: Database, message: str, rev_id: str) -> None:
    """Developer helper: write a new revision from the difference between the tables and the database."""
    from alembic import command

    cfg = _config()
    with db.write_engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.revision(cfg, message=message, autogenerate=True, rev_id=rev_id)
