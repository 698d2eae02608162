"""Doing what a step says: a user's message through the real engine, a job pass at the step's time, an erasure.

Turn ids are deterministic (``<session>-<step number>``, ``-<k>`` per repetition, or the step's own ``turn:``),
so a scenario asks the model the same thing on every run and a recorded model can be replayed against it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from assistant.errors import TravelAssistantError
from assistant.facts.asking import Answer
from assistant.ids import ThreadId, UserId, UserScope, turn_id
from assistant.turns import TurnRequest
from memory.claims import ClaimKey
from scheduler.jobs import PROMOTE, PromoteReport, expire_facts, promote_idle, promote_user_now, wipe_inactive
from travel_assistant.scenarios.opening import answer_fact, open_conversation, typed_answer
from travel_assistant.scenarios.references import step_session
from travel_assistant.scenarios.schema import DEFAULT_SAY_GAP, Step
from travel_assistant.scenarios.world import StepResult, World

Echo = Callable[[str], None]


def step_time(world: World, step: Step) -> datetime:
    """When a step happens: ``at:``, else ``after:`` the previous step, else a minute on for a message."""
    if step.at is not None:
        return step.at
    if step.after is not None:
        return world.now + step.after
    if step.say is not None and world.results:
        return world.now + DEFAULT_SAY_GAP
    return world.now


async def perform(world: World, index: int, step: Step, echo: Echo) -> StepResult:
    result = StepResult(index=index, step=step, now=step_time(world, step))
    world.now = result.now
    seen = len(world.model.prompts)
    world.model.fault = step.model_fails
    try:
        if step.say is not None:
            await _say(world, result, echo)
        elif step.open is not None or step.answer is not None:
            _open_or_answer(world, result, echo)
        elif step.run is not None:
            await _job(world, result, echo)
        elif step.erase is not None:
            _erase(world, result, echo)
    except TravelAssistantError as exc:
        result.error, result.error_message = type(exc).__name__, exc.user_message()
        echo(f"   ! {result.error}: {result.error_message}")
    finally:
        world.model.fault = None
    result.prompts = world.model.prompts[seen:]
    world.results.append(result)
    return result


def _session(world: World, step: Step) -> str:
    session = step_session(world.loaded.scenario, step)
    assert session is not None  # a say, open, keep or discard step; the loader resolved it
    return session


def _open_or_answer(world: World, result: StepResult, echo: Echo) -> None:
    step = result.step
    session = result.session = _session(world, step)
    open_conversation(world, result, session, echo)
    if step.answer is not None:
        answer = Answer.KEEP if step.keep is not None else Answer.NOT_NOW
        answer_fact(world, result, session, step.answer, answer)
        echo(f"{world.user_of(session)}@{session}> [{answer.value}] → {result.said or result.error_message}")


async def _say(world: World, result: StepResult, echo: Echo) -> None:
    step = result.step
    assert step.say is not None
    session = result.session = _session(world, step)
    user, thread = world.user_of(session), world.thread_of(session)
    name = world.loaded.scenario.sessions[session].name  # turn ids are per thread: "mon-3"
    open_conversation(world, result, session, echo)
    if step.repeat == 1 and typed_answer(world, result, session, step.say):
        echo(f"{user}@{session}> {step.say}\nassistant> {result.said}")
        return
    for k in range(1, step.repeat + 1):
        if k > 1:
            world.now = result.now = world.now + DEFAULT_SAY_GAP
        text = step.say.replace("{n}", str(k))
        turn = step.turn or (f"{name}-{result.index + 1}" + (f"-{k}" if step.repeat > 1 else ""))
        if step.repeat == 1 or k in (1, step.repeat):
            echo(f"{user}@{session}> {text}")
        request = TurnRequest(user=user, thread=thread, turn=turn_id(turn), text=text, now=world.now)
        turn_result = await world.rt.engine.run_turn(request)
        result.turns.append(turn_result)
        world.rt.keep_thread_name(user, name, said=text)  # titled by its name, as `chat --thread mon` does
        if step.repeat == 1 or k == step.repeat:
            for call in turn_result.tool_calls:
                echo(f"   [tool] {call.name} {call.arguments}")
            echo(f"assistant> {turn_result.reply}" + (" (replayed)" if turn_result.replayed else ""))
        elif k == 2:
            echo(f"   … {step.repeat - 2} more turns …")


async def _job(world: World, result: StepResult, echo: Echo) -> None:
    deps = world.rt.job_deps("scenario")
    echo(f"== {result.now:%a %d %b %Y %H:%M}: the {result.step.run} job runs ==")
    match result.step.run:
        case "promote" | "promote_now":
            before = _watermarks(world)
            report = await _promote(world, result)
            result.job = report.to_json()
            result.decisions = _decisions(world, before)
            for d in result.decisions:
                echo(f"   {decision_line(d)}")
        case "expire":
            result.job = expire_facts(deps, result.now).to_json()
        case "wipe":
            result.job = wipe_inactive(deps, result.now).to_json()
    echo(f"   report: {_brief(result.job)}")


async def _promote(world: World, result: StepResult) -> PromoteReport:
    """The idle-thread job, or the admin's "promote now" over every scenario user's threads."""
    deps = world.rt.job_deps("scenario")
    if result.step.run == "promote":
        return await promote_idle(deps, result.now)
    threads = [t for user in world.loaded.scenario.users for t in world.rt.directory.threads_of(UserId(user))]
    return await promote_user_now(deps, threads, result.now)


def _watermarks(world: World) -> dict[str, tuple[int, int]]:
    """(last seq, promoted through) of every session's thread that exists."""
    marks = {}
    for session in world.loaded.scenario.sessions:
        record = world.rt.directory.get_thread(world.user_of(session), world.thread_of(session))
        if record is not None:
            marks[session] = (record.last_seq, record.promoted_through_seq)
    return marks


def _decisions(world: World, before: dict[str, tuple[int, int]]) -> list[dict[str, object]]:
    """This pass's decisions, read from the claim of every thread it promoted; kept ones name their fact."""
    claims = world.rt.job_deps("scenario").claims
    found: list[dict[str, object]] = []
    for session, (last_seq, promoted) in before.items():
        after = world.rt.directory.get_thread(world.user_of(session), world.thread_of(session))
        if after is None or after.promoted_through_seq == promoted:
            continue
        report = claims.report_of(ClaimKey(PROMOTE, after.id, last_seq)) or {}
        texts = _fact_texts(world, world.user_of(session))
        for decision in report.get("decisions", []):
            found.append({**decision, "session": session, "fact": texts.get(decision.get("fact_id") or "")})
    return found


def _fact_texts(world: World, user: UserId) -> dict[str, str]:
    return {f.id: f.text for f in world.rt.facts.list_facts(UserScope(user), include_history=True)}


def _erase(world: World, result: StepResult, echo: Echo) -> None:
    user = UserId(str(result.step.erase))
    report = world.rt.registry.erase(user, actor=f"user:{user}", now=result.now, action="delete_account")
    result.job = report.to_json()
    echo(f"== {result.now:%a %d %b %Y %H:%M}: {user} deletes their account (verified: {report.verified}) ==")


def decision_line(decision: dict[str, Any]) -> str:
    """One promotion decision as the run prints it: kept, pending (to be asked) or rejected, and why."""
    shown = decision.get("fact") or decision["type"]
    if decision.get("ask"):
        return f"pending : {shown} (asked when the next conversation opens)"
    return f"{'kept    ' if decision['kept'] else 'rejected'}: {shown} ({decision['reason']})"


def _brief(report: dict[str, object] | None) -> str:
    if not report:
        return "-"
    return ", ".join(f"{k}={v}" for k, v in report.items() if v not in (0, {}, [], None) and k != "as_of")


def thread_ids(world: World, user: str) -> set[ThreadId]:
    return {world.thread_of(s) for s in world.sessions_of(user)}
