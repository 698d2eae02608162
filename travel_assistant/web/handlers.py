"""Chainlit callbacks. ``install()`` registers them (called from ``app.py``); the runtime is built at app
start-up, once, by the composition root. Handlers only translate: conversation logic is in ``assistant``.

Every handler that acts for a user is wrapped in :func:`requires_chat`, which reads the chat context (validated
ids, same-origin check, a login that is still active) and refuses the event when there is none. What Chainlit
has no hook for (sessions on every request, origin, throttling, headers) is installed by ``web.security``.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, ParamSpec, TypeVar

import chainlit as cl

from assistant.errors import AccessDenied, TravelAssistantError
from assistant.facts.asking import Answer
from assistant.ids import fact_id, turn_id, user_id
from assistant.turns import TurnRequest
from travel_assistant.container import Runtime, utc_now
from travel_assistant.settings import Settings, build_settings
from travel_assistant.web import redaction_ui
from travel_assistant.web.auth import verify_password
from travel_assistant.web.context import App, current_app, deny, install_app, requires_chat, tell
from travel_assistant.web.data_layer import TravelDataLayer
from travel_assistant.web.health_routes import install_health
from travel_assistant.web.panel import element as panel_element
from travel_assistant.web.recall_view import thread_titles
from travel_assistant.web.security.install import (
    end_login,
    install_security,
    session_guard,
)
from travel_assistant.web.security.sessions import end_sockets, login_metadata
from travel_assistant.web.ui import ChatContext, LiveTurn, say

logger = logging.getLogger(__name__)
P = ParamSpec("P")
R = TypeVar("R")

ACCOUNT = "Account"
LISTED = "thread_listed"  # user_session: the page was told to list this chat after its first turn
STARTERS = (
    ("Find flights", "Find me flights to Lisbon on the 14th"),
    ("Book and mention a diet", "Book option 1, please. By the way, I'm vegetarian."),
    ("Dinner near my hotel", "Any dinner suggestions near my hotel?"),
    ("Remember a preference", "Remember that I prefer aisle seats"),
    ("What do you remember?", "What do you remember about me?"),
)


def apply_web_settings(settings: Settings) -> None:
    """The server options our settings own: CORS and the login lifetime (the one place they are applied).

    Called by :func:`install`, i.e. when Chainlit imports ``app.py``, whichever way the app was launched
    (``travel-assistant serve`` or ``chainlit run app.py``). That is before the server's first ASGI call, which
    is when Starlette builds its CORS middleware from this list (and decides once whether it allows every
    origin); ``on_app_startup`` runs after that, too late. The list is changed in place because the server
    module captured this very list object when it was imported.
    """
    from chainlit.config import config

    config.project.allow_origins[:] = [settings.public_origin]
    config.project.user_session_timeout = int(settings.session_hours * 3600)
    config.ui.custom_meta_url = settings.public_origin  # og:url; Chainlit's default is its own repository


# -- callbacks ----------------------------------------------------------------------------------------------


def on_startup() -> None:
    current_app().start()


def on_shutdown() -> None:
    current_app().stop()


def data_layer() -> TravelDataLayer:
    return TravelDataLayer(current_app().runtime)


async def password_login(username: str, password: str) -> cl.User | None:
    """Check the password and open a login session, whose id the token carries. Failed attempts are counted
    and throttled in front of this (``web.guard``).

    All of it runs in a worker thread of its own pool (``App.login_pool``): an Argon2 check
    is ~180 ms of CPU and the session is a committed write, so on the event loop fifty logins at once would
    stall every chat for seconds; in the default pool they would queue the turns' store calls behind them."""
    app = current_app()
    return await app.login_pool.run(_check_login, app.runtime, username, password)


def _check_login(rt: Runtime, username: str, password: str) -> cl.User | None:
    try:
        record = rt.directory.get_user(user_id(username))
    except TravelAssistantError:
        record = None
    # An unknown user costs the same Argon2 work (verify_password's dummy hash): timing does not tell.
    if not verify_password(password, record.password_hash if record else None) or record is None:
        return None
    metadata = login_metadata(session_guard(rt), record.id, is_admin=record.is_admin)
    return cl.User(identifier=record.id, metadata=metadata)


async def header_login(headers: Any) -> cl.User | None:
    app = current_app()
    try:
        uid = user_id(headers.get(app.settings.header_auth_name, ""))
    except TravelAssistantError:
        return None

    def open_login() -> cl.User:  # two committed writes: in a worker thread, not on the event loop
        app.runtime.directory.ensure_user(uid, now=utc_now())
        metadata = login_metadata(session_guard(app.runtime), uid, is_admin=uid in app.settings.admins())
        return cl.User(identifier=uid, metadata=metadata)

    return await asyncio.to_thread(open_login)


async def logout(request: Any, response: Any) -> dict[str, bool]:
    """Chainlit clears the cookie; this ends the login itself, so a copy of the token is worthless too."""
    await end_login(current_app().runtime, request)
    return {"success": True}


async def starters(user: cl.User | None = None) -> list[cl.Starter]:
    return [cl.Starter(label=label, message=message) for label, message in STARTERS]


async def _set_commands() -> None:
    await cl.context.emitter.set_commands(
        [
            panel_element.COMMAND,
            {
                "id": ACCOUNT,
                "description": "Save this conversation as a scenario, remove a message, or delete your account",
                "icon": "user-cog",
                "button": True,
                "persistent": False,
            },
            {
                "id": redaction_ui.REDACT,
                "description": "Remove one of your messages from the record",
                "icon": "eraser",
                "button": False,
                "persistent": False,
            },
        ]
    )


@requires_chat()
async def _prefetch(app: App, chat: ChatContext) -> None:
    from travel_assistant.web.panel.handlers import send_clock, watch_memory

    await panel_element.announce()  # shows the header's Memories button
    await watch_memory(app, chat)  # its badge: how many facts wait for the user, now and after each change
    await send_clock(app, chat)
    await asyncio.to_thread(app.runtime.prefetch_memory, chat.user)


async def on_chat_start() -> None:
    await _set_commands()
    await _prefetch()
    await _ask()


# -- the opening question: decided and carried out by ``assistant.facts.asking``; shown and relayed here -----

ANSWER_ASK = "answer_ask"


def _answer_id(answer: Answer, fact: str) -> str:
    """A button's id: its fact's two buttons are removed together, whichever was clicked."""
    return f"{answer.value}-{fact}"


@requires_chat()
async def _ask(app: App, chat: ChatContext) -> None:
    rt = app.runtime
    now = await asyncio.to_thread(rt.clocks.now, chat.user)
    question = await asyncio.to_thread(rt.asker.opening, chat.user, chat.thread, now=now)
    if question is None:
        return
    buttons = [
        cl.Action(
            name=ANSWER_ASK,
            id=_answer_id(answer, fact.fact_id),
            payload={"fact_id": fact.fact_id, "answer": answer.value},
            label=label,
        )
        for fact in question.facts
        for answer, label in ((Answer.KEEP, fact.keep_label), (Answer.NOT_NOW, fact.not_now_label))
    ]
    await say(question.text, actions=buttons)
    # The conversation exists now (its log holds the question), so the page is told at once (it lists it);
    # Chainlit's own way (``init_thread``) would also name it after its first interaction, here a button
    # ("answer_ask"). Left untitled, the engine names it from the user's first message, as any conversation.
    session = cl.context.session
    if not session.has_first_interaction:
        session.has_first_interaction = True
        await session.flush_method_queue()
        await cl.context.emitter.emit(
            "first_interaction", {"interaction": "ask", "thread_id": session.thread_id}
        )


@requires_chat()
async def answer_ask(app: App, chat: ChatContext, action: cl.Action) -> None:
    rt = app.runtime
    try:
        fid, answer = fact_id(action.payload.get("fact_id")), Answer(str(action.payload.get("answer")))
    except (TravelAssistantError, ValueError):
        await say("I could not read that answer; nothing changed.")
        return
    now = await asyncio.to_thread(rt.clocks.now, chat.user)
    try:
        outcome = await asyncio.to_thread(rt.asker.answer, chat.user, chat.thread, fid, answer, now=now)
    except TravelAssistantError as exc:
        await say(f"Could not do that: {exc.user_message()}")
        return
    for each in Answer:
        await cl.Action(name=ANSWER_ASK, id=_answer_id(each, fid), payload={}).remove()
    await say(outcome.text)
    if app.panel_watch is not None:
        await app.panel_watch.turn_ended()  # the panel shows the kept fact, or the question gone


@requires_chat(on_refused=deny)
async def on_chat_resume(app: App, chat: ChatContext, thread: dict[str, Any]) -> None:
    if thread.get("userIdentifier") != chat.user:
        raise AccessDenied("not your conversation")
    await _set_commands()
    await _prefetch()


def too_many_messages_text(limits: str, wait: int) -> str:
    return (
        f"⚠️ Too many messages: at most {' and '.join(p.strip() for p in limits.split(';'))}. "
        f"I did not read this one; please send it again in {wait} s."
    )


async def admit_message(message: cl.Message) -> None:
    """Where a chat message enters. Over the user's MESSAGE_LIMIT_PER_USER it is refused at once, with a note
    in the chat: nothing of it is read, kept or queued, and no store is touched, so a flood costs the other
    users almost nothing. The user is the socket's, which Chainlit verified at the handshake; whether the
    login still stands is checked next, by ``on_message``."""
    app = current_app()
    user = getattr(cl.context.session.user, "identifier", None)
    wait = await app.message_rate.admit(user) if isinstance(user, str) else None
    if wait is not None:
        await say(too_many_messages_text(app.message_rate.text, wait))
        return
    await on_message(message)


@requires_chat(on_refused=tell("This session is not allowed to chat. Please log in again."))
async def on_message(app: App, chat: ChatContext, message: cl.Message) -> None:
    # A deleted account needs no check here: erasure ends the user's login sessions, so requires_chat has
    # refused the event already.
    if message.command == panel_element.COMMAND_ID or message.content.strip().lower() == "/memories":
        from travel_assistant.web.panel.handlers import open_panel

        await open_panel(app, chat)
        return
    if message.command == ACCOUNT or message.content.strip().lower() == "/account":
        await _show_account(chat)
        return
    if message.command == redaction_ui.REDACT or message.content.strip().lower() == "/redact":
        await redaction_ui.offer(app, chat)
        return
    # The demo clock, when this user's is shifted (a store read: in a worker thread).
    now = await asyncio.to_thread(app.runtime.clocks.now, chat.user)
    live = LiveTurn(threads=lambda: thread_titles(app.runtime.directory, chat.user), now=now)
    request = TurnRequest(
        user=chat.user, thread=chat.thread, turn=turn_id(message.id), text=message.content, now=now
    )
    try:
        result = await app.runtime.engine.run_turn(request, live)
    except TravelAssistantError as exc:
        logger.warning("turn failed: %s", type(exc).__name__)
        await say(f"⚠️ {exc.user_message()}")
        return
    if result.masked and message.content != result.user_text:
        # The browser still shows what was typed; replace it with what was kept (the secret masked).
        message.content = result.user_text
        await message.update()
    await live.finish(result)
    await _list_new_thread()
    if app.panel_watch is not None:
        await app.panel_watch.turn_ended()  # a turn may have remembered or forgotten something


async def _list_new_thread() -> None:
    """After a chat's first turn, have the page list it. Chainlit asks for the list when the first message
    arrives, before the engine has created the conversation, and the sidebar said "No threads found" all
    through the first chat; a second "first interaction" (another name, so the page acts on it) asks again."""
    session = cl.context.session
    if cl.user_session.get(LISTED):
        return
    cl.user_session.set(LISTED, True)
    await cl.context.emitter.emit(
        "first_interaction", {"interaction": "listed", "thread_id": session.thread_id}
    )


@requires_chat()
async def delete_account(app: App, chat: ChatContext, action: cl.Action) -> None:
    await action.remove()
    report = await asyncio.to_thread(
        app.runtime.registry.erase,
        chat.user,
        actor=f"user:{chat.user}",
        now=utc_now(),
        action="delete_account",
    )
    # Erasure deleted the user's login sessions, so every login of theirs is refused from its next request
    # on; open sockets in this process close now, except this one, which still carries the notice below
    # (its Logout element ends the page's login; any further event on it is refused).
    await end_sockets(
        app.settings, user=chat.user, keep_socket=getattr(cl.context.session, "socket_id", None)
    )
    await say(
        f"Your account and all its data are deleted (verified: {report.verified}). Logging you out…",
        elements=[cl.CustomElement(name="Logout", props={})],
    )


@requires_chat()
async def save_scenario(app: App, chat: ChatContext, action: cl.Action) -> None:
    """This conversation as a scenario file (``travel_assistant.scenarios.recorder`` writes it)."""
    from travel_assistant.scenarios.recorder import record_yaml

    if app.runtime.directory.get_thread(chat.user, chat.thread) is None:
        await say("There is nothing to save yet: this conversation has no messages.")
        return
    try:
        text = record_yaml(app.runtime, chat.user, [chat.thread])
    except TravelAssistantError as exc:
        await say(f"Could not save this conversation: {exc}")
        return
    await say(
        "This conversation as a scenario; run it with `travel-assistant scenario run FILE`:",
        elements=[
            cl.File(name=f"scenario-{chat.thread[:8]}.yaml", content=text.encode(), mime="application/x-yaml")
        ],
    )


async def _show_account(chat: ChatContext) -> None:
    await say(
        "**Your account and data.** What I remember about you is in **Memories** (header or composer): "
        "see, restore, delete or download it there.",
        actions=[
            cl.Action(name="save_scenario", payload={}, label="Save this conversation as a scenario"),
            cl.Action(name=redaction_ui.OFFER, payload={}, label="Remove one of my messages"),
            cl.Action(name="delete_account", payload={}, label="Delete my account"),
        ],
    )


def install(settings: Settings | None = None) -> App:
    """Register every callback with Chainlit for one App (built from ``settings``, or read from the
    environment), and apply the server options the settings own."""
    app = install_app(settings or build_settings())
    apply_web_settings(app.settings)
    install_health(app)
    install_security(app.settings, lambda: app.runtime)
    cl.on_app_startup(on_startup)
    cl.on_app_shutdown(on_shutdown)
    cl.data_layer(data_layer)
    cl.password_auth_callback(password_login)
    cl.on_logout(logout)
    if app.settings.header_auth:
        cl.header_auth_callback(header_login)
    cl.set_starters(starters)
    cl.on_chat_start(on_chat_start)
    cl.on_chat_resume(on_chat_resume)
    cl.on_message(admit_message)
    for name, callback in (
        (ANSWER_ASK, answer_ask),
        ("delete_account", delete_account),
        ("save_scenario", save_scenario),
        (redaction_ui.ACTION, requires_chat()(redaction_ui.redact)),
        (redaction_ui.OFFER, requires_chat()(redaction_ui.offer_action)),
    ):
        cl.action_callback(name)(callback)
    from travel_assistant.web.panel import handlers as panel_handlers

    panel_handlers.register()
    return app
