"""The production topology, end to end: Postgres, LanceDB in an S3 bucket (a moto server), two app workers and
one standalone scheduler, every process started from the Procfile with the environment docs/deploy.md lists.

The workers are driven through Chainlit's socket (python-socketio, logged in with ``POST /login``), as a
browser would: the point is that a conversation, its resume and its memory work whichever worker a request
lands on. The operator's erasure runs through the CLI against the same stores (that is how an operator runs it).
Tests run in file order and share one topology.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from assistant.fact_types import FACT_TYPES
from testkit.app_env import free_port, offline_env
from tests.conftest import _create_pg_database, _drop_pg_database
from tests.topology import BIN, REPO, Proc, get_json, login, one_turn, procfile, wait_ready

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

BUCKET = "travel-facts"
ORIGIN = "http://travel.test"  # the origin the reverse proxy serves; every worker is configured with it
SEARCH = "Find me flights to Lisbon on the 14th"
BOOK = "Book option 1, please. By the way, I'm vegetarian."
DINNER = "Any dinner suggestions near my hotel?"
HOTEL = "Casa do Rio Lisboa"
ALICE_CANARY = "quokka-7731"
CONCURRENT_USERS = [f"u{i}" for i in range(1, 5)]
KILL_USERS = [f"v{i}" for i in range(1, 7)]
THREADS_PER_KILL_USER = 4
SEAT, DIET = FACT_TYPES["seat"].key_for("aisle"), FACT_TYPES["dietary"].key_for("vegetarian")
SECRETS = {
    "CHAINLIT_AUTH_SECRET": "topology-auth-secret-" + os.urandom(16).hex(),
    "AWS_SECRET_ACCESS_KEY": "topology-s3-secret-" + os.urandom(16).hex(),
    "OPENAI_API_KEY": "sk-topology-" + os.urandom(16).hex(),
}


def password(user: str) -> str:
    return f"{user}-pass-1234"


@dataclass
class Topology:
    env: dict[str, str]
    db_url: str
    s3: Any
    web: list[Proc]
    web_urls: list[str]
    scheduler: Proc
    scheduler_url: str
    logs: Path
    extra: list[Proc]

    def cookie(self, worker: int, user: str) -> str:
        return login(self.web_urls[worker], user, password(user), ORIGIN)

    def sql(self, query: str, **params: Any) -> list[Any]:
        engine = create_engine(self.db_url)
        try:
            with engine.connect() as conn:
                return list(conn.execute(text(query), params).all())
        finally:
            engine.dispose()

    def start(self, name: str, process_type: str, **env: str) -> Proc:
        proc = Proc(name, procfile()[process_type], {**self.env, **env}, self.logs).start()
        self.extra.append(proc)
        return proc

    def cli(self, *args: str) -> str:
        """The operator's command line, with the processes' environment (it reaches the same stores)."""
        done = subprocess.run(
            [str(BIN / "travel-assistant"), *args],
            env=self.env,
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )
        (self.logs / f"cli-{args[0]}.err").write_text(done.stderr, encoding="utf-8")
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout


def _moto(logs: Path) -> tuple[Proc, str]:
    port = free_port()
    proc = Proc("moto", f"{BIN / 'moto_server'} -H 127.0.0.1 -p {port}", dict(os.environ), logs).start()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    import urllib.request

    while True:
        try:
            urllib.request.urlopen(url + "/moto-api/", timeout=2).close()
            return proc, url
        except OSError:
            if time.monotonic() > deadline or not proc.alive:
                raise AssertionError("moto server did not start:\n" + proc.tail()) from None
            time.sleep(0.2)


def _environment(db_url: str, s3_url: str, data_dir: Path) -> dict[str, str]:
    users = ["alice", "bob", *CONCURRENT_USERS, *KILL_USERS]
    env = offline_env(data_dir, drop_prefixes=("AWS_", "OTEL_"))
    env.update(
        {
            "PATH": f"{BIN}:{env.get('PATH', '/usr/bin:/bin')}",
            "APP_ENV": "development",
            "DATABASE_URL": db_url,
            "LANCEDB_URI": f"s3://{BUCKET}/lancedb",
            "AWS_ENDPOINT": s3_url,
            "AWS_ALLOW_HTTP": "true",
            "AWS_ACCESS_KEY_ID": "topology-key",
            "AWS_REGION": "us-east-1",
            "OFFLINE_STREAM_DELAY_MS": "0",
            "SCHEDULER_IN_APP": "false",
            "MIGRATE_ON_START": "false",
            "LOG_FORMAT": "json",
            "IDLE_MINUTES": "0.05",  # three seconds of idling stand in for thirty minutes
            "PROMOTE_EVERY_SECONDS": "1",
            "CLAIM_LEASE_SECONDS": "5",
            "SCHEDULER_HEARTBEAT_SECONDS": "1",
            # Chunks smaller than a pass, so a scheduler killed mid-pass has finished some threads, not others.
            "PROMOTE_CHUNK": "4",
            "PUBLIC_ORIGIN": ORIGIN,
            "HOST": "127.0.0.1",
            "DEMO_USERS": ",".join(f"{u}:{password(u)}" for u in users),
            "ADMIN_USERS": "alice",
            **SECRETS,
        }
    )
    return env


@pytest.fixture(scope="module")
def topology(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Topology]:
    import boto3

    logs = tmp_path_factory.mktemp("topology-logs")
    moto, s3_url = _moto(logs)
    db_url = _create_pg_database()
    started: list[Proc] = [moto]
    try:
        s3 = boto3.client(
            "s3",
            endpoint_url=s3_url,
            aws_access_key_id="x",
            aws_secret_access_key="x",
            region_name="us-east-1",
        )
        s3.create_bucket(Bucket=BUCKET)
        env = _environment(db_url, s3_url, tmp_path_factory.mktemp("topology-data"))
        entries = procfile()
        release = Proc("release", entries["release"], env, logs).start()
        started.append(release)
        assert release.wait(timeout=180) == 0, release.tail()
        ports = [free_port(), free_port()]
        health_port = free_port()
        web = [
            Proc(f"web{i + 1}", entries["web"], {**env, "PORT": str(p)}, logs).start()
            for i, p in enumerate(ports)
        ]
        scheduler = Proc(
            "scheduler", entries["scheduler"], {**env, "SCHEDULER_HEALTH_PORT": str(health_port)}, logs
        )
        started += [*web, scheduler.start()]
        urls = [f"http://127.0.0.1:{p}" for p in ports]
        topo = Topology(env, db_url, s3, web, urls, scheduler, f"http://127.0.0.1:{health_port}", logs, [])
        for proc, url in [*zip(web, urls, strict=True), (scheduler, topo.scheduler_url)]:
            wait_ready(url + "/readyz", proc)
        yield topo
        started += topo.extra
    finally:
        for proc in reversed(started):
            proc.stop()
        _drop_pg_database(db_url)


def _facts(topo: Topology) -> list[dict[str, Any]]:
    """Every row of the fact table, read straight from the bucket (every user, current and superseded)."""
    import lancedb

    db = lancedb.connect(
        f"s3://{BUCKET}/lancedb",
        storage_options={
            "aws_endpoint": topo.env["AWS_ENDPOINT"],
            "allow_http": "true",
            "aws_access_key_id": "x",
            "aws_secret_access_key": "x",
            "aws_region": "us-east-1",
        },
    )
    names: list[str] = []
    token: str | None = None
    while True:  # every shard table (listed a page at a time)
        page = db.list_tables(page_token=token)
        names += [n for n in page.tables if n.startswith("facts_")]
        token = page.page_token
        if not token:
            break
    assert names, "no fact table in the bucket"
    columns = ["id", "user_id", "key", "version", "current"]
    return [dict(r) for name in names for r in _rows(db, name, columns)]


def _rows(db: Any, name: str, columns: list[str]) -> list[dict[str, Any]]:
    """A shard table's rows; none for the leftover of a create killed before its first version (the store
    treats it as absent too: memory.lance_shards)."""
    try:
        table = db.open_table(name)
    except ValueError as exc:
        if "not found" not in str(exc):
            raise
        return []
    rows: list[dict[str, Any]] = table.to_arrow().select(columns).to_pylist()
    return rows


def _wait(condition: Callable[[], object], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.2)


def _promoted(topo: Topology, thread: str) -> bool:
    rows = topo.sql("SELECT last_seq, promoted_through_seq FROM threads WHERE id = :t", t=thread)
    return bool(rows) and rows[0][1] >= rows[0][0] > 0


# -- the tests, in order ------------------------------------------------------------------------------------


def test_every_process_is_ready_and_probes_reveal_nothing(topology: Topology) -> None:
    for url in [*topology.web_urls, topology.scheduler_url]:
        status, alive = get_json(url + "/healthz")
        assert (status, alive) == (200, {"status": "alive"})
        status, ready = get_json(url + "/readyz")
        assert status == 200 and ready["status"] == "ready", ready
        assert set(ready["checks"].values()) == {"ok"}
        assert "version" not in json.dumps(ready).lower()
    _, scheduler_ready = get_json(topology.scheduler_url + "/readyz")
    assert scheduler_ready["checks"]["scheduler"] == "ok"  # the heartbeat of the one scheduler
    _, web_ready = get_json(topology.web_urls[0] + "/readyz")
    assert "scheduler" not in web_ready["checks"]  # SCHEDULER_IN_APP=false: no scheduler in a worker


def test_worked_example_across_workers(topology: Topology) -> None:
    """Monday on worker 1; the standalone scheduler promotes the idle thread; Thursday's new chat on worker 2
    recalls "vegetarian" dated Monday (today, here) and sourced to Monday's conversation."""
    cookie1 = topology.cookie(0, "alice")

    async def monday() -> tuple[str, str]:
        from tests.topology import Chat

        chat = await Chat(topology.web_urls[0], cookie1, ORIGIN).connect()
        try:
            search = await chat.send(SEARCH)
            assert "search_flights" in " ".join(search.steps), search.steps
            booking = await chat.send(BOOK)
            assert "book_flight" in " ".join(booking.steps), booking.steps
            assert chat.thread_id
            return chat.thread_id, booking.text
        finally:
            await chat.close()

    monday_thread, booking = asyncio.run(monday())
    said_on = datetime.now(UTC)
    assert HOTEL in booking
    _wait(lambda: _promoted(topology, monday_thread), 60, "the scheduler to promote Monday's thread")
    runners = topology.sql("SELECT DISTINCT runner FROM job_runs WHERE job = 'promote'")
    assert all(r[0].startswith("scheduler:") for r in runners), runners  # no worker ran a job

    cookie2 = topology.cookie(1, "alice")
    thursday = asyncio.run(one_turn(topology.web_urls[1], cookie2, ORIGIN, DINNER))
    assert "Recalled 1 fact" in thursday.steps, thursday.steps
    recalled = thursday.recalled
    assert "Dietary needs: vegetarian" in recalled, thursday.steps
    assert (
        f'"recorded": "{said_on:%a} {said_on.day} {said_on:%b %Y}"' in recalled
    )  # Monday's date, here today
    assert f"conversation {monday_thread}" in recalled
    assert "vegetarian" in thursday.text.lower()
    topology.env["MONDAY_THREAD"] = monday_thread  # for the resume test below (same module, same topology)


def test_a_thread_started_on_one_worker_resumes_on_the_other(topology: Topology) -> None:
    monday_thread = topology.env["MONDAY_THREAD"]
    cookie2 = topology.cookie(1, "alice")

    async def resume() -> tuple[dict[str, Any], str]:
        from tests.topology import Chat

        chat = await Chat(topology.web_urls[1], cookie2, ORIGIN, thread_id=monday_thread).connect()
        try:
            assert chat.resumed is not None
            reply = await chat.send(f"{DINNER} {ALICE_CANARY}")
            return chat.resumed, reply.text
        finally:
            await chat.close()

    resumed, reply = asyncio.run(resume())
    outputs = " ".join(str(s.get("output", "")) for s in resumed.get("steps", []))
    assert SEARCH in outputs and BOOK in outputs  # worker 2 served the history worker 1 wrote
    assert HOTEL in reply  # and continued it: the trip state came from Monday's booking on worker 1
    kinds = topology.sql(
        "SELECT kind FROM events WHERE thread_id = :t AND kind = 'user' ORDER BY seq", t=monday_thread
    )
    assert len(kinds) == 3


def test_two_workers_write_facts_to_one_table_at_once(topology: Topology) -> None:
    """Each user asks worker 1 to remember an aisle seat and worker 2 a window seat at the same moment, and
    both workers store a diet for other users meanwhile: every commit lands (no lost table versions on S3) and
    the conflicting seat facts become versions 1 and 2 of one key with exactly one current (no duplicate)."""
    cookies = {u: (topology.cookie(0, u), topology.cookie(1, u)) for u in CONCURRENT_USERS}
    before = len(_facts(topology))

    async def everyone() -> list[Any]:
        turns = []
        for c1, c2 in cookies.values():
            turns.append(one_turn(topology.web_urls[0], c1, ORIGIN, "Remember that I prefer aisle seats"))
            turns.append(one_turn(topology.web_urls[1], c2, ORIGIN, "Remember that I prefer window seats"))
            turns.append(one_turn(topology.web_urls[1], c2, ORIGIN, "Remember that I'm vegetarian"))
        return await asyncio.gather(*turns)

    replies = asyncio.run(everyone())
    assert len(replies) == 3 * len(CONCURRENT_USERS)
    rows = _facts(topology)
    mine = [r for r in rows if r["user_id"] in CONCURRENT_USERS]
    for user in CONCURRENT_USERS:
        seat = sorted(r["version"] for r in mine if r["user_id"] == user and r["key"] == SEAT)
        assert seat == [1, 2], (user, seat)
        assert sum(r["current"] for r in mine if r["user_id"] == user and r["key"] == SEAT) == 1
        diet = [r for r in mine if r["user_id"] == user and r["key"] == DIET]
        assert [r["version"] for r in diet] == [1], (user, diet)
    assert len(rows) - before == 3 * len(CONCURRENT_USERS)
    assert len({r["id"] for r in rows}) == len(rows)


def test_a_killed_scheduler_leaves_nothing_undone(topology: Topology) -> None:
    """The scheduler is SIGKILLed in the middle of a promotion pass; a second scheduler finishes every thread
    (the dead one's claim is taken over when its lease runs out), each exactly once."""
    topology.scheduler.stop()  # threads pile up while no scheduler runs

    async def seed() -> list[str]:
        threads: list[str] = []
        for user in KILL_USERS:
            cookie = topology.cookie(len(threads) % 2, user)
            replies = await asyncio.gather(
                *(
                    one_turn(
                        topology.web_urls[i % 2], cookie, ORIGIN, "I'm vegetarian and I prefer aisle seats"
                    )
                    for i in range(THREADS_PER_KILL_USER)
                )
            )
            threads += [r.thread_id for r in replies if r.thread_id]
        return threads

    seeded = asyncio.run(seed())
    assert len(seeded) == len(KILL_USERS) * THREADS_PER_KILL_USER
    pending = set(seeded)
    first = topology.start("scheduler-a", "scheduler")

    def claims() -> tuple[int, int]:
        rows = topology.sql(
            "SELECT item, done_at IS NOT NULL FROM work_claims WHERE job = 'promote' AND item = ANY(:items)",
            items=list(pending),
        )
        return len(rows), sum(1 for r in rows if r[1])

    _wait(lambda: claims()[1] >= 1 or not first.alive, 120, "the first scheduler to promote a thread")
    first.kill()
    claimed, done = claims()
    assert 0 < done < len(pending), (claimed, done)  # killed mid-pass, with work left

    second = topology.start("scheduler-b", "scheduler")
    _wait(
        lambda: all(_promoted(topology, t) for t in pending), 180, "the second scheduler to finish the work"
    )
    second.stop()
    rows = topology.sql(
        "SELECT item, count(*), bool_and(done_at IS NOT NULL) FROM work_claims "
        "WHERE job = 'promote' AND item = ANY(:items) GROUP BY item",
        items=list(pending),
    )
    assert len(rows) == len(pending) and all(r[1] == 1 and r[2] for r in rows)
    facts = [r for r in _facts(topology) if r["user_id"] in KILL_USERS]
    for user in KILL_USERS:
        for key in (DIET, SEAT):
            versions = sorted(r["version"] for r in facts if r["user_id"] == user and r["key"] == key)
            assert versions == sorted(set(versions)) and versions, (user, key, versions)
            assert sum(r["current"] for r in facts if r["user_id"] == user and r["key"] == key) == 1
    topology.scheduler = second


def _alice_fact_ids(topology: Topology) -> list[bytes]:
    """The ids of alice's fact rows: bytes nobody else's rows hold (a fact keeps no words of hers to look for:
    it holds canonical values and ids only)."""
    return [str(r["id"]).encode() for r in _facts(topology) if r["user_id"] == "alice"]


def _objects_holding(topology: Topology, needles: list[bytes]) -> tuple[int, list[str]]:
    keys, holding = 0, []
    for page in topology.s3.get_paginator("list_objects_v2").paginate(Bucket=BUCKET):
        for obj in page.get("Contents", []):
            keys += 1
            body = topology.s3.get_object(Bucket=BUCKET, Key=obj["Key"])["Body"].read()
            if any(needle in body for needle in needles):
                holding.append(obj["Key"])
            # the storage credentials are connection options, never written into the table
            assert SECRETS["AWS_SECRET_ACCESS_KEY"].encode() not in body, obj["Key"]
            assert topology.env["AWS_ENDPOINT"].encode() not in body, obj["Key"]
    return keys, holding


def test_erasing_a_user_leaves_nothing_in_postgres_or_the_bucket(topology: Topology) -> None:
    alice = _alice_fact_ids(topology)
    assert alice and _objects_holding(topology, alice)[1], "the check below could not fail"
    out = topology.cli("users", "erase", "alice", "--json")
    assert json.loads(out)["verified"] is True
    for table, column in (
        ("events", "user_id"),
        ("threads", "user_id"),
        ("bookings", "user_id"),
        ("work_claims", "user_id"),
        ("users", "id"),
    ):
        assert topology.sql(f"SELECT count(*) FROM {table} WHERE {column} = 'alice'")[0][0] == 0, table
    assert (
        topology.sql("SELECT count(*) FROM events WHERE body::text LIKE :c", c=f"%{ALICE_CANARY}%")[0][0] == 0
    )
    assert not [r for r in _facts(topology) if r["user_id"] == "alice"]
    keys, holding = _objects_holding(topology, alice)
    assert keys > 0 and holding == []


def test_no_secret_or_message_text_in_any_log(topology: Topology) -> None:
    """Every process's stderr is JSON lines; no planted secret and no message text appears anywhere."""
    logs = sorted(topology.logs.glob("*.err")) + sorted(topology.logs.glob("*.out"))
    assert len(logs) >= 6
    for path in logs:
        content = path.read_text(encoding="utf-8", errors="replace")
        for name, value in SECRETS.items():
            assert value not in content, f"{name} leaked into {path.name}"
        for phrase in (ALICE_CANARY, "I prefer window seats", "I'm vegetarian"):
            assert phrase not in content, f"message text leaked into {path.name}"
        if path.suffix == ".err" and path.stem.startswith(("web", "scheduler")):
            for line in filter(None, content.splitlines()):
                record = json.loads(line)
                assert {"ts", "level", "logger", "event"} <= set(record), line
