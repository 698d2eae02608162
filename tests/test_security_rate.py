"""A burst of chat messages from one user: the allowed ones are answered, the rest refused at once with a note
in the chat, and another user chats on as usual. (The effect on the other user's turn times is measured by
``python -m benchmarks.message_burst``.)"""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime
from typing import Any

import pytest

from tests.live_app import ChatSocket, LiveApp

pytestmark = pytest.mark.slow

BURST = 200
LIMIT_NOTE = "Too many messages: at most 5 per 10 seconds and 20 per minute."


def _texts(events: list[tuple[str, Any]]) -> list[str]:
    return [
        str(data.get("output", ""))
        for name, data in events
        if name in ("new_message", "update_message") and isinstance(data, dict)
        if data.get("type") == "assistant_message"
    ]


async def _flood(app: LiveApp) -> tuple[list[str], list[tuple[str, Any]]]:
    sock = ChatSocket(app, app.token("trent"))
    try:
        assert (await sock.connect()).connected, sock.run.error
        await sock.settle()
        before = len(sock.run.events)
        for i in range(BURST):
            message = {
                "id": str(uuid.uuid4()),
                "threadId": "",
                "output": f"Find me flights to Lisbon on the 14th ({i})",
                "name": "User",
                "type": "user_message",
                "createdAt": datetime.now(UTC).isoformat(),
            }
            await sock.client.emit("client_message", {"message": message, "fileReferences": []})
        # Every message is one task on the server, refused or answered: wait for all of them to end.
        assert await sock.wait_for(lambda r: r.names()[before:].count("task_end") >= BURST, timeout=120), (
            sock.run.names()[before:][-20:]
        )
        events = sock.run.events[before:]
    finally:
        await sock.close()
    return _texts(events), events


def test_a_burst_of_messages_is_answered_up_to_the_limit_and_refused_past_it(live_app: LiveApp) -> None:
    texts, _ = asyncio.run(_flood(live_app))
    refused = [t for t in texts if LIMIT_NOTE in t]
    answered = [t for t in texts if "I found 3 flights" in t]
    assert len(refused) == BURST - 5, texts[:10]
    assert 1 <= len(answered) <= 5  # each admitted turn answers (one reply may update another's message)
    assert all("I did not read this one; please send it again in" in t for t in refused)
    with live_app.runtime() as rt:
        from assistant.ids import UserId

        [thread] = rt.directory.threads_of(UserId("trent"))
        user_turns = [e for e in rt.thread_log.events(thread.id) if e.kind == "user"]
    assert len(user_turns) == 5  # the refused ones were not kept (nor queued: nothing came later)

    # Another user, with a budget nobody else in the session spends (bob's goes on the cross-user matrix).
    async def another_user_chats() -> list[tuple[str, Any]]:
        sock = ChatSocket(live_app, live_app.token("olivia"))
        try:
            assert (await sock.connect()).connected
            await sock.settle()
            return await sock.say("Find me flights to Lisbon on the 14th")
        finally:
            await sock.close()

    assert any("I found 3 flights" in t for t in _texts(asyncio.run(another_user_chats())))  # her own budget
