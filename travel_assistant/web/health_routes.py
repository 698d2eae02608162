"""``/healthz`` and ``/readyz`` on Chainlit's own FastAPI app (registered by ``handlers.install``).

They are added in front of Chainlit's routes (its catch-all would answer them with the UI page) and need no
login: a load balancer probes them before anybody has logged in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from travel_assistant.ops.health import Readiness, mount_first

if TYPE_CHECKING:
    from travel_assistant.container import Runtime
    from travel_assistant.web.context import App


def install_health(app: App) -> Readiness:
    """Mount the probes for ``app``; readiness reads its runtime only once start-up has built it."""
    from chainlit.server import app as server

    def built() -> Runtime | None:
        # Not ``app.runtime``: that would build the runtime on a probe; the probe must only look.
        return app._runtime

    readiness = Readiness(built)
    mount_first(server, readiness)
    return readiness
