"""A process's copy of recently read threads' events, so a turn reads only what was appended since.

Every turn used to read and decode its whole thread (~195 events, ~3 ms) although all but the last few events
were the ones it had read the turn before. The log is append-only except for changes made in place by any
process sharing the database (remask, redaction) and deletions (a thread deleted, a user erased or wiped, and
the thread id used again later). So a cached copy is used only when the thread row, read in the same statement
as the new events, says nothing else happened since the copy was made:

* ``log_epoch`` is the same (a thread row created anew gets a new one), and
* ``log_revision`` went up by exactly the number of new events read (``seq`` above the copy's last one).

The revision goes up by one per event appended and by at least one per in-place change, in the same
transaction as the change. Equality therefore means that no event of the copy was changed or removed, and that
no event was committed with a ``seq`` at or below the copy's last one (on Postgres a transaction that took a
lower ``seq`` can commit after one that took a higher one: its revision step shows up without its event). In
every other case the whole thread is read again, and the copy replaced.

The cache is bounded by the number of events it holds (least recently used threads leave first), is per
process and per :class:`memory.thread_log.SqlThreadLog`, and is safe to share between worker threads.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from assistant.events import Event
from assistant.ids import ThreadId


@dataclass(frozen=True, slots=True)
class CachedLog:
    """All events of one thread as of ``(epoch, revision)``, in ``seq`` order."""

    epoch: str
    revision: int
    events: tuple[Event, ...]

    @property
    def last_seq(self) -> int:
        return self.events[-1].seq if self.events else 0

    def extended(self, tail: CachedLog) -> CachedLog | None:
        """This copy plus ``tail`` (the events after :attr:`last_seq`, read together with the thread row's epoch
        and revision), or None when the thread changed otherwise since the copy was made."""
        if tail.epoch != self.epoch or tail.revision != self.revision + len(tail.events):
            return None
        return CachedLog(tail.epoch, tail.revision, self.events + tail.events) if tail.events else self


class LogCache:
    """Least recently used threads' :class:`CachedLog`, at most ``max_events`` events in all."""

    def __init__(self, max_events: int) -> None:
        self.max_events = max_events
        self._logs: OrderedDict[ThreadId, CachedLog] = OrderedDict()
        self._held = 0
        self._lock = threading.Lock()

    def get(self, thread: ThreadId) -> CachedLog | None:
        with self._lock:
            log = self._logs.get(thread)
            if log is not None:
                self._logs.move_to_end(thread)
            return log

    def put(self, thread: ThreadId, log: CachedLog) -> None:
        """Keep ``log`` for ``thread`` unless a newer copy of the same thread is held (two readers at once)."""
        with self._lock:
            held = self._logs.get(thread)
            if held is not None and held.epoch == log.epoch and held.revision > log.revision:
                return
            self._discard(thread)
            if len(log.events) > self.max_events:
                return
            self._logs[thread] = log
            self._held += len(log.events)
            while self._held > self.max_events:
                self._discard(next(iter(self._logs)))

    def drop(self, thread: ThreadId) -> None:
        with self._lock:
            self._discard(thread)

    def _discard(self, thread: ThreadId) -> None:
        log = self._logs.pop(thread, None)
        if log is not None:
            self._held -= len(log.events)

    def __len__(self) -> int:
        with self._lock:
            return len(self._logs)
