"""Passwords and demo accounts. Hashes use Argon2 (pwdlib); plain passwords are never stored."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import ParamSpec, TypeVar

from pwdlib import PasswordHash

from assistant.ids import user_id
from travel_assistant.container import Runtime, utc_now

P = ParamSpec("P")
R = TypeVar("R")

# Threads for password checks, apart from asyncio's default pool. One Argon2 check (pwdlib's recommended
# parameters: 64 MiB, 3 passes) is ~180 ms of CPU with the GIL released. In the default pool a burst of logins
# would occupy every worker and queue the store calls of the chats in progress behind them (the engine's thread
# log writes, recall); here they queue among themselves. Two threads, so one check does not hold up every
# other login, or half the cores where that is more; an unknown name costs the same work and the throttle
# counts per account and address, so a flood of logins is bounded by this pool too.
LOGIN_THREADS = max(2, (os.cpu_count() or 2) // 2)
# On Linux the pool's threads also run at a lower CPU priority (nice is per thread there): when a core is
# contended, a turn in progress goes before a password check, since a reply waits on every turn and a login
# once per visit. Checks still get the CPU whenever the chats leave it idle.
LOGIN_NICE = 10


def _lower_priority() -> None:
    if sys.platform != "linux":
        return  # elsewhere setpriority(PRIO_PROCESS, …) would take a thread id for a process id
    thread = threading.get_native_id()
    with contextlib.suppress(OSError):  # not allowed (a restricted container): checks run at normal priority
        os.setpriority(os.PRIO_PROCESS, thread, min(19, os.getpriority(os.PRIO_PROCESS, thread) + LOGIN_NICE))


class LoginPool:
    """The threads that check passwords (see ``LOGIN_THREADS``). One per web app, built with it and shut down
    with it, so importing this module starts nothing."""

    def __init__(self, threads: int = LOGIN_THREADS) -> None:
        self._pool = ThreadPoolExecutor(
            max_workers=threads, thread_name_prefix="login", initializer=_lower_priority
        )

    async def run(self, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """Run a login step that checks a password in this pool (with the caller's context variables, as
        ``asyncio.to_thread`` would) and wait for it without blocking the event loop."""
        call = functools.partial(contextvars.copy_context().run, fn, *args, **kwargs)
        return await asyncio.get_running_loop().run_in_executor(self._pool, call)

    def close(self) -> None:
        """Checks not started are dropped (their logins get an error); one running finishes in its thread."""
        self._pool.shutdown(wait=False, cancel_futures=True)


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
