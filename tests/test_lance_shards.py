"""The sharded fact table: each user's facts in one shard, users apart within a shard and across shards, a purge
confined to the user's shard and leaving no copy there, and older layouts migrated on first open."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import lancedb
import pyarrow as pa
import pytest
from lancedb.expr import col, lit

from assistant.errors import StorageError
from assistant.fact_records import Fact
from assistant.ids import UserScope
from memory import embeddings
from memory.fact_rows import fact_row
from memory.lance_shards import SHARDS, ShardSet, shard_of
from memory.lance_store import LanceFactStore
from memory.lance_table import fact_schema, rebuild_indexes
from tests.test_fact_store_contract import MULTI, fact

ALICE, BOB = UserScope.of("alice"), UserScope.of("bob")
# A user whose facts share alice's shard (found, not hard-coded: the hash decides).
CAROL = next(UserScope.of(f"u{i}") for i in range(10_000) if shard_of(f"u{i}") == shard_of("alice"))
MARK = (
    0.25  # a vector value no embedding function produces: shows a migration copied vectors, not re-embedded
)


def test_the_users_picked_for_these_tests_are_where_they_must_be() -> None:
    assert shard_of("alice") == shard_of(CAROL.user) != shard_of("bob")
    assert shard_of("alice") == shard_of("alice", SHARDS) and 0 <= shard_of("alice") < SHARDS


def _store(folder: Path, **kwargs: Any) -> LanceFactStore:
    return LanceFactStore(str(folder), embedding="hash", **kwargs)


def _owners(table: Any) -> set[str]:
    return set(table.search().select(["user_id"]).limit(10_000).to_arrow().column("user_id").to_pylist())


def _seed(store: LanceFactStore) -> None:
    for n, (scope, value) in enumerate([(ALICE, "aisle"), (CAROL, "window"), (BOB, "exit row")]):
        store.add(scope, fact(scope, n, type="seat", value=value))
    store.add(ALICE, fact(ALICE, 10, type="home_airport", value="LHR"))


def test_shards_are_created_on_first_write_and_each_user_lives_in_one(tmp_path: Path) -> None:
    store = _store(tmp_path / "lance")
    assert store.list_facts(ALICE) == [] and store.search(ALICE, "aisle", limit=3) == []
    assert store.count(ALICE) == 0 and store.rows_in_any_version(ALICE) == 0 and store.erase(ALICE) == 0
    assert store.small_set(ALICE, 3) == (0, []) and store.histories([ALICE]) == {"alice": []}
    assert store.shards.existing() == []  # reads create nothing
    _seed(store)
    tables = store.shards.tables()
    assert sorted(tables) == sorted({shard_of("alice"), shard_of("bob")})
    for shard, table in tables.items():
        assert re.fullmatch(rf"facts_v4_hash_s\d{{{len(str(SHARDS - 1))}}}of{SHARDS}", table.name)
        owners = _owners(table)
        assert ("alice" in owners) == (CAROL.user in owners) == (shard == shard_of("alice"))
        assert ("bob" in owners) == (shard == shard_of("bob"))


def test_users_sharing_a_shard_or_not_stay_apart(tmp_path: Path) -> None:
    store = _store(tmp_path / "lance")
    _seed(store)
    assert [f.value for f in store.list_facts(ALICE)] == ["LHR", "aisle"]
    assert [f.value for f in store.list_facts(CAROL)] == ["window"]
    assert {f.user_id for f, _ in store.search(ALICE, "window seat", limit=5)} == {"alice"}
    assert store.count(ALICE) == 2 and store.count(CAROL) == 1 and store.count(BOB) == 1
    got = store.histories([ALICE, CAROL, BOB])
    assert {u: sorted(f.value for f in fs) for u, fs in got.items()} == {
        "alice": ["LHR", "aisle"],
        CAROL.user: ["window"],
        "bob": ["exit row"],
    }
    store.retire_many([(CAROL, fact(ALICE, 0).id), (BOB, fact(CAROL, 1).id)])  # named under the wrong owner
    store.set_flags(CAROL, [fact(ALICE, 10).id], current=False, stale=True)
    assert len(store.list_facts(ALICE)) == 2 and len(store.list_facts(CAROL)) == 1
    assert store.delete(ALICE, "seat") == 1
    assert [f.value for f in store.list_facts(CAROL)] == ["window"] and store.count(BOB) == 1
    assert store.users_with_facts() == sorted(["alice", CAROL.user, "bob"])


def test_another_handle_sees_a_shard_created_after_it_looked(tmp_path: Path) -> None:
    app, scheduler = _store(tmp_path / "lance"), _store(tmp_path / "lance")
    assert app.list_facts(ALICE) == [] and app.data_version(ALICE) == 0
    scheduler.add(ALICE, fact(ALICE, 1))
    assert [f.value for f in app.list_facts(ALICE)] == ["vegetarian"] and app.data_version(ALICE) > 0


def test_erasure_rewrites_only_the_users_shard_and_leaves_no_copy_there(tmp_path: Path) -> None:
    canary = "zq9canary7x"
    folder = tmp_path / "lance"
    locks: list[str] = []

    @contextmanager
    def lock(names: Sequence[str]) -> Iterator[None]:
        locks.extend(names)
        yield

    store = _store(folder, maintenance_locks=lock)
    for n in range(20):  # several fragments and versions in the shared shard and in bob's
        for scope in (CAROL, BOB):
            store.add(scope, fact(scope, 100 + n, type=MULTI[n][0], value=MULTI[n][1]))
    secret = replace(fact(ALICE, 1), source_thread=canary)
    store.add(ALICE, secret)
    store.set_flags(ALICE, [secret.id], current=None, stale=True)  # one more version that holds the row
    store.compact()
    bob_version = store.data_version(BOB)
    grep = ["grep", "-r", "-a", "-l", canary, str(folder)]
    assert subprocess.run(grep, capture_output=True, text=True).stdout
    locks.clear()
    assert store.erase(ALICE) == 1
    assert locks == [f"lancedb-maintenance:{store.shards.names[shard_of('alice')]}"]  # this shard's lock only
    assert store.rows_in_any_version(ALICE) == 0
    assert subprocess.run(grep, capture_output=True, text=True).stdout == ""
    assert store.data_version(BOB) == bob_version  # another shard: not rewritten
    table = store.table_of(CAROL)
    assert table is not None and len(table.list_versions()) == 1  # old versions of the shard are gone
    seventh = MULTI[7][1]
    assert len(store.list_facts(CAROL)) == 20 and store.search(CAROL, seventh, limit=3)[0][0].value == seventh


# -- migration ---------------------------------------------------------------------------------------------


def _write_v2(folder: Path, facts: list[Fact]) -> None:
    """A folder as the single-table layout left it: one ``facts_v2_hash`` table, indexed."""
    func = embeddings.embedding_function("hash")
    schema = fact_schema(func)
    rows = [fact_row(f) | {"vector": [MARK] * func.ndims()} for f in facts]
    table = lancedb.connect(str(folder)).create_table("facts_v2_hash", pa.Table.from_pylist(rows, schema))
    rebuild_indexes(table)


def _v2_facts() -> list[Fact]:
    users = [ALICE, BOB, CAROL, *(UserScope.of(f"user{i}") for i in range(12))]
    out = [fact(scope, 1000 * i + 1) for i, scope in enumerate(users)]
    out.append(fact(ALICE, 9, type="seat", value="aisle", current=False))
    out.append(fact(ALICE, 8, type="seat", value="window", version=2))
    return out


def _tables(folder: Path) -> list[str]:
    return sorted(lancedb.connect(str(folder)).list_tables().tables)


def test_a_single_table_folder_is_moved_into_shards_with_its_vectors(tmp_path: Path) -> None:
    folder = tmp_path / "lance"
    facts = _v2_facts()
    _write_v2(folder, facts)
    store = _store(folder)
    store.warm_up()
    assert store.is_open() and "facts_v2_hash" not in _tables(folder)
    assert len(_tables(folder)) == len({shard_of(f.user_id) for f in facts})
    assert sorted(store.users_with_facts()) == sorted({f.user_id for f in facts})
    assert [(f.value, f.current) for f in store.list_facts(ALICE, include_history=True)] == [
        ("vegetarian", True),
        ("aisle", False),
        ("window", True),
    ]
    assert store.search(ALICE, "window", limit=3)[0][0].value == "window"  # the shard's indexes work
    table = store.table_of(ALICE)
    assert table is not None
    vectors = table.search().where(col("user_id") == lit("alice")).limit(10).to_arrow().column("vector")
    assert {x for v in vectors.to_pylist() for x in v} == {MARK}  # copied, not embedded again
    unindexed = [table.index_stats(i.name).num_unindexed_rows for i in table.list_indices()]
    assert unindexed == [0, 0]


def test_a_migration_killed_midway_is_run_again_without_duplicates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "lance"
    facts = _v2_facts()
    _write_v2(folder, facts)
    load, calls = ShardSet._load, [0]

    def dies_on_the_third_shard(self: ShardSet, rows: pa.Table) -> list[int]:
        calls[0] += 1
        if calls[0] == 3:
            raise OSError("killed")
        return load(self, rows)

    monkeypatch.setattr(ShardSet, "_load", dies_on_the_third_shard)
    with pytest.raises(StorageError):
        _store(folder).list_facts(ALICE)
    assert "facts_v2_hash" in _tables(folder) and len(_tables(folder)) == 3  # two shards copied, the old kept
    monkeypatch.undo()
    for _ in range(2):  # the re-run finishes; one more open finds nothing left to do
        store = _store(folder)
        got = store.histories([UserScope.of(u) for u in {f.user_id for f in facts}])
        assert sorted(f.id for fs in got.values() for f in fs) == sorted(f.id for f in facts)  # none twice
        assert "facts_v2_hash" not in _tables(folder)


def test_a_new_shard_count_takes_over_the_old_layouts_rows(tmp_path: Path) -> None:
    folder = tmp_path / "lance"
    old = _store(folder, shards=4)
    _seed(old)
    assert all(name.endswith("of4") for name in _tables(folder))
    new = _store(folder, shards=8)
    assert [f.value for f in new.list_facts(ALICE)] == ["LHR", "aisle"]
    assert [f.value for f in new.list_facts(CAROL)] == ["window"] and new.count(BOB) == 1
    assert _tables(folder) and all(name.endswith("of8") for name in _tables(folder))


def test_compaction_skips_shards_nothing_was_written_to_since(tmp_path: Path) -> None:
    store = _store(tmp_path / "lance")
    _seed(store)
    store.compact()
    compacted = {s: t.version for s, t in store.shards.tables().items()}
    store.compact()
    assert {s: t.version for s, t in store.shards.tables().items()} == compacted
    store.add(BOB, fact(BOB, 50, type="home_airport", value="MAN"))
    store.compact()
    moved = {s for s, t in store.shards.tables().items() if t.version != compacted[s]}
    assert moved == {shard_of("bob")}


def test_a_shard_whose_create_died_midway_is_absent_until_the_next_write(tmp_path: Path) -> None:
    """A process killed while creating a shard leaves its folder without a committed version: the listing
    names it, LanceDB cannot open it. Another process must still start, read and write."""
    _seed(_store(tmp_path / "lance"))
    shard = shard_of("alice")
    [leftover] = (tmp_path / "lance").glob(f"*_s{shard:03d}of{SHARDS}.lance")
    for manifest in (leftover / "_versions").iterdir():
        manifest.unlink()

    store = _store(tmp_path / "lance")
    store.warm_up()  # start-up: used to fail with "table was not found"
    assert store.ping() >= 0  # readiness reads the first listed shard, here the leftover
    assert store.list_facts(ALICE) == [] and store.count(ALICE) == 0
    assert [f.value for f in store.list_facts(BOB)] == ["exit row"]  # other shards are untouched
    store.add(ALICE, fact(ALICE, 20, type="seat", value="aisle"))
    assert [f.value for f in store.list_facts(ALICE)] == ["aisle"]
    assert [f.value for f in _store(tmp_path / "lance").list_facts(ALICE)] == ["aisle"]
