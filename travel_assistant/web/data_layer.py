"""A Chainlit data layer over our own tables: users, threads and the thread log. No second transcript.

Chainlit checks thread ownership on some paths only (it trusts the data layer for the rest) and tells "not
yours" (401) from "not found" (404). So every method here that names a thread asks who is acting
(``SessionGuard.acting``: the socket's or the request's login, still active, from our origin) and answers
only about that user's own threads; for anybody else, and for nobody, every thread looks like one that does
not exist:

* ``get_thread_author`` names the owner only to the owner ("" → Chainlit's 404 for everyone else);
* ``get_thread`` (resume, the thread route) returns the owner's thread to the owner only;
* ``update_thread`` only renames the acting user's own existing thread; threads are created by the engine
  on the first real turn (Chainlit also calls it with browser-chosen ids and on disconnect);
* step, element and feedback writes are ignored: the transcript is written by the engine into the log, and
  Chainlit's copy of it (and of ``user_session``, which it saves as thread metadata) is never stored.

Chainlit awaits these methods on its event loop (``get_user`` on every authenticated request and socket
connection, ``update_thread`` on a chat's first message), so each one's store calls run in a worker thread
(``asyncio.to_thread``, which carries the context variables that name the acting login).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from chainlit.data.base import BaseDataLayer
from chainlit.types import Feedback, PageInfo, PaginatedResponse, Pagination, ThreadDict, ThreadFilter
from chainlit.user import PersistedUser, User

from assistant import ids
from assistant.errors import InvalidId, TravelAssistantError
from assistant.events import Event, EventKind
from assistant.ids import ThreadId, UserId, UserScope
from travel_assistant.container import Runtime
from travel_assistant.web.recall_view import resumed_cards, thread_titles
from travel_assistant.web.render import iso, thread_dict, thread_elements, thread_steps
from travel_assistant.web.security.sessions import SessionGuard

logger = logging.getLogger(__name__)

_NO_PAGE = PageInfo(hasNextPage=False, startCursor=None, endCursor=None)


class TravelDataLayer(BaseDataLayer):  # type: ignore[misc]
    def __init__(self, runtime: Runtime, guard: SessionGuard | None = None) -> None:
        self.rt = runtime
        self.guard = guard or SessionGuard(runtime.settings, runtime.sessions)

    def _acting(self) -> UserId | None:
        principal = self.guard.acting()
        return principal.user if principal else None

    def _own(self, thread: str) -> tuple[UserId, ThreadId] | None:
        """(acting user, thread) when the acting user owns the thread; None for every other case alike."""
        acting = self._acting()
        if acting is None:
            return None
        try:
            tid = ids.thread_id(thread)
        except InvalidId:
            return None
        return (acting, tid) if self.rt.directory.get_thread(acting, tid) is not None else None

    # -- users ----------------------------------------------------------------------------------------------

    async def get_user(self, identifier: str) -> PersistedUser | None:
        return await asyncio.to_thread(self._user, identifier)

    def _user(self, identifier: str) -> PersistedUser | None:
        try:
            record = self.rt.directory.get_user(ids.user_id(identifier))
        except InvalidId:
            return None
        if record is None:
            return None
        return PersistedUser(
            id=record.id,
            identifier=record.id,
            createdAt=iso(record.created_at),
            metadata={"is_admin": record.is_admin},
        )

    async def create_user(self, user: User) -> PersistedUser | None:
        """Never creates: Chainlit calls this for *every* request whose login cookie names an unknown user,
        which after "delete my account" would resurrect the erased user. Accounts are created by the demo
        seeding, ``travel-assistant users add`` and the header-auth callback."""
        return await self.get_user(user.identifier)

    # -- threads ---------------------------------------------------------------------------------------------

    async def get_thread_author(self, thread_id: str) -> str:
        own = await asyncio.to_thread(self._own, thread_id)
        return own[0] if own else ""  # "" → Chainlit answers 404, as for a thread that never existed

    async def get_thread(self, thread_id: str) -> ThreadDict | None:
        return await asyncio.to_thread(self._thread, thread_id)

    def _thread(self, thread_id: str) -> ThreadDict | None:
        own = self._own(thread_id)
        if own is None:
            return None
        record = self.rt.directory.get_thread(*own)
        if record is None:
            return None
        events = self.rt.thread_log.events(record.id)
        cards = self._recall_cards(own[0], events)
        return thread_dict(
            record, steps=thread_steps(record, events), elements=thread_elements(record, events, cards)
        )

    def _recall_cards(self, user: UserId, events: list[Event]) -> dict[str, dict[str, Any]]:
        """The recall cards of a reopened conversation (its facts and titles read only when it recalled)."""
        if not any(e.kind == EventKind.RECALL and e.body.get("fact_ids") for e in events):
            return {}
        facts = {str(f.id): f for f in self.rt.facts.list_facts(UserScope(user), include_history=True)}
        return resumed_cards(events, facts, threads=thread_titles(self.rt.directory, user))

    async def list_threads(
        self, pagination: Pagination, filters: ThreadFilter
    ) -> PaginatedResponse[ThreadDict]:
        return await asyncio.to_thread(self._threads, pagination, filters)

    def _threads(self, pagination: Pagination, filters: ThreadFilter) -> PaginatedResponse[ThreadDict]:
        acting = self._acting()
        if acting is None or filters.userId != acting:
            return PaginatedResponse(pageInfo=_NO_PAGE, data=[])
        threads = self.rt.directory.threads_of(acting)
        if filters.search:
            needle = filters.search.lower()
            threads = [t for t in threads if needle in t.title.lower()]
        start = 0
        if pagination.cursor:
            known = [t.id for t in threads]
            start = known.index(pagination.cursor) + 1 if pagination.cursor in known else len(known)
        page = threads[start : start + pagination.first]
        has_more = start + pagination.first < len(threads)
        return PaginatedResponse(
            pageInfo=PageInfo(
                hasNextPage=has_more,
                startCursor=page[0].id if page else None,
                endCursor=page[-1].id if page else None,
            ),
            data=[thread_dict(t) for t in page],
        )

    async def update_thread(
        self,
        thread_id: str,
        name: str | None = None,
        user_id: str | None = None,
        metadata: dict[str, Any] | None = None,
        tags: list[str] | None = None,
    ) -> None:
        if metadata is not None:
            # Chainlit sends its whole user_session here when a chat's socket disconnects. It is dropped
            # (tags too); logged so that a disconnect's handling shows in the server log.
            logger.info(
                "dropped session metadata of thread %s", thread_id if ids.is_web_thread_id(thread_id) else "-"
            )
        await asyncio.to_thread(self._rename, thread_id, name, user_id)

    def _rename(self, thread_id: str, name: str | None, user_id: str | None) -> None:
        own = self._own(thread_id)
        # Threads are created by the engine on the first real turn, never here: this call also arrives for
        # commands that are not conversation (/memories), for browser-chosen ids, and on disconnect after
        # "delete my account", where creating anything would resurrect an erased user.
        if own is None or (user_id is not None and user_id != own[0]) or not name:
            return
        try:
            self.rt.directory.rename_thread(*own, name)
        except TravelAssistantError:
            logger.warning("update_thread rename failed", exc_info=True)

    async def delete_thread(self, thread_id: str) -> None:
        def delete() -> None:
            own = self._own(thread_id)
            if own is not None:
                self.rt.directory.delete_thread(*own)

        await asyncio.to_thread(delete)

    # -- what we do not store ---------------------------------------------------------------------------------

    async def create_step(self, step_dict: Any) -> None:
        return None

    async def update_step(self, step_dict: Any) -> None:
        return None

    async def delete_step(self, step_id: str) -> None:
        return None

    async def create_element(self, element: Any) -> None:
        return None

    async def get_element(self, thread_id: str, element_id: str) -> Any:
        return None

    async def delete_element(self, element_id: str, thread_id: str | None = None) -> None:
        return None

    async def upsert_feedback(self, feedback: Feedback) -> str:
        return ""

    async def delete_feedback(self, feedback_id: str) -> bool:
        return False

    async def get_favorite_steps(self, user_id: str) -> list[Any]:
        return []

    async def build_debug_url(self) -> str:
        return ""

    async def close(self) -> None:
        return None
