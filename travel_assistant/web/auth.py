"""Passwords and demo accounts. Hashes use Argon2 (pwdlib); plain passwords are never stored."""

from __future__ import annotations

from functools import cache

from pwdlib import PasswordHash

from assistant.ids import user_id
from travel_assistant.container import Runtime, utc_now


@cache
def _hasher() -> PasswordHash:
    return PasswordHash.recommended()


def hash_password(password: str) -> str:
    return _hasher().hash(password)


def verify_password(password: str, hashed: str | None) -> bool:
    if not hashed:
        # Same work as a real check, so response time does not tell whether the user exists.
        _hasher().verify(password, _dummy_hash())
        return False
    return bool(_hasher().verify(password, hashed))


@cache
def _dummy_hash() -> str:
    return _hasher().hash("not-a-real-password")


def seed_demo_users(rt: Runtime) -> list[str]:
    """Create the DEMO_USERS logins (development only; Settings refuses them elsewhere)."""
    admins = rt.settings.admins()
    created = []
    for name, password in rt.settings.demo_accounts():
        uid = user_id(name)
        existing = rt.directory.get_user(uid)
        unchanged = existing is not None and existing.is_admin == (name in admins)
        if unchanged and existing and verify_password(password, existing.password_hash):
            continue
        rt.directory.set_password(uid, hash_password(password), is_admin=name in admins, now=utc_now())
        created.append(name)
    return created
