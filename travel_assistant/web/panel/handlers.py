"""The memory panel's callbacks: open it (composer command, header button), answer its actions, and tell an
open panel when promotion has run.

Every callback acts for the logged-in user through ``handlers.requires_chat`` (validated ids, same origin, a
login still active; admin-only ones refuse everyone else), reads and writes only that user's scope, and does
its blocking work off the event loop. An action answers with ``panel.action_result`` (an outcome sentence and
fresh props), so the component updates in place. The demo clock's actions are refused unless the user is an
admin and the deployment has demo clocks (never in production).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import chainlit as cl

from assistant.errors import NotFound, TravelAssistantError
from assistant.ids import FactId, UserScope, fact_id
from scheduler.runner import wake_promotion
from travel_assistant.web.context import App, requires_chat
from travel_assistant.web.inspector import export_bytes
from travel_assistant.web.panel import element as panel_element
from travel_assistant.web.panel.data import clock_enabled, clock_header, panel_props
from travel_assistant.web.panel.view import action_result
from travel_assistant.web.panel.watch import PanelWatch
from travel_assistant.web.ui import ChatContext, say

logger = logging.getLogger(__name__)
PANEL_FAILED = "⚠️ I could not load your memories just now. Please try Memories again in a moment."


async def _refused() -> dict[str, Any]:
    return action_result(ok=False, message="This session is not allowed to do that. Please log in again.")


async def _admins_only() -> dict[str, Any]:
    return action_result(ok=False, message="Only an admin can do that.")


async def _answer(app: App, chat: ChatContext, message: str, *, ok: bool = True, **kw: Any) -> dict[str, Any]:
    props = await asyncio.to_thread(panel_props, app.runtime, chat.user, is_admin=chat.is_admin)
    return action_result(ok=ok, message=message, panel=props, **kw)


async def open_panel(app: App, chat: ChatContext) -> None:
    """Show the panel in the side bar, and from now on tell it when promotion has run. When the memory cannot
    be read, the chat says so (a press of Memories never goes unanswered)."""
    watch = _watch(app)
    since = await watch.baseline(chat.user)
    try:
        props = await asyncio.to_thread(panel_props, app.runtime, chat.user, is_admin=chat.is_admin)
    except Exception:  # a store that is down: said in the chat, logged in full
        logger.exception("the memory panel could not be read")
        await say(PANEL_FAILED)
        return
    await panel_element.show(props)
    watch.watch(chat, since=since)


async def watch_memory(app: App, chat: ChatContext) -> None:
    """Tell the page how many facts wait for the user, and again whenever promotion runs (its badge)."""
    watch = _watch(app)
    since = await watch.baseline(chat.user)
    await cl.send_window_message(await asyncio.to_thread(watch.waiting, chat.user))
    watch.watch(chat, since=since)


def _watch(app: App) -> PanelWatch:
    if app.panel_watch is None:
        app.panel_watch = PanelWatch(app.runtime)
    watch: PanelWatch = app.panel_watch
    return watch


async def send_clock(app: App, chat: ChatContext) -> None:
    """Tell the page whether to show the demo clock in its header (and what it reads)."""
    header = await asyncio.to_thread(clock_header, app.runtime, chat.user, is_admin=chat.is_admin)
    await cl.send_window_message(header)


@requires_chat()
async def on_window_message(app: App, chat: ChatContext, data: Any) -> None:
    # Chainlit forwards every window message of the page; only the header button's request means anything.
    if panel_element.is_open_request(data):
        await open_panel(app, chat)


@requires_chat(on_refused=_refused)
async def refresh_memory(app: App, chat: ChatContext, action: cl.Action) -> dict[str, Any]:
    return await _answer(app, chat, "Up to date.")


@requires_chat(on_refused=_refused)
async def forget_fact(app: App, chat: ChatContext, action: cl.Action) -> dict[str, Any]:
    rt = app.runtime
    try:
        fid = fact_id(action.payload.get("fact_id"))
        named = await asyncio.to_thread(_fact_text, app, chat, fid)
        # Purging LanceDB versions and rebuilding indexes takes a second or more: off the event loop.
        removed = await asyncio.to_thread(
            rt.registry.forget_fact, chat.user, fid, actor=f"user:{chat.user}", now=_real_now()
        )
    except TravelAssistantError as exc:
        return await _answer(app, chat, f"Could not delete that: {exc.user_message()}", ok=False)
    versions = f"{removed} version{'s' if removed != 1 else ''}"
    return await _answer(app, chat, f"Deleted {named} ({versions}, including old copies).")


def _fact_text(app: App, chat: ChatContext, fid: FactId) -> str:
    """How the outcome names the fact: its text, quoted, if it is (still) there."""
    try:
        return f"“{app.runtime.fact_memory.find(_scope(chat), fid).text}”"
    except NotFound:
        return "that fact"


async def _settle_pending(
    app: App, chat: ChatContext, action: cl.Action, act: Callable[[FactId], object], *, verb: str, done: str
) -> dict[str, Any]:
    """Keep and Discard alike: the fact is named before it changes (a discarded one is gone after), ``act``
    runs in a worker thread, and a refusal says what could not be done."""
    try:
        fid = fact_id(action.payload.get("fact_id"))
        named = await asyncio.to_thread(_fact_text, app, chat, fid)
        await asyncio.to_thread(act, fid)
    except TravelAssistantError as exc:
        return await _answer(app, chat, f"Could not {verb} that: {exc.user_message()}", ok=False)
    return await _answer(app, chat, done.format(named))


@requires_chat(on_refused=_refused)
async def keep_fact(app: App, chat: ChatContext, action: cl.Action) -> dict[str, Any]:
    """ "Should I remember this?" → Keep: the pending fact becomes the user's confirmed word (dated by the
    user's clock, the demo clock included, like any fact they state)."""
    registry, now = app.runtime.registry, app.runtime.clocks.now(chat.user)

    def keep(fid: FactId) -> object:
        return registry.keep_pending(chat.user, fid, actor=f"user:{chat.user}", now=now)

    return await _settle_pending(app, chat, action, keep, verb="keep", done="Kept {}: I'll remember it.")


@requires_chat(on_refused=_refused)
async def discard_fact(app: App, chat: ChatContext, action: cl.Action) -> dict[str, Any]:
    """ "Should I remember this?" → Discard: the pending fact is deleted, never remembered."""
    registry = app.runtime.registry

    def discard(fid: FactId) -> object:
        return registry.discard_pending(chat.user, fid, actor=f"user:{chat.user}", now=_real_now())

    return await _settle_pending(
        app, chat, action, discard, verb="discard", done="Discarded {}: I won't remember it."
    )


@requires_chat(on_refused=_refused)
async def forget_all(app: App, chat: ChatContext, action: cl.Action) -> dict[str, Any]:
    rt = app.runtime
    removed = await asyncio.to_thread(
        rt.registry.forget_all, chat.user, actor=f"user:{chat.user}", now=_real_now()
    )
    return await _answer(
        app, chat, f"Forgotten: {removed} stored version{'s' if removed != 1 else ''} deleted."
    )


@requires_chat(on_refused=_refused)
async def rollback_fact(app: App, chat: ChatContext, action: cl.Action) -> dict[str, Any]:
    rt = app.runtime
    version = action.payload.get("version")
    try:
        if isinstance(version, bool) or not isinstance(version, int):
            raise ValueError("version must be a whole number")
        target = await asyncio.to_thread(
            rt.fact_memory.find, _scope(chat), fact_id(action.payload.get("fact_id"))
        )
        restored = await asyncio.to_thread(
            rt.fact_memory.rollback, _scope(chat), target.key, version, now=rt.clocks.now(chat.user)
        )
    except TravelAssistantError as exc:
        return await _answer(app, chat, f"Could not restore that: {exc.user_message()}", ok=False)
    except ValueError as exc:
        return await _answer(app, chat, f"Could not restore that: {exc}", ok=False)
    return await _answer(app, chat, f"Restored “{restored.text}” as version {restored.version}.")


@requires_chat(on_refused=_refused)
async def export(app: App, chat: ChatContext, action: cl.Action) -> dict[str, Any]:
    rt = app.runtime
    data = await asyncio.to_thread(export_bytes, rt, chat.user, rt.clocks.now(chat.user))
    name = f"travel-assistant-export-{chat.user}.json"
    return await _answer(
        app, chat, "Your data is downloading.", download=(name, "application/json", data.decode("utf-8"))
    )


@requires_chat(on_refused=_admins_only, admin=True)
async def promote_now(app: App, chat: ChatContext, action: cl.Action) -> dict[str, Any]:
    from scheduler.jobs import promote_user_now

    rt = app.runtime
    report = await promote_user_now(
        rt.job_deps(f"ui:{chat.user}"), rt.directory.threads_of(chat.user), rt.clocks.now(chat.user)
    )
    rejected = sum(report.rejected.values())
    return await _answer(
        app,
        chat,
        f"Promotion ran: {report.threads_promoted} conversation(s) checked, {report.facts_kept} fact(s) kept, "
        f"{rejected} not kept. See the promotion log.",
    )


# -- the demo clock (admins, development and demos only) -----------------------------------------------------


async def _clock_refused() -> dict[str, Any]:
    return action_result(ok=False, message="Only an admin can move the demo clock.")


async def _clock(app: App, chat: ChatContext, move: str, payload: dict[str, Any]) -> dict[str, Any]:
    rt = app.runtime
    if not clock_enabled(rt, is_admin=chat.is_admin):
        return action_result(ok=False, message="The demo clock is off here.")
    try:
        if move == "advance":
            state = await asyncio.to_thread(rt.clocks.advance, chat.user, payload.get("minutes"))
        elif move == "set":
            state = await asyncio.to_thread(rt.clocks.jump, chat.user, payload.get("iso"))
        else:
            state = await asyncio.to_thread(rt.clocks.reset, chat.user)
    except TravelAssistantError as exc:
        return await _answer(app, chat, f"The clock did not move: {exc.user_message()}", ok=False)
    _wake_promotion(app)
    await send_clock(app, chat)
    when = f"{state.now:%a} {state.now.day} {state.now:%b %Y}, {state.now:%H:%M} UTC"
    said = "The demo clock is back to real time" if move == "reset" else f"The demo clock now reads {when}"
    answer = await _answer(app, chat, f"{said}.")
    verdicts = len((answer.get("panel") or {}).get("verdicts", []))
    logger.info("demo clock %s for %s: answered with %d verdict(s)", move, chat.user, verdicts)
    return answer


@requires_chat(on_refused=_clock_refused, admin=True)
async def clock_advance(app: App, chat: ChatContext, action: cl.Action) -> dict[str, Any]:
    return await _clock(app, chat, "advance", dict(action.payload))


@requires_chat(on_refused=_clock_refused, admin=True)
async def clock_set(app: App, chat: ChatContext, action: cl.Action) -> dict[str, Any]:
    return await _clock(app, chat, "set", dict(action.payload))


@requires_chat(on_refused=_clock_refused, admin=True)
async def clock_reset(app: App, chat: ChatContext, action: cl.Action) -> dict[str, Any]:
    return await _clock(app, chat, "reset", dict(action.payload))


def _wake_promotion(app: App) -> None:
    """Run the scheduler's promotion pass now rather than at its next interval: time has just moved, and the
    pass promotes by each user's own clock. (A scheduler in another process picks it up at its next pass.)"""
    if app.scheduler is None:
        return
    try:
        wake_promotion(app.scheduler, _real_now())
    except Exception:  # the job store is the database; a failure here only delays the pass
        logger.warning("could not bring the promotion pass forward", exc_info=True)


def _real_now() -> datetime:
    """Audit records (deletions) keep real time, whatever a demo clock reads."""
    return datetime.now(UTC)


def _scope(chat: ChatContext) -> UserScope:
    return UserScope(chat.user)


def register() -> None:
    """Register the panel's callbacks with Chainlit (called by ``handlers.install``)."""
    cl.on_window_message(on_window_message)
    for callback in (
        refresh_memory,
        forget_fact,
        keep_fact,
        discard_fact,
        forget_all,
        rollback_fact,
        export,
        promote_now,
        clock_advance,
        clock_set,
        clock_reset,
    ):
        cl.action_callback(callback.__name__)(callback)
