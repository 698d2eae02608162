"""The environment of an app process that tests and benchmarks start: offline, on loopback, on its own data.

One place for what makes a child process offline (the demo model through litellm with its price list and
tokenizers local, hash embeddings unless asked otherwise, no model hub) and for the settings a developer may
have exported that would point it elsewhere (dropped: empty counts as unset, so they are removed, not blanked).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

OFFLINE: Mapping[str, str] = {
    "EMBEDDINGS": "hash",
    "LLM_MODEL": "offline/travel-agent",
    "LITELLM_LOCAL_MODEL_COST_MAP": "True",
    "LITELLM_OFFLINE_MODE": "true",
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "PYTHONUNBUFFERED": "1",
}
POINTING_ELSEWHERE = ("DATABASE_URL", "LANCEDB_URI", "LLM_API_BASE", "LLM_API_KEY", "HEADER_AUTH", "DEMO_USERS")


def offline_env(
    data_dir: Path, *, drop_prefixes: tuple[str, ...] = (), **settings: str
) -> dict[str, str]:
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
