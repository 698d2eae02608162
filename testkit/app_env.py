"""The environment of an app process that tests and benchmarks start: offline, on loopback, on its own data;
and the process itself: a free port, started in a session of its own, ready when ``/readyz`` says so, stopped
with its whole process group.

One place for what makes a child process offline (the demo model through litellm with its price list and
tokenizers local, hash embeddings unless asked otherwise, no model hub) and for the settings a developer may
have exported that would point it elsewhere (dropped: empty counts as unset, so they are removed, not blanked).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO

OFFLINE: Mapping[str, str] = {
    "EMBEDDINGS": "hash",
    "LLM_MODEL": "offline/travel-agent",
    "LITELLM_LOCAL_MODEL_COST_MAP": "True",
    "LITELLM_OFFLINE_MODE": "true",
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "PYTHONUNBUFFERED": "1",
}
POINTING_ELSEWHERE = (
    "DATABASE_URL",
    "LANCEDB_URI",
    "LLM_API_BASE",
    "LLM_API_KEY",
    "HEADER_AUTH",
    "DEMO_USERS",
)


def offline_env(data_dir: Path, *, drop_prefixes: tuple[str, ...] = (), **settings: str) -> dict[str, str]:
    """This process's environment less what would point the child elsewhere (and any variable starting with
    one of ``drop_prefixes``), the offline settings, ``TRAVEL_DATA_DIR`` and ``settings`` (which win)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in POINTING_ELSEWHERE and not (drop_prefixes and k.startswith(drop_prefixes))
    }
    env.update(OFFLINE)
    env["TRAVEL_DATA_DIR"] = str(data_dir)
    env.update(settings)
    return env


def free_port() -> int:
    """A loopback port nobody listens on now (bound, then released)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_app(
    command: Sequence[str], *, cwd: Path, env: Mapping[str, str], log: IO[bytes]
) -> subprocess.Popen[bytes]:
    """Start an app process in a session of its own (so :func:`stop_app` reaches its children too), its output
    to ``log`` and nothing on its stdin."""
    return subprocess.Popen(
        list(command),
        cwd=cwd,
        env=dict(env),
        stdout=log,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )


def wait_until_ready(process: subprocess.Popen[bytes], base_url: str, timeout_s: float) -> str | None:
    """Poll ``base_url/readyz`` until it answers 200: ready, not just listening (the app warms up litellm and
    MiniLM in the background). None once ready; otherwise why not, for the caller's error."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return f"the app exited with code {process.returncode} during start-up"
        try:
            with urllib.request.urlopen(base_url + "/readyz", timeout=2) as response:
                if response.status == 200:
                    return None
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.5)
    return f"the app did not answer on {base_url} within {timeout_s:.0f} s"


def stop_app(process: subprocess.Popen[bytes] | None, *, wait_s: float = 15, graceful: bool = True) -> None:
    """SIGTERM to the app's process group (SIGKILL at once when not ``graceful``), then SIGKILL if it has not
    ended within ``wait_s``. Nothing when it is not running."""
    if process is None or process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM if graceful else signal.SIGKILL)
        process.wait(timeout=wait_s)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
    except ProcessLookupError:
        pass
