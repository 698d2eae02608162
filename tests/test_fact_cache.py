"""The per-user fact cache serves an entry only while its shard is at the version it was read at."""

from __future__ import annotations

from assistant.fact_records import Fact
from assistant.ids import UserScope
from memory.fact_cache import CachedFacts, FactCache
from tests.test_fact_store_contract import fact


def _fact(key: str) -> Fact:
    return fact(UserScope.of("alice"), 1, value=key)


def test_an_entry_is_served_only_at_the_version_it_was_read_at() -> None:
    cache = FactCache()
    cache.put("alice", CachedFacts(3, [_fact("vegan")], history=False))
    assert cache.get("alice", history=False, version=lambda: 3) == [_fact("vegan")]
    assert cache.get("alice", history=False, version=lambda: 4) is None  # another process wrote meanwhile
    assert cache.get("alice", history=False, version=lambda: 0) is None  # the shard is gone


def test_a_current_only_entry_never_answers_for_history_and_a_first_read_checks_no_version() -> None:
    cache = FactCache()
    asked: list[str] = []

    def version() -> int:
        asked.append("version")
        return 3

    assert cache.get("alice", history=False, version=version) is None
    assert asked == []  # nothing cached: no version lookup
    cache.put("alice", CachedFacts(3, [_fact("vegan")], history=False))
    assert cache.get("alice", history=True, version=version) is None
    cache.put("alice", CachedFacts(3, [_fact("vegan")], history=True))
    assert cache.get("alice", history=False, version=version) == [_fact("vegan")]


def test_the_cache_is_bounded_and_drops_the_oldest_user_first() -> None:
    cache = FactCache(users=2)
    for user in ("a", "b", "c"):
        cache.put(user, CachedFacts(1, [_fact("vegan")], history=False))
    assert cache.get("a", history=False, version=lambda: 1) is None
    assert cache.get("c", history=False, version=lambda: 1) is not None


def test_a_read_before_the_shard_exists_is_not_cached() -> None:
    cache = FactCache()
    cache.put("alice", CachedFacts(0, [], history=False))
    assert cache.get("alice", history=False, version=lambda: 0) is None
