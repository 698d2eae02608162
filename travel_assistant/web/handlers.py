"""Chainlit callbacks. ``install()`` registers them (called from ``app.py``); the runtime is built at app
start-up, once, by the composition root. Handlers only translate: conversation logic is in ``assistant``.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import chainlit as cl

from assistant.engine import TurnRequest
from assistant.errors import AccessDenied, TravelAssistantError
from assistant.ids import fact_id, turn_id, user_id
from scheduler import runner
from travel_assistant.container import Runtime, build_runtime, utc_now
from travel_assistant.settings import Settings, build_settings
from travel_assistant.web.auth import seed_demo_users, verify_password
from travel_assistant.web.data_layer import TravelDataLayer
from travel_assistant.web.inspector import export_bytes, inspector_markdown
from travel_assistant.web.ui import ChatContext, LiveTurn, current_chat, say

log = logging.getLogger(__name__)

MEMORIES = "Memories"
STARTERS = (
    ("Find flights", "Find me flights to Lisbon on the 14th"),
    ("Book and mention a diet", "Book option 1, please. By the way, I'm vegetarian."),
    ("Dinner near my hotel", "Any dinner suggestions near my hotel?"),
    ("Remember a preference", "Remember that I prefer aisle seats"),
    ("What do you remember?", "What do you remember about me?"),
)


@dataclass
class App:
    """What the callbacks share: settings now, the runtime and scheduler from start-up on."""

    settings: Settings
    _runtime: Runtime | None = None
    scheduler: Any = None
    data_layer: TravelDataLayer | None = field(default=None)

    @property
    def runtime(self) -> Runtime:
        # Chainlit may ask for the data layer before on_app_startup runs; build on first use either way.
        if self._runtime is None:
            self._runtime = build_runtime(self.settings)
            seed_demo_users(self._runtime)
        return self._runtime

    def start(self) -> None:
        from chainlit.config import config

        # CORS: in-place, because the middleware captured this very list at server import.
        config.project.allow_origins[:] = [self.settings.public_origin]
        config.project.user_session_timeout = int(self.settings.session_hours * 3600)
        rt = self.runtime
        rt.warm_up()  # pay litellm's import and the embedding model load now, not on the first user's turn
        if self.settings.scheduler_in_app:
            runner.register(runner.RUNTIME_KEY, lambda: rt.job_deps(), utc_now)
            s = self.settings
            self.scheduler = runner.build_scheduler(
                rt.db,
                runner.Schedule(
                    promote_every=timedelta(seconds=s.promote_every_seconds),
                    expire_every=timedelta(minutes=s.expire_every_minutes),
                    wipe_every=timedelta(hours=s.wipe_every_hours),
                ),
            )
            self.scheduler.start()

    def stop(self) -> None:
        if self.scheduler is not None:
            self.scheduler.shutdown(wait=False)
            runner.unregister(runner.RUNTIME_KEY)
        if self._runtime is not None:
            self._runtime.close()


def install(settings: Settings | None = None) -> App:
    app = App(settings or build_settings())

    @cl.on_app_startup
    def _startup() -> None:
        app.start()

    @cl.on_app_shutdown
    def _shutdown() -> None:
        app.stop()

    @cl.data_layer
    def _data_layer() -> TravelDataLayer:
        app.data_layer = TravelDataLayer(app.runtime)
        return app.data_layer

    @cl.password_auth_callback
    async def _login(username: str, password: str) -> cl.User | None:
        try:
            record = app.runtime.threads.get_user(user_id(username))
        except TravelAssistantError:
            return None
        if not verify_password(password, record.password_hash if record else None) or record is None:
            return None
        return cl.User(identifier=record.id, metadata={"is_admin": record.is_admin})

    if app.settings.header_auth:
        header = app.settings.header_auth_name

        @cl.header_auth_callback
        async def _header_login(headers: Any) -> cl.User | None:
            try:
                uid = user_id(headers.get(header, ""))
            except TravelAssistantError:
                return None
            app.runtime.threads.ensure_user(uid, now=utc_now())
            return cl.User(identifier=uid, metadata={"is_admin": uid in app.settings.admins()})

    @cl.set_starters
    async def _starters(user: cl.User | None = None) -> list[cl.Starter]:
        return [cl.Starter(label=label, message=message) for label, message in STARTERS]

    async def _set_commands() -> None:
        await cl.context.emitter.set_commands(
            [
                {
                    "id": MEMORIES,
                    "description": "See, delete or export what I remember about you",
                    "icon": "brain",
                    "button": True,
                    "persistent": False,
                }
            ]
        )

    async def _prefetch() -> None:
        chat = _chat(app)
        if chat is not None:
            await asyncio.to_thread(app.runtime.prefetch_memory, chat.user)

    @cl.on_chat_start
    async def _chat_start() -> None:
        await _set_commands()
        await _prefetch()

    @cl.on_chat_resume
    async def _chat_resume(thread: dict[str, Any]) -> None:
        chat = _chat(app)
        if chat is None or thread.get("userIdentifier") != chat.user:
            raise AccessDenied("not your conversation")
        await _set_commands()
        await _prefetch()

    @cl.on_message
    async def _message(message: cl.Message) -> None:
        chat = _chat(app)
        if chat is None:
            await say("This session is not allowed to chat. Please log in again.")
            return
        if app.runtime.threads.get_user(chat.user) is None:
            await say("This account has been deleted. Please log out.")
            return
        if message.command == MEMORIES or message.content.strip().lower() == "/memories":
            await _show_memories(app, chat)
            return
        live = LiveTurn()
        try:
            result = await app.runtime.engine.run_turn(
                TurnRequest(chat.user, chat.thread, turn_id(message.id), message.content, utc_now()), live
            )
        except TravelAssistantError as exc:
            log.warning("turn failed: %s", type(exc).__name__)
            await say(f"⚠️ {exc.user_message()}")
            return
        await live.finish(result)

    @cl.action_callback("forget_fact")
    async def _forget(action: cl.Action) -> None:
        chat = _chat(app)
        if chat is None:
            return
        try:
            fid = fact_id(action.payload.get("fact_id"))
            removed = app.runtime.forget_fact(chat.user, fid, actor=f"user:{chat.user}", now=utc_now())
        except TravelAssistantError as exc:
            await say(f"Could not delete that: {exc}")
            return
        await action.remove()
        await say(f"Deleted. I no longer remember that (removed {removed} version(s), including old copies).")
        await _show_memories(app, chat)

    @cl.action_callback("forget_all")
    async def _forget_all(action: cl.Action) -> None:
        chat = _chat(app)
        if chat is None:
            return
        await action.remove()
        removed = app.runtime.forget_all(chat.user, actor=f"user:{chat.user}", now=utc_now())
        await say(f"Done: I have forgotten everything I remembered about you ({removed} record(s)).")

    @cl.action_callback("export")
    async def _export(action: cl.Action) -> None:
        chat = _chat(app)
        if chat is None:
            return
        data = export_bytes(app.runtime, chat.user, utc_now())
        await say(
            "Here is everything stored about you (threads, messages, bookings, memories):",
            elements=[
                cl.File(
                    name=f"travel-assistant-export-{chat.user}.json",
                    content=data,
                    mime="application/json",
                    display="inline",
                )
            ],
        )

    @cl.action_callback("delete_account")
    async def _delete_account(action: cl.Action) -> None:
        chat = _chat(app)
        if chat is None:
            return
        await action.remove()
        report = app.runtime.registry.erase(
            chat.user, actor=f"user:{chat.user}", now=utc_now(), action="delete_account"
        )
        await say(
            f"Your account and all its data are deleted (verified: {report.verified}). Logging you out…",
            elements=[cl.CustomElement(name="Logout", props={})],
        )

    @cl.action_callback("promote_now")
    async def _promote_now(action: cl.Action) -> None:
        chat = _chat(app)
        if chat is None or not chat.is_admin:
            await say("Only an admin can run promotion from here.")
            return
        from scheduler.jobs import promote_user_now

        rt = app.runtime
        report = await promote_user_now(
            rt.job_deps(f"ui:{chat.user}"), rt.threads.threads_of(chat.user), utc_now()
        )
        await say(
            f"Promotion ran now: {report.threads_promoted} conversation(s), {report.facts_kept} fact(s) kept, "
            f"rejected {report.rejected or 'none'}."
        )
        await _show_memories(app, chat)

    return app


def _chat(app: App) -> ChatContext | None:
    try:
        return current_chat(app.settings.public_origin)
    except TravelAssistantError as exc:
        log.warning("refused a chat event: %s", exc)
        return None


async def _show_memories(app: App, chat: ChatContext) -> None:
    text, current = inspector_markdown(app.runtime, chat.user, utc_now())
    actions = [
        cl.Action(
            name="forget_fact",
            payload={"fact_id": r["id"]},
            label=f"Delete “{r['label']}: {r['value']}”",
            tooltip="Delete this fact and its earlier versions",
        )
        for r in current
    ]
    actions += [
        cl.Action(name="export", payload={}, label="Download my data (JSON)"),
        cl.Action(name="forget_all", payload={}, label="Forget everything"),
        cl.Action(name="delete_account", payload={}, label="Delete my account"),
    ]
    if chat.is_admin:
        actions.append(
            cl.Action(name="promote_now", payload={}, label="Promote my conversations now (admin)")
        )
    await say(text, actions=actions)
