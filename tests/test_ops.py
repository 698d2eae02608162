"""Operating it: object-storage settings, locks in the database, readiness, JSON logs, spans and metrics."""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from collections.abc import Iterator
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import pytest
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from starlette.testclient import TestClient

from assistant.errors import ConfigurationError, StorageError
from assistant.ids import ThreadId, TurnId, UserId
from assistant.turns import TurnRequest
from memory.locks import DbLocks
from tests.conftest import MONDAY
from travel_assistant.ops.health import CACHE_SECONDS, Readiness, mount_first
from travel_assistant.ops.logs import configure_logging, log_context
from travel_assistant.ops.telemetry import METRIC_NAMES, Telemetry
from travel_assistant.settings import build_settings

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from opentelemetry.sdk.metrics.export import InMemoryMetricReader, MetricsData
    from opentelemetry.sdk.trace import ReadableSpan
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    from memory.db import Database
    from tests.conftest import RuntimeFactory
    from travel_assistant.container import Runtime

S3 = {"lancedb_uri": "s3://travel-facts/lancedb", "_env_file": None}
SEARCH = "Find me flights to Lisbon on the 14th"
BOOK = "Book option 1, please. By the way, I'm vegetarian."


# -- object storage settings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "names"),
    [
        ({}, "AWS_REGION"),
        ({"aws_endpoint": "http://127.0.0.1:9000"}, "AWS_ALLOW_HTTP"),
        ({"aws_endpoint": "ftp://store"}, "AWS_ENDPOINT"),
        ({"aws_region": "eu-west-1", "aws_access_key_id": "AKIA123"}, "AWS_SECRET_ACCESS_KEY"),
        ({"aws_region": "eu-west-1", "aws_session_token": "tok"}, "AWS_SESSION_TOKEN"),
        ({"aws_region": "eu-west-1", "lancedb_uri": "s3://A_b/x"}, "bucket"),
        ({"aws_region": "eu-west-1", "lancedb_uri": "ftp://bucket/x"}, "scheme"),
    ],
)
def test_object_storage_settings_that_cannot_work_are_refused_at_start_up(
    values: dict[str, Any], names: str
) -> None:
    with pytest.raises(ConfigurationError, match=names):
        build_settings(**{**S3, **values})


def test_object_storage_options_hold_the_keys_but_the_settings_never_print_them() -> None:
    settings = build_settings(
        **S3,
        aws_endpoint="http://127.0.0.1:9000",
        aws_allow_http=True,
        aws_access_key_id="AKIAEXAMPLE",
        aws_secret_access_key="very-secret-value",
    )
    options = settings.lancedb_storage_options()
    assert options == {
        "aws_endpoint": "http://127.0.0.1:9000",
        "aws_region": "us-east-1",
        "allow_http": "true",
        "aws_access_key_id": "AKIAEXAMPLE",
        "aws_secret_access_key": "very-secret-value",
    }
    assert "very-secret-value" not in repr(settings) and "very-secret-value" not in str(settings.model_dump())
    assert build_settings(_env_file=None, lancedb_uri=None).lancedb_storage_options() == {}


def test_the_standard_aws_variables_configure_object_storage(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANCEDB_URI", "s3://travel-facts/lancedb")
    monkeypatch.setenv("AWS_ENDPOINT_URL", "https://s3.example.com")
    monkeypatch.setenv("AWS_DEFAULT_REGION", "eu-central-1")
    monkeypatch.setenv("AWS_PROFILE", "travel")
    settings = build_settings(_env_file=None)
    assert settings.lancedb_storage_options() == {
        "aws_endpoint": "https://s3.example.com",
        "aws_region": "eu-central-1",
    }  # the profile's keys are read by LanceDB's own credential chain, from AWS_PROFILE


# -- locks in the database ------------------------------------------------------------------------------------


def test_a_lock_in_the_database_excludes_other_holders_until_released(database: Database) -> None:
    first, second = DbLocks(database), DbLocks(database)
    inside = threading.Event()
    release = threading.Event()

    def hold() -> None:
        with first.hold("maintenance"):
            inside.set()
            release.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    assert inside.wait(10)
    with pytest.raises(StorageError, match="maintenance lock"), second.hold("maintenance", timeout=0.3):
        pass
    with second.hold("another-name", timeout=0.3):
        pass  # different names do not exclude each other
    release.set()
    holder.join(10)
    started = time.monotonic()
    with second.hold("maintenance", timeout=5):
        assert time.monotonic() - started < 2


def test_a_sqlite_lock_held_by_a_killed_process_is_free_at_once(tmp_path: Path) -> None:
    """The lock of a SIGKILLed holder is released by the kernel: the next pass does not wait for a lease."""
    import os
    import signal
    import subprocess
    import sys

    from memory.db import Database

    url = f"sqlite:///{tmp_path / 'locks.db'}"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\n"
            "from memory.db import Database\nfrom memory.locks import DbLocks\n"
            f"lock = DbLocks(Database({url!r})).hold('maintenance')\nlock.__enter__()\n"
            "print('held', flush=True)\ntime.sleep(60)\n",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        db = Database(url)
        with pytest.raises(StorageError), DbLocks(db).hold("maintenance", timeout=0.2):
            pass
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait(10)
        started = time.monotonic()
        with DbLocks(db).hold("maintenance", timeout=5):
            assert time.monotonic() - started < 1
        db.dispose()
    finally:
        if holder.poll() is None:
            holder.kill()


def test_two_writers_of_one_users_fact_make_two_versions_not_two_first_versions(runtime: Runtime) -> None:
    from assistant.fact_records import Authority, FactDraft
    from assistant.ids import UserScope

    scope = UserScope(UserId("ann"))
    start = threading.Barrier(2)

    def write(value: str, turn: str) -> None:
        draft = FactDraft(
            type="seat",
            value=value,
            source_thread="t",
            source_turn=turn,
            asserted_by=Authority.USER_CONFIRMED,
        )
        start.wait(5)
        runtime.fact_memory.record(scope, draft, now=MONDAY)

    writers = [threading.Thread(target=write, args=a) for a in (("aisle", "a"), ("window", "b"))]
    for w in writers:
        w.start()
    for w in writers:
        w.join(30)
    history = runtime.fact_memory.history(scope, "seat")
    assert sorted(f.version for f in history) == [1, 2]
    assert sum(f.current for f in history) == 1


# -- health and readiness ---------------------------------------------------------------------------------


def _client(readiness: Readiness) -> TestClient:
    async def catch_all(request: Any) -> PlainTextResponse:
        return PlainTextResponse("<html>the UI</html>")

    app = Starlette(routes=[Route("/{full_path:path}", catch_all)])
    mount_first(app, readiness)  # as on Chainlit's app, whose last route catches every path
    return TestClient(app)


def test_readiness_waits_for_warm_up_and_fails_when_the_database_goes(
    runtime_factory: RuntimeFactory, pg_url: str
) -> None:
    from tests.conftest import _drop_pg_database

    built: list[Runtime] = []
    seconds = [0.0]

    def later() -> None:  # past the readiness cache (an answer is kept for CACHE_SECONDS)
        seconds[0] += CACHE_SECONDS + 0.1

    client = _client(Readiness(lambda: built[0] if built else None, clock=lambda: seconds[0]))
    assert client.get("/healthz").json() == {"status": "alive"}
    starting = client.get("/readyz")
    assert starting.status_code == 503 and starting.json()["checks"] == {"runtime": "starting"}

    built.append(runtime_factory(database_url=pg_url))
    later()
    cold = client.get("/readyz")
    assert cold.status_code == 503 and cold.json()["checks"]["embeddings"] == "starting"
    built[0].warm_up()
    later()
    warm = client.get("/readyz")
    assert warm.status_code == 200, warm.json()
    assert warm.json() == {"status": "ready", "checks": {"database": "ok", "facts": "ok", "embeddings": "ok"}}
    assert warm.headers["cache-control"] == "no-store"

    built[0].heartbeat.expected = True  # this process runs the scheduler: its heartbeat now counts
    later()
    assert client.get("/readyz").json()["checks"]["scheduler"] == "failing"
    built[0].heartbeat.beat()
    later()
    assert client.get("/readyz").status_code == 200

    built[0].db.dispose()
    _drop_pg_database(pg_url)
    later()
    down = client.get("/readyz")
    assert down.status_code == 503 and down.json()["checks"]["database"] == "failing"
    assert "psycopg" not in down.text and pg_url not in down.text  # names checks, not errors


def test_readiness_fails_while_the_schema_is_behind(runtime_factory: RuntimeFactory, pg_url: str) -> None:
    from memory import migrate

    rt = runtime_factory(database_url=pg_url)
    rt.warm_up()
    migrate.downgrade(rt.db, "0001_initial")
    ready, checks = Readiness(lambda: rt).report()
    assert not ready and checks["database"] == "failing"


# -- logs -------------------------------------------------------------------------------------------------


def test_json_logs_are_one_object_per_line_with_the_turn_context(
    runtime_factory: RuntimeFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    rt = runtime_factory(context_budget_tokens=1100, reply_reserve_tokens=100)  # pressure warnings
    handler = configure_logging(fmt="json", level="INFO")
    try:
        rt.warm_up()  # as at start-up: litellm's own handlers are stripped once it is imported
        _log_a_turn(rt)
    finally:
        logging.getLogger().removeHandler(handler)
        logging.captureWarnings(False)
    err = capsys.readouterr().err
    _check_json_lines(err)


def _log_a_turn(rt: Runtime) -> None:
    request = TurnRequest(
        user=UserId("ann"), thread=ThreadId("th-1"), turn=TurnId("tu-1"), text=SEARCH, now=MONDAY
    )
    asyncio.run(rt.engine.run_turn(request))
    with log_context(job="promote"):
        logging.getLogger("lancedb").warning("a library's line")
    try:
        raise ValueError("boom")
    except ValueError:
        logging.getLogger("travel_assistant").exception("failed")


def _check_json_lines(err: str) -> None:
    bad = [line for line in err.splitlines() if line.strip() and not line.startswith("{")]
    assert not bad, bad[:5]
    lines = [json.loads(line) for line in err.splitlines() if line.strip()]
    pressure = [r for r in lines if "context pressure" in r["event"]]
    assert pressure, lines
    assert pressure[0]["turn_id"] == "tu-1" and pressure[0]["thread_id"] == "th-1"
    assert pressure[0]["user"] != "ann" and len(pressure[0]["user"]) == 16
    library = next(r for r in lines if r["logger"] == "lancedb")
    assert library["job"] == "promote" and "turn_id" not in library
    failed = next(r for r in lines if r["event"] == "failed")
    assert failed["error"] == "ValueError" and "Traceback" in failed["traceback"]
    assert all(SEARCH not in json.dumps(r) for r in lines)


# -- spans and metrics --------------------------------------------------------------------------------------


# A runtime whose telemetry goes to in-memory exporters: (runtime, finished spans, metrics).
Traced = tuple["Runtime", "InMemorySpanExporter", "InMemoryMetricReader"]


@pytest.fixture
def traced(runtime_factory: RuntimeFactory) -> Iterator[Traced]:
    from opentelemetry.sdk.metrics.export import InMemoryMetricReader
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    spans, metrics = InMemorySpanExporter(), InMemoryMetricReader()
    telemetry = Telemetry.with_sdk(b"k" * 32, span_exporters=[spans], metric_readers=[metrics], batch=False)
    from travel_assistant.container import build_runtime

    rt = runtime_factory()
    rt = build_runtime(rt.settings, telemetry=telemetry)
    try:
        yield rt, spans, metrics
    finally:
        rt.close()


def _attr(span: ReadableSpan, name: str) -> object:
    assert span.attributes is not None, f"span {span.name} has no attributes"
    return span.attributes[name]


def _metrics(reader: InMemoryMetricReader) -> MetricsData:
    data = reader.get_metrics_data()
    assert data is not None, "no metrics were recorded"
    return data


def _tree(spans: Sequence[ReadableSpan], root: ReadableSpan) -> list[str]:
    children = sorted(
        (s for s in spans if s.parent and s.parent.span_id == root.context.span_id),
        key=lambda s: s.start_time or 0,
    )
    return [s.name for s in children]


def test_a_turn_and_a_promotion_pass_make_the_expected_spans_and_metrics(
    traced: Traced,
) -> None:
    from scheduler import runner

    rt, exporter, reader = traced
    alice = UserId("alice")
    for turn, text in (("t1", SEARCH), ("t2", BOOK)):
        req = TurnRequest(user=alice, thread=ThreadId("mon"), turn=TurnId(turn), text=text, now=MONDAY)
        asyncio.run(rt.engine.run_turn(req))
    turns = [s for s in exporter.get_finished_spans() if s.name == "turn"]
    assert len(turns) == 2 and all(s.parent is None for s in turns)
    booking = _tree(list(exporter.get_finished_spans()), turns[1])
    assert sorted(booking[:2]) == ["append", "recall"]  # recall starts beside the user message's append
    assert booking.count("window") == booking.count("model") >= 2
    assert "tool" in booking and booking[-1] == "append"
    appends = [
        s for s in exporter.get_finished_spans() if s.name == "append" and s.parent == turns[1].context
    ]
    # The recall is committed with the first model step, the context with the reply: one transaction each.
    assert _attr(appends[1], "event.kind") == "recall,model:1"
    assert _attr(appends[-1], "event.kind") == "context,assistant"
    spans = list(exporter.get_finished_spans())
    tools = [s for s in spans if s.name == "tool"]
    assert {_attr(s, "tool.name") for s in tools} >= {"search_flights", "book_flight"}
    rounds = [_attr(s, "model.round") for s in spans if s.name == "model" and s.parent == turns[1].context]
    assert rounds == list(range(1, len(rounds) + 1))
    assert _attr(turns[1], "recall.path") == "none" and _attr(turns[1], "user.hash") != "alice"

    exporter.clear()
    runner.register(
        "traced", lambda: rt.job_deps("test"), lambda: MONDAY + timedelta(hours=1), rt.tel.job_pass
    )
    try:
        report = asyncio.run(runner.run_promote("traced"))
    finally:
        runner.unregister("traced")
    assert report["threads_promoted"] == 1
    spans = list(exporter.get_finished_spans())
    [job] = [s for s in spans if s.name == "job.promote"]
    [thread] = [s for s in spans if s.name == "promote.thread"]
    assert thread.parent is not None and thread.parent.span_id == job.context.span_id
    assert "model.structured" in _tree(spans, thread)
    assert _attr(thread, "promotion.kept") == 1

    data = _metrics(reader)
    names = {m.name for rm in data.resource_metrics for sm in rm.scope_metrics for m in sm.metrics}
    # every metric of a turn, its context and recall, and of promotion
    expected = {
        m
        for m in METRIC_NAMES
        if m.startswith(("travel.turn.", "travel.context.", "travel.recall.", "travel.promotion."))
    }
    assert len(expected) == 7
    assert expected <= names <= set(METRIC_NAMES)
    rejections = next(
        m
        for rm in data.resource_metrics
        for sm in rm.scope_metrics
        for m in sm.metrics
        if m.name == "travel.promotion.rejections"
    )
    assert {(p.attributes or {}).get("reason") for p in rejections.data.data_points} >= {"inference"}


def test_no_message_text_or_user_id_in_spans_or_metrics(traced: Traced) -> None:
    rt, exporter, reader = traced
    secret_text = "my passport number is X1234567 and I'm vegetarian"
    req = TurnRequest(
        user=UserId("zed.user"), thread=ThreadId("t"), turn=TurnId("a"), text=secret_text, now=MONDAY
    )
    asyncio.run(rt.engine.run_turn(req))
    rt.registry.erase(UserId("zed.user"), actor="test", now=MONDAY)
    dumped = (
        json.dumps(
            [
                {
                    "name": s.name,
                    "attributes": dict(s.attributes or {}),
                    "events": [dict(e.attributes or {}) for e in s.events],
                    "status": s.status.description,
                }
                for s in exporter.get_finished_spans()
            ]
        )
        + _metrics(reader).to_json()
    )
    for fragment in ("passport", "X1234567", "vegetarian", "zed.user"):
        assert fragment not in dumped
    assert '"travel.erasures"' in dumped


def test_exporters_are_chosen_by_the_standard_variables_and_off_by_default() -> None:
    off = Telemetry.from_environment(b"k", {})
    assert off.shutdown_hooks == []  # no SDK: the API's no-op tracer and meter
    console = Telemetry.from_environment(
        b"k", {"OTEL_TRACES_EXPORTER": "console", "OTEL_METRICS_EXPORTER": "none"}
    )
    assert console.shutdown_hooks
    console.shutdown()
    assert (
        Telemetry.from_environment(
            b"k", {"OTEL_TRACES_EXPORTER": "console", "OTEL_SDK_DISABLED": "true"}
        ).shutdown_hooks
        == []
    )
    with pytest.raises(ConfigurationError, match="not installed"):
        Telemetry.from_environment(b"k", {"OTEL_TRACES_EXPORTER": "no-such-exporter"})
