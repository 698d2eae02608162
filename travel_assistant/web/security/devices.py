"""Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a browser that has logged
in to an account carries a signed cookie for that account, and the login throttle treats it as a trusted
client. Failures from clients without one are throttled per account and address, so an attacker's guesses
never stop the real user's browser; that browser's own failures count against its cookie only.

The cookie's name is a keyed hash of the account (one cookie per account a browser has used, and the name
says nothing about whose it is); its value is a random device id and an HMAC of (account, device id) under a
key derived from ``CHAINLIT_AUTH_SECRET``. It goes to ``/login`` only (``Path``), never to scripts
(``HttpOnly``), never cross-site (``SameSite=Strict``), and is ``Secure`` on https. Nothing is stored server
side: a stolen cookie is worth one account's device budget, and a new secret makes every cookie untrusted.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import NewType

from travel_assistant.settings import Settings

# An account name as the throttle counts it: computed once, at the edge, by :func:`account_key`.
AccountKey = NewType("AccountKey", str)
DeviceId = NewType("DeviceId", str)
COOKIE_PREFIX = "ta_device_"


def account_key(username: str) -> AccountKey:
    """The login name as every login defence keys it: stripped, case-folded and bounded, so "Alice",
    " alice" and "ALICE " share one budget and one device cookie."""
    return AccountKey(username.strip().casefold()[:128] or "-")


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


@dataclass(frozen=True, slots=True)
class DeviceCookies:
    key: bytes
    max_age: int
    secure: bool

    @classmethod
    def from_settings(cls, settings: Settings) -> DeviceCookies:
        secret = settings.chainlit_auth_secret.get_secret_value().encode()
        return cls(
            key=hashlib.sha256(b"login-device:" + secret).digest(),
            max_age=int(settings.login_device_days * 86400),
            secure=settings.https,
        )

    def _mac(self, label: str, *parts: str) -> str:
        message = "\x00".join((label, *parts)).encode()
        return _b64(hmac.new(self.key, message, hashlib.sha256).digest()[:18])

    def name(self, account: AccountKey) -> str:
        return COOKIE_PREFIX + self._mac("name", account)[:16]

    def issue(self, account: AccountKey) -> str:
        """A Set-Cookie header value for a browser that just logged in to ``account`` (a fresh device id)."""
        device = _b64(secrets.token_bytes(12))
        value = f"{device}.{self._mac('device', account, device)}"
        cookie = (
            f"{self.name(account)}={value}; Max-Age={self.max_age}; Path=/login; HttpOnly; SameSite=Strict"
        )
        return cookie + ("; Secure" if self.secure else "")

    def verify(self, account: AccountKey, cookies: dict[str, str]) -> DeviceId | None:
        """The device id of this request's cookie for ``account``, if it carries a genuine one."""
        device, _, mac = cookies.get(self.name(account), "").partition(".")
        if not device or not hmac.compare_digest(mac, self._mac("device", account, device)):
            return None
        return DeviceId(device)
