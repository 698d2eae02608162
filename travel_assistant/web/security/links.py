"""The link policy's one server part: ``GET /link-policy`` tells the page which origins' links may stay
clickable (the app's own and ``LINK_ALLOWED_ORIGINS``); ``public/app.js`` does the rest.

Links reach the page in markdown that the model wrote (a reply, streamed), that a tool returned, or that
memory holds (the recall step, a resumed thread): text the model may have been fed by anyone. Chainlit renders
all of it with react-markdown, which makes a link of ``[x](url)``, ``<url>`` and a bare ``https://…``. So the
page disarms every link inside a message or step whose origin is not allowed: the ``href`` is removed (a
click, a middle click, "open in new tab" or a keyboard activation can go nowhere), the full destination is
shown next to the text, and activating it opens a small notice with the full address and a copy button.
Remote images were already blocked by the page's CSP (``img-src 'self' data: blob:``).
"""

from __future__ import annotations

from typing import Any

from travel_assistant.settings import Settings

PATH = "/link-policy"


def install_link_policy(settings: Settings) -> None:
    """Mount ``GET /link-policy`` in front of Chainlit's routes (its catch-all would answer it with the page)."""
    from chainlit.server import app
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    origins = sorted(settings.link_origins)

    async def policy(request: Any) -> JSONResponse:
        return JSONResponse({"origins": origins})

    app.router.routes[0:0] = [Route(PATH, policy, methods=["GET"])]
