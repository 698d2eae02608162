"""Background jobs: bodies with injected time, exactly-once claims, the scheduler wiring, the CLI."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from assistant.ids import ThreadId, TurnId, UserId, UserScope
from assistant.turns import TurnRequest
from memory.claims import ClaimKey, SqlClaims
from scheduler import runner
from scheduler.jobs import expire_facts, promote_idle, wipe_inactive
from tests.conftest import MONDAY, RuntimeFactory, SettingsFactory, run_cli
from tests.fakes import ScriptedModel
from tests.waiting import wait_until

if TYPE_CHECKING:
    from memory.db import Database
    from travel_assistant.container import Runtime

ALICE, BOB = UserId("alice"), UserId("bob")


def chat(rt: Runtime, user: UserId, thread: str, turn: str, text: str, at: datetime) -> None:
    asyncio.run(
        rt.engine.run_turn(
            TurnRequest(user=user, thread=ThreadId(thread), turn=TurnId(turn), text=text, now=at)
        )
    )


def hourly(*, promote_every: timedelta = timedelta(hours=1)) -> runner.Schedule:
    """Every job hourly (none runs during a test unless brought forward), promotion as given."""
    return runner.Schedule(
        promote_every=promote_every, expire_every=timedelta(hours=1), wipe_every=timedelta(hours=1)
    )


def promoted_facts(rt: Runtime, user: UserId) -> list[str]:
    return [f.text for f in rt.fact_memory.current(UserScope(user))]


def test_a_thread_is_promoted_once_after_idling_and_again_only_for_its_new_part(runtime: Runtime) -> None:
    chat(runtime, ALICE, "mon", "t1", "Find me flights to Lisbon on the 14th", MONDAY)
    chat(
        runtime,
        ALICE,
        "mon",
        "t2",
        "Book option 1, please. By the way, I'm vegetarian.",
        MONDAY + timedelta(minutes=2),
    )
    deps = runtime.job_deps("test")
    early = asyncio.run(promote_idle(deps, MONDAY + timedelta(minutes=20)))
    assert early.threads_due == 0 and promoted_facts(runtime, ALICE) == []
    report = asyncio.run(promote_idle(deps, MONDAY + timedelta(minutes=33)))
    assert (report.threads_due, report.threads_promoted, report.facts_kept) == (1, 1, 1)
    assert report.rejected == {"task_progress": 1, "inference": 1}
    assert asyncio.run(promote_idle(deps, MONDAY + timedelta(hours=5))).threads_due == 0  # nothing new
    chat(
        runtime,
        ALICE,
        "mon",
        "t3",
        "Thanks! I prefer aisle seats, for the record.",
        MONDAY + timedelta(hours=6),
    )
    again = asyncio.run(promote_idle(deps, MONDAY + timedelta(hours=7)))
    assert (again.threads_promoted, again.facts_kept, again.rejected) == (
        1,
        1,
        {},
    )  # old candidates not re-offered
    assert sorted(promoted_facts(runtime, ALICE)) == ["Dietary needs: vegetarian", "Seat preference: aisle"]
    runs = runtime.job_runs.recent(job="promote")
    assert len(runs) == 4 and all("alice" not in json.dumps(r) for r in runs)  # reports hold no user data


def test_a_malformed_extraction_is_retried_later_not_treated_as_nothing(runtime: Runtime) -> None:
    chat(runtime, ALICE, "mon", "t1", "I'm vegetarian", MONDAY)
    runtime.promoter.model = ScriptedModel().enqueue("not json", "{broken")
    deps = runtime.job_deps("test")
    at = MONDAY + timedelta(minutes=31)
    first = asyncio.run(promote_idle(deps, at))
    assert (first.threads_promoted, first.errors, first.error_kinds) == (0, 1, {"ModelOutputError": 1})
    assert (first.failing, first.failing_kinds) == (1, {"ModelOutputError": 1})
    # Backing off (60 s after the first failure): reported as failing, not as claimed by another worker.
    waiting = asyncio.run(promote_idle(deps, at + timedelta(seconds=30)))
    assert (waiting.errors, waiting.failing, waiting.skipped_claimed_elsewhere) == (0, 1, 0)
    assert (
        asyncio.run(promote_idle(deps, at + timedelta(seconds=60))).errors == 1
    )  # retried after the backoff
    assert asyncio.run(promote_idle(deps, at + timedelta(seconds=120))).failing == 1  # now 120 s
    runtime.promoter.model = ScriptedModel().enqueue(
        {
            "candidates": [
                {"fact": "vegetarian", "type": "dietary", "evidence_turn": "t1", "quote": "I'm vegetarian"}
            ]
        }
    )
    third = asyncio.run(promote_idle(deps, at + timedelta(seconds=180)))
    assert (third.threads_promoted, third.facts_kept, third.failing) == (1, 1, 0)


def test_a_claim_is_won_by_one_worker_and_taken_over_only_after_its_lease(database: Database) -> None:
    a, b = SqlClaims(database, "worker-a"), SqlClaims(database, "worker-b")
    key, lease = ClaimKey("promote", "thread-1", 42), timedelta(minutes=5)
    assert a.claim(key, user="alice", now=MONDAY, lease=lease)
    assert not b.claim(key, user="alice", now=MONDAY + timedelta(minutes=1), lease=lease)
    # worker-a crashed: after the lease, worker-b takes the unfinished claim over
    assert b.claim(key, user="alice", now=MONDAY + timedelta(minutes=6), lease=lease)
    assert b.attempts(key) == 2
    b.finish(key, now=MONDAY + timedelta(minutes=7), report={"kept": 1})
    assert not a.claim(key, user="alice", now=MONDAY + timedelta(days=1), lease=lease)  # done stays done
    assert b.report_of(key) == {"kept": 1}
    assert a.claim(
        ClaimKey("promote", "thread-1", 43), user="alice", now=MONDAY, lease=lease
    )  # new watermark


def test_a_crashed_promotion_is_finished_by_the_next_worker_without_duplicates(runtime: Runtime) -> None:
    chat(runtime, ALICE, "mon", "t1", "By the way, I'm vegetarian.", MONDAY)
    thread = runtime.directory.get_thread(ALICE, ThreadId("mon"))
    assert thread is not None
    at = MONDAY + timedelta(minutes=31)
    # A worker claimed the thread and died before finishing (after writing the fact, even).
    crashed = SqlClaims(runtime.db, "crashed-worker")
    assert crashed.claim(
        ClaimKey("promote", "mon", thread.last_seq), user="alice", now=at, lease=timedelta(minutes=5)
    )
    asyncio.run(runtime.promoter.promote(ALICE, ThreadId("mon"), after_seq=0, now=at))
    deps = runtime.job_deps("rescuer")
    assert asyncio.run(promote_idle(deps, at + timedelta(minutes=1))).skipped_claimed_elsewhere == 1
    rescue = asyncio.run(promote_idle(deps, at + timedelta(minutes=10)))
    assert rescue.threads_promoted == 1
    assert promoted_facts(runtime, ALICE) == ["Dietary needs: vegetarian"]  # same evidence, same single fact


def test_the_inactivity_wipe_erases_366_days_idle_users_and_a_turn_re_arms_it(runtime: Runtime) -> None:
    year = timedelta(days=365)
    chat(runtime, ALICE, "a1", "t1", "Hello, I'm vegetarian", MONDAY)
    chat(runtime, BOB, "b1", "t1", "Hello", MONDAY + timedelta(days=365))
    asyncio.run(promote_idle(runtime.job_deps("t"), MONDAY + timedelta(hours=1)))
    carol = UserId("carol")
    chat(runtime, carol, "c1", "t1", "Hi", MONDAY)
    chat(runtime, carol, "c1", "t2", "Still here", MONDAY + timedelta(days=300))  # re-arms the clock
    report = wipe_inactive(runtime.job_deps("t"), MONDAY + year + timedelta(days=1))
    assert (report.users_inactive, report.users_wiped) == (1, 1)
    assert all(n == 0 for n in runtime.registry.counts(ALICE).values())
    assert runtime.directory.get_user(BOB) is not None and runtime.directory.get_user(carol) is not None
    assert runtime.registry.audit_trail(ALICE)[0]["action"] == "inactivity_wipe"
    assert wipe_inactive(runtime.job_deps("t"), MONDAY + year + timedelta(days=2)).users_wiped == 0


def test_expiry_marks_facts_stale_then_deletes_them(runtime: Runtime) -> None:
    chat(runtime, ALICE, "a1", "t1", "Remember that I prefer aisle seats", MONDAY)
    deps = runtime.job_deps("t")
    assert expire_facts(deps, MONDAY + timedelta(days=30)).marked_stale == 0
    stale = expire_facts(deps, MONDAY + timedelta(days=366))
    assert (stale.users_seen, stale.marked_stale, stale.deleted) == (1, 1, 0)
    assert runtime.fact_memory.current(UserScope(ALICE))[0].stale
    assert expire_facts(deps, MONDAY + timedelta(days=3 * 365 + 1)).deleted == 1


def test_the_running_scheduler_promotes_an_idle_thread_by_itself(runtime_factory: RuntimeFactory) -> None:
    from apscheduler.events import EVENT_JOB_ERROR, EVENT_JOB_EXECUTED

    rt = runtime_factory(idle_minutes=30)
    clock = {"now": MONDAY}
    chat(rt, ALICE, "mon", "t1", "By the way, I'm vegetarian.", MONDAY)

    async def main() -> tuple[list[str], list[str]]:
        passes: asyncio.Queue[None] = asyncio.Queue()  # one item per finished promotion pass
        runner.register(runner.RUNTIME_KEY, lambda: rt.job_deps("scheduler"), lambda: clock["now"])
        scheduler = runner.build_scheduler(rt.db, hourly(promote_every=timedelta(seconds=1)))
        scheduler.add_listener(
            lambda event: passes.put_nowait(None) if event.job_id == "promote-idle-threads" else None,
            EVENT_JOB_EXECUTED | EVENT_JOB_ERROR,
        )
        scheduler.start()
        try:
            await asyncio.wait_for(passes.get(), timeout=30)
            before = promoted_facts(rt, ALICE)  # a pass ran: not idle yet by the injected clock
            clock["now"] = MONDAY + timedelta(minutes=31)  # thirty-one minutes pass, instantly
            # The pass in flight may have read the old clock; the one after it reads the new one.
            for _ in range(2):
                await asyncio.wait_for(passes.get(), timeout=30)
                if promoted_facts(rt, ALICE):
                    break
            return before, promoted_facts(rt, ALICE)
        finally:
            scheduler.shutdown(wait=False)
            runner.unregister(runner.RUNTIME_KEY)

    before, after = asyncio.run(main())
    assert before == []
    assert after == ["Dietary needs: vegetarian"]


def test_a_wake_during_a_running_pass_gets_a_pass_that_reads_the_new_clock(
    runtime_factory: RuntimeFactory,
) -> None:
    """The demo clock moves while a promotion pass is running: that pass read the old time, and APScheduler
    skips a run brought forward while one is going, so the wake must not wait for the next interval (an
    hour here)."""
    from apscheduler.events import EVENT_JOB_ERROR, EVENT_JOB_EXECUTED

    rt = runtime_factory(idle_minutes=30)
    chat(rt, ALICE, "mon", "t1", "By the way, I'm vegetarian.", MONDAY)
    clock = {"now": MONDAY}
    reads: list[datetime] = []

    async def main() -> list[str]:
        finished: asyncio.Queue[None] = asyncio.Queue()
        scheduler = runner.build_scheduler(rt.db, hourly())

        def read_clock() -> datetime:
            reads.append(clock["now"])
            if len(reads) == 1:
                # Inside the first pass, after it read the time: the clock jumps and wakes promotion.
                clock["now"] = MONDAY + timedelta(minutes=31)
                runner.wake_promotion(scheduler, datetime.now(UTC))
            return reads[-1]

        runner.register(runner.RUNTIME_KEY, lambda: rt.job_deps("scheduler"), read_clock)
        scheduler.add_listener(
            lambda event: finished.put_nowait(None) if event.job_id == runner.PROMOTE_JOB_ID else None,
            EVENT_JOB_EXECUTED | EVENT_JOB_ERROR,
        )
        scheduler.start()
        try:
            runner.wake_promotion(scheduler, datetime.now(UTC))  # nothing running: the job is brought forward
            await asyncio.wait_for(finished.get(), timeout=30)
            return promoted_facts(rt, ALICE)
        finally:
            scheduler.shutdown(wait=False)
            runner.unregister(runner.RUNTIME_KEY)

    assert asyncio.run(main()) == ["Dietary needs: vegetarian"]
    assert reads == [MONDAY, MONDAY + timedelta(minutes=31)]  # one execution, two passes, the second on time


def test_after_downtime_an_overdue_job_runs_once_at_start(runtime: Runtime) -> None:
    schedule = hourly()

    async def boot(at: datetime) -> dict[str, Any]:
        scheduler = runner.build_scheduler(runtime.db, schedule, now=at)
        scheduler.start(paused=True)  # persists the jobs without running them
        jobs = {job.id: job for job in scheduler.get_jobs()}
        scheduler.shutdown(wait=False)
        return jobs

    first = asyncio.run(boot(MONDAY))
    assert first["promote-idle-threads"].next_run_time == MONDAY + timedelta(hours=1)
    later = MONDAY + timedelta(hours=5)  # the process was down for five intervals
    jobs = asyncio.run(boot(later))
    assert jobs["promote-idle-threads"].next_run_time == later  # due now: one catch-up run, not five
    assert jobs["promote-idle-threads"].coalesce and jobs["promote-idle-threads"].max_instances == 1
    assert jobs["promote-idle-threads"].misfire_grace_time == 3600


# -- two processes on one database ---------------------------------------------------------------------------


def _cli(env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    exe = str(Path(sys.executable).with_name("travel-assistant"))
    return subprocess.Popen([exe, *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _twice_at_once(env: dict[str, str], *args: str) -> list[dict[str, Any]]:
    """The command's JSON report from each of two processes started together (both must succeed)."""
    procs = [_cli(env, *args) for _ in range(2)]
    reports = []
    for proc in procs:
        out, err = proc.communicate(timeout=240)
        assert proc.returncode == 0, err
        reports.append(json.loads(out))
    return reports


@pytest.mark.slow
def test_two_scheduler_processes_promote_and_wipe_each_item_exactly_once(
    db_url: str, settings_factory: SettingsFactory, runtime_factory: RuntimeFactory
) -> None:
    settings = settings_factory(database_url=db_url)
    rt = runtime_factory(database_url=db_url)
    users = [UserId(f"user{i}") for i in range(4)]
    for i, user in enumerate(users):
        for t in range(3):
            chat(
                rt, user, f"{user}-th{t}", "t1", "By the way, I'm vegetarian.", MONDAY + timedelta(minutes=i)
            )
    env = {
        **os.environ,
        "TRAVEL_DATA_DIR": str(settings.travel_data_dir),
        "DATABASE_URL": db_url,
        "EMBEDDINGS": "hash",
        "LLM_MAX_RETRIES": "0",
    }
    at = (MONDAY + timedelta(hours=1)).isoformat()
    reports = _twice_at_once(env, "jobs", "promote", "--at", at, "--json")
    assert sum(r["threads_promoted"] for r in reports) == 12
    # Every thread a process found due it either promoted or left to the other (no errors, no losses).
    assert all(r["threads_due"] == r["threads_promoted"] + r["skipped_claimed_elsewhere"] for r in reports)
    assert all(promoted_facts(rt, u) == ["Dietary needs: vegetarian"] for u in users)
    assert all(
        len(rt.facts.list_facts(UserScope(u), include_history=True)) == 3 for u in users
    )  # one per thread

    wipe_at = (MONDAY + timedelta(days=400)).isoformat()
    wiped = _twice_at_once(env, "jobs", "wipe-inactive", "--at", wipe_at, "--json")
    assert sum(r["users_wiped"] for r in wiped) == 4, wiped
    for user in users:
        assert all(n == 0 for n in rt.registry.counts(user).values())
        assert [a["action"] for a in rt.registry.audit_trail(user)] == ["inactivity_wipe"]  # once, not twice


def test_job_commands_print_json_reports(cli_env: Path) -> None:
    assert (
        run_cli(
            "chat",
            "--user",
            "alice",
            "--thread",
            "m",
            "--at",
            "2026-11-09T09:00",
            "By the way, I'm vegetarian.",
        ).exit_code
        == 0
    )
    promote = run_cli("jobs", "promote", "--at", "2026-11-09T09:31", "--json")
    assert promote.exit_code == 0 and json.loads(promote.stdout)["facts_kept"] == 1
    expire = run_cli("jobs", "expire", "--at", "2029-01-01T00:00", "--json")
    assert json.loads(expire.stdout)["marked_stale"] == 1
    wipe = run_cli("jobs", "wipe-inactive", "--at", "2027-12-01T00:00", "--json")
    assert json.loads(wipe.stdout)["users_wiped"] == 1
    history = run_cli("jobs", "history", "--json")
    assert [r["job"] for r in json.loads(history.stdout)] == ["wipe", "expire", "promote"]
    bad = run_cli("jobs", "promote", "--at", "soon")
    assert bad.exit_code == 2 and "ISO time" in bad.stderr


def test_as_of_timestamps_are_utc(runtime: Runtime) -> None:
    report = asyncio.run(promote_idle(runtime.job_deps("t"), datetime(2026, 11, 9, 10, tzinfo=UTC)))
    assert report.as_of == "2026-11-09T10:00:00+00:00"


@pytest.mark.slow
def test_the_scheduler_runs_as_its_own_process(runtime_factory: RuntimeFactory) -> None:
    """`travel-assistant scheduler`, for deployments with several app workers: promotes, then stops on SIGTERM."""
    import signal

    rt = runtime_factory()
    an_hour_ago = datetime.now(UTC) - timedelta(hours=1)
    chat(rt, ALICE, "mon", "t1", "By the way, I'm vegetarian.", an_hour_ago)
    env = {
        **os.environ,
        "TRAVEL_DATA_DIR": str(rt.settings.travel_data_dir),
        "EMBEDDINGS": "hash",
        "PROMOTE_EVERY_SECONDS": "1",
        "LLM_MAX_RETRIES": "0",
    }
    proc = _cli(env, "scheduler")
    try:

        def promoted_or_exited() -> bool:
            return proc.poll() is not None or bool(promoted_facts(rt, ALICE))

        wait_until(promoted_or_exited, timeout=120, what="the scheduler process to promote the thread")
        assert proc.poll() is None, proc.communicate()[1]
        assert promoted_facts(rt, ALICE) == ["Dietary needs: vegetarian"]
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err


def test_a_pass_takes_threads_by_write_group_and_each_users_in_order(runtime: Runtime) -> None:
    """Grouping threads by the store's write group (its shard) must not reorder one user's threads: a later
    thread's statement still supersedes an earlier one's, even across chunks in flight together."""
    chat(runtime, ALICE, "a1", "t1", "For the record, I prefer aisle seats.", MONDAY)
    chat(runtime, BOB, "b1", "t1", "By the way, I'm vegetarian.", MONDAY + timedelta(minutes=1))
    chat(runtime, ALICE, "a2", "t1", "Actually, I prefer window seats now.", MONDAY + timedelta(minutes=2))
    deps = runtime.job_deps("test")
    deps.chunk = 1  # each thread its own chunk: two chunks are in flight at once
    deps.write_group = {"alice": 1, "bob": 0}.__getitem__
    seen: list[str] = []
    inner = deps.promoter.promote_many

    async def spy(items: Any, **kwargs: Any) -> Any:
        for item in items:
            thread = runtime.directory.get_thread(item.user, item.thread)
            seen.append(f"{item.user}:{thread.title if thread else ''}")
        return await inner(items, **kwargs)

    deps.promoter.promote_many = spy  # type: ignore[method-assign]
    report = asyncio.run(promote_idle(deps, MONDAY + timedelta(hours=1)))
    assert report.threads_promoted == 3
    assert [s.split(":")[0] for s in seen] == ["bob", "alice", "alice"]
    assert "aisle" in seen[1] and "window" in seen[2]
    assert promoted_facts(runtime, ALICE) == ["Seat preference: window"]
