"""The summary the model writes every ``SUMMARY_EVERY`` turns (summary-block window policy)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from assistant.events import Event, EventKind, NewEvent
from assistant.prompts import SUMMARY_SCHEMA_NAME
from assistant.turn.context import summary_due

if TYPE_CHECKING:
    from assistant.model.llm import ChatModel
    from assistant.ports import ThreadLog
    from assistant.turns import TurnRequest


class SummaryOutput(BaseModel):
    model_config = ConfigDict(extra="ignore")

    summary: str = Field(min_length=1, max_length=6000)
    decisions: list[str] = Field(default_factory=list, max_length=50)
    open_loops: list[str] = Field(default_factory=list, max_length=50)

    def render(self) -> str:
        """Decisions and open loops are listed explicitly: they are what a lossy summary must not lose."""
        parts = [self.summary.strip()]
        if self.decisions:
            parts.append("Decisions: " + "; ".join(self.decisions))
        if self.open_loops:
            parts.append("Open loops: " + "; ".join(self.open_loops))
        return "\n".join(parts)


async def summarise_if_due(
    model: ChatModel, thread_log: ThreadLog, req: TurnRequest, events: list[Event], *, every: int
) -> list[Event]:
    """Write the summary the window policy is due for, as a new event, and return the log read again.

    The summary is appended like any other event of the turn (idempotent on its key), so a resumed turn finds
    it logged and does not ask the model twice; the log is read back in the same worker thread, so the
    context sees the summary it just wrote."""
    due = summary_due(events, current_turn=req.turn, every=every)
    if due is None:
        return events
    out = await model.structured(due.request(), SummaryOutput, name=SUMMARY_SCHEMA_NAME)
    body = {
        "text": out.render(),
        "covers_through_seq": due.covers_through_seq,
        "turns": due.turns,
        "decisions": out.decisions,
        "open_loops": out.open_loops,
    }

    def log_and_read() -> list[Event]:
        thread_log.append(NewEvent(req.thread, req.turn, EventKind.SUMMARY, body, req.now))
        return thread_log.events(req.thread)

    return await asyncio.to_thread(log_and_read)
