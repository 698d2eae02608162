"""``travel-assistant chat --user U`` with no message: a chat shell in one process.

Why: every one-shot ``chat`` pays the stack's start-up (seconds of imports and model loading) before the first
byte of a reply; a tester walking through a two-session story by hand wants one process and a prompt. The
shell streams replies, keeps line editing and history (the standard ``readline``), and carries its own clock:
an offset from real time (``/clock +30m``, ``/clock 2026-11-12T19:30``, ``/clock reset``), exactly what
``--at`` is to the one-shot commands, so ``/promote`` after ``/clock +31m`` promotes the idle thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import re
import secrets
import shutil
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

import typer

from assistant.errors import InvalidInput, NotFound, TravelAssistantError
from assistant.fact_types import FACT_TYPES
from assistant.facts.asking import answer_said
from assistant.facts.words import EvidenceWords
from assistant.ids import UserId, UserScope, new_turn_id
from language.text import readable
from travel_assistant.cli.common import StdoutStream, error_detail, logger, parse_at
from travel_assistant.container import Runtime, short_id, utc_now

HELP = (
    """Type a message to chat, or a command. A thread may open by asking whether to remember something you
said before: y keeps it, n discards it, Enter leaves it for later.
  /new [name]        start a new thread (a fresh name if none is given)
  /thread NAME       switch to thread NAME (created on first message)
  /clock +30m | 2026-11-12T19:30 | reset
                     move this shell's clock (like --at): forward by a duration, to a time, back to real time
  /promote           run one promotion pass now, by this shell's clock
  /memories          what is remembered about you
  /forget TYPE       forget one kind of fact ("""
    + ", ".join(FACT_TYPES)
    + """)
  /log               this thread's log
  /save FILE.yaml    write this shell's conversation as a scenario file (scenario run replays it)
  /help              this text
  /quit              leave (Ctrl-D works too)"""
)

_DURATION = re.compile(r"^([+-])((?:\d+[dhms])+)$")
_UNIT = {"d": 86400, "h": 3600, "m": 60, "s": 1}


def parse_shift(raw: str) -> timedelta | None:
    """``+30m``, ``-1d2h``, as a signed timedelta; None when ``raw`` is not a duration."""
    m = _DURATION.match(raw.strip())
    if m is None:
        return None
    seconds = sum(int(n) * _UNIT[u] for n, u in re.findall(r"(\d+)([dhms])", m.group(2)))
    return timedelta(seconds=seconds if m.group(1) == "+" else -seconds)


@dataclass
class ShellState:
    """What the shell remembers between lines: whose it is, the thread, the clock, the threads used."""

    user: UserId
    thread: str
    offset: timedelta = timedelta(0)
    used: list[str] = field(default_factory=list)
    real: Callable[[], datetime] = utc_now

    def now(self) -> datetime:
        return self.real() + self.offset

    def set_clock(self, raw: str) -> str:
        """Apply ``/clock``'s argument; the new time as the shell shows it. Bad input changes nothing."""
        raw = raw.strip()
        if raw == "reset":
            self.offset = timedelta(0)
        elif (shift := parse_shift(raw)) is not None:
            self.offset += shift
        else:
            self.offset = parse_at(raw) - self.real()  # InvalidInput for anything else; the clock is kept
        parse_at(self.now().isoformat())  # refuse a shift that leaves --at's range
        return self.describe_clock()

    def describe_clock(self) -> str:
        suffix = "" if not self.offset else " (shifted)"
        return f"clock: {self.now():%Y-%m-%d %H:%M} UTC{suffix}"


def fresh_name() -> str:
    return f"chat-{secrets.token_hex(3)}"


class ChatShell:
    """The read-eval-print loop; each command is one method so the dispatch table stays readable."""

    def __init__(self, rt: Runtime, state: ShellState, warming: threading.Thread | None = None) -> None:
        self.rt = rt
        self.state = state
        # The model stack loading in the background while the prompt waits (``run_shell``): the first turn
        # waits for what is left of it, not for all of it.
        self.warming = warming
        self.loop = asyncio.new_event_loop()
        self.read: Callable[[str], str] = input
        self.commands: dict[str, Callable[[str], None]] = {
            "new": self.new,
            "thread": self.switch,
            "clock": self.clock,
            "promote": self.promote,
            "memories": self.memories,
            "forget": self.forget,
            "log": self.log,
            "save": self.save,
            "help": lambda _arg: typer.echo(HELP),
        }

    def run(self, read: Callable[[str], str] = input) -> None:
        self.read = read
        typer.echo(f"Chatting as {self.state.user} in thread {self.state.thread}; /help for commands.")
        try:
            pending = self.ask()
            while True:
                try:
                    line = pending or read(f"[{self.state.thread}]> ").strip()
                except EOFError:
                    typer.echo()
                    return
                except KeyboardInterrupt:
                    typer.echo()
                    continue
                pending = ""
                if line in ("/quit", "/exit"):
                    return
                if line:
                    pending = self.handle(line)
        finally:
            self.loop.close()

    def ask(self) -> str:
        """The thread's opening question, if it has one (``assistant.facts.asking`` decides): y keeps a fact,
        n discards it (Not now), an empty line or Ctrl-C leaves it unanswered. Anything else is the user talking
        on: the rest stays unanswered and the line is returned, to be handled as typed. EOF ends the shell."""
        user = self.state.user
        thread = self.rt.thread_for_name(user, self.state.thread)
        try:
            question = self.rt.asker.opening(user, thread, now=self.state.now())
            if question is None:
                return ""
            # The thread exists from now on: named as the shell calls it, as its first message would have.
            self.rt.keep_thread_name(user, self.state.thread, said=self.state.thread)
            typer.echo(question.text)
            for fact in question.facts:
                said = self.read(f"  Keep your {fact.name}? [y/n] ").strip()
                answer = answer_said(said)
                if answer is None and said:
                    return said
                if answer is not None:
                    outcome = self.rt.asker.answer(user, thread, fact.fact_id, answer, now=self.state.now())
                    typer.echo(outcome.text)
        except EOFError:
            return "/quit"
        except KeyboardInterrupt:
            typer.echo()
        except TravelAssistantError as exc:
            logger.info("shell question failed: %s", error_detail(exc), exc_info=exc)
            typer.echo(f"error: {readable(exc.user_message())}", err=True)
        return ""

    def handle(self, line: str) -> str:
        """One line: a command or a message. An error is printed and the shell goes on. A command that opens a
        thread asks its question (:meth:`ask`); a line typed instead of an answer is returned, to handle next."""
        try:
            if line.startswith("/"):
                name, _sep, arg = line[1:].partition(" ")
                command = self.commands.get(name.lower())
                if command is None:
                    raise InvalidInput(f"unknown command /{name}; /help lists them")
                command(arg.strip())
                if name.lower() in ("new", "thread"):
                    return self.ask()
            else:
                self.say(line)
        except TravelAssistantError as exc:
            logger.info("shell command failed: %s", error_detail(exc), exc_info=exc)
            typer.echo(f"error: {readable(exc.user_message())}", err=True)
        return ""

    def say(self, text: str) -> None:
        from assistant.turns import TurnRequest

        request = TurnRequest(
            user=self.state.user,
            thread=self.rt.thread_for_name(self.state.user, self.state.thread),
            turn=new_turn_id(),
            text=text,
            now=self.state.now(),
        )
        if self.state.thread not in self.state.used:
            self.state.used.append(self.state.thread)
        if self.warming is not None:
            self.warming.join()
            self.warming = None
            gc.enable()  # the model stack has loaded: from here on the shell collects as any long-lived process
        self.loop.run_until_complete(self.rt.engine.run_turn(request, StdoutStream()))
        self.rt.keep_thread_name(self.state.user, self.state.thread, said=text)
        typer.echo()

    def new(self, arg: str) -> None:
        name = arg or fresh_name()
        tid = self.rt.thread_for_name(self.state.user, name)
        if self.rt.directory.get_thread(self.state.user, tid) is not None:
            raise InvalidInput(f"thread {name} already exists; /thread {name} switches to it")
        self.state.thread = name
        typer.echo(f"new thread {name}")

    def switch(self, arg: str) -> None:
        if not arg:
            raise InvalidInput("/thread needs a name")
        self.rt.thread_for_name(self.state.user, arg)  # validates the name
        self.state.thread = arg
        typer.echo(f"thread {arg}")

    def clock(self, arg: str) -> None:
        typer.echo(self.state.set_clock(arg) if arg else self.state.describe_clock())

    def promote(self, _arg: str) -> None:
        from scheduler.jobs import promote_idle

        report = self.loop.run_until_complete(promote_idle(self.rt.job_deps(), self.state.now()))
        rejected = ", ".join(f"{k} ×{n}" for k, n in sorted(report.rejected.items())) or "none"
        typer.echo(
            f"promoted {report.threads_promoted} of {report.threads_due} idle thread(s): "
            f"kept {report.facts_kept} fact(s); rejected: {rejected}"
        )
        if report.errors:
            typer.echo(f"{report.errors} thread(s) failed; they are retried on the next pass", err=True)
        self.memories("")

    def memories(self, _arg: str) -> None:
        from travel_assistant.memory_view import fact_rows

        rows = fact_rows(
            self.rt.fact_memory,
            self.rt.facts,
            UserScope(self.state.user),
            now=self.state.now(),
            history=False,
            words=EvidenceWords(self.rt.thread_log),
        )
        labels = self.rt.thread_labels(self.state.user)
        if not rows:
            typer.echo("(nothing remembered)")
        for r in rows:
            source = labels.get(r["source_thread"], "-")
            typer.echo(
                f"{r['status']:<8} {r['label']}: {r['value']}  ({r['asserted_at'][:10]}, from {source}) "
                f"[{short_id(r['id'])}]"
            )

    def forget(self, arg: str) -> None:
        from travel_assistant.memory_view import fact_rows

        if arg not in FACT_TYPES:
            raise InvalidInput(f"/forget needs one of: {', '.join(FACT_TYPES)}")
        user = self.state.user
        words = EvidenceWords(self.rt.thread_log)
        rows = fact_rows(
            self.rt.fact_memory, self.rt.facts, UserScope(user), now=self.state.now(), words=words
        )
        ids = list(dict.fromkeys(r["id"] for r in rows if r["type"] == arg and r["status"] != "superseded"))
        if not ids:
            typer.echo(f"nothing to forget: no {FACT_TYPES[arg].label.lower()} is remembered")
            return
        from assistant.ids import fact_id

        removed = sum(
            self.rt.registry.forget_fact(user, fact_id(i), actor=f"user:{user}", now=self.state.now())
            for i in ids
        )
        typer.echo(f"forgot {FACT_TYPES[arg].label.lower()} ({removed} version(s))")

    def log(self, _arg: str) -> None:
        from travel_assistant.cli.admin import log_lines

        tid = self.rt.thread_for_name(self.state.user, self.state.thread)
        if self.rt.directory.get_thread(self.state.user, tid) is None:
            raise NotFound(f"thread {self.state.thread} has no messages yet")
        width = shutil.get_terminal_size((100, 24)).columns
        for event in self.rt.thread_log.events(tid):
            for line in log_lines(event, width):
                typer.echo(line)

    def save(self, arg: str) -> None:
        from travel_assistant.scenarios.recorder import record_yaml

        if not arg.endswith((".yaml", ".yml")):
            raise InvalidInput("/save needs a file name ending in .yaml")
        if not self.state.used:
            raise InvalidInput("nothing to save yet: say something first")
        text = record_yaml(self.rt, self.state.user, self.state.used)
        try:
            Path(arg).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise InvalidInput(f"cannot write {arg}: {exc.strerror}") from exc
        typer.echo(f"wrote {arg} ({', '.join(self.state.used)})")


def run_shell(rt: Runtime, *, user: UserId, thread: str | None, at: str | None) -> None:
    """Open the shell (line editing and history through ``readline`` where the platform has it)."""
    with contextlib.suppress(ImportError):  # Windows without pyreadline: plain input()
        import readline  # noqa: F401  (importing it gives input() line editing and history)
    state = ShellState(user=user, thread=thread or fresh_name())
    if at is not None:
        state.offset = parse_at(at) - state.real()
    rt.thread_for_name(user, state.thread)  # a bad --thread fails before the prompt
    # litellm's import and the embedding model (~10 s here) load while the user types the first message.
    rt.load_intent_encoder_in_background()
    ChatShell(rt, state, warming=rt.warm_up_in_background()).run()
