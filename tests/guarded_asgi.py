"""One route behind the app's security middleware, with no login anywhere in it: what a test of a response's
headers or of a route the middleware hides needs, without a running server."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from travel_assistant.settings import Settings


def get_behind_guard(settings: Settings, path: str, endpoint: Any, *, base_url: str) -> httpx.Response:
    """GET ``path`` from a Starlette app serving ``endpoint`` there, wrapped in the security middleware the app
    installs (the login gate and the page guard fail the test if they are ever asked)."""
    from starlette.applications import Starlette
    from starlette.routing import Route

    from travel_assistant.web.security.devices import DeviceCookies
    from travel_assistant.web.security.guard import SecurityMiddleware
    from travel_assistant.web.security.login_gate import LoginGate
    from travel_assistant.web.security.throttle import LoginThrottle

    app = SecurityMiddleware(
        Starlette(routes=[Route(path, endpoint)]),
        settings=settings,
        guard=lambda: pytest.fail("no login in this request"),
        login=LoginGate(
            LoginThrottle(per_account="5/minute", per_address="20/minute"),
            DeviceCookies.from_settings(settings),
            lambda *a: pytest.fail("no login here"),
        ),
        page_policy=lambda: "default-src 'self'",
    )

    async def get() -> httpx.Response:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=base_url) as client:
            return await client.get(path)

    return asyncio.run(get())
