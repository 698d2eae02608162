"""Start Chainlit from our settings (``travel-assistant serve``, which ``make run`` calls).

Chainlit reads its secret and server options from the environment and its own config module, so they are set
here from the one typed Settings object before Chainlit's server is imported.

The server is started the way ``chainlit run`` starts it (load app.py, check the secret, write chainlit.md),
but with uvicorn options Chainlit does not expose: no ``server:`` banner, and forwarded headers believed only
from ``TRUSTED_PROXIES`` (none by default; the login throttle counts the client address they give).
``chainlit run app.py`` still works; it has the banner and uvicorn's own default (it believes 127.0.0.1).

Chainlit's configuration is a pydantic-settings model built when ``chainlit.config`` is first imported, and
it reads the environment variables named after its sections (``PROJECT``, ``UI``, ``RUN``, ``CODE``, …) as
JSON: an unrelated ``PROJECT=my-ci-project`` stops it with a traceback. Those names are hidden from it
while it is imported (:func:`import_chainlit_config`) and put back at once; the values it needs come from
``.chainlit/config.toml`` and from here.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from assistant.errors import ConfigurationError
from travel_assistant.settings import Settings

APP_FILE = Path(__file__).resolve().parents[2] / "app.py"
# The fields of chainlit.config.ChainlitConfig, which pydantic-settings reads from the environment (any case).
CHAINLIT_CONFIG_FIELDS = frozenset({"root", "chainlit_server", "run", "features", "ui", "project", "code"})


def import_chainlit_config() -> list[str]:
    """Import ``chainlit.config`` without the environment variables its settings model would read; they are
    back in the environment afterwards, for anything else that uses them. Returns their names."""
    hidden = {
        name: os.environ.pop(name) for name in list(os.environ) if name.lower() in CHAINLIT_CONFIG_FIELDS
    }
    try:
        import chainlit.config  # noqa: F401  (the model is built here, once per process)
    finally:
        os.environ.update(hidden)
    return sorted(hidden)


def launch(settings: Settings, *, host: str | None, port: int | None) -> None:
    if not APP_FILE.exists():
        raise ConfigurationError(f"app.py not found at {APP_FILE}; run from a source checkout")
    os.chdir(APP_FILE.parent)  # Chainlit reads .chainlit/, public/ and chainlit.md from its app root
    os.environ["CHAINLIT_AUTH_SECRET"] = settings.chainlit_auth_secret.get_secret_value()
    os.environ["CHAINLIT_HOST"] = bind_host = host or settings.host
    os.environ["CHAINLIT_PORT"] = str(bind_port := port or settings.port)
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("LITELLM_OFFLINE_MODE", "true")
    if hidden := import_chainlit_config():
        print(
            f"Chainlit's configuration ignored these environment variables: {', '.join(hidden)}", flush=True
        )
    # Importing chainlit.cli applies Chainlit's nest_asyncio patch and calls logging.basicConfig, so logging
    # is configured after these imports.
    import uvicorn
    from chainlit.auth import ensure_jwt_secret
    from chainlit.cli import assert_app
    from chainlit.config import config, load_module
    from chainlit.markdown import init_markdown

    from travel_assistant.ops.logs import configure_logging, route_uvicorn

    configure_logging(fmt=settings.resolved_log_format, level=settings.log_level)
    route_uvicorn()

    config.run.headless = True  # CORS and the login lifetime are applied at app start-up (web.handlers)
    config.run.host, config.run.port = bind_host, bind_port
    from chainlit.server import app

    config.run.module_name = str(APP_FILE)
    load_module(config.run.module_name)  # app.py → handlers.install(): callbacks and the security layer
    ensure_jwt_secret()
    assert_app()
    init_markdown(config.root)
    print(
        f"Travel assistant on {settings.public_origin} (listening on {bind_host}:{bind_port}; "
        f"model {settings.llm_model}, data in {settings.travel_data_dir})",
        flush=True,
    )
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            host=bind_host,
            port=bind_port,
            log_level="error",
            server_header=False,
            proxy_headers=bool(settings.trusted_proxies),
            forwarded_allow_ips=settings.trusted_proxies or None,
            ws_per_message_deflate=True,
        )
    )
    # asyncio, not uvloop, as chainlit run does (its nest_asyncio patch needs re-entrant loops)
    asyncio.run(server.serve())
