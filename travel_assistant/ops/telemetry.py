"""OpenTelemetry: spans for turns and job passes, and the memory pipeline's metrics. Off unless configured.

Configuration is the standard one: ``OTEL_TRACES_EXPORTER`` and ``OTEL_METRICS_EXPORTER`` name exporters by
their registered entry points (``console`` ships with the SDK; ``otlp`` with the OTLP exporter packages), and
``OTEL_SERVICE_NAME``, ``OTEL_RESOURCE_ATTRIBUTES``, ``OTEL_EXPORTER_OTLP_ENDPOINT``, ``OTEL_BSP_*`` and
``OTEL_METRIC_EXPORT_INTERVAL`` are read by the SDK itself. Unlike the SDK's own default (``otlp``), nothing
is exported unless an exporter is named: a development machine has no collector to send to.

Only this module (and ``travel_assistant.ops.observed``, its wrappers) touch OpenTelemetry. The engine and the
jobs know nothing of it: the composition root wraps their dependencies, and the one phase without a
dependency (window assembly) is timed through ``assistant.probe``. Without an exporter the tracer and meter
are the API's no-op ones, so the wrappers cost next to nothing.

What spans and metrics may carry: ids (turn, thread), the user as a keyed hash, counts, durations, names of
tools, event kinds, recall paths, error *types*. Never message text, quotes, facts or exception messages.
"""

from __future__ import annotations

import contextvars
import os
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from opentelemetry import metrics, trace
from opentelemetry.trace import Span, Status, StatusCode

from travel_assistant.ops.logs import log_context, subject_hash

SCOPE = "travel_assistant"
Attributes = Mapping[str, str | bool | int | float]

# Every metric this module records (the tests and docs/deploy.md refer to these names).
METRIC_NAMES = (
    "travel.turn.duration",
    "travel.turn.memory_overhead",
    "travel.context.pressure",
    "travel.recall.duration",
    "travel.promotion.threads",
    "travel.promotion.facts_kept",
    "travel.promotion.rejections",
    "travel.expiry.marked_stale",
    "travel.expiry.deleted",
    "travel.wipe.users",
    "travel.erasures",
    "travel.model.errors",
)


@dataclass
class TurnTally:
    """What one turn has spent so far (the memory overhead histogram's input, the model round counter)."""

    memory_seconds: float = 0.0
    model_rounds: int = 0


_TURN: contextvars.ContextVar[TurnTally | None] = contextvars.ContextVar("travel_turn_tally", default=None)


@dataclass
class Telemetry:
    """The tracer, the instruments and the user-hash key, built once per process by the composition root."""

    tracer_provider: trace.TracerProvider
    meter_provider: metrics.MeterProvider
    user_key: bytes
    shutdown_hooks: list[Callable[[], object]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.tracer = self.tracer_provider.get_tracer(SCOPE)
        meter = self.meter_provider.get_meter(SCOPE)
        hist, count = meter.create_histogram, meter.create_counter
        self.turn_duration = hist("travel.turn.duration", unit="s", description="Turn latency, end to end")
        self.memory_overhead = hist(
            "travel.turn.memory_overhead",
            unit="s",
            description="Time a turn spent in the log, recall, window",
        )
        self.context_pressure = hist(
            "travel.context.pressure", unit="1", description="Prompt tokens / usable budget, per model call"
        )
        self.recall_duration = hist("travel.recall.duration", unit="s", description="Recall latency by path")
        self.promotion_threads = count("travel.promotion.threads", description="Threads promoted")
        self.promotion_facts_kept = count(
            "travel.promotion.facts_kept", description="Facts kept by promotion"
        )
        self.promotion_rejections = count(
            "travel.promotion.rejections", description="Promotion candidates rejected, by reason"
        )
        self.expiry_marked_stale = count("travel.expiry.marked_stale", description="Facts marked stale")
        self.expiry_deleted = count("travel.expiry.deleted", description="Facts deleted past their horizon")
        self.wipe_users = count("travel.wipe.users", description="Users erased for inactivity")
        self.erasures = count("travel.erasures", description="User erasures, by action")
        self.model_errors = count("travel.model.errors", description="Model call failures, by error type")

    # -- building ------------------------------------------------------------------------------------------

    @classmethod
    def off(cls, user_key: bytes) -> Telemetry:
        return cls(trace.NoOpTracerProvider(), metrics.NoOpMeterProvider(), user_key)

    @classmethod
    def from_environment(cls, user_key: bytes, environ: Mapping[str, str] | None = None) -> Telemetry:
        """Exporters named by ``OTEL_TRACES_EXPORTER`` / ``OTEL_METRICS_EXPORTER`` (comma-separated; unset or
        ``none``: off). ``OTEL_SDK_DISABLED=true`` turns everything off."""
        env = os.environ if environ is None else environ
        if env.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
            return cls.off(user_key)
        traces = _names(env.get("OTEL_TRACES_EXPORTER"))
        metric_names = _names(env.get("OTEL_METRICS_EXPORTER"))
        if not traces and not metric_names:
            return cls.off(user_key)
        return cls.with_sdk(
            user_key,
            span_exporters=[_load("traces", n)() for n in traces],
            metric_exporters=[_load("metrics", n)() for n in metric_names],
        )

    @classmethod
    def with_sdk(
        cls,
        user_key: bytes,
        *,
        span_exporters: list[Any],
        metric_exporters: list[Any] | None = None,
        metric_readers: list[Any] | None = None,
        batch: bool = True,
    ) -> Telemetry:
        """SDK providers over the given exporters (tests pass in-memory ones, with ``batch=False``)."""
        from opentelemetry.sdk.metrics import MeterProvider
        from opentelemetry.sdk.metrics.export import MetricReader, PeriodicExportingMetricReader
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor

        resource = Resource.create({"service.name": os.environ.get("OTEL_SERVICE_NAME", "travel-assistant")})
        tracer_provider = TracerProvider(resource=resource)
        for exporter in span_exporters:
            tracer_provider.add_span_processor(
                BatchSpanProcessor(exporter) if batch else SimpleSpanProcessor(exporter)
            )
        readers: list[MetricReader] = list(metric_readers or [])
        for exporter in metric_exporters or []:
            readers.append(
                exporter if isinstance(exporter, MetricReader) else PeriodicExportingMetricReader(exporter)
            )
        meter_provider = MeterProvider(resource=resource, metric_readers=readers)
        return cls(
            tracer_provider,
            meter_provider,
            user_key,
            shutdown_hooks=[tracer_provider.shutdown, meter_provider.shutdown],
        )

    def shutdown(self) -> None:
        """Flush and stop the exporters (a CLI command's spans are exported before it exits)."""
        hooks, self.shutdown_hooks = self.shutdown_hooks, []
        for hook in hooks:
            hook()

    # -- recording -----------------------------------------------------------------------------------------

    def user(self, user: str) -> str:
        return subject_hash(self.user_key, user)

    @contextmanager
    def span(
        self, name: str, attributes: Attributes | None = None, *, memory: bool = False
    ) -> Iterator[Span]:
        """A child span of whatever is current. ``memory``: its duration counts as the turn's memory overhead.

        Exceptions mark the span failed with the error's *type* only: exception messages are not recorded
        (a provider's error text or a validation message may quote the user's words).
        """
        started = time.perf_counter()
        with self.tracer.start_as_current_span(
            name, attributes=attributes, record_exception=False, set_status_on_exception=False
        ) as span:
            try:
                yield span
            except BaseException as exc:
                span.set_attribute("error.type", type(exc).__name__)
                span.set_status(Status(StatusCode.ERROR, type(exc).__name__))
                raise
            finally:
                tally = _TURN.get()
                if memory and tally is not None:
                    tally.memory_seconds += time.perf_counter() - started

    @contextmanager
    def turn(self, *, turn_id: str, thread_id: str, user: str) -> Iterator[tuple[Span, TurnTally]]:
        """The root of one turn: log context, a tally for the memory overhead, the ``turn`` span."""
        tally = TurnTally()
        token = _TURN.set(tally)
        hashed = self.user(user)
        try:
            with (
                log_context(turn_id=turn_id, thread_id=thread_id, user=hashed),
                self.span("turn", {"turn.id": turn_id, "thread.id": thread_id, "user.hash": hashed}) as span,
            ):
                yield span, tally
        finally:
            _TURN.reset(token)

    def next_model_round(self) -> int:
        tally = _TURN.get()
        if tally is None:
            return 0
        tally.model_rounds += 1
        return tally.model_rounds

    @contextmanager
    def job_pass(self, job: str) -> Iterator[Span]:
        with log_context(job=job), self.span(f"job.{job}", {"job.name": job}) as span:
            yield span

    def job_report(self, job: str, report: Mapping[str, Any]) -> None:
        """Counters from a finished pass's report (promotion is counted per thread, by the promoter)."""
        if job == "expire":
            self.expiry_marked_stale.add(int(report.get("marked_stale", 0)))
            self.expiry_deleted.add(int(report.get("deleted", 0)))
        elif job == "wipe":
            self.wipe_users.add(int(report.get("users_wiped", 0)))


class WindowProbe:
    """``assistant.probe.Probe`` over telemetry: window assembly as a span counted as memory overhead."""

    def __init__(self, telemetry: Telemetry) -> None:
        self.telemetry = telemetry

    @contextmanager
    def span(self, name: str) -> Iterator[object]:
        with self.telemetry.span(name, memory=True) as span:
            yield span


def _names(raw: str | None) -> list[str]:
    return [n.strip() for n in (raw or "").split(",") if n.strip() and n.strip().lower() != "none"]


def _load(kind: str, name: str) -> Any:
    """An exporter class by its registered entry-point name (how the SDK's own auto-configuration finds it)."""
    from importlib.metadata import entry_points

    from assistant.errors import ConfigurationError

    found = list(entry_points(group=f"opentelemetry_{kind}_exporter", name=name))
    if not found:
        known = sorted(e.name for e in entry_points(group=f"opentelemetry_{kind}_exporter"))
        raise ConfigurationError(
            f"OTEL_{kind.upper()}_EXPORTER={name!r} is not installed (available: {known})"
        )
    return found[0].load()
