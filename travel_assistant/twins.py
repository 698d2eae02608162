"""The engine wired over the in-memory twins: the same objects as the real runtime, minus I/O.

Tests and benchmarks build their engines here, so the wiring they exercise is one wiring, kept next to the real
one (``container``). The twins pass the same contract suites as the SQL and LanceDB stores.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from assistant.facts.asking import Asker, AskPolicy
from assistant.facts.memory import FactMemory
from assistant.facts.pending import Unaudited
from assistant.facts.recall import Recaller, RecallSettings
from assistant.model.llm import ChatModel
from assistant.promotion import Promoter
from assistant.remember import ExplicitRemember
from assistant.turn.engine import Engine
from assistant.turn.parts import EngineDeps, EngineSettings
from assistant.turn.tools import ToolRunner
from demo.bookings import InMemoryBookingSystem
from memory.inmemory import InMemoryFactStore, InMemoryThreadStore


@dataclass
class Twins:
    """One in-memory world: threads (log and directory), facts and bookings, shared by every engine built
    from it (so a second engine over the same twins sees the first one's log, as a restarted worker would)."""

    threads: InMemoryThreadStore = field(default_factory=InMemoryThreadStore)
    facts: InMemoryFactStore = field(default_factory=InMemoryFactStore)
    bookings: InMemoryBookingSystem = field(default_factory=InMemoryBookingSystem)

    @property
    def fact_memory(self) -> FactMemory:
        return FactMemory(self.facts, self.facts, self.facts)

    def engine(
        self,
        model: ChatModel,
        *,
        settings: EngineSettings | None = None,
        recall: RecallSettings | None = None,
        tools: ToolRunner | None = None,
        remember: bool = False,
    ) -> Engine:
        """An engine over these twins. ``tools`` replaces the default runner (over ``bookings``);
        ``remember`` offers the ``remember_preference`` tool."""
        rememberer = ExplicitRemember(self.threads, self.fact_memory) if remember else None
        return Engine(
            EngineDeps(
                thread_log=self.threads,
                directory=self.threads,
                model=model,
                tools=tools or ToolRunner(self.bookings, rememberer),
                recaller=Recaller(self.facts, recall or RecallSettings()),
                settings=settings or EngineSettings(),
            )
        )

    def promoter(self, model: ChatModel) -> Promoter:
        return Promoter(self.threads, self.threads, model, self.fact_memory)

    def asker(self, policy: AskPolicy | None = None) -> Asker:
        """The opening question and its answers over these twins (Keep and Not now unaudited)."""
        memory = self.fact_memory
        return Asker(
            self.threads, self.threads, memory, self.facts, Unaudited(memory), policy=policy or AskPolicy()
        )
