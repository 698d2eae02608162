"""Pricing and fingerprinting prompt messages: token counts and content hashes, memoised per message.

A window is priced and fingerprinted on every model call, and all but the newest few of its messages were
priced and fingerprinted on the call before. Kept apart from ``assistant.turn.context``, which decides what the
window holds.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence

from assistant.turns import Message
from language.text import utf8_bytes

Counter = Callable[[Sequence[Message]], int]
_Key = tuple[tuple[str, str | None, bool], ...]


class CachedCounter:
    """Token counts per message, memoised by content hash.

    A chat token count is additive: a fixed priming cost plus each message's own tokens (checked for
    litellm's counter: count([a, b]) == count([a]) + count([b]) - 3). So the window policy can price
    hundreds of candidate turns from a cache instead of re-tokenising the whole log on every call; the sum is
    the counter's own total for the whole prompt (a test holds litellm to this), so the budget assertion
    stays exact.
    """

    PRIMING = 3

    def __init__(self, exact: Counter, max_entries: int = 50_000) -> None:
        self.exact = exact
        self.max_entries = max_entries
        self._cache: dict[_Key, int] = {}
        self._digests: dict[_Key, str] = {}

    @staticmethod
    def _key(message: Message) -> _Key:
        # Not message_hash: its sorted JSON and SHA-256 cost ~15 µs a message, and a turn prices a window of a
        # few hundred messages three times. Strings hash in C (and cache their hash); only tool calls and
        # multi-part content are turned into text, flagged as such (so the text "[1]" and the list [1] differ).
        # Equal messages give equal keys, and different ones different keys, which is all a cache needs.
        return tuple(
            (name, value, False) if value is None or isinstance(value, str) else (name, repr(value), True)
            for name, value in sorted(message.items())
        )

    def one(self, message: Message, key: _Key | None = None) -> int:
        key = self._key(message) if key is None else key
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) >= self.max_entries:
                self._cache.clear()
            found = self._cache[key] = self.exact([message]) - self.PRIMING
        return found

    def digest(self, message: Message, key: _Key | None = None) -> str:
        """:func:`message_hash`, memoised like the counts: every model call fingerprints its whole prompt
        (for the cache-stable prefix), and all but the newest few messages were fingerprinted last call."""
        key = self._key(message) if key is None else key
        found = self._digests.get(key)
        if found is None:
            if len(self._digests) >= self.max_entries:
                self._digests.clear()
            found = self._digests[key] = message_hash(message)
        return found

    def __call__(self, messages: Sequence[Message]) -> int:
        return self.PRIMING + sum(self.one(m) for m in messages)

    def pricer(self) -> Pricer:
        """A counter for one prompt assembly (see :class:`Pricer`)."""
        return Pricer(self)


class Pricer:
    """A :class:`CachedCounter` for one prompt assembly, which keys each message once.

    An assembly prices the same messages several times (the fixed part, each candidate turn, the whole
    prompt, then message by message with its hash), and building a message's cache key was most of that
    cost (~0.4 ms of a ~0.5 ms assembly whose counts were all cached). Keys are remembered by identity: the
    pricer holds each message it keyed, so no other object can take its id while the pricer lives; a pricer
    is made per turn (its rounds show the same earlier messages again), and nothing changes a message once it
    was built for a prompt."""

    def __init__(self, counter: CachedCounter) -> None:
        self.counter = counter
        self._keys: dict[int, tuple[Message, _Key]] = {}

    def _key(self, message: Message) -> _Key:
        held = self._keys.get(id(message))
        if held is None:
            held = self._keys[id(message)] = (message, CachedCounter._key(message))
        return held[1]

    def __call__(self, messages: Sequence[Message]) -> int:
        one = self.counter.one
        return CachedCounter.PRIMING + sum(one(m, self._key(m)) for m in messages)

    def digest(self, message: Message) -> str:
        return self.counter.digest(message, self._key(message))


def message_hash(message: Message) -> str:
    """A message's identity for the token cache and the cache-stable prefix. Never raises: a log written before
    text was validated at the edge may hold lone surrogates, and hashing them must not stop the thread."""
    return hashlib.sha256(utf8_bytes(json.dumps(message, sort_keys=True, ensure_ascii=False))).hexdigest()[
        :16
    ]
