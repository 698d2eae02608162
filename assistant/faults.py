"""A crash-injection hook for the durability suite (``tests/test_durability*.py``, ``benchmarks.durability``).

The code marks the moments where a crash matters (after the user message is logged, after a model step is
logged, between a booking and its log entry, between a fact's new version and the retirement of the old one,
…) with ``crash_point(name)``. When the environment variable ``TRAVEL_CRASH_AT`` names that point, the process
SIGKILLs itself there: no ``finally`` blocks, no flushes, no atexit handlers, exactly like a power cut or the
OOM killer. The suite then restarts the command and checks that nothing acknowledged was lost, nothing was
done twice and nothing is stuck.

Inert in production: with ``TRAVEL_CRASH_AT`` unset (and it is never set by the app, the settings or
``.env``), ``crash_point`` is one environment lookup. The value is a comma-separated list of point names;
numbered points carry their round and index (``turn.tool_ran:1.1``).
"""

from __future__ import annotations

import os
import signal

ENV = "TRAVEL_CRASH_AT"


def crash_point(name: str) -> None:
    """SIGKILL this process if ``TRAVEL_CRASH_AT`` names ``name`` (test-only; see the module docstring)."""
    wanted = os.environ.get(ENV)
    if wanted and name in wanted.split(","):
        os.kill(os.getpid(), signal.SIGKILL)
