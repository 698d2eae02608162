"""Schema migrations (Alembic), run at start-up by the composition root and by ``travel-assistant db upgrade``.

Several processes may start at once (the app, a scheduler process, CLI calls). The upgrade runs inside a
transaction that first takes an exclusive lock (``BEGIN IMMEDIATE`` on SQLite, an advisory lock on Postgres), so
the second process waits, then finds the schema already at head and does nothing.
"""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text

from memory.db import Database

_ADVISORY_LOCK_KEY = 0x7A11_0001  # arbitrary, constant: "travel-assistant schema"


def _config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", "memory:migrations")
    return cfg


def head_revision() -> str:
    head = ScriptDirectory.from_config(_config()).get_current_head()
    assert head is not None
    return head


def current_revision(db: Database) -> str | None:
    with db.engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def upgrade(db: Database, revision: str = "head") -> None:
    cfg = _config()
    with db.write_engine.begin() as conn:
        if not db.is_sqlite:
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _ADVISORY_LOCK_KEY})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)


def downgrade(db: Database, revision: str) -> None:
    cfg = _config()
    with db.write_engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, revision)


def autogenerate(db: Database, message: str, rev_id: str) -> None:
    """Developer helper: write a new revision from the difference between the tables and the database."""
    cfg = _config()
    with db.write_engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.revision(cfg, message=message, autogenerate=True, rev_id=rev_id)
