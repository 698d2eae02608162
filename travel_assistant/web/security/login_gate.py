"""``POST /login`` behind the throttle (``web.security.throttle``) and the device cookies
(``web.security.devices``).

The login name is read from the form once, here, and keyed once (:func:`account_key`): the throttle, the
device cookie and the audit trail all use that key. A genuine, still-trusted device cookie for the account
lets the attempt through whatever other clients did; anything else waits while the account's delay or the
address's limit says so (429, ``Retry-After``, and "Too many attempts, try again in N s"). Chainlit's answer
decides what is counted: a 401 is a failure (the device's own, or the account's and address's), a 200 a
success, which also gives the browser a fresh device cookie for the account.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from travel_assistant.web.security.asgi import cookie_pairs, read_body, replay, send_json, with_header
from travel_assistant.web.security.devices import AccountKey, DeviceCookies, DeviceId, account_key
from travel_assistant.web.security.throttle import Lockout, LoginThrottle

logger = logging.getLogger(__name__)

MAX_LOGIN_BODY = 64 * 1024
LockoutAudit = Callable[[Lockout, AccountKey, str], Awaitable[None]]


def too_many_attempts_text(seconds: int) -> str:
    return f"Too many attempts, try again in {seconds} s."


class LoginGate:
    def __init__(self, throttle: LoginThrottle, devices: DeviceCookies, audit: LockoutAudit) -> None:
        self.throttle = throttle
        self.devices = devices
        self.audit = audit

    async def __call__(self, app: ASGIApp, scope: Scope, receive: Receive, send: Send) -> None:
        body = await read_body(receive, MAX_LOGIN_BODY)
        if body is None:
            await send_json(send, 413, {"detail": "Login form too large."})
            return
        account = account_key(await _login_name(scope, body))
        client = scope.get("client")
        address = str(client[0]) if client else "unknown"
        cookies = dict(cookie_pairs(Headers(scope=scope).getlist("cookie")))
        device: DeviceId | None = self.devices.verify(account, cookies)
        if not await self.throttle.trusted(device):
            device = None
            wait = await self.throttle.retry_after(account, address)
            if wait is not None:
                detail = {"detail": too_many_attempts_text(wait)}
                await send_json(send, 429, detail, extra=[("retry-after", str(wait))])
                return
        statuses: list[int] = []

        async def watch(message: Message) -> None:
            if message["type"] == "http.response.start":
                statuses.append(int(message["status"]))
            await send(message)

        ok = with_header(watch, "set-cookie", self.devices.issue(account))
        await app(scope, replay(body, receive), _by_status(ok, watch))
        if statuses and statuses[0] == 401:
            for lockout in await self.throttle.failed(account, address, device):
                logger.warning("login lockout (%s) for %d s", lockout.kind, lockout.retry_after)
                await self.audit(lockout, account, address)
        elif statuses and statuses[0] == 200:
            await self.throttle.succeeded(account, device)


def _by_status(ok: Send, other: Send) -> Send:
    """A send that starts a 200 through ``ok`` (which adds the device cookie) and anything else through
    ``other``; the rest of the response follows the way its start went."""
    chosen: list[Send] = []

    async def send(message: Message) -> None:
        if message["type"] == "http.response.start":
            chosen[:] = [ok if int(message["status"]) == 200 else other]
        await (chosen[0] if chosen else other)(message)

    return send


async def _login_name(scope: Scope, body: bytes) -> str:
    """The ``username`` field of a login form (multipart, as Chainlit's page sends it, or urlencoded)."""

    async def nothing_more() -> Message:
        return {"type": "http.disconnect"}

    request = Request(scope, replay(body, nothing_more))
    try:
        form = await request.form(max_files=0, max_fields=20)
    except Exception:  # malformed form: counted under "-" and the address; Chainlit answers it with 422
        return ""
    value = form.get("username")
    await form.close()
    return value if isinstance(value, str) else ""
