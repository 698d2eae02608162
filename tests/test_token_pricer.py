"""A prompt assembly's pricer: the counts and hashes of its counter, each message keyed once."""

from __future__ import annotations

from collections.abc import Sequence

from assistant.model.tokens import CachedCounter
from assistant.turns import Message


def test_a_pricer_counts_as_its_counter_and_keys_each_message_once() -> None:
    exact_calls: list[int] = []

    def exact(messages: Sequence[Message]) -> int:
        exact_calls.append(len(messages))
        return 3 + sum(len(str(m.get("content"))) for m in messages)

    counter = CachedCounter(exact)
    messages: list[Message] = [
        {"role": "user", "content": "hello"},
        {"role": "assistant", "content": "hi there"},
    ]
    pricer = counter.pricer()
    assert pricer(messages) == counter(messages) == 3 + 5 + 8
    assert pricer(messages[:1]) == 3 + 5
    assert [pricer.digest(m) for m in messages] == [counter.digest(m) for m in messages]
    assert exact_calls == [1, 1]  # each message priced once, by the exact counter, then from the cache
