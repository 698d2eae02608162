"""Long-term facts in LanceDB (embedded folder by default; ``LANCEDB_URI`` may name object storage).

Scope is enforced here, on every call:

* reads and deletes filter with ``lancedb.expr`` (``col("user_id") == lit(u)``), never with SQL text built from
  input. The two LanceDB paths that only take SQL text (``update``, ``count_rows``) get a literal built from an
  id that already passed ``assistant.ids`` validation (no quotes, no backslashes), which also sidesteps a
  backslash-escaping flaw in ``Expr.to_sql()``;
* rows carry their ``user_id`` and ``add`` refuses a fact whose owner is not the scope.

Deletion is redaction, not hiding: deleted rows survive in older table versions and in the data file they were
written to, so :meth:`purge` rewrites the touched fragments, rebuilds the indexes and removes old versions.
"""

from __future__ import annotations

import fcntl
import logging
import re
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import lancedb
import pyarrow as pa
from lancedb.background_loop import LOOP
from lancedb.expr import col, lit
from lancedb.index import FTS, BTree

from assistant.errors import AccessDenied, StorageError
from assistant.facts import Fact
from assistant.ids import UserId, UserScope, fact_id, user_id
from assistant.recall import newest_per_key
from memory import embeddings, hybrid
from memory.fact_rows import fact_from_row, fact_row, facts_from_arrow

logger = logging.getLogger(__name__)

_NO_COMPRESSION = {"lance-encoding:compression": "none"}  # so an erasure test can byte-search the files
# What reads need: the immutable record plus the two lifecycle flags. Every extra column costs a separate
# read in LanceDB (18 typed columns took twice as long to fetch as these three at 100k rows).
_READ = ["record", "current", "stale"]
_CACHE_USERS = 2048
_SAFE_KEY = re.compile(r"[a-z_]+(:[A-Za-z0-9 &.+-]+)?")


def _literal(value: str) -> str:
    """A SQL string literal for a *validated* id (``assistant.ids`` forbids quotes and backslashes)."""
    if "'" in value or "\\" in value:
        raise AccessDenied("refusing to build a filter from an unvalidated value")
    return f"'{value}'"


@dataclass(frozen=True, slots=True)
class _Cached:
    """One user's facts as read at one table version; ``history`` says whether superseded versions are in."""

    version: int
    facts: list[Fact]
    history: bool


class LanceFactStore:
    """Implements FactStore, FactMaintenance and FactBatch."""

    def __init__(
        self,
        uri: str,
        *,
        embedding: str = "minilm",
        storage_options: Mapping[str, str] | None = None,
        maintenance_lock: Callable[[str], AbstractContextManager[None]] | None = None,
    ) -> None:
        """``storage_options`` reach object storage (endpoint, region, keys); they stay in this object and
        LanceDB's connection, never in the table. ``maintenance_lock(name)`` serialises rewrites across
        processes (the composition root passes a lock in the database); without one, a file lock in the
        local folder does, which covers one machine only."""
        self.uri = uri
        self.embedding = embedding
        self._func = embeddings.embedding_function(embedding)
        self._name = f"facts_v2_{embeddings.table_suffix(embedding)}"
        self._options = dict(storage_options or {})
        self._lock_of = maintenance_lock
        # Another process (the scheduler) may write; read_consistency_interval=0 makes every read see the
        # latest committed version instead of the one this handle opened.
        self._db = lancedb.connect(
            uri, read_consistency_interval=timedelta(0), storage_options=self._options or None
        )
        self._lock = threading.Lock()
        self._table: Any = None
        self._reader: Any = None  # an AsyncTable on the same folder, for the per-turn read (see _read)
        self._cache: dict[str, _Cached] = {}

    # -- table management ---------------------------------------------------------------------------------

    def _schema(self) -> pa.Schema:
        from lancedb.embeddings import EmbeddingFunctionConfig

        def text(name: str) -> Any:
            return pa.field(name, pa.string(), metadata=_NO_COMPRESSION)

        schema = pa.schema(
            [
                # Filter columns (scope, identity, lifecycle); the fact itself is the JSON ``record``.
                pa.field("id", pa.string()),
                pa.field("user_id", pa.string()),
                pa.field("key", pa.string()),
                pa.field("type", pa.string()),
                pa.field("version", pa.int32()),
                pa.field("current", pa.bool_()),
                pa.field("stale", pa.bool_()),
                text("record"),
                text("search_text"),
                pa.field("vector", pa.list_(pa.float32(), self._func.ndims())),
            ]
        )
        config = EmbeddingFunctionConfig(
            source_column="search_text", vector_column="vector", function=self._func
        )
        from lancedb.embeddings import EmbeddingFunctionRegistry

        metadata = EmbeddingFunctionRegistry.get_instance().get_table_metadata([config])
        return schema.with_metadata(metadata)

    @property
    def table(self) -> Any:
        with self._lock:
            if self._table is None:
                with _translated():
                    if self._name in self._db.table_names():
                        self._table = self._db.open_table(self._name)
                    else:
                        try:
                            self._table = self._db.create_table(self._name, schema=self._schema())
                        except ValueError:  # created concurrently by another process
                            self._table = self._db.open_table(self._name)
                        with self._maintenance():
                            self._ensure_indexes(self._table)
            return self._table

    @staticmethod
    def _ensure_indexes(table: Any) -> None:
        names = {i.name for i in table.list_indices()}
        if "search_text_idx" not in names:
            table.create_index("search_text", config=FTS(with_position=False), replace=True)
        if "user_id_idx" not in names:
            table.create_index("user_id", config=BTree(), replace=True)

    def warm_up(self) -> None:
        """Open the table and load the embedding model (the bundled model takes seconds on first use)."""
        with _translated():
            self._async_table()
            self._func.compute_query_embeddings("warm up")

    def _scope_filter(self, scope: UserScope) -> Any:
        return col("user_id") == lit(user_id(scope.user))

    # -- FactStore ----------------------------------------------------------------------------------------

    def add(self, scope: UserScope, fact: Fact) -> None:
        if fact.user_id != scope.user:
            raise AccessDenied("a fact can only be written into its own user's scope")
        with _translated():
            self.table.add([fact_row(fact)])

    # -- FactBatch ----------------------------------------------------------------------------------------

    def histories(self, scopes: Sequence[UserScope]) -> dict[str, list[Fact]]:
        """Every version of each user's facts in one indexed read (``user_id IN (…)``), grouped by owner."""
        found: dict[str, list[Fact]] = {scope.user: [] for scope in scopes}
        if not found:
            return found
        where = col("user_id").isin([user_id(scope.user) for scope in scopes])
        with _translated():
            _, facts = self._read(where, limit=None)
        for fact in facts:
            if fact.user_id in found:  # the filter already guarantees it; a row never crosses scopes
                found[fact.user_id].append(fact)
        return found

    def add_many(self, facts: Sequence[tuple[UserScope, Fact]]) -> None:
        """One append (one fragment, one table version) for the lot, its texts embedded in one batch and each
        distinct text once."""
        if any(fact.user_id != scope.user for scope, fact in facts):
            raise AccessDenied("a fact can only be written into its own user's scope")
        if not facts:
            return
        rows = [fact_row(fact) for _, fact in facts]
        texts = list(dict.fromkeys(row["search_text"] for row in rows))
        with _translated():
            vectors = dict(zip(texts, self._func.compute_source_embeddings(texts), strict=True))
            for row in rows:
                row["vector"] = vectors[row["search_text"]]
            self.table.add(rows)

    def retire_many(self, facts: Sequence[tuple[UserScope, str]]) -> None:
        """One flag update for every named version, each group of ids filtered by its own owner."""
        by_user: dict[str, list[str]] = {}
        for scope, fid in facts:
            by_user.setdefault(user_id(scope.user), []).append(fact_id(fid))
        if not by_user:
            return
        where = " OR ".join(
            f"(user_id = {_literal(u)} AND id IN ({', '.join(_literal(i) for i in ids)}))"
            for u, ids in by_user.items()
        )
        with _translated(), self._maintenance():
            self.table.update(where=where, values={"current": False})

    def list_facts(self, scope: UserScope, *, include_history: bool = False) -> list[Fact]:
        """All of the user's facts by key: one indexed read of three columns, cached per user until the table
        version changes (every turn recalls, facts change rarely; checking the version costs ~0.2 ms, a read
        ~3 ms at 100k rows)."""
        with _translated():
            cached = self._cached(scope, history=include_history)
            if cached is None:
                where = self._scope_filter(scope)
                if not include_history:
                    where = where & (col("current") == lit(True))
                version, cached = self._read(where, limit=None)
                self._remember(scope, _Cached(version, cached, history=include_history))
        return list(cached) if include_history else [f for f in cached if f.current]

    def small_set(self, scope: UserScope, limit: int) -> tuple[int, list[Fact] | None]:
        """Decide the recall path from one read of at most ``limit + 1`` current facts.

        A small set (the common case, and the latency-critical one: it is read on every turn of a new chat)
        costs that single read; only a set too large to return whole pays a second call, the exact count.
        The complete small set is cached like :meth:`list_facts` (without history)."""
        with _translated():
            cached = self._cached(scope, history=False)
            if cached is None:
                where = self._scope_filter(scope) & (col("current") == lit(True))
                version, facts = self._read(where, limit=limit + 1)
                if len(facts) > limit:
                    total = self.table.count_rows(
                        f"user_id = {_literal(user_id(scope.user))} AND current = true"
                    )
                    return int(total), None
                self._remember(scope, _Cached(version, facts, history=False))
                cached = facts
        current = [f for f in cached if f.current]
        return len(current), (current if len(current) <= limit else None)

    def _cached(self, scope: UserScope, *, history: bool) -> list[Fact] | None:
        """The cached facts if they hold what is asked (history or not) and are of the table's latest version.

        The version is looked up only when there is an entry to check: a user's first read goes straight to
        :meth:`_read`, which fetches the version itself."""
        entry = self._cache.get(scope.user)
        if entry is None or (history and not entry.history):
            return None
        return entry.facts if entry.version == self.table.version else None

    def _remember(self, scope: UserScope, entry: _Cached) -> None:
        with self._lock:
            if len(self._cache) >= _CACHE_USERS:
                self._cache.pop(next(iter(self._cache)))
            self._cache[scope.user] = entry

    def _read(self, where: Any, *, limit: int | None) -> tuple[int, list[Fact]]:
        """(table version, matching facts by key) in one trip to LanceDB's event loop.

        Why async: the synchronous query builder makes about seven round trips between this thread and
        LanceDB's loop thread per query (schema lookups, blob checks, the scan); on two busy cores each
        hand-off costs a context switch, together ~1 ms of a ~3 ms read. One coroutine does it in one.

        Race, and why it is safe: the version is read *before* the rows, so a write landing in between is
        cached under the older version and simply read again next time; stale rows are never served as new.
        """
        reader = self._async_table()

        async def read() -> tuple[int, pa.Table]:
            version = await reader.version()
            query = reader.query().where(where).select(_READ).limit(limit or 10_000_000)
            return int(version), await query.to_arrow()

        version, table = LOOP.run(read())
        return version, sorted(facts_from_arrow(table), key=lambda f: (f.key, f.version))

    def _async_table(self) -> Any:
        _ = self.table  # creates the table (and its indexes) if this is the first use of the folder
        with self._lock:
            if self._reader is None:

                async def open_reader() -> Any:
                    db = await lancedb.connect_async(
                        self.uri,
                        read_consistency_interval=timedelta(0),
                        storage_options=self._options or None,
                    )
                    return await db.open_table(self._name)

                self._reader = LOOP.run(open_reader())
            return self._reader

    def search(self, scope: UserScope, query: str, *, limit: int) -> list[tuple[Fact, float]]:
        """Hybrid search (vector + BM25, both prefiltered to the user's current facts, RRF-fused).

        The keyword leg runs while the query is embedded with the store's own, already warm, function (see
        ``memory/hybrid.py``). Relevance is the better of the cosine similarity and a saturated BM25 score, so
        an exact keyword hit and a paraphrase both clear a threshold; both are in [0, 1].
        """
        where = self._scope_filter(scope) & (col("current") == lit(True))
        with _translated():
            rows = hybrid.search(
                self._async_table(),
                where,
                query,
                lambda text: self._func.compute_query_embeddings(text)[0],
                limit=limit,
            )
        scored = []
        for row in rows:
            distance, bm25 = row.get("_distance"), row.get("_score")
            cosine = (
                max(0.0, 1.0 - float(distance) / 2.0) if distance is not None else 0.0
            )  # L2² on unit vectors
            keyword = float(bm25) / (float(bm25) + 2.0) if bm25 is not None and bm25 == bm25 else 0.0
            scored.append((fact_from_row(row), min(1.0, max(cosine, keyword))))
        scored.sort(key=lambda pair: pair[1], reverse=True)
        return newest_per_key(scored)  # an interrupted supersede leaves two current versions of one key

    def delete(self, scope: UserScope, key: str) -> int:
        if not _SAFE_KEY.fullmatch(key):
            raise AccessDenied("invalid fact key")
        where = self._scope_filter(scope) & (col("key") == lit(key))
        return self.purge(where)

    # -- FactMaintenance ----------------------------------------------------------------------------------

    def set_flags(
        self, scope: UserScope, ids: Sequence[str], *, current: bool | None, stale: bool | None
    ) -> None:
        values: dict[str, bool] = {}
        if current is not None:
            values["current"] = current
        if stale is not None:
            values["stale"] = stale
        if not values or not ids:
            return
        checked = [fact_id(i) for i in ids]
        where = (
            f"user_id = {_literal(user_id(scope.user))} AND id IN ({', '.join(_literal(i) for i in checked)})"
        )
        with _translated(), self._maintenance():
            self.table.update(where=where, values=values)

    def users_with_facts(self) -> list[UserId]:
        with _translated():
            rows = (
                self.table.search()
                .select(["user_id"])
                .limit(10_000_000)
                .to_arrow()
                .column("user_id")
                .to_pylist()
            )
        return sorted({UserId(u) for u in rows})

    def count(self, scope: UserScope) -> int:
        with _translated():
            return int(self.table.count_rows(f"user_id = {_literal(user_id(scope.user))}"))

    def erase(self, scope: UserScope) -> int:
        return self.purge(self._scope_filter(scope))

    def rows_in_any_version(self, scope: UserScope) -> int:
        """How many rows of the user exist in *any* retained table version (erasure verification)."""
        total = 0
        with _translated():
            table = self._db.open_table(self._name)
            for version in table.list_versions():
                table.checkout(version["version"])
                total += (
                    table.search()
                    .where(self._scope_filter(scope))
                    .select(["id"])
                    .limit(10_000_000)
                    .to_arrow()
                    .num_rows
                )
            table.checkout_latest()
        return total

    def purge(self, where: Any) -> int:
        """Delete matching rows and leave no copy behind: rewrite the data fragments that held them, rebuild
        the indexes (their term dictionaries and user-id pages held the values), drop old versions."""
        with _translated(), self._maintenance():
            table = self.table
            hits = table.search().where(where).with_row_id(True).select(["id"]).limit(10_000_000).to_arrow()
            if hits.num_rows == 0:
                return 0
            fragments = {int(r) >> 32 for r in hits.column("_rowid").to_pylist()}
            table.delete(where)
            for frag in sorted(fragments):
                # A no-op update rewrites the fragment's surviving rows into new files, so the old file (which
                # still holds the deleted bytes behind a deletion vector) is no longer referenced.
                table.update(
                    where=f"_rowaddr >= {frag << 32} AND _rowaddr < {(frag + 1) << 32}",
                    values_sql={"id": "id"},
                )
            table.create_index("search_text", config=FTS(with_position=False), replace=True)
            table.create_index("user_id", config=BTree(), replace=True)
            _optimize_with_retry(table)
            return int(hits.num_rows)

    def compact(self) -> None:
        """Fold single-row appends into larger fragments and refresh indexes (run by the expiry job)."""
        with _translated(), self._maintenance():
            _optimize_with_retry(self.table, cleanup=False)

    def is_open(self) -> bool:
        """Whether the table has been opened (readiness; opening happens in :meth:`warm_up`)."""
        return self._reader is not None

    def ping(self) -> int:
        """The table's latest version, read from storage (a cheap reachability check for readiness)."""
        reader = self._async_table()

        async def version() -> int:
            return int(await reader.version())

        with _translated():
            return int(LOOP.run(version()))

    @contextmanager
    def _maintenance(self) -> Iterator[None]:
        """Serialise rewrites (purge, flag updates, compaction, index builds) across processes.

        A purge rewrites whole fragments; if another process's rewrite of the same fragment was based on an
        older version, rows deleted in between could come back. Appends do not need the lock: each commits a
        new version with a conditional write and LanceDB rebases it onto whatever committed first. The lock is
        the injected one (in the database, covering every process that shares it, wherever the table lives),
        or else a file lock, which only covers processes on this machine using a local folder.
        """
        lock = self._lock_of(f"lancedb-maintenance:{self._name}") if self._lock_of else self._file_lock()
        with warnings.catch_warnings(), lock:
            warnings.filterwarnings("ignore", message=".*concurrent.*", category=UserWarning)
            yield

    @contextmanager
    def _file_lock(self) -> Iterator[None]:
        if "://" in self.uri:
            yield
            return
        Path(self.uri).mkdir(parents=True, exist_ok=True)
        with open(Path(self.uri) / ".maintenance.lock", "a+b") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)


def _optimize_with_retry(table: Any, *, cleanup: bool = True, attempts: int = 5) -> None:
    # optimize() conflicts with concurrent updates/deletes from another process and does not retry itself.
    for attempt in range(attempts):
        try:
            if cleanup:
                table.optimize(cleanup_older_than=timedelta(0), delete_unverified=True)
            else:
                table.optimize()
            return
        except Exception as exc:
            if "conflict" not in str(exc).lower() or attempt == attempts - 1:
                raise
            time.sleep(0.05 * (attempt + 1))


@contextmanager
def _translated() -> Iterator[None]:
    try:
        yield
    except (AccessDenied, StorageError):
        raise
    except (OSError, RuntimeError, ValueError, KeyError, pa.ArrowException) as exc:
        raise StorageError(f"fact store error: {type(exc).__name__}: {str(exc)[:200]}") from exc
