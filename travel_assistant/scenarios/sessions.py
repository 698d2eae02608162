"""Where a scenario's session name becomes a thread id: this one function, so scenarios name threads exactly as
the command line does (``chat --thread mon``) and a recorded web thread (a UUID) replays under its own id."""

from __future__ import annotations

from assistant.ids import ThreadId, UserId
from travel_assistant.container import Runtime


def session_thread(rt: Runtime, user: UserId, session: str) -> ThreadId:
    """The thread ``user``'s named session runs in: that user's own id for the name (see
    ``Runtime.thread_for_name``), so two users' sessions called "mon" never share a thread."""
    return rt.thread_for_name(user, session)
