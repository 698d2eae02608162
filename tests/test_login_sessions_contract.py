"""One contract for login sessions (``assistant.ports.LoginSessions``): the in-memory twin, SQLite, Postgres."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from assistant.errors import NotFound
from assistant.ids import UserId
from assistant.ports import LoginSessions
from memory.db import Database
from memory.inmemory import InMemoryLoginSessions, InMemoryThreadStore
from memory.sessions import SqlLoginSessions
from memory.users import SqlDirectory
from tests.conftest import MONDAY

ALICE, BOB = UserId("alice"), UserId("bob")
HOUR = timedelta(hours=1)


@pytest.fixture
def sessions(twin_or_database: Database | None) -> LoginSessions:
    if twin_or_database is None:
        users = InMemoryThreadStore()
        for user in (ALICE, BOB):
            users.ensure_user(user, now=MONDAY)
        return InMemoryLoginSessions(users)
    for user in (ALICE, BOB):
        SqlDirectory(twin_or_database).ensure_user(user, now=MONDAY)
    return SqlLoginSessions(twin_or_database)


def test_a_session_is_active_until_its_absolute_end(sessions: LoginSessions) -> None:
    opened = sessions.open(ALICE, now=MONDAY, lifetime=HOUR)
    assert len(opened.id) >= 40 and opened.expires_at == MONDAY + HOUR
    seen = sessions.active(opened.id, now=MONDAY + HOUR - timedelta(seconds=1))
    assert seen is not None and seen.user == ALICE and seen.id == opened.id
    assert sessions.active(opened.id, now=MONDAY + HOUR) is None
    assert sessions.open(ALICE, now=MONDAY, lifetime=HOUR).id != opened.id


def test_unknown_empty_and_guessed_ids_are_not_sessions(sessions: LoginSessions) -> None:
    opened = sessions.open(ALICE, now=MONDAY, lifetime=HOUR)
    for guess in ("", "x", opened.id[:-1], opened.id + "x", opened.id.upper()):
        assert sessions.active(guess, now=MONDAY) is None


def test_revoking_ends_one_session_once(sessions: LoginSessions) -> None:
    first, second = (sessions.open(ALICE, now=MONDAY, lifetime=HOUR) for _ in range(2))
    assert sessions.revoke(first.id, now=MONDAY, reason="logout")
    assert not sessions.revoke(first.id, now=MONDAY, reason="logout")  # already ended
    assert sessions.active(first.id, now=MONDAY) is None
    assert sessions.active(second.id, now=MONDAY) is not None


def test_revoking_a_user_ends_all_their_sessions_and_nobody_elses(sessions: LoginSessions) -> None:
    alices = [sessions.open(ALICE, now=MONDAY, lifetime=HOUR) for _ in range(3)]
    bobs = sessions.open(BOB, now=MONDAY, lifetime=HOUR)
    sessions.revoke(alices[0].id, now=MONDAY, reason="logout")
    assert sessions.revoke_user(ALICE, now=MONDAY, reason="password_reset") == 2
    assert all(sessions.active(s.id, now=MONDAY) is None for s in alices)
    assert sessions.active(bobs.id, now=MONDAY) is not None


def test_prune_drops_only_sessions_that_can_never_be_active_again(sessions: LoginSessions) -> None:
    live = sessions.open(ALICE, now=MONDAY, lifetime=2 * HOUR)
    expired = sessions.open(ALICE, now=MONDAY - 2 * HOUR, lifetime=HOUR)
    ended = sessions.open(BOB, now=MONDAY, lifetime=HOUR)
    sessions.revoke(ended.id, now=MONDAY, reason="admin")
    assert expired.id and sessions.prune(now=MONDAY) == 2
    assert sessions.active(live.id, now=MONDAY) is not None
    assert sessions.prune(now=MONDAY) == 0


def test_only_existing_users_get_sessions_and_lifetimes_are_positive(sessions: LoginSessions) -> None:
    with pytest.raises(NotFound):
        sessions.open(UserId("nobody"), now=MONDAY, lifetime=HOUR)
    with pytest.raises(ValueError, match="positive lifetime"):
        sessions.open(ALICE, now=MONDAY, lifetime=timedelta(0))


def test_the_table_keeps_a_hash_never_the_session_id(tmp_path: Path) -> None:
    from sqlalchemy import select
    from sqlmodel import col

    from memory import migrate
    from memory.db import Database
    from memory.sessions import SqlLoginSessions
    from memory.tables import LoginSessionRow
    from memory.users import SqlDirectory

    db = Database(f"sqlite:///{tmp_path / 's.db'}")
    try:
        migrate.upgrade(db)
        SqlDirectory(db).ensure_user(ALICE, now=MONDAY)
        opened = SqlLoginSessions(db).open(ALICE, now=MONDAY, lifetime=HOUR)
        with db.read() as session:
            [stored] = session.execute(select(col(LoginSessionRow.id))).scalars().all()
        assert stored != opened.id and opened.id not in stored and len(stored) == 64
    finally:
        db.dispose()
