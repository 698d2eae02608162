"""The scenario file format: one YAML file is one story, validated here (``scenarios/README.md`` documents it).

A scenario names its users and their sessions (a thread each), then lists steps in time order: a user says
something in a session, a background job runs (``promote``, ``expire``, ``wipe``), or a user erases their account.
Each step happens at a time (``at:`` absolute, ``after: 30m`` relative to the step before) and may carry
expectations, checked right after it. An expectation is a one-key mapping (``reply_contains: Booked``); the key
names the kind.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from assistant.errors import InvalidId
from assistant.ids import thread_id, turn_id, user_id
from travel_assistant.scenarios.expectations import REASONS, Expectation, FactRef, kind_of

__all__ = [
    "REASONS",
    "Expectation",
    "Scenario",
    "SessionSpec",
    "Step",
    "kind_of",
    "parse_duration",
    "parse_moment",
]

_DURATION = re.compile(r"(\d+)\s*(w|d|h|m|s)")
_UNITS = {"w": "weeks", "d": "days", "h": "hours", "m": "minutes", "s": "seconds"}
DEFAULT_SAY_GAP = timedelta(minutes=1)


def _checked(check: Callable[[object], str], value: str) -> str:
    """An id validated at the edge; its error becomes a validation error (so it gets a file and a line)."""
    try:
        return check(value)
    except InvalidId as exc:
        raise ValueError(str(exc)) from exc


def parse_duration(raw: str) -> timedelta:
    """'30m', '2h', '1d 2h', '400d', '3w' → a timedelta."""
    text = raw.strip().lower().replace(" ", "")
    parts = _DURATION.findall(text)
    if not parts or "".join(n + u for n, u in parts) != text:
        raise ValueError(f"{raw!r} is not a duration; use e.g. 30m, 2h, 3d, 1w or 1d2h")
    return sum((timedelta(**{_UNITS[unit]: int(n)}) for n, unit in parts), timedelta())


def parse_moment(value: Any) -> datetime:
    """An ISO time (UTC unless it names a zone), or a date (midnight UTC)."""
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, date):
        moment = datetime(value.year, value.month, value.day)
    else:
        try:
            moment = datetime.fromisoformat(str(value))
        except ValueError as exc:
            raise ValueError(f"{value!r} is not an ISO time such as 2026-11-09T09:00") from exc
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# -- steps ----------------------------------------------------------------------------------------------------

Job = Literal["promote", "promote_now", "expire", "wipe"]
Fault = Literal["unavailable", "malformed", "auth"]


# Which fact of the conversation's opening question a ``keep:`` or ``discard:`` step answers.
AnswerSpec = FactRef


class Step(_Strict):
    """One thing that happens: ``say`` (in a ``session``), ``open`` a conversation, answer its question
    (``keep`` / ``discard``), ``run`` a job, ``erase`` a user, or only ``expect``."""

    say: str | None = Field(default=None, min_length=1)
    open: str | None = None  # a session: the user opens it (the browser's new chat, the shell's /new)
    keep: AnswerSpec | None = None  # the question's Keep button (the shell's y)
    discard: AnswerSpec | None = None  # its Not now button (the shell's n)
    session: str | None = None
    user: str | None = None  # whose session, when two users have a session of that name
    turn: str | None = None
    repeat: int = Field(default=1, ge=1, le=500)
    run: Job | None = None
    erase: str | None = None
    model_fails: Fault | None = None  # every model call during this step fails like this
    at: datetime | None = None
    after: timedelta | None = None
    label: str | None = None
    expect: list[Expectation] = Field(default_factory=list)

    @field_validator("at", mode="before")
    @classmethod
    def _at(cls, value: Any) -> datetime | None:
        return None if value is None else parse_moment(value)

    @field_validator("after", mode="before")
    @classmethod
    def _after(cls, value: Any) -> timedelta | None:
        if value is None or isinstance(value, timedelta):
            return value
        return parse_duration(str(value))

    @field_validator("say", mode="before")
    @classmethod
    def _said(cls, value: Any) -> Any:
        # YAML reads a bare yes/no (and on/off, true/false) as a boolean: "say: yes" means the word.
        return ("yes" if value else "no") if isinstance(value, bool) else value

    @field_validator("keep", "discard", mode="before")
    @classmethod
    def _answer(cls, value: Any) -> Any:
        return {"type": value} if isinstance(value, str) else value  # "keep: seat" is short for {type: seat}

    @field_validator("turn")
    @classmethod
    def _turn(cls, value: str | None) -> str | None:
        return None if value is None else _checked(turn_id, value)

    @model_validator(mode="after")
    def _one_action(self) -> Step:
        actions = [name for name in ACTIONS if getattr(self, name) is not None]
        if len(actions) > 1:
            raise ValueError(f"a step does one thing; this one has {' and '.join(actions)}")
        if self.at is not None and self.after is not None:
            raise ValueError("give a step either at: or after:, not both")
        if self.say is None and (self.turn is not None or self.repeat != 1):
            raise ValueError("turn: and repeat: belong to a say: step")
        if self.say is not None and self.turn is not None and self.repeat != 1:
            raise ValueError("a repeated say: step numbers its own turns; drop turn:")
        if not actions and not self.expect:
            raise ValueError(
                "an empty step: give it one of " + ", ".join(f"{a}:" for a in ACTIONS) + " or expect:"
            )
        return self

    @property
    def action(self) -> str:
        if self.run is not None:
            return self.run
        return next((name for name in ACTIONS if getattr(self, name) is not None), "check")

    @property
    def answer(self) -> AnswerSpec | None:
        return self.keep or self.discard


ACTIONS = ("say", "open", "keep", "discard", "run", "erase")


class SessionSpec(_Strict):
    """A session is one thread of one user; ``name`` is the thread's name (``chat --thread mon``), which is
    per user: alice's and bob's "mon" are two threads."""

    user: str
    name: str = ""


class Scenario(_Strict):
    name: str = Field(min_length=1, max_length=200)
    about: str = ""
    rule: str = ""  # the rule from the design articles this story demonstrates
    start: datetime | None = None
    model: str | None = None  # replay/<folder, relative to the file> to replay a recorded provider
    settings: dict[str, Any] = Field(default_factory=dict)
    users: list[str] = Field(min_length=1)
    sessions: dict[str, SessionSpec] = Field(default_factory=dict)
    steps: list[Step] = Field(min_length=1)

    @field_validator("start", mode="before")
    @classmethod
    def _start(cls, value: Any) -> datetime | None:
        return None if value is None else parse_moment(value)

    @field_validator("users")
    @classmethod
    def _users(cls, value: list[str]) -> list[str]:
        return [_checked(user_id, u) for u in value]

    @field_validator("sessions", mode="before")
    @classmethod
    def _short_sessions(cls, value: Any) -> Any:
        return session_entries(value)

    @field_validator("sessions")
    @classmethod
    def _session_names(cls, value: dict[str, SessionSpec]) -> dict[str, SessionSpec]:
        for spec in value.values():
            _checked(thread_id, spec.name)
        return value

    @field_validator("settings")
    @classmethod
    def _settings(cls, value: dict[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(value) - SCENARIO_SETTINGS)
        if unknown:
            raise ValueError(
                f"settings a scenario may set: {', '.join(sorted(SCENARIO_SETTINGS))}; not {unknown}"
            )
        return value

    @model_validator(mode="after")
    def _start_time(self) -> Scenario:
        # Cross-references (sessions, users a step names) are checked by ``references``, all at once and each
        # at its own line; only what has no better line than the file's top is checked here.
        if self.start is None and self.steps[0].at is None:
            raise ValueError("give the scenario a start: time, or the first step an at: time")
        return self


def session_entries(value: Any) -> Any:
    """The ``sessions:`` mapping, each entry keyed as reports name it. ``mon: alice`` is short for ``mon: {user:
    alice}`` (key ``mon``); ``alice: [mon, thu]`` lists a user's sessions (keys ``alice/mon``, ``alice/thu``), so
    two users may each have a session called ``mon``."""
    if not isinstance(value, dict):
        return value
    entries: dict[str, Any] = {}
    for key, spec in value.items():
        if isinstance(spec, list):
            for name in spec:
                entries[f"{key}/{name}"] = {"user": key, "name": name}
        elif isinstance(spec, str):
            entries[key] = {"user": spec, "name": key}
        else:
            entries[key] = {"name": key, **spec} if isinstance(spec, dict) else spec
    return entries


SCENARIO_SETTINGS = frozenset(
    {
        "window_policy",
        "summary_every",
        "context_budget_tokens",
        "reply_reserve_tokens",
        "idle_minutes",
        "inactivity_days",
        "recall_keyed_max",
        "clear_old_tool_results",
        "embeddings",
    }
)
