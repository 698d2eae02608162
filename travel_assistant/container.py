"""The composition root: every concrete object is built here, once per process, from one Settings.

Heavy parts are built on first use (``cached_property``): a CLI command that only lists facts should not pay
litellm's multi-second import, and one that only chats should not load the embedding model before it needs it.
"""

from __future__ import annotations

import gc
import hashlib
import os
import socket
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cached_property

from assistant.engine import Engine, EngineDeps, EngineSettings
from assistant.facts import FactMemory
from assistant.ids import UserId, UserScope
from assistant.llm import ChatModel
from assistant.promotion import ExplicitRemember, Promoter
from assistant.recall import Recaller, RecallSettings
from assistant.tools import ToolRunner
from demo.bookings import SqlBookingSystem
from memory import migrate
from memory.claims import Backoff, SqlClaims, SqlJobRuns
from memory.db import Database
from memory.job_queries import SqlJobQueries
from memory.lance_store import LanceFactStore
from memory.registry import UserDataRegistry
from memory.thread_log import SqlThreadLog
from memory.users import SqlDirectory
from scheduler.jobs import JobDeps
from travel_assistant.settings import Settings


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass
class Runtime:
    settings: Settings
    db: Database
    # Lets a caller observe or replace the model (the scenario records every prompt it sends).
    wrap_model: Callable[[ChatModel], ChatModel] | None = None

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
        return LanceFactStore(self.settings.resolved_lancedb_uri, embedding=self.settings.embeddings)

    @cached_property
    def fact_memory(self) -> FactMemory:
        return FactMemory(self.facts, self.facts)

    @cached_property
    def model(self) -> ChatModel:
        from assistant.llm import LiteLLMChatModel, LLMConfig, provider_of

        s = self.settings
        model = LiteLLMChatModel(
            LLMConfig(
                model=s.llm_model,
                api_key=s.provider_api_key(provider_of(s.llm_model)),
                api_base=s.llm_api_base,
                timeout_seconds=s.llm_timeout_seconds,
                max_retries=s.llm_max_retries,
                max_reply_tokens=s.reply_reserve_tokens,
                offline_stream_delay_ms=s.offline_stream_delay_ms,
                deadline_seconds=s.llm_deadline_seconds,
            )
        )
        return self.wrap_model(model) if self.wrap_model else model

    @cached_property
    def recaller(self) -> Recaller:
        s = self.settings
        return Recaller(
            self.facts,
            RecallSettings(
                keyed_max=s.recall_keyed_max,
                k=s.recall_k,
                min_relevance=s.recall_min_relevance,
                half_life_days=s.recall_half_life_days,
                recency_weight=s.recall_recency_weight,
            ),
        )

    @cached_property
    def engine(self) -> Engine:
        s = self.settings
        return Engine(
            EngineDeps(
                thread_log=self.thread_log,
                directory=self.directory,
                model=self.model,
                tools=ToolRunner(self.bookings, ExplicitRemember(self.thread_log, self.fact_memory)),
                recaller=self.recaller,
                settings=EngineSettings(
                    policy=s.window_policy,
                    summary_every=s.summary_every,
                    budget_tokens=s.context_budget_tokens,
                    reply_reserve_tokens=s.reply_reserve_tokens,
                    max_message_chars=s.max_message_chars,
                    clear_old_tool_results=s.clear_old_tool_results,
                ),
            )
        )

    @cached_property
    def promoter(self) -> Promoter:
        return Promoter(self.thread_log, self.directory, self.model, self.fact_memory)

    @cached_property
    def registry(self) -> UserDataRegistry:
        # Audit subjects are keyed hashes; the key is derived from the app secret so it is never stored.
        key = hashlib.sha256(
            b"audit-subject:" + self.settings.chainlit_auth_secret.get_secret_value().encode()
        )
        return UserDataRegistry(self.db, self.facts, audit_key=key.digest())

    @cached_property
    def job_runs(self) -> SqlJobRuns:
        return SqlJobRuns(self.db)

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
            runner=name,
        )

    def prefetch_memory(self, user: UserId) -> None:
        """Read the user's facts into the store's cache with the very read recall makes (at most
        ``RECALL_KEYED_MAX + 1`` rows), so the first turn of a chat does not wait for it."""
        self.facts.small_set(UserScope(user), self.settings.recall_keyed_max)

    def warm_up(self) -> None:
        """Build the slow parts (model adapter, fact table, embedding model) before the first request."""
        _ = self.engine
        self.facts.warm_up()
        # Everything loaded so far (torch, transformers, litellm, chainlit: over half a million objects) lives
        # as long as the process. Freezing moves it out of the collector's reach; without this, each full
        # collection re-scans all of it and stalls whichever turn triggered it for ~200 ms.
        gc.freeze()

    def close(self) -> None:
        self.db.dispose()


def build_runtime(settings: Settings, *, upgrade_schema: bool = True) -> Runtime:
    settings.travel_data_dir.mkdir(parents=True, exist_ok=True)
    db = Database(settings.resolved_database_url)
    if upgrade_schema:
        migrate.upgrade(db)
    return Runtime(settings=settings, db=db)
