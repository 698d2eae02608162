"""A hook for timing the parts of a turn that have no port of their own to wrap (window assembly).

Everything else a turn does goes through a dependency (the thread log, the recaller, the model, the tools),
which the composition root may wrap to observe it; the engine itself only names this one phase. The default
probe does nothing; ``travel_assistant.ops.telemetry`` passes one that opens a span.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import Protocol


class Probe(Protocol):
    def span(self, name: str) -> AbstractContextManager[object]: ...


class NoProbe:
    def span(self, name: str) -> AbstractContextManager[object]:
        return nullcontext()


NO_PROBE = NoProbe()
