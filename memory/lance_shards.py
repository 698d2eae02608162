"""The fact table's layout in LanceDB: ``SHARDS`` tables, each user's facts in exactly one, chosen by a hash.

Why shards: forgetting must leave no copy, so a purge rewrites the fragments that held the rows, rebuilds the
FTS and user-id indexes (LanceDB 0.40 cannot update an FTS index after a delete; its term dictionary holds the
words) and drops old versions. On one table for everyone that costs what the whole table costs; on a shard it
costs one shard. A user's shard is ``blake2b(user id) mod SHARDS``; the table name carries the layout
(``facts_v4_<embedding>_s007of256``), so tables of another shard count are never read as this layout's.

Shards are created on first write (tables and their two indexes cost a few round trips each, which matters on
object storage); a read of a shard that does not exist yet finds nothing, and looks again next time, because
another process may have created it meanwhile.

Older layouts (the single ``facts_v2_<embedding>`` table, ``facts_v3`` shards, or shards of another count) are
copied into this one the first time a process opens the folder: rows pass through ``upgrade`` (the store's
record upgrade, which re-embeds a row whose search text changed), copying skips rows a shard already holds (by
owner and fact id), counts are verified, and only then is the old table dropped, so a copy killed midway is
simply run again. Columns added to this layout later (``memory.lance_table.ADDED_COLUMNS``: a pending version's
ask state) are added in place the first time a process opens a shard written without them: one commit per shard,
every existing row given the column's default, no data file rewritten.
"""

from __future__ import annotations

import asyncio
import fcntl
import hashlib
import logging
import re
import threading
import warnings
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, ExitStack, contextmanager
from datetime import timedelta
from operator import methodcaller
from pathlib import Path
from typing import Any, TypeVar

import lancedb
import pyarrow as pa
import pyarrow.compute as pc
from lancedb.background_loop import LOOP
from lancedb.expr import col

from assistant.errors import StorageError
from assistant.ids import user_id
from memory.lance_table import (
    ALL,
    ensure_columns,
    ensure_indexes,
    missing_columns,
    optimize_with_retry,
    rebuild_indexes,
)

T = TypeVar("T")
logger = logging.getLogger(__name__)
SHARDS = 256  # chosen by measurement: see README, "Purge"
# The row layout's version, in every table name. 4: records hold canonical values and an evidence pointer, no
# copied words (v3 records, which held the user's quote and our wording, are upgraded when copied over).
LAYOUT = 4


def shard_of(user: str, shards: int = SHARDS) -> int:
    """The shard of a (validated) user id: stable across processes and releases (never Python's ``hash``)."""
    digest = hashlib.blake2b(user_id(user).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") % shards


def shard_name(suffix: str, shard: int, shards: int = SHARDS) -> str:
    width = len(str(shards - 1))
    return f"facts_v{LAYOUT}_{suffix}_s{shard:0{width}d}of{shards}"


class ShardSet:
    """The shard tables of one folder and embedding: lazy opening and creation, per-shard locks, migration.

    Sync handles serve writes, searches and maintenance; an async handle per shard serves the per-turn read
    (one trip to LanceDB's loop, see ``LanceFactStore._read``). Both see the latest committed version
    (``read_consistency_interval=0``): another process (the scheduler) writes too."""

    def __init__(
        self,
        uri: str,
        *,
        suffix: str,
        schema: pa.Schema,
        storage_options: Mapping[str, str] | None = None,
        maintenance_locks: Callable[[Sequence[str]], AbstractContextManager[None]] | None = None,
        shards: int = SHARDS,
        upgrade: Callable[[pa.Table], pa.Table] | None = None,
    ) -> None:
        self.uri = uri
        self.suffix = suffix
        self.count = shards
        self.names = [shard_name(suffix, i, shards) for i in range(shards)]
        self.schema = schema
        self._options = dict(storage_options or {})
        self._locks_of = maintenance_locks
        self._upgrade = upgrade
        self.db = lancedb.connect(
            uri, read_consistency_interval=timedelta(0), storage_options=self._options or None
        )
        self._guard = threading.RLock()
        self._tables: dict[int, Any] = {}
        self._readers: dict[int, Any] = {}
        self._async_db: Any = None
        self._migrated = False
        self._compacted: dict[int, int] = {}  # shard → its version right after this set compacted it

    def of(self, user: str) -> int:
        return shard_of(user, self.count)

    # -- opening ----------------------------------------------------------------------------------------------

    def _listed(self) -> set[str]:
        names: set[str] = set()
        token: str | None = None
        while True:
            page = self.db.list_tables(page_token=token)
            names.update(page.tables)
            token = page.page_token
            if not token:
                return names

    def existing(self) -> list[int]:
        """The shards that exist in storage now (listed, so shards created by another process are included)."""
        self.ready()
        listed = self._listed()
        return [i for i, name in enumerate(self.names) if name in listed]

    def tables(self) -> dict[int, Any]:
        """Every existing shard's table, by shard (one listing)."""
        self.ready()
        listed = self._listed()
        found = {i: self._open(i, listed) for i, name in enumerate(self.names) if name in listed}
        return {shard: table for shard, table in found.items() if table is not None}

    def table(self, shard: int) -> Any | None:
        """The shard's table, or None while it does not exist (looked up again on every call until it does)."""
        self.ready()
        return self._open(shard)

    def create(self, shard: int) -> Any:
        """The shard's table, created with its indexes on first use."""
        self.ready()
        return self._create(shard)

    def reader(self, shard: int) -> Any | None:
        """An AsyncTable on the shard, or None while the shard does not exist."""
        reader = self._readers.get(shard)
        if reader is not None:
            return reader
        if self.table(shard) is None:
            return None

        async def open_reader() -> Any:
            if self._async_db is None:
                self._async_db = await lancedb.connect_async(
                    self.uri, read_consistency_interval=timedelta(0), storage_options=self._options or None
                )
            return await self._async_db.open_table(self.names[shard])

        with self._guard:
            return self._readers.setdefault(shard, LOOP.run(open_reader()))

    def each(self, work: Mapping[int, Callable[[Any], Awaitable[T]]]) -> dict[int, T]:
        """Run ``work[shard](its AsyncTable)`` for every named shard that exists, concurrently, in one trip to
        LanceDB's loop (a batch touching many shards waits for the slowest, not for their sum)."""
        readers = {shard: self.reader(shard) for shard in work}
        opened = [shard for shard, reader in readers.items() if reader is not None]

        async def run() -> list[T]:
            return list(await asyncio.gather(*(work[s](readers[s]) for s in opened)))

        return dict(zip(opened, LOOP.run(run()), strict=True)) if opened else {}

    def compact(self, *, min_fragments: int = 1) -> None:
        """Fold small appends into larger fragments and refresh indexes, shard by shard, each under its own
        lock. A shard whose version has not moved since this set last compacted it is skipped: with hundreds of
        shards, most are untouched between runs, and each optimize costs ~20 ms even with nothing to do. Rows
        not yet indexed are still found (LanceDB searches them unindexed), so leaving a shard for the hourly
        job only costs its searches a little time."""
        tables = self.tables()
        versions = self.each({s: methodcaller("version") for s in tables})
        moved = [s for s in tables if self._compacted.get(s) != versions.get(s)]
        if min_fragments > 1:
            stats = self.each({s: methodcaller("stats") for s in moved})
            moved = [s for s in moved if stats[s]["fragment_stats"]["num_fragments"] >= min_fragments]
        for shard in moved:
            table = tables[shard]
            with self.maintenance(shard):
                optimize_with_retry(table, cleanup=False)
                self._compacted[shard] = int(table.version)

    def rows_in_any_version(self, shard: int, where: Any) -> int:
        """Rows matching ``where`` summed over every retained version of the shard (on a handle of its own:
        checking out a version moves the handle)."""
        if self.table(shard) is None:
            return 0
        table, total = self.db.open_table(self.names[shard]), 0
        for version in table.list_versions():
            table.checkout(version["version"])
            total += table.search().where(where).select(["id"]).limit(ALL).to_arrow().num_rows
        return total

    def open_all(self) -> list[int]:
        """Open every existing shard (both handles): start-up work, so the first turns do not pay for it."""
        shards = self.existing()
        for shard in shards:
            self.reader(shard)
        return shards

    def _open(self, shard: int, listed: set[str] | None = None) -> Any | None:
        table = self._tables.get(shard)
        if table is not None:
            return table
        if self.names[shard] not in (self._listed() if listed is None else listed):
            return None
        try:
            table = self.db.open_table(self.names[shard])
        except ValueError as exc:
            # Listed but not openable: a create that died before its first version was committed (a process
            # killed mid-create, seen on object storage) leaves the table's folder without a manifest. It holds
            # no rows, so the shard does not exist yet; the next write creates it over the leftover. Raising
            # here instead stopped every later process at start-up.
            if "not found" not in str(exc):
                raise
            logger.warning("fact shard %s is a leftover of an unfinished create; treated as absent", shard)
            return None
        if missing_columns(table):
            with self.maintenance(
                shard
            ):  # looked at again under the lock: another process may be adding them
                if ensure_columns(table):
                    logger.info(
                        "fact shard %s: added the columns this layout gained since it was written", shard
                    )
        with self._guard:
            return self._tables.setdefault(shard, table)

    def _create(self, shard: int) -> Any:
        table = self._open(shard)
        if table is not None:
            return table
        try:
            table = self.db.create_table(self.names[shard], schema=self.schema)
        except ValueError:  # created concurrently by another process (or thread)
            table = self.db.open_table(self.names[shard])
        with self.maintenance(shard):
            ensure_indexes(table)
        with self._guard:
            return self._tables.setdefault(shard, table)

    # -- locks ------------------------------------------------------------------------------------------------

    def maintenance(self, *shards: int) -> AbstractContextManager[None]:
        """Serialise rewrites (purge, flag updates, compaction, index builds) of shards across processes.

        A purge rewrites whole fragments; if another process's rewrite of the same fragment was based on an
        older version, rows deleted in between could come back. Appends do not need the lock: each commits a
        new version with a conditional write and LanceDB rebases it onto whatever committed first. One lock per
        shard, so purges of users in different shards do not wait for each other; a flag update of many shards
        holds theirs at once, taken in sorted order (no two holders wait for each other in a cycle)."""
        return self._locked([f"lancedb-maintenance:{self.names[s]}" for s in shards])

    @contextmanager
    def _locked(self, names: Sequence[str]) -> Iterator[None]:
        """The injected locks (in the database: every process that shares it, wherever the tables live), or
        else file locks in the local folder, which only cover processes on this machine."""
        ordered = sorted(set(names))
        with warnings.catch_warnings(), ExitStack() as stack:
            if self._locks_of is not None:
                stack.enter_context(self._locks_of(ordered))
            elif "://" not in self.uri:
                Path(self.uri).mkdir(parents=True, exist_ok=True)
                for name in ordered:
                    stack.enter_context(_file_lock(Path(self.uri) / f".{name.replace(':', '.')}.lock"))
            warnings.filterwarnings("ignore", message=".*concurrent.*", category=UserWarning)
            yield

    # -- loading and migration --------------------------------------------------------------------------------

    def load(self, rows: pa.Table) -> list[int]:
        """Append rows that already carry their vectors to their users' shards (one append per shard), skipping
        rows a shard already holds (same owner and fact id); returns the shards written. Indexes are not
        rebuilt here: the caller does, once, after its last load."""
        self.ready()
        return self._load(rows)

    def _load(self, rows: pa.Table) -> list[int]:
        by_shard: dict[int, list[str]] = {}
        for user in set(rows.column("user_id").to_pylist()):
            by_shard.setdefault(self.of(user), []).append(user)
        mask_of = {u: self.of(u) for users in by_shard.values() for u in users}
        shard_column = pa.array([mask_of[u] for u in rows.column("user_id").to_pylist()], pa.int32())
        written = []
        for shard, users in sorted(by_shard.items()):
            part = rows.filter(pc.equal(shard_column, shard)).select(self.schema.names)
            table = self._create(shard)
            held = self._ids(table, users)
            if held:
                part = part.filter(pa.array([k not in held for k in _keys(part)], pa.bool_()))
            if part.num_rows:
                table.add(part.cast(self.schema))
                written.append(shard)
        return written

    @staticmethod
    def _ids(table: Any, users: Sequence[str]) -> set[tuple[str, str]]:
        where = col("user_id").isin([user_id(u) for u in users])
        return set(_keys(table.search().where(where).select(["user_id", "id"]).limit(ALL).to_arrow()))

    def _old_layouts(self, listed: set[str]) -> list[str]:
        pattern = re.compile(
            rf"facts_v2_{re.escape(self.suffix)}|facts_v[34]_{re.escape(self.suffix)}_s\d+of\d+"
        )
        return sorted(n for n in listed if pattern.fullmatch(n) and n not in self.names)

    def ready(self) -> None:
        """Migrate older layouts once per process (the first call of anything that touches a shard)."""
        if self._migrated:
            return
        with self._guard:
            if self._migrated:
                return
            if self._old_layouts(self._listed()):
                with self._locked([f"lancedb-maintenance:facts-layout:{self.suffix}"]):
                    for name in self._old_layouts(self._listed()):  # again: another process may have done it
                        self._migrate(name)
            self._migrated = True

    def _migrate(self, name: str) -> None:
        old = self.db.open_table(name)
        users = sorted(
            set(old.search().select(["user_id"]).limit(ALL).to_arrow().column("user_id").to_pylist())
        )
        by_shard: dict[int, list[str]] = {}
        for user in users:
            by_shard.setdefault(self.of(user), []).append(user)
        copied = 0
        for shard, owners in sorted(by_shard.items()):
            held = [n for n in self.schema.names if n in old.schema.names]  # ``upgrade`` adds newer columns
            rows = old.search().where(col("user_id").isin(owners)).select(held).limit(ALL)
            part = rows.to_arrow()
            if self._upgrade is not None:
                part = self._upgrade(part)
            if self._load(part):
                table = self._create(shard)
                with self.maintenance(shard):
                    rebuild_indexes(table)
                    optimize_with_retry(table, cleanup=False)
            missing = set(_keys(part)) - self._ids(self._create(shard), owners)
            if missing:
                raise StorageError(
                    f"migration of {name} left {len(missing)} rows uncopied; the old table stays"
                )
            copied += part.num_rows
        if copied != old.count_rows():
            raise StorageError(f"migration of {name} copied {copied} of {old.count_rows()} rows; it stays")
        self.db.drop_table(name)


def _keys(rows: pa.Table) -> list[tuple[str, str]]:
    """(owner, fact id) of each row: a row's identity across layouts (ids are unique within a user)."""
    return list(zip(rows.column("user_id").to_pylist(), rows.column("id").to_pylist(), strict=True))


@contextmanager
def _file_lock(path: Path) -> Iterator[None]:
    with open(path, "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
