"""What the promotion benchmark measures with: the pass's tally, a promoter that marks each chunk, and the
naive path before batching (a promoter per fact, claims a transaction each, no compaction at the end)."""

from __future__ import annotations

import os
import time
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from assistant.promotion import Promoter, PromotionItem, PromotionReport


@dataclass
class Pass:
    name: str
    threads: int
    seconds: float = 0.0
    # (time, CPU time, threads) as each chunk ends. Chunks overlap (the next one is extracted while this one
    # writes), so two chunks start almost together: only the spacing of their ends is a chunk's cost.
    ends: list[tuple[float, float, int]] = field(default_factory=list)
    rss_mb: list[float] = field(default_factory=list)
    shards: int = 0  # fact tables (shards) holding the pass's facts
    fragments: int = 0
    versions: int = 0
    kept: int = 0
    promoted: int = 0
    compact_seconds: float = 0.0
    cpu_seconds: float = 0.0  # the process's CPU time over the pass (all its threads), whatever the load
    created_seconds: float = 0.0  # creating every shard before the pass (a store in use has them all)
    startup_seconds: float = 0.0  # worker processes: importing, building and warming their runtimes
    workers: int = 1  # processes sharing the pass

    @property
    def per_minute(self) -> float:
        return self.promoted / self.seconds * 60 if self.seconds else 0.0

    def per_thread_ms(self, part: str, *, cpu: bool = False) -> float:
        """Mean cost per thread (wall or CPU time) over the chunks in the first or last 10 % of the pass, a
        chunk's cost being the time from the previous chunk's end to its own. The batched pass keeps two chunks
        in flight, so their ends come in pairs (one long span, one short): it is read over whole pairs, and the
        last chunk's span, which holds only its write (the pipeline draining), is not counted."""
        times = [c if cpu else t for t, c, _ in self.ends]
        counts = [n for _, _, n in self.ends]
        spans = [(t2 - t1, n) for t1, t2, n in zip(times[:-1], times[1:], counts[1:], strict=True)]
        k = max(1, len(spans) // 10)
        if self.name == "batched" and len(spans) > 2:
            spans = spans[:-1]
            k = max(2, k + k % 2)
        if not spans:
            return 0.0
        chosen = spans[:k] if part == "first" else spans[-k:]
        return 1000 * sum(s for s, _ in chosen) / max(1, sum(n for _, n in chosen))


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


class Timed(Promoter):
    """The runtime's promoter, recording when each chunk ends (and the RSS as each starts)."""

    def __init__(self, inner: Promoter, tally: Pass) -> None:
        super().__init__(inner.log, inner.directory, inner.model, inner.memory)
        self.inner, self.tally = inner, tally

    async def promote_many(
        self, items: Sequence[PromotionItem], *, now: datetime, after: Awaitable[object] | None = None
    ) -> list[PromotionReport | Exception]:
        self.tally.rss_mb.append(rss_mb())
        results = await self.inner.promote_many(items, now=now, after=after)
        self.tally.ends.append((time.perf_counter(), time.process_time(), len(items)))
        return results


class PerFact(Timed):
    """The path before batching: each thread alone, each fact its own read, append and flag update."""

    async def promote_many(
        self, items: Sequence[PromotionItem], *, now: datetime, after: Awaitable[object] | None = None
    ) -> list[PromotionReport | Exception]:
        if after is not None:  # one thread after another, as the old loop did
            await after
        results: list[PromotionReport | Exception] = []
        for item in items:
            try:
                results.append(
                    await self.promote(
                        item.user,
                        item.thread,
                        after_seq=item.after_seq,
                        through_seq=item.through_seq,
                        now=now,
                    )
                )
            except Exception as exc:
                results.append(exc)
            self.tally.ends.append((time.perf_counter(), time.process_time(), 1))
        self.tally.rss_mb.append(rss_mb())
        return results


class PerThreadClaims:
    """The old loop's claim traffic: a transaction (and a disk flush) per claim and per finish."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def try_claim_many(
        self, keys: Sequence[tuple[Any, str]], *, now: datetime, lease: timedelta
    ) -> list[Any]:
        return [self.inner.try_claim(key, user=user, now=now, lease=lease) for key, user in keys]

    def finish_many(self, done: Sequence[tuple[Any, Any]], *, now: datetime) -> None:
        for key, report in done:
            self.inner.finish(key, now=now, report=report)

    def mark_promoted_many(self, marks: Sequence[tuple[Any, int]]) -> None:
        for thread, seq in marks:
            self.inner.mark_promoted(thread, seq)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


class NoCompaction:
    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def compact(self, *, min_fragments: int = 1) -> None:
        return None  # the old pass left merging to the hourly expiry job

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)
