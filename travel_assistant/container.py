"""The composition root: every concrete object is built here, once per process, from one Settings.

Heavy parts are built on first use (``cached_property``): a CLI command that only lists facts should not pay
litellm's multi-second import, and one that only chats should not load the embedding model before it needs it.
"""

from __future__ import annotations

import gc
import hashlib
import os
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cached_property

from assistant.errors import NotFound
from assistant.facts.asking import Asker
from assistant.facts.forgetting import Forgetter
from assistant.facts.memory import FactMemory
from assistant.facts.recall import Recaller, RecallSettings
from assistant.facts.words import EvidenceWords
from assistant.ids import (
    ThreadId,
    TurnId,
    UserId,
    UserScope,
    is_web_thread_id,
    named_thread_id,
    thread_name_key,
)
from assistant.model.llm import ChatModel
from assistant.promotion import Promoter
from assistant.remember import ExplicitRemember
from assistant.turn.parts import EngineDeps, EngineSettings
from demo.bookings import SqlBookingSystem
from memory import migrate
from memory.claims import Backoff, SqlClaims, SqlJobRuns
from memory.db import Database
from memory.demo_clocks import SqlDemoClocks
from memory.job_queries import SqlJobQueries
from memory.lance_store import LanceFactStore
from memory.locks import DbLocks, SerializedFactMemory
from memory.redaction import RedactionReport, redact_message
from memory.registry import UserDataRegistry
from memory.sessions import SqlLoginSessions
from memory.thread_log import SqlThreadLog
from memory.users import SqlDirectory
from scheduler.jobs import JobDeps
from travel_assistant.demo_clock import DemoClocks
from travel_assistant.ops.health import Heartbeat
from travel_assistant.ops.logs import log_key, route_library_loggers
from travel_assistant.ops.observed import (
    ObservedEngine,
    ObservedJobRuns,
    ObservedModel,
    ObservedPromoter,
    ObservedRecaller,
    ObservedRegistry,
    ObservedThreadLog,
    ObservedTools,
)
from travel_assistant.ops.telemetry import Telemetry, WindowProbe
from travel_assistant.readers import install_offline_intents
from travel_assistant.settings import Settings


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass
class Runtime:
    settings: Settings
    db: Database
    # Lets a caller observe or replace the model (the scenario records every prompt it sends).
    wrap_model: Callable[[ChatModel], ChatModel] | None = None
    # Spans and metrics (no-op unless OTEL_*_EXPORTER names an exporter); tests pass in-memory exporters.
    telemetry: Telemetry | None = None
    warmed: bool = False  # set by warm_up(): the readiness probe reports not ready until then

    def __post_init__(self) -> None:
        if self.telemetry is None:
            key = log_key(self.settings.chainlit_auth_secret.get_secret_value())
            self.telemetry = Telemetry.from_environment(key)

    @property
    def tel(self) -> Telemetry:
        assert self.telemetry is not None  # set in __post_init__
        return self.telemetry

    @cached_property
    def locks(self) -> DbLocks:
        """Locks across every process sharing the database (fact-table maintenance, per-user fact writes)."""
        return DbLocks(self.db)

    @cached_property
    def heartbeat(self) -> Heartbeat:
        return Heartbeat()

    @cached_property
    def thread_log(self) -> SqlThreadLog:
        return SqlThreadLog(self.db)

    @cached_property
    def directory(self) -> SqlDirectory:
        return SqlDirectory(self.db)

    @cached_property
    def bookings(self) -> SqlBookingSystem:
        return SqlBookingSystem(self.db)

    @cached_property
    def facts(self) -> LanceFactStore:
        return LanceFactStore(
            self.settings.resolved_lancedb_uri,
            embedding=self.settings.embeddings,
            storage_options=self.settings.lancedb_storage_options(),
            maintenance_locks=self.locks.hold_many,
            evidence_locator=self._locate_evidence,
        )

    def _locate_evidence(self, _user: str, thread: str, turn: str, quote: str) -> tuple[int, int] | None:
        """Where an older fact layout's stored quote sits in the log (its rows are upgraded on first open)."""
        return EvidenceWords(self.thread_log).locate(thread, turn, quote)

    @cached_property
    def fact_memory(self) -> FactMemory:
        return SerializedFactMemory(self.facts, self.facts, self.facts, locks=self.locks)

    @cached_property
    def model(self) -> ChatModel:
        from assistant.model.tape import ReplayModel, TapeRecorder, replay_folder

        s = self.settings
        folder = replay_folder(s.llm_model)
        model: ChatModel = ReplayModel(folder) if folder is not None else self._provider_model()
        if s.llm_record is not None:
            model = TapeRecorder(model, s.llm_record)
        return ObservedModel(self.wrap_model(model) if self.wrap_model else model, self.tel)

    def _provider_model(self) -> ChatModel:
        from assistant.model.llm import LiteLLMChatModel, LLMConfig, provider_of
        from demo.provider import offline_provider

        s = self.settings
        custom = (offline_provider(stream_delay_ms=s.offline_stream_delay_ms),)
        if any(p.serves(s.llm_model) for p in custom):
            install_offline_intents(s.offline_intents)
        return LiteLLMChatModel(
            LLMConfig(
                model=s.llm_model,
                api_key=s.provider_api_key(provider_of(s.llm_model, custom)),
                api_base=s.llm_api_base,
                timeout_seconds=s.llm_timeout_seconds,
                max_retries=s.llm_max_retries,
                max_reply_tokens=s.reply_reserve_tokens,
                deadline_seconds=s.llm_deadline_seconds,
                custom_providers=custom,
            )
        )

    @cached_property
    def recaller(self) -> Recaller:
        s = self.settings
        return ObservedRecaller(
            self.facts,
            RecallSettings(
                keyed_max=s.recall_keyed_max,
                k=s.recall_k,
                min_relevance=s.recall_min_relevance,
                half_life_days=s.recall_half_life_days,
                recency_band=s.recall_recency_band,
            ),
            telemetry=self.tel,
            data_version=self.facts.data_version,
            versioned_search=self.facts.versioned_search,
        )

    @cached_property
    def engine(self) -> ObservedEngine:
        s = self.settings
        return ObservedEngine(
            EngineDeps(
                thread_log=ObservedThreadLog(self.thread_log, self.tel),
                directory=self.directory,
                model=self.model,
                tools=ObservedTools(
                    self.bookings,
                    ExplicitRemember(self.thread_log, self.fact_memory),
                    Forgetter(self.thread_log, self.fact_memory, self.registry),
                    telemetry=self.tel,
                ),
                recaller=self.recaller,
                probe=WindowProbe(self.tel),
                settings=EngineSettings(
                    policy=s.window_policy,
                    summary_every=s.summary_every,
                    budget_tokens=s.context_budget_tokens,
                    reply_reserve_tokens=s.reply_reserve_tokens,
                    max_message_chars=s.max_message_chars,
                    clear_old_tool_results=s.clear_old_tool_results,
                ),
            ),
            self.tel,
        )

    @cached_property
    def promoter(self) -> Promoter:
        return ObservedPromoter(
            self.thread_log,
            self.directory,
            self.model,
            self.fact_memory,
            telemetry=self.tel,
            concurrency=self.settings.promote_concurrency,
        )

    @cached_property
    def asker(self) -> Asker:
        ports = (self.thread_log, self.directory, self.fact_memory, self.facts, self.registry)
        return Asker(*ports, policy=self.settings.ask_policy)

    @cached_property
    def registry(self) -> UserDataRegistry:
        # Audit subjects are keyed hashes; the key is derived from the app secret so it is never stored.
        key = hashlib.sha256(
            b"audit-subject:" + self.settings.chainlit_auth_secret.get_secret_value().encode()
        )
        return ObservedRegistry(self.db, self.facts, audit_key=key.digest(), telemetry=self.tel)

    def redact(
        self, user: UserId, thread: ThreadId, turn: TurnId, *, actor: str, now: datetime
    ) -> RedactionReport:
        """Remove one of ``user``'s messages and every copy of its words (``memory.redaction``), for the command
        line and the browser alike."""
        return redact_message(
            db=self.db,
            facts=self.facts,
            registry=self.registry,
            user=user,
            thread=thread,
            turn=turn,
            actor=actor,
            now=now,
        )

    @cached_property
    def clocks(self) -> DemoClocks:
        """Each user's clock: real time, or a demo user's shifted one (never in production)."""
        return DemoClocks(SqlDemoClocks(self.db), enabled=self.settings.demo_clock_enabled, real=utc_now)

    @cached_property
    def sessions(self) -> SqlLoginSessions:
        return SqlLoginSessions(self.db)

    @cached_property
    def _thread_name_key(self) -> bytes:
        return thread_name_key(self.settings.chainlit_auth_secret.get_secret_value())

    def thread_for_name(self, user: UserId, name: str) -> ThreadId:
        """The thread ``user`` means by ``name`` on the command line (``--thread mon``), for the CLI, the
        scenario runner and anything else that names threads: a browser's UUID is taken as it is; any other
        name maps to this user's own id for it (``assistant.ids.named_thread_id``), which no other user can
        produce, so no user can claim a name before another."""
        if is_web_thread_id(name):
            return ThreadId(name)
        return named_thread_id(self._thread_name_key, user, name)

    def existing_thread(self, user: UserId, name: str) -> ThreadId:
        """The user's thread by ``name``, which must exist: reading or redacting a thread never creates one."""
        thread = self.thread_for_name(user, name)
        if self.directory.get_thread(user, thread) is None:
            raise NotFound(f"thread {name} not found for user {user}")
        return thread

    def keep_thread_name(self, user: UserId, name: str, *, said: str) -> None:
        """Title a thread opened by name (``--thread mon``, the shell's ``/new thu``) with that name, in place
        of the title the engine gives a new thread (its first message, ``said``), so the panel, ``memories
        list`` and the export show what the user chose, never the internal key. A web thread's title, or one
        the user changed, is kept."""
        from assistant.turn.parts import thread_title

        if is_web_thread_id(name):
            return
        thread = self.thread_for_name(user, name)
        record = self.directory.get_thread(user, thread)
        if record is not None and record.title in ("", thread_title(said)):
            self.directory.rename_thread(user, thread, name)

    def thread_labels(self, user: UserId) -> dict[str, str]:
        """Each of the user's threads by id → the name people recognise: its title, else a short id."""
        return {str(t.id): t.title.strip() or short_id(t.id) for t in self.directory.threads_of(user)}

    @cached_property
    def job_runs(self) -> SqlJobRuns:
        return ObservedJobRuns(self.db, self.tel)

    def job_deps(self, runner: str | None = None) -> JobDeps:
        settings = self.settings
        name = runner or f"{socket.gethostname()}:{os.getpid()}"
        return JobDeps(
            queries=SqlJobQueries(self.db),
            claims=SqlClaims(
                self.db,
                name,
                backoff=Backoff(
                    base=timedelta(seconds=settings.claim_retry_base_seconds),
                    cap=timedelta(seconds=settings.claim_retry_max_seconds),
                ),
            ),
            runs=self.job_runs,
            promoter=self.promoter,
            fact_memory=self.fact_memory,
            facts=self.facts,
            registry=self.registry,
            idle=timedelta(minutes=settings.idle_minutes),
            inactivity=timedelta(days=settings.inactivity_days),
            lease=timedelta(seconds=settings.claim_lease_seconds),
            asker=self.asker,
            runner=name,
            user_clocks=self.clocks.shifted_now if self.settings.demo_clock_enabled else None,
            chunk=settings.promote_chunk,
            write_group=self.facts.write_group,
        )

    def prefetch_memory(self, user: UserId) -> None:
        """Read the user's facts into recall's cache with the very read recall makes (at most
        ``RECALL_KEYED_MAX + 1`` rows, and the count of a larger set), so the first turn of a chat does not
        wait for it; for a set too large for that, a copy of its vectors for recall's vector leg too."""
        scope = UserScope(user)
        if self.recaller.current_set(scope)[1] is None:
            self.facts.copy_vectors(scope)

    def warm_up(self) -> None:
        """Build the slow parts (model adapter, fact table, embedding model) before the first request."""
        _ = self.engine
        self.facts.warm_up()
        # The model's tokenizer (~0.4 s for the offline model's: litellm parses a BPE table) is loaded by the
        # first count; without this, the first turn of every process counted its window that slowly.
        self.model.count_tokens([{"role": "user", "content": "warm up"}])
        route_library_loggers()  # litellm installs its own log handlers on import, i.e. just now
        self.warmed = True
        # Everything loaded so far (torch, transformers, litellm, chainlit: over half a million objects) lives
        # as long as the process. Freezing moves it out of the collector's reach; without this, each full
        # collection re-scans all of it and stalls whichever turn triggered it for ~200 ms.
        gc.freeze()

    def load_intent_encoder_in_background(self) -> None:
        """Load the offline model's encoder on a thread while litellm imports, when this process will read
        intents by meaning: ONNX Runtime builds its session (~0.1 s) without holding the interpreter lock."""
        from demo.provider import offline_provider

        s = self.settings
        if s.offline_intents == "meaning" and offline_provider().serves(s.llm_model):
            from memory.embeddings import BundledMiniLM

            threading.Thread(target=BundledMiniLM().load, name="encoder", daemon=True).start()

    def warm_up_in_background(self) -> threading.Thread:
        """``warm_up`` in a thread of its own, so a server answers (``/readyz``: not ready yet) while litellm
        and the embedding model load. A turn that arrives meanwhile waits for the part it needs."""
        thread = threading.Thread(target=self.warm_up, name="warm-up", daemon=True)
        thread.start()
        return thread

    def close(self) -> None:
        self.tel.shutdown()
        self.db.dispose()


def short_id(raw: str) -> str:
    """An id as lists show it: 8 characters, enough to tell a user's facts and threads apart."""
    return raw[:8]


def build_runtime(
    settings: Settings, *, upgrade_schema: bool | None = None, telemetry: Telemetry | None = None
) -> Runtime:
    """``upgrade_schema`` defaults to ``MIGRATE_ON_START`` (production runs migrations once, per release)."""
    settings.travel_data_dir.mkdir(parents=True, exist_ok=True)
    db = Database(settings.resolved_database_url)
    if settings.migrate_on_start if upgrade_schema is None else upgrade_schema:
        migrate.upgrade(db)
    return Runtime(settings=settings, db=db, telemetry=telemetry)
