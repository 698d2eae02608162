"""How many promotion worker processes a pass may use: its own module so the command line can declare the
``--workers`` option without importing the worker pool (and with it the whole runtime) for every command."""

from __future__ import annotations

MAX_WORKERS = 16
