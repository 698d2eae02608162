"""Each user's facts as last read, kept until their shard's version moves.

Every turn recalls and facts change rarely: checking a shard's version costs ~0.2 ms, reading a user's facts
~3 ms at 100k rows. An entry is served only while it was read at the shard's current version, so a write by
any process (a promotion pass, a purge) makes the next read go to the table.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from assistant.fact_records import Fact

DEFAULT_USERS = 2048


@dataclass(frozen=True, slots=True)
class CachedFacts:
    """One user's facts as read at one version of their shard; ``history``: superseded versions are in."""

    version: int
    facts: list[Fact]
    history: bool


class FactCache:
    """Bounded (oldest entry out first); safe to share between the threads that run store calls."""

    def __init__(self, users: int = DEFAULT_USERS) -> None:
        self._users = users
        self._lock = threading.Lock()
        self._entries: dict[str, CachedFacts] = {}

    def get(self, user: str, *, history: bool, version: Callable[[], int]) -> list[Fact] | None:
        """The cached facts if they hold what is asked (history or not) and are of the shard's latest version.

        ``version()`` (0: no shard, which no entry matches) is called only when there is an entry to check: a
        user's first read goes straight to the table, and that read fetches the version itself."""
        entry = self._entries.get(user)
        if entry is None or (history and not entry.history):
            return None
        return entry.facts if entry.version == version() else None

    def put(self, user: str, entry: CachedFacts) -> None:
        if entry.version == 0:  # no shard yet: nothing to cache, and another process may create it any time
            return
        with self._lock:
            if len(self._entries) >= self._users:
                self._entries.pop(next(iter(self._entries)))
            self._entries[user] = entry
