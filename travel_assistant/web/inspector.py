"""The user's data as one JSON download (the memory panel's "Download my data"): everything the privacy
registry holds about the user, and nothing of anyone else's."""

from __future__ import annotations

import json
from datetime import datetime

from assistant.ids import UserId
from travel_assistant.container import Runtime


def export_bytes(rt: Runtime, user: UserId, now: datetime) -> bytes:
    return json.dumps(rt.registry.export(user, now=now), indent=2, ensure_ascii=False).encode("utf-8")
