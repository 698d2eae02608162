"""Where a scenario's session name becomes a thread id: this one function, so the mapping can change in one
place (thread names on the command line may come to map, per user, onto internal ids)."""

from __future__ import annotations

from assistant.ids import ThreadId, UserId, thread_id


def session_thread(user: UserId, session: str) -> ThreadId:
    """The thread a user's named session runs in. Today the name is the thread id (validated)."""
    return thread_id(session)
