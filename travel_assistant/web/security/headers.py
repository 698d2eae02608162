"""Security headers: what every response carries, and the Content-Security-Policy of the app's page.

The policy is as tight as Chainlit 2.12's front end allows, and each allowance says why:

* ``script-src 'self'`` plus the SHA-256 of each inline script of the page (Chainlit injects a few: theme,
  transports, ``const global = globalThis``), computed from the page Chainlit actually serves, so no inline
  script that is not in the template runs;
* ``'unsafe-eval'``: custom elements (``public/elements/*.jsx``, e.g. the logout step after "Delete my
  account") are compiled in the browser and run with ``new Function``; without it they do not render;
* ``style-src 'unsafe-inline'``: React sets style attributes; styles cannot run code;
* Google Fonts and the KaTeX stylesheet, which the page links by default, for styles and fonts only;
* ``connect-src`` is our origin, its websocket scheme included (the chat socket);
* ``frame-ancestors 'none'`` (and ``X-Frame-Options: DENY`` for old browsers): no page may frame the app.
"""

from __future__ import annotations

import base64
import hashlib
import re
from urllib.parse import urlsplit

from travel_assistant.settings import Settings

_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc\s*=)[^>]*>(.*?)</script>", re.DOTALL | re.IGNORECASE)
FONT_HOSTS = "https://fonts.googleapis.com https://fonts.gstatic.com https://cdn.jsdelivr.net"
PERMISSIONS = (
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), "
    "payment=(), usb=()"
)
HSTS = "max-age=31536000; includeSubDomains"


def inline_script_hashes(html: str) -> list[str]:
    """CSP source expressions for each inline ``<script>`` of a page (its exact text, as browsers hash it)."""
    hashes = []
    for body in _INLINE_SCRIPT.findall(html):
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
        hashes.append(f"'sha256-{digest}'")
    return sorted(set(hashes))


def page_policy(settings: Settings, script_hashes: list[str]) -> str:
    origin = urlsplit(settings.public_origin)
    socket = f"{'wss' if origin.scheme == 'https' else 'ws'}://{origin.netloc}"
    directives = [
        "default-src 'self'",
        "script-src " + " ".join(["'self'", "'unsafe-eval'", *script_hashes]),
        f"style-src 'self' 'unsafe-inline' {FONT_HOSTS}",
        f"font-src 'self' data: {FONT_HOSTS}",
        "img-src 'self' data: blob:",
        "media-src 'self' blob:",
        f"connect-src 'self' {socket}",
        "worker-src 'self' blob:",
        "frame-src 'none'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
    return "; ".join(directives)


# Everything that is not the page: nothing of it may run, load anything, or be framed.
NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'"


def common_headers(settings: Settings) -> list[tuple[str, str]]:
    headers = [
        ("x-content-type-options", "nosniff"),
        ("x-frame-options", "DENY"),
        ("referrer-policy", "same-origin"),
        ("permissions-policy", PERMISSIONS),
        ("cross-origin-opener-policy", "same-origin"),
    ]
    if settings.https:
        headers.append(("strict-transport-security", HSTS))
    return headers


def secure_cookie(value: str) -> str:
    """A Set-Cookie value with the Secure flag (for an https PUBLIC_ORIGIN; Chainlit sets it only for
    SameSite=None cookies)."""
    attributes = [part.strip().lower() for part in value.split(";")[1:]]
    return value if "secure" in attributes else f"{value}; Secure"
