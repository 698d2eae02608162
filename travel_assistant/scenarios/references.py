"""What a scenario's steps and expectations name must exist: its users and sessions. Checked after the file's
shape is valid, every problem at once, each with the place in the file it is about (so the loader can point at
its line), and resolved here too, so the runner finds a session exactly as the check did.

A session is named by its key (``mon``, or ``bob/mon`` in the per-user form), or by its thread name when that
is unambiguous, or by its name and the step's (or the expectation's) ``user:``.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from travel_assistant.scenarios.expectations import kind_of
from travel_assistant.scenarios.schema import Scenario, Step

Where = tuple[str | int, ...]
Problem = tuple[Where, str]


class UnknownSession(LookupError):
    """A session reference that names no session, or more than one."""


def resolve_session(scenario: Scenario, name: str | None, user: str | None) -> str:
    """The key of the session ``name`` (of ``user``, if given) names; with no name, the only session (of
    ``user``). Raises UnknownSession with a message a tester can act on."""
    candidates = {k: s for k, s in scenario.sessions.items() if user is None or s.user == user}
    if name is None:
        if len(candidates) == 1:
            return next(iter(candidates))
        raise UnknownSession(f"say which session (session: one of {', '.join(candidates) or '-'})")
    if name in candidates:
        return name
    named = [k for k, s in candidates.items() if s.name == name]
    if len(named) == 1:
        return named[0]
    if named:
        owners = " and ".join(scenario.sessions[k].user for k in named)
        raise UnknownSession(f"session {name!r} belongs to {owners}; say whose with user:")
    whose = f" of {user!r}" if user is not None else ""
    raise UnknownSession(f"unknown session {name!r}{whose}; sessions: {', '.join(scenario.sessions)}")


def step_session(scenario: Scenario, step: Step) -> str | None:
    """The session a say/open/keep/discard step happens in (None for a job, an erasure or a check)."""
    if step.open is not None:
        return resolve_session(scenario, step.open, step.user)
    if step.say is not None or step.answer is not None:
        return resolve_session(scenario, step.session, step.user)
    return None


def source_user(scenario: Scenario, kind: str, user: str | None, owner: str | None) -> str:
    """Whose sessions an expectation's ``source:`` names: its ``user:``; else, for a recall block, the user of
    the step's conversation; else the first user (as a memory expectation without ``user:`` reads theirs)."""
    if user is not None:
        return user
    if kind in ("recalled", "not_recalled") and owner is not None:
        return owner
    return scenario.users[0]


def reference_problems(scenario: Scenario) -> list[Problem]:
    """Every user or session named but not declared, each at its place in the file."""
    found: list[Problem] = []
    for key, spec in scenario.sessions.items():
        if spec.user not in scenario.users:
            found.append(
                (("sessions", key), f"session {key!r} belongs to {spec.user!r}, who is not in users")
            )
    for index, step in enumerate(scenario.steps):
        found += _step_problems(scenario, index, step)
    return found


def _step_problems(scenario: Scenario, index: int, step: Step) -> list[Problem]:
    here: Where = ("steps", index)
    found: list[Problem] = []
    if step.user is not None and step.user not in scenario.users:
        found.append(((*here, "user"), f"user {step.user!r} is not in users"))
    try:
        step_session(scenario, step)
    except UnknownSession as exc:
        field = "open" if step.open is not None else "session"
        found.append(((*here, field if getattr(step, field) is not None else "say"), str(exc)))
    if step.session is not None and step.say is None and step.answer is None:
        found.append(((*here, "session"), "session: belongs to a say:, keep: or discard: step"))
    if step.erase is not None and step.erase not in scenario.users:
        found.append(((*here, "erase"), f"erase names {step.erase!r}, who is not in users"))
    if step.model_fails is not None and step.say is None and step.run not in ("promote", "promote_now"):
        found.append(((*here, "model_fails"), "model_fails: belongs to a say: or run: promote step"))
    owner = _owner(scenario, step)
    for i, expectation in enumerate(step.expect):
        found += _expectation_problems(scenario, (*here, "expect", i), expectation, owner)
    return found


def _owner(scenario: Scenario, step: Step) -> str | None:
    """The user a step's conversation belongs to (a recall block's sessions are that user's)."""
    try:
        session = step_session(scenario, step)
    except UnknownSession:
        return step.user
    return scenario.sessions[session].user if session is not None else step.user


def _expectation_problems(
    scenario: Scenario, where: Where, expectation: BaseModel, owner: str | None
) -> list[Problem]:
    """Users and sessions an expectation names must be the scenario's."""
    kind = kind_of(expectation)
    spec: Any = expectation.model_dump()[kind]
    here = (*where, kind)
    found: list[Problem] = []
    user = (
        spec
        if kind in ("sees_nothing", "user_gone")
        else spec.get("user")
        if isinstance(spec, dict)
        else None
    )
    if user is not None and user not in scenario.users:
        field = here if isinstance(spec, str) else (*here, "user")
        found.append((field, f"{kind} names {user!r}, who is not in users"))
    source = spec.get("source") if isinstance(spec, dict) else None
    if source is not None:
        try:
            resolve_session(scenario, source, source_user(scenario, kind, user, owner))
        except UnknownSession as exc:
            found.append(((*here, "source"), f"{kind}: {exc}"))
    return found
