"""``memories``, ``users`` and ``log`` commands."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal, assert_never

import typer

from assistant.errors import NotFound
from assistant.events import Event, EventKind, message_kind
from assistant.facts.words import EvidenceWords
from assistant.ids import FactId, UserId, UserScope, fact_id, turn_id, user_id
from language.text import json_text, readable
from travel_assistant.cli.common import AtOption, JsonOption, emit_json, guarded, parse_at, runtime
from travel_assistant.memory_view import ASK_HEADING, fact_rows

if TYPE_CHECKING:  # the runtime (LanceDB, SQLAlchemy) is imported by the command that runs, not by all
    from travel_assistant.container import Runtime

memories = typer.Typer(no_args_is_help=True, help="See, export and delete what is remembered about a user.")
users = typer.Typer(no_args_is_help=True, help="Manage users.")

UserOption = Annotated[str, typer.Option("--user", help="User id")]


@memories.command("list")
def list_memories(
    user: UserOption,
    history: Annotated[bool, typer.Option(help="Include superseded versions")] = True,
    at: AtOption = None,
    as_json: JsonOption = False,
) -> None:
    """A user's facts: type, value, date, source, version and status (current / superseded / stale)."""
    from travel_assistant.container import short_id

    def body() -> None:
        scope = UserScope.of(user)
        with runtime() as rt:
            words = EvidenceWords(rt.thread_log)
            rows = fact_rows(rt.fact_memory, rt.facts, scope, now=parse_at(at), history=history, words=words)
            labels = rt.thread_labels(scope.user)
        for r in rows:
            r["source"] = _source_label(r["source_thread"], labels)
        if as_json:
            emit_json(rows)
            return
        held = [r for r in rows if r["status"] != "pending"]
        asked = [r for r in rows if r["status"] == "pending"]
        if not held:
            typer.echo("(nothing remembered)")
        for r in held:
            typer.echo(
                f"{r['status']:<10} v{r['version']} {r['type']:<13} {r['value']:<24} "
                f"{r['asserted_at'][:10]}  source {r['source']:<16} [{short_id(r['id'])}]"
            )
        if asked:
            typer.echo(f"\n{ASK_HEADING}  (memories keep / memories discard)")
        for r in asked:
            typer.echo(
                f"{'pending':<10}    {r['type']:<13} {r['value']:<24} {r['asserted_at'][:10]}  "
                f"source {r['source']:<16} [{short_id(r['id'])}]"
            )

    guarded(body)


@memories.command("keep")
def keep_memory(
    user: UserOption,
    fact: Annotated[str, typer.Argument(help="Pending fact id (or its 8-character form)")],
    at: AtOption = None,
) -> None:
    """Keep a fact listed under "Should I remember this?": it is remembered as your confirmed word."""
    _act_on_fact(user, fact, at, "keep")


@memories.command("discard")
def discard_memory(
    user: UserOption, fact: Annotated[str, typer.Argument(help="Pending fact id")], at: AtOption = None
) -> None:
    """Discard a fact listed under "Should I remember this?": it is deleted, never remembered."""
    _act_on_fact(user, fact, at, "discard")


def _act_on_fact(user: str, fact: str, at: str | None, act: Literal["keep", "discard", "forget"]) -> None:
    """Keep, discard and forget alike: the fact id may be its short form, the act is the user's own (the audit
    trail records ``user:<id>``), and one line says what happened."""

    def body() -> None:
        with runtime() as rt:
            uid, now = user_id(user), parse_at(at)
            whole, actor, registry = _whole_fact_id(rt, uid, fact), f"user:{uid}", rt.registry
            match act:
                case "keep":
                    said = f"kept ({registry.keep_pending(uid, whole, actor=actor, now=now).status})"
                case "discard":
                    said = (
                        f"discarded {registry.discard_pending(uid, whole, actor=actor, now=now)} version(s)"
                    )
                case "forget":
                    said = f"forgot {registry.forget_fact(uid, whole, actor=actor, now=now)} version(s)"
        typer.echo(said)

    guarded(body)


def _source_label(thread: str, labels: dict[str, str]) -> str:
    if not thread:
        return "-"
    return labels.get(thread, "(deleted conversation)")


@memories.command("export")
def export_memories(
    user: UserOption,
    out: Annotated[Path | None, typer.Option("--out", help="Write to this file instead of stdout")] = None,
    at: AtOption = None,
) -> None:
    """Everything stored about the user, from every registered store (JSON)."""

    def body() -> None:
        with runtime() as rt:
            data = rt.registry.export(user_id(user), now=parse_at(at))
        text = json_text(data, indent=2)
        if out:
            out.write_text(text + "\n", encoding="utf-8")
            typer.echo(f"wrote {out}")
        else:
            typer.echo(text)

    guarded(body)


@memories.command("forget")
def forget(
    user: UserOption, fact: Annotated[str, typer.Argument(help="Fact id")], at: AtOption = None
) -> None:
    """Delete one fact and all its earlier versions (purged, not hidden)."""
    _act_on_fact(user, fact, at, "forget")


_SHORT_FACT = re.compile(r"[0-9a-f]{8,31}")


def _whole_fact_id(rt: Runtime, user: UserId, given: str) -> FactId:
    """A fact id as typed: whole, or the 8-character short form ``memories list`` prints (it must name
    exactly one of the user's facts)."""
    if len(given) >= 32 or not _SHORT_FACT.fullmatch(given):
        return fact_id(given)  # a whole id, or a clear error about what is wrong with it
    found = {
        f.id for f in rt.facts.list_facts(UserScope(user), include_history=True) if f.id.startswith(given)
    }
    if len(found) != 1:
        raise NotFound(f"no single fact of {user} has an id starting {given!r}")
    return fact_id(found.pop())


@users.command("erase")
def erase(
    user: Annotated[str, typer.Argument(help="User id")], at: AtOption = None, as_json: JsonOption = False
) -> None:
    """Erase a user from every store (threads, events, bookings, facts incl. old versions) and verify it."""

    def body() -> None:
        with runtime() as rt:
            report = rt.registry.erase(user_id(user), actor="admin:cli", now=parse_at(at))
        if as_json:
            emit_json(report.to_json())
        else:
            typer.echo(f"deleted {report.counts}; verified gone: {report.verified}")
        if not report.verified:
            raise typer.Exit(1)

    guarded(body)


@users.command("add")
def add_user(
    user: Annotated[str, typer.Argument(help="User id (the login name)")],
    password: Annotated[str, typer.Option(prompt=True, hide_input=True, confirmation_prompt=True)],
    admin: Annotated[bool, typer.Option(help="Can run jobs from the UI")] = False,
) -> None:
    """Create a login (or reset its password)."""
    from travel_assistant.web.auth import hash_password

    def body() -> None:
        uid, now = user_id(user), parse_at(None)
        with runtime() as rt:
            existed = rt.directory.get_user(uid) is not None
            rt.directory.set_password(uid, hash_password(password), is_admin=admin, now=now)
            # A password reset ends every login made with the old password, at once.
            ended = rt.sessions.revoke_user(uid, now=now, reason="password_reset") if existed else 0
        typer.echo(f"user {user} can now log in" + (f"; ended {ended} login(s)" if ended else ""))

    guarded(body)


@users.command("revoke")
def revoke(user: Annotated[str, typer.Argument(help="User id")]) -> None:
    """End every login of a user at once (browsers are refused from their next request or chat event)."""

    def body() -> None:
        uid, now = user_id(user), parse_at(None)
        with runtime() as rt:
            ended = rt.sessions.revoke_user(uid, now=now, reason="admin")
            rt.registry.audit(
                actor="admin:cli",
                action="revoke_logins",
                user=uid,
                now=now,
                details={"sessions_ended": ended},
            )
        typer.echo(f"ended {ended} login(s) of {user}")

    guarded(body)


log_app = typer.Typer(help="Read a thread's log, or redact one message from it.")


@log_app.callback(invoke_without_command=True)
def show_log(
    ctx: typer.Context,
    user: Annotated[str | None, typer.Option("--user", help="User id")] = None,
    thread: Annotated[str | None, typer.Option("--thread")] = None,
    as_json: JsonOption = False,
) -> None:
    """Print a thread's log in append order (user, model, tool, assistant, summary … events)."""
    if ctx.invoked_subcommand is not None:
        return
    if user is None or thread is None:
        typer.echo("error: log needs --user and --thread (or a sub-command: redact)", err=True)
        raise typer.Exit(2)

    def body() -> None:
        uid = user_id(user)
        with runtime() as rt:
            tid = rt.existing_thread(uid, thread)
            events = rt.thread_log.events(tid)
        if as_json:
            emit_json(
                [
                    {
                        "seq": e.seq,
                        "turn": e.turn_id,
                        "kind": e.kind,
                        "created_at": e.created_at.isoformat(),
                        "body": dict(e.body),
                    }
                    for e in events
                ]
            )
            return
        for e in events:
            typer.echo(log_line(e))

    guarded(body)


def _log_head(e: Event) -> str:
    return f"#{e.seq:<5} {e.created_at:%Y-%m-%d %H:%M}  {e.turn_id[:12]:<12} {e.kind:<10} "


def log_line(e: Event) -> str:
    """One event as ``log`` prints it: one line each, the detail cut at 110 characters."""
    # readable(): a log written before text was validated may hold lone surrogates.
    return f"{_log_head(e)}{readable(_log_detail(e))[:110]}"


def log_lines(e: Event, width: int) -> list[str]:
    """One event as the chat shell's ``/log`` prints it: all of its detail, wrapped to ``width`` columns under
    the detail's own column (a person reading a conversation back wants every word of it)."""
    head = _log_head(e)
    detail = " ".join(readable(_log_detail(e)).split())
    width = max(width, len(head) + 30)  # the indent counts towards the width
    return textwrap.wrap(detail, width, initial_indent=head, subsequent_indent=" " * len(head)) or [head]


def _log_detail(event: Event) -> str:
    """One line per event for ``log``: the text of messages, the names of tool calls, the body otherwise."""
    match message_kind(event.parsed_kind.kind):
        case EventKind.USER | EventKind.ASSISTANT:
            return event.text
        case EventKind.TOOL:
            return f"{event.body.get('name')} ok={event.body.get('ok')}"
        case EventKind.MODEL:
            return ", ".join(c["name"] for c in event.body.get("tool_calls", []))
        case None:
            return json.dumps(dict(event.body))[:100]
        case unreachable:
            assert_never(unreachable)


@log_app.command("redact")
def redact(
    user: UserOption,
    thread: Annotated[str, typer.Option("--thread")],
    turn: Annotated[str, typer.Option("--turn", help="The turn id of the user message to remove")],
    admin: Annotated[
        bool, typer.Option(help="Record the redaction as an admin's (default: the user's own)")
    ] = False,
    at: AtOption = None,
    as_json: JsonOption = False,
) -> None:
    """Remove one user message: scrubbed from the log, summaries, the title and facts drawn from it; audited."""

    def body() -> None:
        uid = user_id(user)
        with runtime() as rt:
            tid = rt.existing_thread(uid, thread)
            report = rt.redact(
                uid,
                tid,
                turn_id(turn),
                actor="admin:cli" if admin else f"user:{uid}",
                now=parse_at(at),
            )
        if as_json:
            emit_json(report.to_json())
        elif report.already_redacted:
            typer.echo("already redacted; nothing changed")
        else:
            typer.echo(
                f"removed the message and {report.copies_removed} cop(y/ies) in {report.events_scrubbed - 1} "
                f"other event(s); {report.fact_versions_deleted} fact version(s) drawn from it deleted"
            )

    guarded(body)


def register(app: typer.Typer) -> None:
    app.add_typer(memories, name="memories")
    app.add_typer(users, name="users")
    app.add_typer(log_app, name="log")
