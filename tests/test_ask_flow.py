"""The opening question through the app: the chat shell's y/n, the expiry job's lapse, and a lapsed question as
``memories list`` and the memory panel show it (SQL log, LanceDB facts, the privacy registry's audit)."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from assistant.events import EventKind
from assistant.fact_records import Authority, Fact, FactDraft
from assistant.facts.pending import pending_facts
from assistant.facts.words import EvidenceWords
from assistant.ids import ThreadId, UserId, UserScope
from scheduler.jobs import expire_facts
from tests.conftest import MONDAY, RuntimeFactory, run_cli
from travel_assistant.cli.shell import ChatShell, ShellState
from travel_assistant.container import Runtime
from travel_assistant.memory_view import fact_rows
from travel_assistant.web.panel.view import build_panel_props

ALICE = UserId("alice")
SCOPE = UserScope(ALICE)


def unsure(rt: Runtime, fact_type: str, value: str, turn: str) -> Fact:
    draft = FactDraft(fact_type, value, "said", turn, Authority.USER, MONDAY, pending=True)
    outcome = rt.fact_memory.record(SCOPE, draft, now=MONDAY)
    assert outcome.fact is not None
    return outcome.fact


def scripted(lines: list[str], prompts: list[str]) -> Callable[[str], str]:
    """``input`` for the shell: the next line, recording each prompt; EOF when the lines run out."""

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if not lines:
            raise EOFError
        return lines.pop(0)

    return read


def shell(rt: Runtime, thread: str, at: datetime, lines: list[str]) -> list[str]:
    state = ShellState(user=ALICE, thread=thread, real=lambda: at)
    prompts: list[str] = []
    ChatShell(rt, state).run(read=scripted(lines, prompts))
    return prompts


def test_the_shell_opens_with_the_question_and_y_keeps_n_discards(
    runtime: Runtime, capsys: pytest.CaptureFixture[str]
) -> None:
    window = unsure(runtime, "seat", "window", "t1")
    unsure(runtime, "home_airport", "LHR", "t2")
    prompts = shell(runtime, "tue", MONDAY + timedelta(days=1), ["y", "n", "/quit"])
    out = capsys.readouterr().out
    assert "Last time you mentioned a few things I wasn't sure about. Shall I remember them?" in out
    assert "- Seat preference: window\n- Home airport: LHR" in out
    assert prompts[:2] == [
        "  Keep your seat preference: window? [y/n] ",
        "  Keep your home airport: LHR? [y/n] ",
    ]
    assert "Kept: I'll remember your seat preference: window." in out
    assert "Not kept: I won't remember your home airport: LHR." in out
    assert [(f.value, f.asserted_by) for f in runtime.fact_memory.current(SCOPE)] == [
        ("window", Authority.USER_CONFIRMED)
    ]
    assert pending_facts(runtime.fact_memory, SCOPE) == []
    thread = runtime.thread_for_name(ALICE, "tue")
    kinds = [e.kind for e in runtime.thread_log.events(thread)]
    assert kinds == [EventKind.ASK, EventKind.ANSWER, EventKind.ANSWER]
    actions = [a["action"] for a in runtime.registry.audit_trail(ALICE)]
    assert actions == ["keep_pending", "discard_pending"]  # the user's answers, audited like the panel's
    assert runtime.thread_labels(ALICE)[thread] == "tue"  # named as the shell calls it
    assert window.id not in {f.id for f in runtime.facts.list_facts(SCOPE, include_history=True)}


def test_in_the_shell_talking_on_leaves_the_question_unanswered(
    runtime: Runtime, capsys: pytest.CaptureFixture[str]
) -> None:
    unsure(runtime, "seat", "window", "t1")
    prompts = shell(runtime, "tue", MONDAY + timedelta(days=1), ["/memories", "/quit"])
    out = capsys.readouterr().out
    assert "shall I remember that?" in out and "(nothing remembered)" in out  # /memories ran as typed
    assert len(prompts) == 2  # the y/n prompt, then the shell's own prompt for /quit
    [still] = pending_facts(runtime.fact_memory, SCOPE)
    assert still.asked == 1


def test_an_ignored_question_lapses_in_the_expiry_job_and_is_listed_as_lapsed(
    runtime_factory: RuntimeFactory, cli_env: Path
) -> None:
    rt = runtime_factory(ask_lapse_days=30, ask_times=2)
    window = unsure(rt, "seat", "window", "t1")
    first, second = MONDAY + timedelta(days=1), MONDAY + timedelta(days=3)
    assert rt.asker.opening(ALICE, ThreadId("n_first"), now=first) is not None
    assert rt.asker.opening(ALICE, ThreadId("n_second"), now=second) is not None
    assert rt.asker.opening(ALICE, ThreadId("n_third"), now=second + timedelta(hours=1)) is None

    deps = rt.job_deps("t")
    assert expire_facts(deps, second + timedelta(days=29)).asks_lapsed == 0
    report = expire_facts(deps, second + timedelta(days=30))
    assert (report.asks_lapsed, report.lapsed_deleted) == (1, 0)
    assert expire_facts(deps, second + timedelta(days=31)).asks_lapsed == 0

    now = second + timedelta(days=31)
    rows = fact_rows(rt.fact_memory, rt.facts, SCOPE, now=now, words=EvidenceWords(rt.thread_log))
    assert [(r["id"], r["status"]) for r in rows] == [(window.id, "lapsed")]
    props = build_panel_props(
        user=ALICE, rows=rows, reports=[], threads={}, now=now, is_admin=False, revision=1
    )
    assert props["asks"] == []  # no longer asked in the panel either
    [group] = props["groups"]
    [card] = group["facts"]
    assert (card["value"], card["state"]) == ("window", "lapsed")
    assert [v["status"] for v in card["history"]] == ["lapsed"]
    assert "lapsed" in card["history"][0]["change"] and "lapsed" in card["expiry"]["summary"]
    assert props["summary"]["facts"] == 0  # a lapsed question is not a fact in use

    listed = run_cli("memories", "list", "--user", "alice")
    assert listed.exit_code == 0, listed.output
    assert listed.stdout.startswith("lapsed") and "window" in listed.stdout
    rows_json = json.loads(run_cli("memories", "list", "--user", "alice", "--json").stdout)
    assert [r["status"] for r in rows_json] == ["lapsed"]
