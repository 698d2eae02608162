"""Identifier validation at the edge.

Every id that reaches a store has passed through one of these functions. The rules are deliberately narrow: ids
end up in file names (LanceDB folders, exports), log lines and filter expressions, and the cheapest way to
keep a separator or a quote from changing meaning downstream is to refuse it on the way in.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from typing import NewType

from assistant.errors import InvalidId

UserId = NewType("UserId", str)
ThreadId = NewType("ThreadId", str)
TurnId = NewType("TurnId", str)
FactId = NewType("FactId", str)

# Users may log in with an e-mail address, so "@", "." and "+" are allowed; "/", "\", ":", quotes, spaces and
# control characters are not. A leading character must be alphanumeric so "." and ".." can never be an id.
_USER_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._@+-]{0,63}")
# Threads and turns are usually UUIDs (Chainlit) or short slugs typed on the command line.
_SLUG_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
_FACT_RE = re.compile(r"[0-9a-f]{32}")


def _check(kind: str, raw: object, pattern: re.Pattern[str]) -> str:
    if not isinstance(raw, str):
        raise InvalidId(f"{kind} id must be a string")
    if not pattern.fullmatch(raw) or ".." in raw:
        shown = raw if raw.isprintable() and len(raw) <= 80 else repr(raw[:80])
        raise InvalidId(
            f"invalid {kind} id {shown!s}: use 1-64 letters, digits, '-' or '_'"
            + (" (and '.', '@', '+' for users)" if kind == "user" else "")
            + "; no separators, spaces or control characters"
        )
    return raw


def user_id(raw: object) -> UserId:
    return UserId(_check("user", raw, _USER_RE))


def thread_id(raw: object) -> ThreadId:
    return ThreadId(_check("thread", raw, _SLUG_RE))


def turn_id(raw: object) -> TurnId:
    return TurnId(_check("turn", raw, _SLUG_RE))


def fact_id(raw: object) -> FactId:
    return FactId(_check("fact", raw, _FACT_RE))


def new_turn_id() -> TurnId:
    return TurnId(uuid.uuid4().hex)


def new_thread_id() -> ThreadId:
    return ThreadId(str(uuid.uuid4()))


def new_fact_id() -> FactId:
    return FactId(uuid.uuid4().hex)


@dataclass(frozen=True, slots=True)
class UserScope:
    """The only key a fact store accepts. Built from a validated id, so a store call without a scope, or with
    an unchecked one, does not type-check and cannot be constructed at run time."""

    user: UserId

    @classmethod
    def of(cls, raw: object) -> UserScope:
        return cls(user_id(raw))

    def __post_init__(self) -> None:
        # Re-validate: a UserId is only a NewType, so a caller could cast an arbitrary string into it.
        user_id(self.user)
