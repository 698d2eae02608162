"""Background job bodies: plain functions of (dependencies, now) that return a report.

They know nothing about APScheduler (``scheduler.runner`` wires them) and never read the clock themselves, so a
test, or a person running a two-session scenario by hand, can "let thirty minutes pass" by passing a later
``now``. They never assume they are the only worker: every unit of work is claimed in the database first.

Reports hold counts and reasons only; the per-thread promotion decisions (which mention the user's facts) are
stored on the thread's claim row, which is erased with the user.
"""

from __future__ import annotations

import asyncio
import logging
import zlib
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from assistant.errors import TravelAssistantError
from assistant.events import Event, ThreadRecord
from assistant.facts.asking import Asker
from assistant.facts.memory import FactMemory
from assistant.faults import crash_point
from assistant.ids import ThreadId, UserId, UserScope
from assistant.jsonable import JsonRecord
from assistant.ports import FactMaintenance
from assistant.promotion import Promoter, PromotionItem, PromotionReport
from memory.claims import ClaimKey, ClaimStatus, FailingClaim, SqlClaims, SqlJobRuns
from memory.job_queries import SqlJobQueries
from memory.registry import UserDataRegistry

logger = logging.getLogger(__name__)

PROMOTE, EXPIRE, WIPE = "promote", "expire", "wipe"


@dataclass
class JobDeps:
    queries: SqlJobQueries
    claims: SqlClaims
    runs: SqlJobRuns
    promoter: Promoter
    fact_memory: FactMemory
    facts: FactMaintenance
    registry: UserDataRegistry
    idle: timedelta
    inactivity: timedelta
    lease: timedelta
    # Questions about facts the gate was unsure of: the expiry pass lets unanswered ones lapse.
    asker: Asker
    runner: str = "cli"
    # Demo clocks: users whose clock is shifted, with their clock's reading at a real time. Their threads are
    # promoted by their own clock, not the real one (development and demos; None in production).
    user_clocks: Callable[[datetime], Mapping[str, datetime]] | None = None
    # Threads promoted together: their facts are one write. Bounded, so a pass's memory is too (each thread's
    # log is read, judged and dropped within its chunk) and a failed write costs one chunk's retry.
    chunk: int = 200
    # The fact store's write group of a user (its shard): threads are promoted in that order, so a chunk's
    # batched write touches a few groups, not one per user. None: the threads' own order.
    write_group: Callable[[str], int] | None = None
    # This worker's part of each promotion pass when several processes share it (None: all of it).
    partition: Partition | None = None


@dataclass(frozen=True)
class Partition:
    """Part ``index`` of ``count`` disjoint parts of a promotion pass, by the users' write groups.

    By user, never by thread: every thread of a user is in one part, so one worker writes all of that user's
    facts, in the order they were said (a later statement still supersedes an earlier one); and by write group
    (the fact shard), so two workers never append to the same shard at once. Claims still guard each thread:
    parts that overlap by mistake cost a lost claim, never a thread promoted twice."""

    index: int
    count: int

    def __post_init__(self) -> None:
        if not 0 <= self.index < self.count:
            raise ValueError(f"partition {self.index} of {self.count} does not exist")

    def holds(self, user: str, write_group: Callable[[str], int] | None) -> bool:
        group = write_group(user) if write_group is not None else zlib.crc32(user.encode())
        return group % self.count == self.index


# A promotion pass compacts a part of the fact store (a shard) once it holds this many separate appends.
PASS_COMPACT_FRAGMENTS = 8


@dataclass
class PromoteReport(JsonRecord):
    as_of: str
    threads_due: int = 0
    threads_promoted: int = 0
    # A live worker holds the thread's lease (a crashed one's lease runs out, and it is counted as failing).
    skipped_claimed_elsewhere: int = 0
    facts_kept: int = 0
    rejected: dict[str, int] = field(default_factory=dict)
    errors: int = 0  # attempts that failed in this pass
    error_kinds: dict[str, int] = field(default_factory=dict)
    # Threads whose promotion is failing: failed in this pass, or backing off after earlier failures (crashes
    # included), by their last error kind. They are retried; ``travel-assistant jobs failing`` lists them.
    failing: int = 0
    failing_kinds: dict[str, int] = field(default_factory=dict)


@dataclass
class ExpireReport(JsonRecord):
    as_of: str
    users_seen: int = 0
    marked_stale: int = 0
    deleted: int = 0
    repaired: int = 0  # older versions left current by an interrupted supersede, retired now
    # Pending facts asked about as often as they may be and unanswered for the lapse period: no longer asked.
    asks_lapsed: int = 0
    lapsed_deleted: int = 0  # lapsed ones past their type's deletion horizon


@dataclass
class WipeReport(JsonRecord):
    as_of: str
    users_inactive: int = 0
    users_wiped: int = 0
    skipped_claimed_elsewhere: int = 0
    rows_deleted: int = 0
    errors: int = 0
    failing: int = 0  # failed in this pass or backing off after earlier failures; retried later


async def promote_idle(deps: JobDeps, now: datetime) -> PromoteReport:
    """Promote every thread idle for ``deps.idle`` that has unpromoted events, each exactly once."""
    report = PromoteReport(as_of=now.isoformat())
    shifted = deps.user_clocks(now) if deps.user_clocks is not None else {}
    logger.info("promotion reads the clocks: real %s, shifted %s", now.isoformat(), _readings(shifted))
    due = deps.queries.idle_threads(now - deps.idle)
    await _promote(deps, [t for t in due if t.user_id not in shifted], now, report)
    for user, user_now in shifted.items():
        await _promote(deps, deps.queries.idle_threads(user_now - deps.idle, user=user), user_now, report)
    _record(deps, PROMOTE, now, report.to_json())
    return report


def _readings(shifted: Mapping[str, datetime]) -> dict[str, str]:
    return {user: moment.isoformat(timespec="seconds") for user, moment in shifted.items()}


async def promote_user_now(deps: JobDeps, threads: Sequence[ThreadRecord], now: datetime) -> PromoteReport:
    """Promote one user's threads without waiting for them to go idle (the admin's demo button)."""
    report = PromoteReport(as_of=now.isoformat())
    await _promote(deps, [t for t in threads if t.last_seq > t.promoted_through_seq], now, report)
    _record(deps, PROMOTE, now, report.to_json())
    return report


async def _promote(
    deps: JobDeps, threads: Sequence[ThreadRecord], now: datetime, report: PromoteReport
) -> None:
    """Claim each thread on its own, then promote the won ones a chunk at a time: the model and the gate run
    per thread, the chunk's facts are written at once (one history read, one append, one flag update), and
    each thread's claim is finished or failed on its own. Compaction and the index refresh run once, at the
    end of the pass (for the parts of the store many appends fragmented), not per fact."""
    part = deps.partition
    if part is not None:
        threads = [t for t in threads if part.holds(t.user_id, deps.write_group)]
    if deps.write_group is not None:
        # A stable sort: a user is in exactly one group, so each user's threads keep their order (their facts
        # are still written in the order they were said).
        group = deps.write_group
        threads = sorted(threads, key=lambda t: group(t.user_id))
    written = False
    # Two chunks in flight: while one chunk's facts are embedded and written (in a worker thread, mostly
    # outside the GIL), the next chunk's extractions run here. Writes stay in chunk order (each chunk's write
    # waits for the previous one), so a later thread's statement still supersedes an earlier one's.
    writing: asyncio.Task[bool] | None = None
    for start in range(0, len(threads), deps.chunk):
        chunk = threads[start : start + deps.chunk]
        report.threads_due += len(chunk)
        keys = [(ClaimKey(PROMOTE, t.id, t.last_seq), t.user_id) for t in chunk]
        statuses = deps.claims.try_claim_many(keys, now=now, lease=deps.lease)
        won: list[tuple[ThreadRecord, ClaimKey]] = []
        for thread, (key, _), status in zip(chunk, keys, statuses, strict=True):
            if status is ClaimStatus.WON:
                won.append((thread, key))
            else:
                _not_claimed(deps, key, thread, status, now, report)
        if not won:
            continue
        crash_point("promote.claimed")
        task = asyncio.create_task(_promote_chunk(deps, won, now, report, after=writing))
        try:
            if writing is not None:
                written = await writing or written
        except BaseException:
            task.cancel()  # the pass stops on an error it cannot handle (its claims' leases run out)
            raise
        writing = task
    if writing is not None:
        written = await writing or written
    if written:
        # Only what many appends fragmented: the hourly expiry job compacts the rest.
        deps.facts.compact(min_fragments=PASS_COMPACT_FRAGMENTS)


async def _promote_chunk(
    deps: JobDeps,
    won: Sequence[tuple[ThreadRecord, ClaimKey]],
    now: datetime,
    report: PromoteReport,
    *,
    after: Awaitable[bool] | None,
) -> bool:
    """Promote one chunk's won threads and finish or fail each claim; whether any fact was written."""
    try:
        logs = deps.queries.events_of([thread for thread, _ in won])
        results: list[PromotionReport | Exception] = await deps.promoter.promote_many(
            [_item(thread, logs[thread.id]) for thread, _ in won], now=now, after=after
        )
    except Exception as exc:  # a bug, not one thread's failure: it must not stop the rest of the pass
        results = [exc] * len(won)
    written = False
    done: list[tuple[ThreadRecord, ClaimKey, PromotionReport]] = []
    for (thread, key), result in zip(won, results, strict=True):
        if isinstance(result, Exception):
            _failed(deps, key, result, now, report)
        else:
            done.append((thread, key, result))
            written = written or bool(result.kept)
    _finished(deps, done, now, report)
    return written


def _item(thread: ThreadRecord, events: Sequence[Event]) -> PromotionItem:
    return PromotionItem(
        user=UserId(thread.user_id),
        thread=ThreadId(thread.id),
        after_seq=thread.promoted_through_seq,
        through_seq=thread.last_seq,
        events=events,
    )


def _failed(deps: JobDeps, key: ClaimKey, exc: Exception, now: datetime, report: PromoteReport) -> None:
    """Not "no facts": the claim is released with the error and retried after a backoff."""
    kind = type(exc).__name__
    logger.warning("promotion of a thread failed (%s); will retry", kind, exc_info=_trace(exc))
    # The stored error is the kind and our own text-free message, never the exception's text: a provider's
    # error can quote the prompt (the user's words), and claims outlive the thread.
    said = exc.user_message() if isinstance(exc, TravelAssistantError) else "unexpected error"
    deps.claims.fail(key, now=now, error=f"{kind}: {said}", kind=kind)
    report.errors += 1
    report.error_kinds[kind] = report.error_kinds.get(kind, 0) + 1
    _count_failing(report, kind)


def _finished(
    deps: JobDeps,
    done: Sequence[tuple[ThreadRecord, ClaimKey, PromotionReport]],
    now: datetime,
    report: PromoteReport,
) -> None:
    if not done:
        return
    crash_point("promote.before_finish")
    # Finish, then move the watermarks: a crash in between leaves done claims on threads still due, which the
    # next pass sees (DONE) and heals; the other order would leave unfinished claims behind. Each is one
    # transaction for the chunk; every thread keeps its own claim row and report.
    deps.claims.finish_many([(key, result.to_json()) for _, key, result in done], now=now)
    crash_point("promote.before_mark")
    deps.queries.mark_promoted_many([(ThreadId(t.id), t.last_seq) for t, _, _ in done])
    for _, _, result in done:
        report.threads_promoted += 1
        report.facts_kept += len(result.kept)
        for reason, count in result.rejected_by_reason().items():
            report.rejected[reason] = report.rejected.get(reason, 0) + count


def _not_claimed(
    deps: JobDeps,
    key: ClaimKey,
    thread: ThreadRecord,
    status: ClaimStatus,
    now: datetime,
    report: PromoteReport,
) -> None:
    match status:
        case ClaimStatus.HELD:
            report.skipped_claimed_elsewhere += 1
        case ClaimStatus.DONE:
            # Another worker promoted it since this pass listed it (or its watermark move was interrupted:
            # moving it again is harmless, as it only ever moves forward).
            report.skipped_claimed_elsewhere += 1
            deps.queries.mark_promoted(ThreadId(thread.id), thread.last_seq)
        case ClaimStatus.BACKING_OFF:
            failing = deps.claims.state(key, now=now)
            _count_failing(report, failing.error_kind if failing else "unknown")
        case ClaimStatus.WON:
            raise AssertionError("a won claim is promoted, not skipped")


def _count_failing(report: PromoteReport, kind: str) -> None:
    report.failing += 1
    report.failing_kinds[kind] = report.failing_kinds.get(kind, 0) + 1


def _trace(exc: Exception) -> BaseException | bool:
    """A traceback for errors outside the project's own tree (a bug, not a model outage)."""
    return False if isinstance(exc, TravelAssistantError) else exc


def failing_promotions(deps: JobDeps, now: datetime) -> list[FailingClaim]:
    """Threads whose promotion is failing (and will be retried), for ``travel-assistant jobs failing``."""
    claims = deps.claims.failing(job=PROMOTE, now=now)
    promoted = deps.queries.promoted_through([ThreadId(c.item) for c in claims])
    # A claim at a watermark the thread has since been promoted past is history, not failing work.
    return [c for c in claims if c.item in promoted and c.watermark > promoted[c.item]]


def retry_promotions(deps: JobDeps, thread: ThreadId | None, now: datetime) -> int:
    """Re-queue failing promotions (one thread, or all): the next pass retries them without waiting."""
    return deps.claims.requeue(job=PROMOTE, item=thread, now=now)


def expire_facts(deps: JobDeps, now: datetime) -> ExpireReport:
    """Repair keys left with two current versions, mark facts past their type's TTL stale, and delete those
    past the type's deletion horizon; let unanswered questions lapse (``assistant.facts.asking.Asker.lapse``)."""
    report = ExpireReport(as_of=now.isoformat())
    shifted = deps.user_clocks(now) if deps.user_clocks is not None else {}
    for user in deps.facts.users_with_facts():
        scope, user_now = UserScope(user), shifted.get(user, now)
        report.users_seen += 1
        report.repaired += deps.fact_memory.repair(scope)
        stale, deleted = deps.fact_memory.expire(scope, now=user_now)
        report.marked_stale += stale
        report.deleted += deleted
        lapsed, gone = deps.asker.lapse(scope, now=user_now)
        report.asks_lapsed += lapsed
        report.lapsed_deleted += gone
    deps.facts.compact()
    _record(deps, EXPIRE, now, report.to_json())
    return report


def wipe_inactive(deps: JobDeps, now: datetime) -> WipeReport:
    """Erase users with no turn for ``deps.inactivity``. Every user turn moves last_active_at (re-arms)."""
    report = WipeReport(as_of=now.isoformat())
    for user in deps.queries.inactive_users(now - deps.inactivity):
        report.users_inactive += 1
        # The wipe claim is keyed by the user's audit hash and names no user, so it survives the erasure it
        # guards: were it erased with the user's rows, a second worker could claim and wipe again.
        key = ClaimKey(WIPE, deps.registry.subject_hash(user.id)[:64], int(user.last_active_at.timestamp()))
        status = deps.claims.try_claim(key, user="", now=now, lease=deps.lease)
        if status is not ClaimStatus.WON:
            if status is ClaimStatus.BACKING_OFF:
                report.failing += 1
            elif status is ClaimStatus.HELD:
                report.skipped_claimed_elsewhere += 1
            continue
        try:
            erased = deps.registry.erase(user.id, actor=f"job:{WIPE}", now=now, action="inactivity_wipe")
        except TravelAssistantError as exc:
            deps.claims.fail(key, now=now, error=type(exc).__name__, kind=type(exc).__name__)
            report.errors += 1
            report.failing += 1
            continue
        deps.claims.finish(key, now=now, report={"verified": erased.verified})
        if erased.counts.get("users"):
            report.users_wiped += 1
            report.rows_deleted += sum(erased.counts.values())
    _record(deps, WIPE, now, report.to_json())
    return report


def _record(deps: JobDeps, job: str, now: datetime, report: dict[str, Any]) -> None:
    deps.runs.record(job=job, runner=deps.runner, as_of=now, finished_at=now, report=report)
    logger.info("job %s: %s", job, report)
