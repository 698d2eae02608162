"""The worked example as a runnable, self-checking story (``travel-assistant scenario lisbon``).

Monday 9 Nov 2026: alice asks for flights to Lisbon on the 14th, books, mentions she is vegetarian (and the
booking turn is retried with the same turn id, as a flaky client would). Thirty-one idle minutes later the
promotion job runs. Thursday 12 Nov: a new thread asks for dinner near her hotel. Every expectation of the
worked example is checked; the command exits non-zero if one fails.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from assistant.events import EventKind, tool_kind
from assistant.ids import ThreadId, TurnId, UserId, UserScope
from assistant.llm import ChatModel, RecordingModel
from assistant.turns import TurnRequest, TurnResult
from memory.claims import ClaimKey
from scheduler.jobs import PROMOTE, promote_idle
from travel_assistant.container import Runtime, build_runtime
from travel_assistant.settings import build_settings

MONDAY = datetime(2026, 11, 9, 9, 0, tzinfo=UTC)
THURSDAY = datetime(2026, 11, 12, 19, 30, tzinfo=UTC)
ALICE = UserId("alice")
MON_THREAD = "thread-m1"
THU_THREAD = "thread-t2"


@dataclass
class Check:
    name: str
    ok: bool
    detail: str = ""


async def run_lisbon(*, data_dir: Path | None, embeddings: str | None, echo: Callable[[str], None]) -> bool:
    temp = data_dir is None
    folder = Path(tempfile.mkdtemp(prefix="lisbon-")) if data_dir is None else data_dir
    overrides: dict[str, Any] = {
        "travel_data_dir": folder,
        "database_url": None,
        "lancedb_uri": None,
        "offline_stream_delay_ms": 0,
    }
    if embeddings:
        overrides["embeddings"] = embeddings
    recorder: list[RecordingModel] = []

    def wrap(model: ChatModel) -> ChatModel:
        recorder.append(RecordingModel(model))
        return recorder[0]

    rt = build_runtime(build_settings(**overrides))
    rt.wrap_model = wrap
    try:
        return await _story(rt, recorder, echo)
    finally:
        rt.close()
        if temp:
            shutil.rmtree(folder, ignore_errors=True)


async def _turn(
    rt: Runtime, thread: str, turn: str, text: str, now: datetime, echo: Callable[[str], None]
) -> TurnResult:
    echo(f"alice> {text}")
    result = await rt.engine.run_turn(_request(thread, turn, text, now))
    for call in result.tool_calls:
        echo(f"   [tool] {call.name} {call.arguments}")
    echo(f"assistant> {result.reply}\n")
    return result


def _request(thread: str, turn: str, text: str, now: datetime) -> TurnRequest:
    return TurnRequest(user=ALICE, thread=ThreadId(thread), turn=TurnId(turn), text=text, now=now)


async def _story(rt: Runtime, recorder: list[RecordingModel], echo: Callable[[str], None]) -> bool:
    checks = await _monday(rt, echo)
    checks += await _promotion(rt, echo)
    checks += await _thursday(rt, recorder, echo)
    echo("== checks ==")
    for check in checks:
        echo(
            f"  {'PASS' if check.ok else 'FAIL'}  {check.name}" + ("" if check.ok else f"  ({check.detail})")
        )
    return all(c.ok for c in checks)


async def _monday(rt: Runtime, echo: Callable[[str], None]) -> list[Check]:
    """Search, book (mentioning a diet), and a retried booking turn that must not book twice."""
    echo(f"== Monday {MONDAY:%d %b %Y %H:%M}, thread {MON_THREAD} ==")
    await _turn(rt, MON_THREAD, "mon-1", "Find me flights to Lisbon on the 14th", MONDAY, echo)
    book_text = "Book option 1, please. By the way, I'm vegetarian."
    booked = await _turn(rt, MON_THREAD, "mon-2", book_text, MONDAY + timedelta(minutes=2), echo)
    echo("(the client retries the booking turn with the same turn id)")
    retried = await rt.engine.run_turn(
        _request(MON_THREAD, "mon-2", book_text, MONDAY + timedelta(minutes=3))
    )
    bookings = rt.bookings.bookings_of(ALICE)
    kinds = [e.kind for e in rt.thread_log.events(ThreadId(MON_THREAD))]
    order_ok = kinds.index(EventKind.USER) < kinds.index(tool_kind(1, 1)) < kinds.index(EventKind.ASSISTANT)
    return [
        Check(
            "booking made exactly once, retry replayed",
            len(bookings) == 1 and retried.replayed and retried.reply == booked.reply,
            f"{len(bookings)} booking(s)",
        ),
        Check("log holds user, tool and assistant events in order", order_ok, " ".join(kinds)),
    ]


async def _promotion(rt: Runtime, echo: Callable[[str], None]) -> list[Check]:
    """Thirty idle minutes later: what promotion kept and rejected, read from the thread's claim."""
    promote_at = MONDAY + timedelta(minutes=3 + 31)
    echo(f"== {promote_at:%H:%M}: thirty idle minutes later, the promotion job runs ==")
    deps = rt.job_deps("scenario")
    report = await promote_idle(deps, promote_at)
    thread = rt.directory.get_thread(ALICE, ThreadId(MON_THREAD))
    claim = ClaimKey(PROMOTE, MON_THREAD, thread.last_seq) if thread else None
    decisions = ((deps.claims.report_of(claim) if claim else None) or {}).get("decisions", [])
    # Reports hold types and reasons only; a kept decision names its fact, whose text the store has.
    texts = {f.id: f.text for f in rt.fact_memory.current(UserScope(ALICE))}
    for d in decisions:
        shown = texts.get(d["fact_id"], d["type"]) if d["kept"] else d["type"]
        echo(f"  {'KEPT    ' if d['kept'] else 'rejected'}: {shown} ({d['reason']})")
    echo(f"  job report: {json.dumps(report.to_json())}\n")
    kept = [texts.get(d["fact_id"]) for d in decisions if d["kept"]]
    rejected = {(d["type"], d["reason"]) for d in decisions if not d["kept"]}
    return [
        Check("promotion keeps 'vegetarian'", kept == ["Dietary needs: vegetarian"], str(kept)),
        Check(
            "rejects 'flying to Lisbon on the 14th' as task progress",
            ("trip", "task_progress") in rejected,
            str(rejected),
        ),
        Check(
            "rejects 'prefers morning flights' as an inference",
            ("flight_times", "inference") in rejected,
            str(rejected),
        ),
    ]


async def _thursday(rt: Runtime, recorder: list[RecordingModel], echo: Callable[[str], None]) -> list[Check]:
    """A new thread: recall brings the fact, the booking tool the hotel, and nothing of Monday's search."""
    echo(f"== Thursday {THURSDAY:%d %b %Y %H:%M}, a new thread ==")
    first_prompt = len(recorder[0].prompts)
    dinner = await _turn(rt, THU_THREAD, "thu-1", "Any dinner suggestions near my hotel?", THURSDAY, echo)
    echo(f"recalled ({dinner.recall_path}):\n{dinner.memory_block}\n")
    block = dinner.memory_block or ""
    thursday_prompts = json.dumps(list(recorder[0].prompts)[first_prompt:])
    monday_only = ("search_flights", "BA643", "U2290", "Find me flights to Lisbon", "option 1")
    leaked = [s for s in monday_only if s in thursday_prompts]
    facts = rt.fact_memory.current(UserScope(ALICE))
    return [
        Check(
            "recall brings 'vegetarian' with Monday's date and source",
            "Dietary needs: vegetarian" in block and "Mon 9 Nov 2026" in block and MON_THREAD in block,
            block.splitlines()[-1] if block else "(no block)",
        ),
        Check(
            "the booking tool gives the hotel",
            any(c.name == "get_my_bookings" for c in dinner.tool_calls)
            and "Casa do Rio Lisboa" in dinner.reply,
        ),
        Check("the reply honours 'vegetarian'", "vegetarian" in dinner.reply.lower()),
        Check("nothing of Monday's flight search is in Thursday's context", not leaked, str(leaked)),
        Check("long-term memory holds exactly one fact", len(facts) == 1, str([f.text for f in facts])),
    ]
