"""Login throttling that an attacker cannot turn against the user (``limits``, moving windows).

Who is asking decides which budget a failure spends (OWASP's device-cookie scheme, ``web.security.devices``):

* **a trusted browser** (it carries a genuine device cookie for the account) spends its own device budget
  (``LOGIN_LIMIT_PER_ACCOUNT``) and nothing else: nobody else's failures, on the account or from its address,
  ever stop it. Past its budget the cookie stops counting as trusted, so a stolen one buys a few guesses;
* **any other client** spends the account's budget for untrusted clients and its address's
  (``LOGIN_LIMIT_PER_ADDRESS``). Past the account budget the account is not locked: each further attempt
  from an untrusted client waits a delay that doubles with every failure (1 s, 2 s, 4 s, ...), never longer
  than the account window. The address limit is a hard one; it spans accounts.

Only failures count, and a refused attempt is neither counted nor checked. A success clears the budget it
was spent from, never an address's (a valid login must not buy guesses at other accounts), and a trusted
browser's success leaves the untrusted budget as it is (the attacker's delay goes on). Counters live in
``LOGIN_THROTTLE_STORAGE``: ``memory://`` is per process, which is right for one worker; several workers
need one shared store (e.g. ``redis://…``), or each counts on its own and an attacker gets one budget per
worker.
"""

from __future__ import annotations

import asyncio
import math
import time
from dataclasses import dataclass
from typing import Literal

from limits import RateLimitItem, RateLimitItemPerSecond, parse, parse_many
from limits.aio.storage import MovingWindowSupport, Storage
from limits.aio.strategies import MovingWindowRateLimiter
from limits.storage import storage_from_string

from travel_assistant.settings import Settings
from travel_assistant.web.security.devices import AccountKey, DeviceId

LimitKind = Literal["account", "address", "device"]
# Failures past the free ones that are still counted: the doubling delay has reached any window by then.
DELAY_STEPS = 16


@dataclass(frozen=True, slots=True)
class Lockout:
    """A budget the latest failure used up: for an account, untrusted attempts wait ``retry_after`` seconds
    (and longer after each further failure); for an address, every attempt does; for a device, its cookie
    is no longer trusted for the rest of the window."""

    kind: LimitKind
    retry_after: int
    limit: str


def moving_windows(storage_uri: str) -> MovingWindowRateLimiter:
    """A moving-window limiter on ``LOGIN_THROTTLE_STORAGE`` (the one store of every counter here)."""
    uri = storage_uri if storage_uri.startswith("async+") else f"async+{storage_uri}"
    storage = storage_from_string(uri)
    if not isinstance(storage, Storage) or not isinstance(storage, MovingWindowSupport):
        raise ValueError(f"LOGIN_THROTTLE_STORAGE {storage_uri!r} does not support moving windows")
    return MovingWindowRateLimiter(storage)


class LoginThrottle:
    def __init__(self, *, per_account: str, per_address: str, storage_uri: str = "memory://") -> None:
        self._limiter = moving_windows(storage_uri)
        account = parse(per_account)
        self._free = account.amount
        self._limits: dict[LimitKind, RateLimitItem] = {
            # Counted past the free failures (a full moving window counts no more), far enough for the
            # doubling delay to reach its cap.
            "account": type(account)(account.amount + DELAY_STEPS, account.multiples),
            "address": parse(per_address),
            "device": account,
        }
        self._shown = {"account": per_account, "address": per_address, "device": per_account}
        # One entry per account, renewed at each untrusted failure: when the latest one was.
        self._latest = RateLimitItemPerSecond(1, int(account.get_expiry()))

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

    def _delay(self, failures: int) -> int:
        """The wait after the latest untrusted failure, given the failures in the account's window."""
        over = failures - self._free
        return 0 if over < 0 else min(2**over, int(self._latest.get_expiry()))

    async def _failures(self, kind: LimitKind, key: str) -> tuple[int, float]:
        """Failures in the window of ``kind`` for ``key``, and when the oldest of them leaves it."""
        item = self._limits[kind]
        stats = await self._limiter.get_window_stats(item, "login", kind, key)
        return item.amount - stats.remaining, stats.reset_time

    async def _account_wait(self, account: AccountKey) -> int | None:
        failures, _ = await self._failures("account", account)
        delay = self._delay(failures)
        if delay <= 0:
            return None
        latest = await self._limiter.get_window_stats(self._latest, "login", "latest", account)
        if latest.remaining > 0:
            return None  # the latest failure has left the window
        wait = latest.reset_time - self._latest.get_expiry() + delay - time.time()
        return math.ceil(wait) if wait > 0 else None

    async def _address_wait(self, address: str) -> int | None:
        failures, reset = await self._failures("address", address)
        if failures < self._limits["address"].amount:
            return None
        return max(1, math.ceil(reset - time.time()))

    async def trusted(self, device: DeviceId | None) -> bool:
        """Whether a browser with this device id is still trusted (its own failures within budget)."""
        if device is None:
            return False
        failures, _ = await self._failures("device", device)
        return failures < self._limits["device"].amount

    async def retry_after(self, account: AccountKey, address: str) -> int | None:
        """Seconds an untrusted client must wait before trying this account from this address, or None."""
        waits = [w for w in (await self._account_wait(account), await self._address_wait(address)) if w]
        return max(waits) if waits else None

    async def failed(
        self, account: AccountKey, address: str, device: DeviceId | None = None
    ) -> list[Lockout]:
        """Count a failed login (a trusted device's against that device only); returns the budgets this
        failure used up, each a lockout starting now."""
        if device is not None:
            return await self._count("device", device, self._limits["device"].amount)
        await self._limiter.clear(self._latest, "login", "latest", account)
        await self._limiter.hit(self._latest, "login", "latest", account)
        found = await self._count("account", account, self._free)
        return found + await self._count("address", address, self._limits["address"].amount)

    async def _count(self, kind: LimitKind, key: str, budget: int) -> list[Lockout]:
        await self._limiter.hit(self._limits[kind], "login", kind, key)
        failures, reset = await self._failures(kind, key)
        if failures != budget:
            return []
        wait = self._delay(failures) if kind == "account" else math.ceil(reset - time.time())
        return [Lockout(kind, max(1, wait), self._shown[kind])]

    async def succeeded(self, account: AccountKey, device: DeviceId | None = None) -> None:
        if device is not None:
            await self._limiter.clear(self._limits["device"], "login", "device", device)
        else:
            await self._limiter.clear(self._limits["account"], "login", "account", account)


class MessageRate:
    """Chat messages per user (``MESSAGE_LIMIT_PER_USER``: a burst and a sustained rate, moving windows, in
    the login counters' store). A message over a limit is refused at once, never queued, and does not count;
    each user has budgets of their own, so one user's flood costs another nothing but the refusals' work."""

    def __init__(self, limits: str, storage_uri: str = "memory://") -> None:
        self._limiter = moving_windows(storage_uri)
        self._items = parse_many(limits)
        self.text = limits
        # Test-then-count is one step in this process (a shared store across workers may let a message or
        # two more through at the very edge of a window).
        self._lock = asyncio.Lock()

    @classmethod
    def from_settings(cls, settings: Settings) -> MessageRate:
        return cls(settings.message_limit_per_user, settings.login_throttle_storage)

    async def admit(self, user: str) -> int | None:
        """Count one message of ``user`` if every limit has room and return None; otherwise count nothing and
        return the seconds until the fullest limit has room again."""
        async with self._lock:
            waits = []
            for item in self._items:
                if not await self._limiter.test(item, "message", user):
                    stats = await self._limiter.get_window_stats(item, "message", user)
                    waits.append(max(1, math.ceil(stats.reset_time - time.time())))
            if waits:
                return max(waits)
            for item in self._items:
                await self._limiter.hit(item, "message", user)
            return None
