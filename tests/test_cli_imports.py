"""The command line imports what the chosen command uses: parsing the arguments (every command registered)
imports no store, model adapter or web framework, so the executable can turn off the collector and defer
LanceDB's REST client before any of them loads (``travel_assistant.cli.main.entry``)."""

from __future__ import annotations

import gc
import subprocess
import sys

HEAVY = (
    "lancedb",
    "litellm",
    "sqlalchemy",
    "chainlit",
    "onnxruntime",
    "alembic",
    "travel_assistant.container",
)


def test_registering_every_command_imports_nothing_heavy() -> None:
    code = (
        "import sys\n"
        "from travel_assistant.cli.main import full_app\n"
        "full_app()\n"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"


def test_only_a_one_shot_chat_keeps_the_collector_off() -> None:
    """The executable starts with the cyclic collector off; every command but ``chat`` turns it back on as it
    is chosen (a server, a promotion pass and the shell live long and allocate)."""
    from typer.testing import CliRunner

    from travel_assistant.cli.main import full_app

    try:
        gc.disable()
        CliRunner().invoke(full_app(), ["memories", "--help"])
        assert gc.isenabled()
        gc.disable()
        CliRunner().invoke(full_app(), ["chat", "--help"])
        assert not gc.isenabled()
    finally:
        gc.enable()
