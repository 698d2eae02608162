"""What every Chainlit callback shares: the process's :class:`App` and the :func:`requires_chat` guard.

Chainlit registers callbacks as plain module-level functions and passes them no context of ours; the handler
modules (chat, panel, redaction) all reach the one App through this module, and :func:`install_app` (called by
``handlers.install``) is the only place that sets it.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Concatenate, ParamSpec, TypeVar

from assistant.errors import AccessDenied, TravelAssistantError
from travel_assistant.container import Runtime, build_runtime
from travel_assistant.scheduler_process import start_scheduler, stop_scheduler
from travel_assistant.settings import Settings
from travel_assistant.web.auth import LoginPool, seed_demo_users
from travel_assistant.web.security.install import chat_still_allowed
from travel_assistant.web.security.throttle import MessageRate
from travel_assistant.web.ui import ChatContext, current_chat, say

logger = logging.getLogger(__name__)
P = ParamSpec("P")
R = TypeVar("R")


@dataclass
class App:
    """What the callbacks share: settings now, the runtime and scheduler from start-up on."""

    settings: Settings
    _runtime: Runtime | None = None
    scheduler: Any = None
    panel_watch: Any = None  # web.panel_watch.PanelWatch, made when a panel first opens
    login_pool: LoginPool = field(default_factory=LoginPool)

    @functools.cached_property
    def message_rate(self) -> MessageRate:
        return MessageRate.from_settings(self.settings)

    @property
    def runtime(self) -> Runtime:
        # Chainlit may ask for the data layer before on_app_startup runs; build on first use either way.
        if self._runtime is None:
            self._runtime = build_runtime(self.settings)
            seed_demo_users(self._runtime)
        return self._runtime

    def start(self) -> None:
        rt = self.runtime
        # Pay litellm's import and the embedding model load now, not on the first user's turn; in the
        # background, so the server answers at once (/readyz turns 200 when it is done).
        rt.warm_up_in_background()
        if self.settings.scheduler_in_app:
            self.scheduler = start_scheduler(rt)

    def stop(self) -> None:
        self.login_pool.close()
        if self.scheduler is not None:
            stop_scheduler(self.scheduler, wait=False)
        if self._runtime is not None:
            self._runtime.close()


class _Installed:
    """The App the callbacks serve. Chainlit registers callbacks as plain module-level functions and passes
    them no context of ours, so the one App of this process has to be reachable from module state; it is set
    once, by :func:`install`, and read only through :func:`current_app`."""

    app: App | None = None


def current_app() -> App:
    if _Installed.app is None:
        raise RuntimeError("travel_assistant.web.handlers.install() has not run in this process")
    return _Installed.app


# -- the chat context -----------------------------------------------------------------------------------------

Refusal = Callable[[], Awaitable[Any]]


async def ignore() -> None:
    return None


def tell(text: str) -> Refusal:
    async def refuse() -> None:
        await say(text)

    return refuse


async def deny() -> None:
    raise AccessDenied("not your conversation")


def requires_chat(
    *, on_refused: Refusal = ignore, admin: bool = False
) -> Callable[[Callable[Concatenate[App, ChatContext, P], Awaitable[R]]], Callable[P, Awaitable[R | Any]]]:
    """Run the handler with the App and a validated chat context; without one (foreign origin, no login, bad
    ids), or without admin rights when ``admin``, run ``on_refused`` instead (what either returns is the
    event's answer: an action's result goes back to the element that called it).

    The wrapper advertises the handler's own signature minus (app, chat): Chainlit inspects it to decide which
    arguments to pass, by name.
    """

    def decorate(
        handler: Callable[Concatenate[App, ChatContext, P], Awaitable[R]],
    ) -> Callable[P, Awaitable[R | Any]]:
        async def wrapper(*args: P.args, **kwargs: P.kwargs) -> R | Any:
            app = current_app()
            # Store reads (the login's session, the thread's owner): in a worker thread, with this event's
            # context, which names the socket's login, so a busy database never stalls the event loop.
            chat = await asyncio.to_thread(_chat, app)
            if chat is None or (admin and not chat.is_admin):
                return await on_refused()
            return await handler(app, chat, *args, **kwargs)

        signature = inspect.signature(handler)
        wrapper.__signature__ = signature.replace(  # type: ignore[attr-defined]
            parameters=list(signature.parameters.values())[2:]
        )
        wrapper.__name__ = handler.__name__
        wrapper.__qualname__ = handler.__qualname__
        wrapper.__doc__ = handler.__doc__
        return wrapper

    return decorate


def _chat(app: App) -> ChatContext | None:
    try:
        chat = current_chat(app.settings.public_origin)
    except TravelAssistantError as exc:
        logger.warning("refused a chat event: %s", exc)
        return None
    # The socket was checked at its handshake; the login may have ended since (logout elsewhere, "Delete my
    # account", a password reset, an admin's revoke, its absolute expiry).
    if not chat_still_allowed(app.runtime, chat.user, chat.thread):
        logger.warning("refused a chat event: the login has ended or the thread is not the user's")
        return None
    return chat


def install_app(settings: Settings) -> App:
    """Make the one App of this process (see :class:`_Installed`)."""
    app = _Installed.app = App(settings)
    return app
