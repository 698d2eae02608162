"""The ``travel-assistant`` command line (typer).

Every command builds the runtime through the composition root, validates ids at the edge, and turns the
project's errors into a one-line message and a non-zero exit code (2 for bad input, 1 for everything else).
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import functools
import gc
import logging
import os
import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from assistant.errors import TravelAssistantError
from assistant.ids import new_turn_id, turn_id, user_id
from language.text import readable
from memory.lance_import import defer_rest_client_init
from travel_assistant.cli.common import (
    AtOption,
    JsonOption,
    StdoutStream,
    emit_json,
    guarded,
    parse_at,
    runtime,
)
from travel_assistant.settings import build_settings

if TYPE_CHECKING:
    from assistant.turns import TurnResult

app = typer.Typer(
    no_args_is_help=True, add_completion=False, help="The travel assistant: chat, memory, jobs, app."
)


@app.callback()
def _collector(ctx: typer.Context) -> None:
    # The executable starts with the cyclic collector off (``entry``); a one-shot ``chat`` keeps it off, every
    # other command (a server, the shell, a promotion pass: processes that live and allocate) turns it back on.
    if ctx.invoked_subcommand != "chat":
        gc.enable()


@app.command()
def chat(
    user: Annotated[str, typer.Option("--user", help="User id (created on first use)")],
    message: Annotated[
        str | None, typer.Argument(help="The user's message; none opens the chat shell")
    ] = None,
    thread: Annotated[
        str | None,
        typer.Option(
            "--thread",
            help="Thread name (created on first use; each user's names are their own) or a web UUID",
        ),
    ] = None,
    turn: Annotated[
        str | None, typer.Option("--turn-id", help="Turn id; a retried id returns the logged reply")
    ] = None,
    at: AtOption = None,
    as_json: JsonOption = False,
) -> None:
    """Run one conversation turn headless and print the reply; with no message, open the chat shell (one
    process, a prompt, /help for its commands)."""
    from assistant.turns import TurnRequest

    if message is None:
        _open_shell(user, thread, at, with_options=as_json or turn is not None)
        return
    if thread is None:
        typer.echo("error: a message needs --thread (or leave the message out to open the shell)", err=True)
        raise typer.Exit(2)
    named, said = thread, message

    def body() -> None:
        uid = user_id(user)
        turn_key = turn_id(turn) if turn is not None else new_turn_id()
        with runtime() as rt:
            rt.load_intent_encoder_in_background()
            request = TurnRequest(
                user=uid,
                thread=rt.thread_for_name(uid, named),
                turn=turn_key,
                text=said,
                now=parse_at(at),
            )
            stream = None if as_json else StdoutStream()
            try:
                result = asyncio.run(rt.engine.run_turn(request, stream))
            except TravelAssistantError:
                if stream is not None and stream.started:
                    typer.echo()  # a reply cut off mid-stream: the error goes on a line of its own
                raise
            rt.keep_thread_name(uid, named, said=said)
        if as_json:
            emit_json(_turn_json(result))
        elif result.replayed:
            typer.echo(readable(result.reply))
        else:
            typer.echo()

    guarded(body)


def _turn_json(result: TurnResult) -> dict[str, Any]:
    """A turn as ``chat --json`` prints it: the reply, the tool calls, tokens, what was recalled and the trip
    state; the context's per-message hashes and cache prefix stay out (they serve the next call, not a reader)."""
    context = {k: v for k, v in result.context.items() if k not in ("message_hashes", "prefix_tokens")}
    return {
        "reply": result.reply,
        "thread_id": result.thread_id,
        "turn_id": result.turn_id,
        "replayed": result.replayed,
        "tool_calls": [r.to_json() for r in result.tool_calls],
        "tokens": {
            "prompt": result.usage.prompt_tokens,
            "completion": result.usage.completion_tokens,
            "cached": result.usage.cached_tokens,
            "cache_write": result.usage.cache_write_tokens,
        },
        "context": context,
        "recalled": {"path": result.recall_path, "block": result.memory_block},
        "state": result.state.model_dump(mode="json", exclude_defaults=True),
    }


def _open_shell(user: str, thread: str | None, at: str | None, *, with_options: bool) -> None:
    if with_options:
        typer.echo("error: --json and --turn-id need a message (the shell takes neither)", err=True)
        raise typer.Exit(2)
    # The shell is a long-lived process (see _collector), but its collector waits for the model stack to load:
    # the imports allocate heavily and a collection on the way costs seconds (the shell turns it on when its
    # first turn has waited for the warm-up).
    guarded(lambda: _shell(user, thread, at))


def _shell(user: str, thread: str | None, at: str | None) -> None:
    from travel_assistant.cli.shell import run_shell

    uid = user_id(user)
    with runtime() as rt:
        run_shell(rt, user=uid, thread=thread, at=at)


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Bind address (default from settings)")] = None,
    port: Annotated[int | None, typer.Option(help="Port (default from settings)")] = None,
) -> None:
    """Start the Chainlit web app (what ``make run`` does)."""
    from travel_assistant.web.launch import launch

    guarded(lambda: launch(build_settings(), host=host, port=port))


@app.command("db-upgrade")
def db_upgrade() -> None:
    """Apply database migrations (also at start-up, unless MIGRATE_ON_START=false: then run this once per
    release, before the workers start)."""

    from travel_assistant.container import build_runtime

    def body() -> None:
        build_runtime(build_settings(), upgrade_schema=True).close()
        typer.echo("database is at the latest schema")

    guarded(body)


@functools.cache
def full_app() -> typer.Typer:
    """The command line with every sub-command, registered once (the sub-command modules import this one,
    so they cannot be registered at import time)."""
    from travel_assistant.cli import admin as cli_admin
    from travel_assistant.cli import explain as cli_explain
    from travel_assistant.cli import jobs as cli_jobs
    from travel_assistant.cli import scenarios as cli_scenarios

    cli_admin.register(app)
    cli_explain.register(app)
    cli_jobs.register(app)
    cli_scenarios.register(app)
    return app


def invalid_argument(args: list[str]) -> str | None:
    """The first command-line argument that is not valid UTF-8 text, described (never echoed), or None.

    Python decodes argv with ``surrogateescape``: invalid bytes arrive as lone surrogates, which nothing
    downstream can store or print (click's own usage errors included), so they are refused before parsing."""
    for position, arg in enumerate(args, 1):
        if any("\udc80" <= ch <= "\udcff" or "\ud800" <= ch <= "\udfff" for ch in arg):
            return f"argument {position} is not valid UTF-8 text; pass text in UTF-8"
    return None


def main() -> None:
    level = logging.getLevelName(os.environ.get("LOG_LEVEL", "WARNING").strip().upper())
    logging.basicConfig(
        level=level if isinstance(level, int) else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
    )
    problem = invalid_argument(sys.argv[1:])
    if problem is not None:
        sys.stderr.write(f"error: {problem}\n")
        raise SystemExit(2)
    defer_rest_client_init()  # before anything imports LanceDB: ~0.5 s of every command's start-up
    full_app()()


def entry() -> None:
    """The ``travel-assistant`` executable: the command, then a quick exit.

    Once a command has finished, the interpreter's own teardown (freeing litellm's and LanceDB's modules one
    object at a time) takes another ~2 s a process, with nothing left for it to do: every store is closed by
    then. So the exit handlers run (log handlers flush, exporters send their last spans), the output is
    flushed, and the process ends without the teardown. Only the executable does this: code that calls
    ``main()`` inside a longer-lived process (a test, a forked worker) keeps its interpreter.

    It also starts with the cyclic garbage collector off. Importing litellm, LanceDB and the rest allocates
    about a million objects that live as long as the process, and the collector re-scans all of them each time
    the heap grows by a quarter: ~0.3 s of our own start-up and ~0.7 s of litellm's import, in collections that
    free nothing. A one-shot ``chat`` ends seconds later and never turns it back on; every other command does,
    as soon as it is chosen (``_collector``)."""
    gc.disable()
    code: int = 0
    try:
        main()
    except SystemExit as done:
        if isinstance(done.code, str):  # sys.exit("message") prints it, as the interpreter would
            sys.stderr.write(done.code + "\n")
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        # The reader may have gone (``| head``), or the stream may be closed already.
        with contextlib.suppress(BrokenPipeError, ValueError):
            stream.flush()
    os._exit(code)


if __name__ == "__main__":
    entry()
