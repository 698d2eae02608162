"""Waiting for something to happen in another thread or process: on a condition, with a deadline, never for a
fixed time. (A fixed sleep is either too short on a busy machine or wasted time on an idle one.)"""

from __future__ import annotations

import time
from collections.abc import Callable


def wait_until(condition: Callable[[], bool], *, timeout: float, what: str, poll: float = 0.1) -> None:
    """Return as soon as ``condition()`` holds; fail naming ``what`` once ``timeout`` seconds have passed.

    ``poll`` is only how often the condition is re-checked, for conditions nothing can signal (another
    process's writes, a page's DOM).
    """
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() >= deadline:
            raise AssertionError(f"gave up after {timeout:g}s waiting for {what}")
        time.sleep(poll)
