"""A Chainlit data layer over our own tables: users, threads and the thread log. No second transcript.

Chainlit checks thread ownership on some paths only (it trusts the data layer for the rest), so every method
here that names a thread re-checks who owns it:

* ``get_thread`` / ``get_thread_author`` report the true owner, which Chainlit compares with the session user
  (resume, open, rename, delete);
* ``update_thread`` only renames the acting user's own existing thread; threads are created by the engine
  on the first real turn (Chainlit also calls it with browser-chosen ids and on disconnect);
* step, element and feedback writes are ignored: the transcript is written by the engine into the log, and
  Chainlit's copy of it (and of ``user_session``, which it saves as thread metadata) is never stored.
"""

from __future__ import annotations

import logging
from typing import Any

import chainlit as cl
from chainlit.data.base import BaseDataLayer
from chainlit.types import Feedback, PageInfo, PaginatedResponse, Pagination, ThreadDict, ThreadFilter
from chainlit.user import PersistedUser, User

from assistant import ids
from assistant.errors import InvalidId, TravelAssistantError
from assistant.ids import ThreadId, UserId
from travel_assistant.container import Runtime
from travel_assistant.web.render import iso, thread_dict, thread_steps

logger = logging.getLogger(__name__)


def _acting_user() -> str | None:
    """The user of the websocket session making this call, when there is one."""
    try:
        user = cl.context.session.user
    except Exception:  # no Chainlit context (plain HTTP route)
        return None
    return user.identifier if user else None


class TravelDataLayer(BaseDataLayer):  # type: ignore[misc]
    def __init__(self, runtime: Runtime) -> None:
        self.rt = runtime

    # -- users ----------------------------------------------------------------------------------------------

    async def get_user(self, identifier: str) -> PersistedUser | None:
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

    def _owner(self, thread: str) -> UserId | None:
        try:
            return self.rt.directory.owner_of(ids.thread_id(thread))
        except InvalidId:
            return None

    async def get_thread_author(self, thread_id: str) -> str:
        owner = self._owner(thread_id)
        return owner or ""  # "" → Chainlit answers 404, same as for a thread that never existed

    async def get_thread(self, thread_id: str) -> ThreadDict | None:
        owner = self._owner(thread_id)
        if owner is None:
            return None
        acting = _acting_user()
        if acting is not None and acting != owner:
            logger.warning("refused to load another user's thread")
            return None
        record = self.rt.directory.get_thread(owner, ThreadId(thread_id))
        if record is None:
            return None
        return thread_dict(record, steps=thread_steps(record, self.rt.thread_log.events(record.id)))

    async def list_threads(
        self, pagination: Pagination, filters: ThreadFilter
    ) -> PaginatedResponse[ThreadDict]:
        try:
            owner = ids.user_id(filters.userId or "")
        except InvalidId:
            return PaginatedResponse(
                pageInfo=PageInfo(hasNextPage=False, startCursor=None, endCursor=None), data=[]
            )
        threads = self.rt.directory.threads_of(owner)
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
        actor = _acting_user() or user_id
        if actor is None:
            return
        try:
            uid, tid = ids.user_id(actor), ids.thread_id(thread_id)
        except InvalidId:
            logger.warning("update_thread with an invalid id ignored")
            return
        try:
            self._rename_own(uid, tid, name)
        finally:
            if metadata is not None:
                # Chainlit sends its whole user_session here when a chat's socket disconnects. It is dropped
                # (tags too); logged so that a disconnect's handling shows in the server log.
                logger.info("dropped session metadata of thread %s", tid)

    def _rename_own(self, user: UserId, thread: ThreadId, name: str | None) -> None:
        owner = self._owner(thread)
        if owner is None or owner != user:
            # Threads are created by the engine on the first real turn, never here: this call also arrives
            # for commands that are not conversation (/memories), for browser-chosen ids, and on disconnect
            # after "delete my account", where creating anything would resurrect an erased user.
            return
        if name:
            try:
                self.rt.directory.rename_thread(user, thread, name)
            except TravelAssistantError:
                logger.warning("update_thread rename failed", exc_info=True)

    async def delete_thread(self, thread_id: str) -> None:
        owner = self._owner(thread_id)
        acting = _acting_user()
        if owner is None or (acting is not None and acting != owner):
            return
        self.rt.directory.delete_thread(owner, ThreadId(thread_id))

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
