"""The durability harness: the environments, races and model faults the durability suite and its benchmark
both run (``tests/test_durability_crash.py`` asserts on them; ``python -m benchmarks.durability`` prints them).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from testkit.durability_checks import State, Tally, duplicates, unlogged_bookings
from testkit.durability_crashes import T0, chat_argv
from testkit.forkcli import ForkCli
from testkit.provider_server import ProviderServer
from testkit.wire_script import Reply, ToolUse, cut_stream

MODEL_FAULTS: dict[str, Reply] = {
    "model: HTTP 500": Reply(status=500, error_message="scripted failure"),
    "model: HTTP 400": Reply(status=400, error_message="scripted failure"),
    "model: empty 200": Reply(shape="json", text=""),
    "model: stream cut": cut_stream("Half an ans"),
    "model: too slow": Reply(text="too late", delay_seconds=6.0),
}
FRIENDLY = "error: The assistant's language model is not available right now."


def base_env(db_url: str, data_dir: Path) -> dict[str, str]:
    return {
        "TRAVEL_DATA_DIR": str(data_dir),
        "DATABASE_URL": db_url,
        "EMBEDDINGS": "hash",
        "OFFLINE_STREAM_DELAY_MS": "0",
        "LLM_MAX_RETRIES": "0",
        "CLAIM_LEASE_SECONDS": "5",
        "CLAIM_RETRY_BASE_SECONDS": "1",
        "CLAIM_RETRY_MAX_SECONDS": "10",
        "LOG_LEVEL": "ERROR",
    }


class RacePlan:
    """Round one answers differently per delivery (search, then book one flight or another); later rounds
    answer in text. The answers are held back a moment so the deliveries overlap."""

    FLIGHTS = ("TP1343-20261114-LHRLIS", "BA643-20261114-LHRLIS", "U2290-20261114-LHRLIS")

    def __init__(self) -> None:
        self.asked = 0

    def __call__(self, body: dict[str, Any]) -> Reply:
        if has_tool_result(body):
            return Reply(text="All done: your Lisbon trip is in order.")
        self.asked += 1
        if self.asked % 4 == 1:
            return _tool_reply("search_flights", {"destination": "LIS", "date": "2026-11-14"})
        flight = self.FLIGHTS[self.asked % 3]
        return _tool_reply("book_flight", {"flight_id": flight})


def has_tool_result(body: dict[str, Any]) -> bool:
    return any(m.get("role") == "tool" for m in body.get("messages", []))


def _tool_reply(name: str, arguments: dict[str, Any]) -> Reply:
    return Reply(tool_calls=(ToolUse(name, json.dumps(arguments), id="call_1"),), delay_seconds=0.2)


def model_env(env: dict[str, str], server: ProviderServer) -> dict[str, str]:
    return {
        **env,
        "LLM_MODEL": "openai/gpt-4o-mini",
        "LLM_API_BASE": server.base_url,
        "LLM_API_KEY": "sk-test",
    }


def race_check(state: State, user: str, thread: str, turn: str, printed: list[str]) -> Tally:
    tally = Tally(tried=1)
    events = state.events(thread)
    replies = [e.text for e in events if e.turn_id == turn and e.kind == "assistant"]
    tally.duplicated += duplicates(events) + unlogged_bookings(state, user, [thread])
    tally.duplicated += max(0, len(state.bookings(user)) - 1)
    if len(replies) != 1:
        tally.stuck += 1
        tally.notes.append(f"{thread}: {len(replies)} replies after the race")
    elif any(p != replies[0] for p in printed):
        tally.lost += 1
        tally.notes.append(f"{thread}: a delivery printed a reply that is not the logged one")
    if not (tally.lost or tally.duplicated or tally.stuck):
        tally.survived = 1
    return tally


def process_race(fork: ForkCli, env: dict[str, str], state: State, *, rounds: int, width: int) -> Tally:
    """``width`` processes deliver the same turn at once; the model answers each differently."""
    tally = Tally()
    with ProviderServer(responder=RacePlan()) as server:
        for n in range(rounds):
            user, thread = f"procrace{n}", f"procrace{n}-th"
            argv = chat_argv(user, thread, "t1", T0, "--json", "Book me a Lisbon flight on the 14th")
            results = fork.run([(argv, model_env(env, server))] * width)
            failed = [r for r in results if r.code != 0]
            printed = [json.loads(r.stdout)["reply"] for r in results if r.code == 0]
            one = race_check(state, user, thread, "t1", printed)
            if failed:
                one.stuck += 1
                one.survived = 0
                one.notes.append(f"{thread}: {len(failed)} deliveries failed: {failed[0].stderr[-200:]}")
            tally.add(one)
    return tally


def loop_race(db_url: str, data_dir: Path, *, rounds: int, width: int) -> Tally:
    """The same in one process: ``width`` deliveries of one turn on one event loop, through the real engine."""
    from assistant.ids import ThreadId, TurnId, UserId
    from assistant.turns import TurnRequest
    from travel_assistant.container import build_runtime
    from travel_assistant.settings import Settings

    tally = Tally()
    with ProviderServer(responder=RacePlan()) as server:
        settings = Settings(
            _env_file=None,
            travel_data_dir=data_dir,
            database_url=db_url,
            embeddings="hash",
            llm_model="openai/gpt-4o-mini",
            llm_api_base=server.base_url,
            llm_api_key="sk-test",
            llm_max_retries=0,
        )
        rt = build_runtime(settings)
        state = State(db_url)
        try:
            for n in range(rounds):
                user, thread = f"looprace{n}", f"looprace{n}-th"
                request = TurnRequest(
                    user=UserId(user),
                    thread=ThreadId(thread),
                    turn=TurnId("t1"),
                    text="Book me Lisbon",
                    now=T0,
                )

                async def deliveries(request: TurnRequest = request) -> list[Any]:
                    return list(await asyncio.gather(*(rt.engine.run_turn(request) for _ in range(width))))

                results = asyncio.run(deliveries())
                tally.add(race_check(state, user, thread, "t1", [r.reply for r in results]))
        finally:
            state.close()
            rt.close()
    return tally


def model_faults(fork: ForkCli, env: dict[str, str], state: State, name: str, fault: Reply) -> Tally:
    """A turn against a broken model server: one friendly line, a failure event, no answer; then a retry of
    the same turn against a healthy server completes."""
    tally = Tally()
    mode = {"broken": True}

    def plan(body: dict[str, Any]) -> Reply:
        return fault if mode["broken"] else Reply(text="Hello! Where would you like to go?")

    slug = name.split(": ")[1].replace(" ", "")
    with ProviderServer(responder=plan) as server:
        # A fresh process's first call takes a second or two (client set-up), so the time limits stay above that.
        fenv = {**model_env(env, server), "LLM_TIMEOUT_SECONDS": "3", "LLM_DEADLINE_SECONDS": "5"}
        for n in range(2):
            tally.tried += 1
            user, thread = f"fault{slug}{n}", f"fault{slug}{n}-th"
            argv = chat_argv(user, thread, "t1", T0, "Hello")
            mode["broken"] = True
            broken = fork.one(argv, fenv)
            lines = broken.stderr.strip().splitlines()
            if broken.code != 1 or len(lines) != 1 or not lines[0].startswith(FRIENDLY):
                tally.lost += 1
                tally.notes.append(f"{name}: the user saw {broken.code} {broken.stderr[-300:]!r}")
            kinds = [e.kind for e in state.events(thread)]
            if "failure" not in kinds or "assistant" in kinds:
                tally.lost += 1
                tally.notes.append(f"{name}: log after the fault: {kinds}")
            mode["broken"] = False
            healed = fork.one(argv, fenv)
            replies = [e for e in state.events(thread) if e.kind == "assistant"]
            if healed.code != 0 or len(replies) != 1:
                tally.stuck += 1
                tally.notes.append(
                    f"{name}: the retry did not complete ({healed.code}) {healed.stderr[-200:]}"
                )
            else:
                tally.survived += 1
    return tally
