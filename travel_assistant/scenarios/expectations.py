"""The expectations a scenario step may carry: one-key mappings (``reply_contains: Booked``), the key naming the
kind. ``Expectation`` is the discriminated union of them; ``scenarios/README.md`` documents each kind."""

from __future__ import annotations

import difflib
from datetime import date
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, field_validator, model_validator

from assistant.fact_types import FACT_TYPES
from assistant.gate.verdict import Reason

# Rejection reasons: the gate's and the assertions' (assistant.gate.verdict.Reason), plus the write outcomes that keep
# nothing (a casual mention against a confirmed fact, a retraction of something never held).
REASONS: frozenset[str] = frozenset(
    {value for literal in get_args(Reason) for value in get_args(literal)}
    | {"lower_authority", "nothing_to_retract"}
)
# A fact version's status as ``memory:`` reads it (``travel_assistant.memory_view.fact_rows``): pending is asked
# and not yet answered; lapsed, asked and never answered. A list matches any of its statuses
# (``[superseded, retracted]``: no longer held, however it went).
Status = Literal["current", "superseded", "stale", "retracted", "pending", "lapsed"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Texts = str | list[str]


def texts(value: Texts) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


# -- the kinds ---------------------------------------------------------------------------------------------


class ToolCallSpec(_Strict):
    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)  # a subset of the call's arguments
    times: int | None = Field(default=None, ge=0)


class FactRef(_Strict):
    """A fact named by ``type`` and ``value`` (every field given must match): one the conversation opened by
    asking about (``asked:``), or the one a ``keep:`` / ``discard:`` step answers."""

    type: str | None = None
    value: str | None = None

    @field_validator("type")
    @classmethod
    def _known_type(cls, value: str | None) -> str | None:
        return known_type(value)

    @model_validator(mode="after")
    def _known_value(self) -> FactRef:
        known_value(self.type, self.value)
        return self


class FactSpec(FactRef):
    """A fact to look for: every field given must match (``source`` is a session name)."""

    user: str | None = None
    status: Status | list[Status] | None = None
    asserted: date | None = None
    source: str | None = None
    how: Literal["said", "asked"] | None = None
    quote_contains: str | None = None
    age: str | None = None

    def statuses(self) -> list[str]:
        if self.status is None:
            return []
        return [self.status] if isinstance(self.status, str) else list(self.status)


def known_type(value: str | None) -> str | None:
    if value is not None and value not in FACT_TYPES:
        raise ValueError(f"unknown fact type {value!r}; known: {', '.join(FACT_TYPES)}")
    return value


SHOWN_VALUES = (
    30  # a closed vocabulary up to this size is listed whole in an error; a bigger one, its near misses
)


def known_value(fact_type: str | None, value: str | None) -> None:
    """A value memory can hold (a canonical value of the type, or of any type when none is given): an
    expectation naming another would fail at run time for a reason that is the file's, not the app's."""
    if value is None:
        return
    types = [FACT_TYPES[fact_type]] if fact_type is not None else list(FACT_TYPES.values())
    if any(value in t.values for t in types):
        return
    if fact_type is None:
        raise ValueError(f"{value!r} is no fact type's value; give type: to see the values it allows")
    allowed = sorted(types[0].values)
    if len(allowed) <= SHOWN_VALUES:
        raise ValueError(f"unknown {fact_type} value {value!r}; allowed: {', '.join(allowed)}")
    close = difflib.get_close_matches(value, allowed, n=3)
    hint = f"; near: {', '.join(close)}" if close else ""
    raise ValueError(f"unknown {fact_type} value {value!r} ({len(allowed)} values allowed{hint})")


class RecalledSpec(_Strict):
    """A fact in this turn's memory block, with its date and source."""

    type: str | None = None
    value: str | None = None
    recorded: str | None = None  # as the block dates it: "Mon 9 Nov 2026"
    source: str | None = None  # a session name
    stale: bool | None = None
    age: str | None = None


class RejectedSpec(_Strict):
    reason: str
    count: int | None = Field(default=None, ge=1)
    type: str | None = None

    @field_validator("reason")
    @classmethod
    def _known_reason(cls, value: str) -> str:
        if value not in REASONS:
            raise ValueError(f"unknown rejection reason {value!r}; known: {', '.join(sorted(REASONS))}")
        return value


class KeptSpec(_Strict):
    count: int | None = Field(default=None, ge=0)
    type: str | None = None
    value: str | None = None


class BookingsSpec(_Strict):
    user: str | None = None
    confirmed: int | None = Field(default=None, ge=0)
    cancelled: int | None = Field(default=None, ge=0)


class MemoryCount(_Strict):
    user: str | None = None
    current: int = Field(ge=0)


class AuditSpec(_Strict):
    user: str
    action: str


class ReplyContains(_Strict):
    reply_contains: Texts


class ReplyNotContains(_Strict):
    reply_not_contains: Texts


class ReplyIs(_Strict):
    reply: str


class ToolCalled(_Strict):
    tool_called: ToolCallSpec


class ToolNotCalled(_Strict):
    tool_not_called: str


class Replayed(_Strict):
    replayed: bool


class ErrorIs(_Strict):
    error: str  # an error class name from assistant.errors, or "none"


class MemoryHas(_Strict):
    memory: FactSpec


class MemoryAbsent(_Strict):
    memory_absent: FactSpec


class MemoryCounted(_Strict):
    memory_count: MemoryCount


class Recalled(_Strict):
    recalled: RecalledSpec


class NotRecalled(_Strict):
    not_recalled: RecalledSpec


class Rejected(_Strict):
    rejected: RejectedSpec


class Kept(_Strict):
    kept: KeptSpec


class PressureBelow(_Strict):
    pressure_below: float = Field(gt=0, le=10)


class PromptContains(_Strict):
    prompt_contains: Texts


class PromptNotContains(_Strict):
    prompt_not_contains: Texts


class Bookings(_Strict):
    bookings: BookingsSpec


class SeesNothing(_Strict):
    sees_nothing: str  # a user who must see nothing of anyone else's


class UserGone(_Strict):
    user_gone: str


class JobReport(_Strict):
    job: dict[str, Any]


class LogOrder(_Strict):
    log_order: list[str] = Field(min_length=2)


class Audited(_Strict):
    audit: AuditSpec


AskedSpec = FactRef


class Asked(_Strict):
    asked: AskedSpec


class NotAsked(_Strict):
    not_asked: AskedSpec  # ``not_asked: {}``: the conversation opened without a question


class Nowhere(_Strict):
    nowhere: Texts  # appears in no store and was never sent to the model


_KINDS: dict[str, type[_Strict]] = {
    "reply_contains": ReplyContains,
    "reply_not_contains": ReplyNotContains,
    "reply": ReplyIs,
    "tool_called": ToolCalled,
    "tool_not_called": ToolNotCalled,
    "replayed": Replayed,
    "error": ErrorIs,
    "memory": MemoryHas,
    "memory_absent": MemoryAbsent,
    "memory_count": MemoryCounted,
    "recalled": Recalled,
    "not_recalled": NotRecalled,
    "rejected": Rejected,
    "kept": Kept,
    "pressure_below": PressureBelow,
    "prompt_contains": PromptContains,
    "prompt_not_contains": PromptNotContains,
    "bookings": Bookings,
    "sees_nothing": SeesNothing,
    "user_gone": UserGone,
    "job": JobReport,
    "log_order": LogOrder,
    "audit": Audited,
    "asked": Asked,
    "not_asked": NotAsked,
    "nowhere": Nowhere,
}
EXPECTATION_KINDS = tuple(_KINDS)
# The kinds and every key inside one (``type``, ``status``, ``quote_contains`` …), for "did you mean …?".
EXPECTATION_KEYS = frozenset(
    {*EXPECTATION_KINDS}
    | {
        key
        for spec in (ToolCallSpec, FactSpec, RecalledSpec, RejectedSpec, KeptSpec, BookingsSpec, MemoryCount)
        for key in spec.model_fields
    }
    | set(AuditSpec.model_fields)
    | set(AskedSpec.model_fields)
)


def _kind_of(value: Any) -> str | None:
    if isinstance(value, dict) and len(value) == 1:
        key = next(iter(value))
        return key if key in _KINDS else None
    if isinstance(value, _Strict):
        return next(iter(type(value).model_fields))
    return None


Expectation = Annotated[
    Annotated[ReplyContains, Tag("reply_contains")]
    | Annotated[ReplyNotContains, Tag("reply_not_contains")]
    | Annotated[ReplyIs, Tag("reply")]
    | Annotated[ToolCalled, Tag("tool_called")]
    | Annotated[ToolNotCalled, Tag("tool_not_called")]
    | Annotated[Replayed, Tag("replayed")]
    | Annotated[ErrorIs, Tag("error")]
    | Annotated[MemoryHas, Tag("memory")]
    | Annotated[MemoryAbsent, Tag("memory_absent")]
    | Annotated[MemoryCounted, Tag("memory_count")]
    | Annotated[Recalled, Tag("recalled")]
    | Annotated[NotRecalled, Tag("not_recalled")]
    | Annotated[Rejected, Tag("rejected")]
    | Annotated[Kept, Tag("kept")]
    | Annotated[PressureBelow, Tag("pressure_below")]
    | Annotated[PromptContains, Tag("prompt_contains")]
    | Annotated[PromptNotContains, Tag("prompt_not_contains")]
    | Annotated[Bookings, Tag("bookings")]
    | Annotated[SeesNothing, Tag("sees_nothing")]
    | Annotated[UserGone, Tag("user_gone")]
    | Annotated[JobReport, Tag("job")]
    | Annotated[LogOrder, Tag("log_order")]
    | Annotated[Audited, Tag("audit")]
    | Annotated[Asked, Tag("asked")]
    | Annotated[NotAsked, Tag("not_asked")]
    | Annotated[Nowhere, Tag("nowhere")],
    Discriminator(
        _kind_of,
        custom_error_type="expectation",
        custom_error_message="an expectation is a mapping with one key, one of: "
        + ", ".join(EXPECTATION_KINDS),
    ),
]


def kind_of(expectation: BaseModel) -> str:
    return next(iter(type(expectation).model_fields))
