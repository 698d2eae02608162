"""Login throttling: failed logins per account and per client address, in moving windows (``limits``).

Only failures count, and a refused attempt is not counted again, so once an attack stops the real user waits
at most one window (a minute by default) and no password check is spent on a refused attempt. A successful
login clears its account's failures, never its address's: a valid login must not buy more guesses at other
accounts. Counters live in ``LOGIN_THROTTLE_STORAGE``: ``memory://`` is per process, which is right for one
worker; several workers need one shared store (e.g. ``redis://…``), or each counts on its own and an
attacker gets one budget per worker.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Literal

from limits import RateLimitItem, parse
from limits.aio.storage import MovingWindowSupport, Storage
from limits.aio.strategies import MovingWindowRateLimiter
from limits.storage import storage_from_string

from travel_assistant.settings import Settings

LimitKind = Literal["account", "address"]


@dataclass(frozen=True, slots=True)
class Lockout:
    """A limit that the latest failure filled: further attempts wait ``retry_after`` seconds."""

    kind: LimitKind
    retry_after: int
    limit: str


def account_key(username: str) -> str:
    """Throttle key of a login name: case-folded and bounded, so "Alice" and "alice " share one budget."""
    return username.strip().casefold()[:128] or "-"


class LoginThrottle:
    def __init__(self, *, per_account: str, per_address: str, storage_uri: str = "memory://") -> None:
        uri = storage_uri if storage_uri.startswith("async+") else f"async+{storage_uri}"
        storage = storage_from_string(uri)
        if not isinstance(storage, Storage) or not isinstance(storage, MovingWindowSupport):
            raise ValueError(f"LOGIN_THROTTLE_STORAGE {storage_uri!r} does not support moving windows")
        self._limiter = MovingWindowRateLimiter(storage)
        self._limits: dict[LimitKind, RateLimitItem] = {
            "account": parse(per_account),
            "address": parse(per_address),
        }

    @classmethod
    def from_settings(cls, settings: Settings) -> LoginThrottle:
        return cls(
            per_account=settings.login_limit_per_account,
            per_address=settings.login_limit_per_address,
            storage_uri=settings.login_throttle_storage,
        )

    @property
    def longest_window(self) -> int:
        return max(int(item.get_expiry()) for item in self._limits.values())

    def _keys(self, account: str, address: str) -> list[tuple[LimitKind, RateLimitItem, str]]:
        return [
            ("account", self._limits["account"], account_key(account)),
            ("address", self._limits["address"], address),
        ]

    async def _wait(self, item: RateLimitItem, key: str) -> int:
        stats = await self._limiter.get_window_stats(item, "login", key)
        return max(1, math.ceil(stats.reset_time - time.time()))

    async def retry_after(self, account: str, address: str) -> int | None:
        """Seconds to wait before this account may try again from this address, or None if it may now."""
        waits = [
            await self._wait(item, key)
            for _, item, key in self._keys(account, address)
            if not await self._limiter.test(item, "login", key)
        ]
        return max(waits) if waits else None

    async def failed(self, account: str, address: str) -> list[Lockout]:
        """Count a failed login; returns the limits this failure filled (each is a lockout starting now)."""
        lockouts = []
        for kind, item, key in self._keys(account, address):
            await self._limiter.hit(item, "login", key)
            if not await self._limiter.test(item, "login", key):
                lockouts.append(Lockout(kind, await self._wait(item, key), str(item)))
        return lockouts

    async def succeeded(self, account: str) -> None:
        await self._limiter.clear(self._limits["account"], "login", account_key(account))
