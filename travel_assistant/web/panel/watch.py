"""Telling a page that the user's memory changed (its panel, if open, refreshes; its Memories button shows how
many facts wait for the user): that promotion has run, whoever ran it (this process's scheduler, a scheduler
process of its own, an admin's button, the command line).

A session that opened the panel is watched: about once a second the watcher reads one cheap mark per watched
user (how many of their promotion claims have finished, and the newest finish) and, when it moved, sends that
session's page a window message with no data in it, ``{source, type: "memory-changed"}``. The component, if
it is shown, then asks for fresh props through its own ``refresh_memory`` action, which checks the login like
every other action; while no copy is mounted (the side bar closed, or the page moving to /thread/<id>)
the page keeps the message for the next copy (a server push would re-open the side bar). Before sending,
the session's login is checked again, so an ended login is dropped, never told anything.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import chainlit as cl

from assistant.facts.pending import pending_facts
from assistant.ids import UserId, UserScope
from memory.claims import SqlClaims
from scheduler.jobs import PROMOTE
from travel_assistant.container import Runtime
from travel_assistant.web.panel.element import SOURCE
from travel_assistant.web.security.install import chat_still_allowed
from travel_assistant.web.ui import ChatContext

logger = logging.getLogger(__name__)
CHANGED = {"source": SOURCE, "type": "memory-changed"}
WAITING = "memory-waiting"  # {source, type, count}: the header's Memories button shows the count as a badge
Mark = tuple[int, datetime | None]


@dataclass
class _Watched:
    user: UserId
    mark: Mark


class PanelWatch:
    """One per process (kept on the ``App``); its polling task runs while any session is watched."""

    def __init__(self, rt: Runtime, *, interval: float = 1.0) -> None:
        self.rt = rt
        self.interval = interval
        self.claims = SqlClaims(rt.db, "web")
        self.sessions: dict[str, _Watched] = {}
        self._task: asyncio.Task[None] | None = None

    def waiting(self, user: UserId) -> dict[str, Any]:
        """How many of the user's facts wait for Keep or Discard, as the page's badge reads it (a store read)."""
        count = len(pending_facts(self.rt.fact_memory, UserScope(user)))
        return {"source": SOURCE, "type": WAITING, "count": count}

    def _mark(self, user: UserId) -> Mark:
        return self.claims.finished_mark(job=PROMOTE, user=user)

    async def baseline(self, user: UserId) -> Mark:
        """The mark to watch from: read it *before* the panel's props, so a promotion that finishes after
        the props were read moves the mark past it and is told (read after, such a pass would be in neither
        the props nor a later ping, and the panel would never say it ran)."""
        return await asyncio.to_thread(self._mark, user)

    def watch(self, chat: ChatContext, *, since: Mark) -> None:
        """Watch the current session, telling it of every promotion that finishes after ``since``."""
        sid = cl.context.session.id
        self.sessions[sid] = _Watched(chat.user, since)
        logger.info("memory panel watched: session %s, user %s, from mark %s", sid, chat.user, since)
        if self._task is None or self._task.done():
            # A fresh context: the task must not carry this event's chat context into later sends.
            self._task = asyncio.get_running_loop().create_task(self._run(), context=_empty_context())

    async def turn_ended(self) -> None:
        """After a turn of the current session: a watched panel refreshes (the turn may have remembered or
        forgotten something)."""
        watched = self.sessions.get(cl.context.session.id)
        if watched is not None:
            await cl.send_window_message(dict(CHANGED))
            await cl.send_window_message(await asyncio.to_thread(self.waiting, watched.user))

    async def _run(self) -> None:
        while self.sessions:
            await asyncio.sleep(self.interval)
            for sid, watched in list(self.sessions.items()):
                try:
                    await self._check(sid, watched)
                except Exception:  # one session's trouble must not stop the others' updates
                    logger.warning("memory panel watch failed for a session", exc_info=True)
                    self.sessions.pop(sid, None)

    async def _check(self, sid: str, watched: _Watched) -> None:
        from chainlit.session import WebsocketSession

        session = WebsocketSession.get_by_id(sid)
        if session is None:  # disconnected
            self.sessions.pop(sid, None)
            return
        mark = await asyncio.to_thread(self._mark, watched.user)
        if mark == watched.mark:
            return
        watched.mark = mark
        sent = await asyncio.get_running_loop().create_task(
            self._tell(session, watched.user), context=_empty_context()
        )
        logger.info("memory panel %s: session %s, mark %s", "told" if sent else "dropped", sid, mark)
        if not sent:
            self.sessions.pop(sid, None)

    async def _tell(self, session: Any, user: UserId) -> bool:
        """Send the ping in the session's own context, if its login is still good and still ``user``'s."""
        from chainlit.context import init_ws_context

        context = init_ws_context(session)
        if not chat_still_allowed(self.rt, user, str(context.session.thread_id)):
            return False
        await context.emitter.send_window_message(dict(CHANGED))
        await context.emitter.send_window_message(await asyncio.to_thread(self.waiting, user))
        return True

    async def stop(self) -> None:
        self.sessions.clear()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task


def _empty_context() -> contextvars.Context:
    return contextvars.Context()
