"""Identifier validation at the edge.

Every id that reaches a store has passed through one of these functions. The rules are deliberately narrow: ids
end up in file names (LanceDB folders, exports), log lines and filter expressions, and the cheapest way to
keep a separator or a quote from changing meaning downstream is to refuse it on the way in.
"""

from __future__ import annotations

import hashlib
import hmac
import uuid
from dataclasses import dataclass
from typing import NewType

from assistant.errors import InvalidId
from language.lexicon.formats import FACT_ID, SLUG, USER_ID, UUID
from language.rules import Rule

UserId = NewType("UserId", str)
ThreadId = NewType("ThreadId", str)
TurnId = NewType("TurnId", str)
FactId = NewType("FactId", str)

# Threads named on the command line get this prefix. "_" never occurs in a UUID, so no id the web accepts can
# ever equal one of them, and the rest is a keyed hash, so no user can produce another user's id either.
NAMED_THREAD_PREFIX = "n_"


def _check(kind: str, raw: object, pattern: Rule) -> str:
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
    return UserId(_check("user", raw, USER_ID))


def thread_id(raw: object) -> ThreadId:
    return ThreadId(_check("thread", raw, SLUG))


def web_thread_id(raw: object) -> ThreadId:
    """A thread id chosen by a browser: only a UUID. Readable names ("tue") are global and first come, first
    served, so a web user who could pick one could block another user's command-line thread of that name."""
    if not isinstance(raw, str) or not UUID.fullmatch(raw):
        raise InvalidId("a conversation id from the web must be a UUID")
    return ThreadId(raw)


def is_web_thread_id(raw: object) -> bool:
    return isinstance(raw, str) and UUID.fullmatch(raw) is not None


def thread_name_key(secret: str) -> bytes:
    """The key thread names are mapped under, derived from the app secret (never stored); its own label, so it
    is not the audit key. Every process that maps names (the app, the command line, checks reading the
    database) derives it the same way."""
    return hashlib.sha256(b"thread-name:" + secret.encode()).digest()


def named_thread_id(key: bytes, user: UserId, name: str) -> ThreadId:
    """The internal id of the thread ``user`` calls ``name`` (``chat --thread mon``).

    Names are per user: alice's "mon" and bob's "mon" are two threads, and neither can be claimed by the other
    first. The id is an HMAC of (user, name) under ``key`` (derived from the app secret by the composition
    root), so nobody without the secret can compute another user's ids; the prefix keeps it apart from every
    UUID the web accepts. The name is validated like any thread id, so what users type stays the same.
    """
    if not key:
        raise ValueError("named_thread_id needs a non-empty key")
    checked_user, checked_name = user_id(user), thread_id(name)
    digest = hmac.new(key, f"{checked_user}\x00{checked_name}".encode(), hashlib.sha256).hexdigest()
    return ThreadId(NAMED_THREAD_PREFIX + digest[:40])


def turn_id(raw: object) -> TurnId:
    return TurnId(_check("turn", raw, SLUG))


def fact_id(raw: object) -> FactId:
    return FactId(_check("fact", raw, FACT_ID))


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
