"""Start Chainlit from our settings (``travel-assistant serve``, which ``make run`` calls).

Chainlit reads its secret and server options from the environment and its own config module, so they are set
here from the one typed Settings object before Chainlit's server is imported.
"""

from __future__ import annotations

import os
from pathlib import Path

from assistant.errors import ConfigurationError
from travel_assistant.settings import Settings

APP_FILE = Path(__file__).resolve().parents[2] / "app.py"


def launch(settings: Settings, *, host: str | None, port: int | None) -> None:
    if not APP_FILE.exists():
        raise ConfigurationError(f"app.py not found at {APP_FILE}; run from a source checkout")
    os.chdir(APP_FILE.parent)  # Chainlit reads .chainlit/, public/ and chainlit.md from its app root
    os.environ["CHAINLIT_AUTH_SECRET"] = settings.chainlit_auth_secret.get_secret_value()
    os.environ["CHAINLIT_HOST"] = host or settings.host
    os.environ["CHAINLIT_PORT"] = str(port or settings.port)
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("LITELLM_OFFLINE_MODE", "true")
    from chainlit.cli import run_chainlit  # its import calls logging.basicConfig: configure logging after
    from chainlit.config import config

    from travel_assistant.logs import configure_logging, route_uvicorn

    configure_logging(fmt=settings.resolved_log_format, level=settings.log_level)
    route_uvicorn()

    config.run.headless = True  # CORS and the login lifetime are applied at app start-up (web.handlers)
    print(
        f"Travel assistant on http://{os.environ['CHAINLIT_HOST']}:{os.environ['CHAINLIT_PORT']} "
        f"(model {settings.llm_model}, data in {settings.travel_data_dir})",
        flush=True,
    )
    run_chainlit(str(APP_FILE))
