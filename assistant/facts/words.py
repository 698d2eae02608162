"""The user's own words behind a fact, read from the thread log through the fact's evidence pointer.

A fact stores no text of the user's (see ``assistant.facts.values``); the memory panel, ``memories list`` and
the export show "your words" by reading the logged, masked message the fact points at. What the log no longer
holds (a redacted message, an erased thread) reads as removed, never as an empty string that looks like words.
"""

from __future__ import annotations

from assistant.events import Event, EventKind
from assistant.facts.values import Fact
from assistant.ids import ThreadId
from assistant.ports import ThreadLog
from language.reading.evidence import clean, words_span
from language.scrub import MESSAGE_REMOVED


class EvidenceWords:
    """Reads the words facts point at, one log read per thread however many facts cite it."""

    def __init__(self, log: ThreadLog) -> None:
        self._log = log
        self._said: dict[str, dict[str, str]] = {}

    def _messages(self, thread: str) -> dict[str, str]:
        """Turn id → the logged user message, for one thread (empty when the thread is gone)."""
        if thread not in self._said:
            events: list[Event] = self._log.events(ThreadId(thread)) if thread else []
            self._said[thread] = {
                e.turn_id: e.text for e in events if e.kind == EventKind.USER and not e.body.get("redacted")
            }
        return self._said[thread]

    def of(self, fact: Fact) -> str:
        """The user's words for ``fact``, one line; :data:`MESSAGE_REMOVED` when the log no longer holds them.
        An empty span points at the whole message (a fact whose exact words could not be located)."""
        said = self._messages(fact.source_thread).get(fact.source_turn)
        if said is None or fact.evidence_end > len(said):
            return MESSAGE_REMOVED
        start, end = fact.evidence_start, fact.evidence_end
        words = said[start:end] if end > start else said
        return clean(words, one_line=True) or MESSAGE_REMOVED

    def locate(self, thread: str, turn: str, quote: str) -> tuple[int, int] | None:
        """Where an older layout's stored quote sits in its logged message (None when the message is gone)."""
        said = self._messages(thread).get(turn)
        if said is None:
            return None
        span = words_span(quote, said)
        return span.start, span.end
