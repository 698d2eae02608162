"""A promotion pass shared among workers: disjoint parts by user, every thread once, a user's facts in order."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from datetime import timedelta
from typing import TYPE_CHECKING

import pytest

from assistant.ids import UserId
from scheduler.jobs import Partition, PromoteReport, promote_idle
from tests.conftest import MONDAY, RuntimeFactory, SettingsFactory
from tests.test_jobs import chat, promoted_facts
from travel_assistant.promote_workers import PromotionWorkerError, PromotionWorkers, merged

if TYPE_CHECKING:
    from travel_assistant.container import Runtime

USERS = [UserId(f"user{i}") for i in range(6)]


def _talk(rt: Runtime) -> None:
    """Two threads per user; the second changes the seat the first stated, so order matters."""
    for i, user in enumerate(USERS):
        at = MONDAY + timedelta(minutes=i)
        chat(rt, user, f"{user}-1", "t1", "By the way, I'm vegetarian. I prefer aisle seats.", at)
        chat(rt, user, f"{user}-2", "t1", "Actually, I prefer window seats now.", at + timedelta(minutes=10))


def test_a_partition_that_does_not_exist_is_refused() -> None:
    for index, count in ((2, 2), (-1, 2), (0, 0)):
        with pytest.raises(ValueError, match="does not exist"):
            Partition(index, count)


def test_every_user_is_in_exactly_one_part_with_or_without_write_groups() -> None:
    users = [f"u{i}" for i in range(200)]
    for group in (None, lambda user: int(user[1:]) * 7):
        parts = [Partition(i, 3) for i in range(3)]
        owners = [[p.index for p in parts if p.holds(u, group)] for u in users]
        assert all(len(found) == 1 for found in owners)
        assert {found[0] for found in owners} == {0, 1, 2}  # every part gets some of the users


def test_parts_of_a_pass_promote_each_thread_once_and_keep_each_users_order(runtime: Runtime) -> None:
    _talk(runtime)
    now = MONDAY + timedelta(hours=2)
    reports = []
    for index in range(2):
        deps = runtime.job_deps(f"part{index}")
        deps.partition = Partition(index, 2)
        deps.write_group = lambda user: int(user.removeprefix("user"))  # users 0, 2, 4 | 1, 3, 5
        reports.append(asyncio.run(promote_idle(deps, now)))
    assert [r.threads_due for r in reports] == [6, 6]  # each part saw only its own users' threads
    total = merged(now, reports)
    assert (total.threads_due, total.threads_promoted, total.errors) == (12, 12, 0)
    for user in USERS:  # the later thread's seat won: one worker wrote both, in the order they were said
        assert sorted(promoted_facts(runtime, user)) == [
            "Dietary needs: vegetarian",
            "Seat preference: window",
        ]
    assert asyncio.run(promote_idle(runtime.job_deps("all"), now)).threads_due == 0  # nothing left over


def test_merged_reports_add_up_counts_and_reasons() -> None:
    now = MONDAY
    one = PromoteReport(as_of="x", threads_due=3, threads_promoted=2, errors=1, rejected={"inference": 2})
    one.error_kinds = {"ModelOutputError": 1}
    two = PromoteReport(as_of="y", threads_due=4, threads_promoted=4, rejected={"inference": 1, "secret": 1})
    total = merged(now, [one, two])
    assert total.as_of == now.isoformat()
    assert (total.threads_due, total.threads_promoted, total.errors) == (7, 6, 1)
    assert total.rejected == {"inference": 3, "secret": 1}
    assert total.error_kinds == {"ModelOutputError": 1}


@pytest.mark.slow
def test_jobs_promote_with_workers_shares_one_pass_among_processes(
    settings_factory: SettingsFactory, runtime_factory: RuntimeFactory
) -> None:
    """The command an operator runs to drain a backlog: two worker processes, one pass, one summed report."""
    settings = settings_factory()
    rt = runtime_factory()
    _talk(rt)
    env = {
        **os.environ,
        "TRAVEL_DATA_DIR": str(settings.travel_data_dir),
        "EMBEDDINGS": "hash",
        "LLM_MAX_RETRIES": "0",
    }
    at = (MONDAY + timedelta(hours=2)).isoformat()
    cmd = [sys.executable, "-m", "travel_assistant.cli.main", "jobs", "promote", "--workers", "2"]
    done = subprocess.run([*cmd, "--at", at, "--json"], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert (report["threads_due"], report["threads_promoted"], report["errors"]) == (12, 12, 0)
    for user in USERS:
        assert sorted(promoted_facts(rt, user)) == ["Dietary needs: vegetarian", "Seat preference: window"]
    runners = {r["runner"] for r in rt.job_runs.recent(job="promote")}
    assert runners == {"workers-1of2", "workers-2of2"}, runners  # each worker's part is in the job history

    refused = subprocess.run([*cmd[:-1], "0"], env=env, capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2 and "--workers" in refused.stderr


@pytest.mark.slow
def test_a_worker_that_died_is_a_clear_error_and_the_pool_still_closes(
    settings_factory: SettingsFactory, runtime_factory: RuntimeFactory
) -> None:
    runtime_factory()  # the schema, as the command's own runtime makes it before starting workers
    pool = PromotionWorkers(settings_factory(), 2)
    try:
        pool._procs[1].kill()  # out of memory, or an operator's kill -9
        pool._procs[1].join()
        with pytest.raises(PromotionWorkerError, match="stopped unexpectedly"):
            pool.run_pass(MONDAY)
    finally:
        pool.close()
    assert pool._procs == []
