"""The demo clock: a per-user offset from real time that admins move in development and demos.

It is the browser's ``--at``: whatever the app shows or stores for that user (turn times, recall dates and
ages, promotion, the memory panel, expiry) is dated with :meth:`DemoClocks.now`, and the scheduler promotes a
shifted user's idle conversations by that user's own clock (:meth:`DemoClocks.shifted_now`). Login sessions,
throttling and security headers keep real time. Off in production (``Settings.demo_clock_enabled``): stored
offsets are then ignored, and the handlers refuse to move a clock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from assistant.errors import InvalidInput
from assistant.ids import UserId
from language.text import text_problem
from memory.demo_clocks import SqlDemoClocks

EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
LATEST = datetime(2999, 12, 31, 23, 59, 59, tzinfo=UTC)
MAX_STEP = timedelta(days=366)


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockState:
    now: datetime  # the user's clock
    real_now: datetime

    @property
    def shifted(self) -> bool:
        return abs(self.now - self.real_now) >= timedelta(minutes=1)


@dataclass
class DemoClocks:
    store: SqlDemoClocks
    enabled: bool
    real: Callable[[], datetime]

    def state(self, user: UserId) -> ClockState:
        real = self.real()
        offset = self.store.offset(user) if self.enabled else timedelta(0)
        return ClockState(now=real + offset, real_now=real)

    def now(self, user: UserId) -> datetime:
        return self.state(user).now

    def shifted_now(self, real_now: datetime) -> dict[str, datetime]:
        """Each user whose clock is shifted, with their clock's reading when real time is ``real_now``."""
        if not self.enabled:
            return {}
        return {user: real_now + offset for user, offset in self.store.shifted().items()}

    def advance(self, user: UserId, minutes: object) -> ClockState:
        if isinstance(minutes, bool) or not isinstance(minutes, int):
            raise InvalidInput("the clock moves by a whole number of minutes")
        step = timedelta(minutes=minutes)
        if not timedelta(0) < step <= MAX_STEP:
            raise InvalidInput("the clock moves forward, by at most a year at a time")
        return self._to(user, self.now(user) + step)

    def jump(self, user: UserId, raw: object) -> ClockState:
        return self._to(user, parse_moment(raw))

    def reset(self, user: UserId) -> ClockState:
        self._require()
        self.store.clear(user)
        return self.state(user)

    def _to(self, user: UserId, moment: datetime) -> ClockState:
        self._require()
        if not EARLIEST <= moment <= LATEST:
            raise InvalidInput(f"the clock stays between {EARLIEST:%Y-%m-%d} and {LATEST:%Y-%m-%d}")
        real = self.real()
        self.store.set_offset(user, moment - real, now=real)
        return self.state(user)

    def _require(self) -> None:
        if not self.enabled:
            raise InvalidInput("the demo clock is off here")


def parse_moment(raw: object) -> datetime:
    """An ISO time (UTC if no zone), as ``--at`` reads it: a clear InvalidInput for anything else."""
    if not isinstance(raw, str) or len(raw) > 40 or text_problem(raw) is not None:
        raise InvalidInput("give the time as an ISO date and time, such as 2026-11-12T19:30")
    try:
        moment = datetime.fromisoformat(raw.strip())
        moment = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    except (ValueError, OverflowError) as exc:
        raise InvalidInput("give the time as an ISO date and time, such as 2026-11-12T19:30") from exc
    if not EARLIEST <= moment <= LATEST:
        raise InvalidInput(f"the clock stays between {EARLIEST:%Y-%m-%d} and {LATEST:%Y-%m-%d}")
    return moment
