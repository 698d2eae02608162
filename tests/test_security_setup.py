"""Set-up traps: unrelated environment variables, bad settings, the API docs.

The live app of the security suites starts with ``PROJECT``, ``UI``, ``CODE`` and ``RUN`` set to unrelated
values (``tests.live_app.UNRELATED``): every live test is also a start-up under them.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import SettingsFactory
from tests.guarded_asgi import get_behind_guard
from tests.live_app import UNRELATED, LiveApp

REPO = Path(__file__).resolve().parents[1]
CLI = REPO / ".venv" / "bin" / "travel-assistant"


def _python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, **env},
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_chainlit_itself_reads_project_and_the_launcher_hides_it() -> None:
    """Chainlit's settings model fails on PROJECT=anything (if a Chainlit upgrade stops reading it, the first
    assertion says so and the isolation in web/launch.py can go); imported the launcher's way, it starts,
    and the variable is back in the environment for everything else."""
    raw = _python("import chainlit.config", PROJECT="anything")
    assert raw.returncode != 0 and "project" in raw.stderr.lower()
    isolated = _python(
        "import os\n"
        "from travel_assistant.web.launch import import_chainlit_config\n"
        "hidden = import_chainlit_config()\n"
        "from chainlit.config import config\n"
        "print(hidden, os.environ['PROJECT'], config.project.user_session_timeout > 0)",
        PROJECT="anything",
        ui="lower-case too",
    )
    assert isolated.returncode == 0, isolated.stderr[-2000:]
    assert isolated.stdout.split("\n")[-2] == "['PROJECT', 'ui'] anything True"


@pytest.mark.slow
def test_the_live_app_runs_with_unrelated_variables_set(live_app: LiveApp) -> None:
    assert set(UNRELATED) <= set(live_app.env())
    assert live_app.login("judy").status_code == 200


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"PORT": "eighty"}, "port"),
        ({"TRUSTED_PROXIES": "my-proxy"}, "TRUSTED_PROXIES"),
        ({"FORWARDED_ALLOW_IPS": "127.0.0.1"}, "TRUSTED_PROXIES"),
        ({"MESSAGE_LIMIT_PER_USER": "lots"}, "message_limit_per_user"),
        ({"LINK_ALLOWED_ORIGINS": "docs.example.com"}, "LINK_ALLOWED_ORIGINS"),
        ({"DOCS": "sometimes"}, "docs"),
    ],
)
def test_a_bad_setting_stops_start_up_with_one_line_naming_it(
    tmp_path: Path, env: dict[str, str], named: str
) -> None:
    if not CLI.exists():
        pytest.skip(f"{CLI} is missing (run `make install-test`)")
    done = subprocess.run(
        [str(CLI), "serve"],
        env={**os.environ, "TRAVEL_DATA_DIR": str(tmp_path), "PROJECT": "unrelated", **env},
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    lines = done.stderr.strip().splitlines()
    assert done.returncode != 0 and len(lines) == 1, done.stderr[-2000:]
    assert lines[0].startswith("error: invalid configuration:") and named in lines[0]


@pytest.mark.parametrize(
    ("app_env", "docs", "served"),
    [("development", True, True), ("development", False, False), ("production", True, False)],
)
def test_the_api_docs_need_development_and_docs_true(
    settings_factory: SettingsFactory, app_env: str, docs: bool, served: bool
) -> None:
    from starlette.responses import JSONResponse

    async def schema(request: object) -> JSONResponse:
        return JSONResponse({"openapi": "3.1.0"})

    secret = "s3cr3t-" + "x" * 40
    settings = settings_factory(app_env=app_env, docs=docs, chainlit_auth_secret=secret)
    response = get_behind_guard(settings, "/openapi.json", schema, base_url="http://t")
    assert (response.status_code, "openapi" in response.text) == ((200, True) if served else (404, False))
