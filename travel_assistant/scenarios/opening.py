"""A conversation opening and its question answered, in a scenario as in the app.

A conversation opens when the user starts it (the browser's new chat, the shell's ``/new``): an ``open:`` step,
or the first ``say:`` in a session. Opening asks what the write gate was unsure of (``Asker.opening``, the call
the browser and the shell make). A ``keep:`` or ``discard:`` step is a click on Keep or Not now, and a ``say:``
of ``y``/``yes``/``n``/``no`` while the question waits is the shell's typed answer: each goes through
``Asker.answer``, as the buttons and the shell do. As in the shell, a message that is not a yes or a no leaves the
rest of the question unanswered.
"""

from __future__ import annotations

from collections.abc import Callable

from assistant.facts.asking import Answer, AskedFact, answer_said
from travel_assistant.scenarios.schema import AnswerSpec
from travel_assistant.scenarios.world import StepResult, World

Echo = Callable[[str], None]


def open_conversation(world: World, result: StepResult, session: str, echo: Echo) -> None:
    """Open ``session``'s conversation once: it asks its question, if it has one; opened again, nothing."""
    if session in world.opened:
        return
    world.opened.add(session)
    user, thread = world.user_of(session), world.thread_of(session)
    question = world.rt.asker.opening(user, thread, now=world.now)
    if question is None:
        return
    name = world.loaded.scenario.sessions[session].name
    world.rt.keep_thread_name(user, name, said=name)  # named as the session, as the shell names it
    result.question = question
    world.waiting[session] = list(question.facts)
    echo(f"assistant@{session}> {question.text}")


def answer_fact(world: World, result: StepResult, session: str, spec: AnswerSpec, answer: Answer) -> None:
    """A click on Keep or Not now for the question's fact ``spec`` describes, in ``session``'s conversation."""
    asked = [
        f for f in _asked_in(world, session) if spec.type in (None, f.type) and spec.value in (None, f.value)
    ]
    if not asked:
        result.error = "InvalidInput"
        result.error_message = f"{session}'s conversation did not ask about {_described(spec)}"
        return
    _answer(world, result, session, asked[0], answer)


def typed_answer(world: World, result: StepResult, session: str, text: str) -> bool:
    """A ``y``/``n`` typed while the question waits answers its next fact (True); anything else is the user
    talking on, and the rest of the question stays unanswered (False)."""
    waiting = world.waiting.pop(session, [])
    answer = answer_said(text)
    if not waiting or answer is None:
        return False
    _answer(world, result, session, waiting[0], answer)
    if waiting[1:]:
        world.waiting[session] = waiting[1:]
    return True


def _answer(world: World, result: StepResult, session: str, fact: AskedFact, answer: Answer) -> None:
    user, thread = world.user_of(session), world.thread_of(session)
    outcome = world.rt.asker.answer(user, thread, fact.fact_id, answer, now=world.now)
    waiting = world.waiting.get(session, [])
    world.waiting[session] = [f for f in waiting if f.fact_id != fact.fact_id]
    result.said = outcome.text


def _asked_in(world: World, session: str) -> list[AskedFact]:
    """The facts this session's conversation asked about (from its opening question)."""
    opened = [r.question for r in world.results if r.session == session and r.question is not None]
    return [fact for question in opened for fact in question.facts]


def _described(spec: AnswerSpec) -> str:
    return " ".join(f"{k}={v}" for k, v in spec.model_dump(exclude_none=True).items()) or "any fact"
