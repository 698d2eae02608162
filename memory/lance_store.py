"""Long-term facts in LanceDB (embedded folder by default; ``LANCEDB_URI`` may name object storage).

Scope is enforced here, on every call:

* reads and deletes filter with ``lancedb.expr`` (``col("user_id") == lit(u)``), never with SQL text built from
  input. The two LanceDB paths that only take SQL text (``update``, ``count_rows``) get a literal built from an
  id that already passed ``assistant.ids`` validation (no quotes, no backslashes), which also sidesteps a
  backslash-escaping flaw in ``Expr.to_sql()``;
* rows carry their ``user_id`` and ``add`` refuses a fact whose owner is not the scope.

Facts live in shard tables, a user's in exactly one (``memory.lance_shards``). A per-user call touches the
user's shard only; a call for many users does one read, append or update per shard it touches.

Deletion is redaction, not hiding: deleted rows survive in older versions and in their data file, so
:meth:`purge` rewrites the touched fragments of the user's shard, re-indexes it and removes its old versions.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from functools import partial
from operator import methodcaller
from typing import Any

import pyarrow as pa
from lancedb.expr import col, lit

from assistant.errors import AccessDenied
from assistant.fact_records import Fact
from assistant.facts.recall import newest_per_key
from assistant.ids import UserId, UserScope, fact_id, user_id
from memory import embeddings, fact_rows, hybrid
from memory.fact_cache import CachedFacts, FactCache
from memory.fact_rows import EvidenceLocator
from memory.lance_shards import SHARDS, ShardSet
from memory.lance_table import ALL, fact_schema, owned_ids, purge_rows, sql_literal, translated
from memory.vector_copies import FACT, VectorCopies

logger = logging.getLogger(__name__)

_SAFE_KEY = re.compile(r"[a-z_]+(:[A-Za-z0-9 &.+-]+)?")


class LanceFactStore:
    """Implements FactStore, FactMaintenance, FactBatch and AskMarks."""

    def __init__(
        self,
        uri: str,
        *,
        embedding: str = "minilm",
        storage_options: Mapping[str, str] | None = None,
        maintenance_locks: Callable[[Sequence[str]], AbstractContextManager[None]] | None = None,
        shards: int = SHARDS,
        evidence_locator: EvidenceLocator | None = None,
    ) -> None:
        """``storage_options`` reach object storage; they stay in this object and LanceDB's connections, never in
        a table. ``maintenance_locks(names)`` serialises rewrites of those shards across processes (without
        it, local file locks do, for one machine). ``evidence_locator`` finds an old layout's quote in the log."""
        self.uri = uri
        self.embedding = embedding
        self._func = embeddings.embedding_function(embedding)
        self.shards = ShardSet(
            uri,
            suffix=embeddings.table_suffix(embedding),
            schema=fact_schema(self._func),
            storage_options=storage_options,
            maintenance_locks=maintenance_locks,
            shards=shards,
            upgrade=self._upgraded,
        )
        self._locate = evidence_locator
        self._cache, self._vectors = FactCache(), VectorCopies()
        self._opened = False

    def _upgraded(self, rows: pa.Table) -> pa.Table:
        with translated():
            return fact_rows.upgrade_rows(
                rows,
                locate=self._locate,
                embed=self._func.compute_source_embeddings,
                vector_type=self.shards.schema.field("vector").type,
            )

    # -- shards -------------------------------------------------------------------------------------------

    def _shard(self, scope: UserScope) -> int:
        return self.shards.of(scope.user)

    def table_of(self, scope: UserScope) -> Any | None:
        """The table holding the user's facts, or None while nobody in the user's shard has any."""
        return self.shards.table(self._shard(scope))

    def data_version(self, scope: UserScope) -> int:
        """The version of the user's shard: it moves with every write that could change the user's facts."""
        with translated():
            table = self.table_of(scope)
            return 0 if table is None else int(table.version)

    def _by_shard(self, users: Iterable[str]) -> dict[int, list[str]]:
        grouped: dict[int, list[str]] = {}
        for user in dict.fromkeys(users):
            grouped.setdefault(self.shards.of(user), []).append(user_id(user))
        return dict(sorted(grouped.items()))

    def warm_up(self) -> None:
        """Open every existing shard (after migrating an older layout) and load the embedding model (the
        bundled model takes seconds on first use)."""
        with translated():
            self.shards.open_all()
            self._func.compute_query_embeddings("warm up")
        self._opened = True

    def _scope_filter(self, scope: UserScope) -> Any:
        return col("user_id") == lit(user_id(scope.user))

    # -- FactStore ----------------------------------------------------------------------------------------

    def _current(self, scope: UserScope) -> Any:
        return self._scope_filter(scope) & (col("current") == lit(True))

    def add(self, scope: UserScope, fact: Fact) -> None:
        if fact.user_id != scope.user:
            raise AccessDenied("a fact can only be written into its own user's scope")
        fact.check()
        with translated():
            self.shards.create(self._shard(scope)).add([fact_rows.fact_row(fact)])

    # -- FactBatch ----------------------------------------------------------------------------------------

    def histories(self, scopes: Sequence[UserScope]) -> dict[str, list[Fact]]:
        """Every version of each user's facts, one indexed read (``user_id IN (…)``) per shard, the reads of
        all shards in one trip to LanceDB's loop; grouped by owner."""
        found: dict[str, list[Fact]] = {scope.user: [] for scope in scopes}
        if not found:
            return found
        wheres = {s: col("user_id").isin(users) for s, users in self._by_shard(found).items()}
        with translated():
            read = self._read_many(wheres, limit=None, history=True)
        for _, facts in read.values():
            for fact in facts:
                if fact.user_id in found:  # the filter already guarantees it; a row never crosses scopes
                    found[fact.user_id].append(fact)
        return found

    def add_many(self, facts: Sequence[tuple[UserScope, Fact]]) -> None:
        """One append per shard touched (one fragment and one version each, the appends concurrent), the texts
        of the lot embedded in one batch and each distinct text once.

        All or none per shard, not across shards: a failure part-way leaves some shards written. A re-run
        writes nothing twice (fact ids are derived from the evidence, and histories are read first)."""
        if any(fact.user_id != scope.user for scope, fact in facts):
            raise AccessDenied("a fact can only be written into its own user's scope")
        for _, fact in facts:
            fact.check()
        if not facts:
            return
        rows = [fact_rows.fact_row(fact) for _, fact in facts]
        texts = list(dict.fromkeys(row["search_text"] for row in rows))
        by_shard: dict[int, list[dict[str, Any]]] = {}
        for row in rows:
            by_shard.setdefault(self.shards.of(row["user_id"]), []).append(row)
        with translated():
            vectors = dict(zip(texts, self._func.compute_source_embeddings(texts), strict=True))
            for row in rows:
                row["vector"] = vectors[row["search_text"]]
            parts = {s: pa.Table.from_pylist(part, self.shards.schema) for s, part in by_shard.items()}
            for shard in parts:
                self.shards.create(shard)  # a shard's first write creates it (and its indexes)
            self.shards.each({s: methodcaller("add", part) for s, part in parts.items()})

    def retire_many(self, facts: Sequence[tuple[UserScope, str]]) -> None:
        """One flag update per shard touched (concurrent, under those shards' locks), each group of ids
        filtered by its own owner."""
        by_user: dict[str, list[str]] = {}
        for scope, fid in facts:
            by_user.setdefault(user_id(scope.user), []).append(fact_id(fid))
        wheres = {
            shard: " OR ".join(f"({owned_ids(u, by_user[u])})" for u in users)
            for shard, users in self._by_shard(by_user).items()
        }
        with translated():
            shards = [s for s in wheres if self.shards.table(s) is not None]  # no shard, no rows to retire
            if not shards:
                return
            with self.shards.maintenance(*shards):
                self.shards.each(
                    {s: methodcaller("update", {"current": False}, where=wheres[s]) for s in shards}
                )

    def list_facts(self, scope: UserScope, *, include_history: bool = False) -> list[Fact]:
        """All of the user's facts by key: one indexed read of three columns, cached per user until the shard's
        version changes (``memory.fact_cache``)."""
        with translated():
            cached = self._cached(scope, history=include_history)
            if cached is None:
                where = self._scope_filter(scope)
                if not include_history:
                    where = where & (col("current") == lit(True))
                version, cached = self._read(self._shard(scope), where, limit=None, history=include_history)
                self._cache.put(scope.user, CachedFacts(version, cached, history=include_history))
        return list(cached) if include_history else [f for f in cached if f.current]

    def small_set(self, scope: UserScope, limit: int) -> tuple[int, list[Fact] | None]:
        """Decide the recall path from one read of at most ``limit + 1`` current facts.

        A small set (the common case, and the latency-critical one: it is read on every turn of a new chat)
        costs that single read; only a set too large to return whole pays a second call, the exact count.
        The complete small set is cached like :meth:`list_facts` (without history)."""
        with translated():
            cached = self._cached(scope, history=False)
            if cached is None:
                version, facts = self._read(
                    self._shard(scope), self._current(scope), limit=limit + 1, history=False
                )
                if len(facts) > limit:
                    total = self._count(scope, " AND current = true")
                    return total, None
                self._cache.put(scope.user, CachedFacts(version, facts, history=False))
                cached = facts
        current = [f for f in cached if f.current]
        return len(current), (current if len(current) <= limit else None)

    def _cached(self, scope: UserScope, *, history: bool) -> list[Fact] | None:
        return self._cache.get(scope.user, history=history, version=partial(self.data_version, scope))

    def _read(self, shard: int, where: Any, *, limit: int | None, history: bool) -> tuple[int, list[Fact]]:
        """(shard version, matching facts by key) in one trip to LanceDB's event loop; (0, []) while the
        shard does not exist."""
        return self._read_many({shard: where}, limit=limit, history=history)[shard]

    def _read_many(
        self, wheres: Mapping[int, Any], *, limit: int | None, history: bool
    ) -> dict[int, tuple[int, list[Fact]]]:
        """For each shard, (its version, its facts matching its filter, by key), all in one trip to LanceDB's
        event loop. Why async: the synchronous query builder makes about seven round trips between this
        thread and LanceDB's loop per query, ~1 ms of a ~3 ms read on two busy cores; one coroutine makes one.

        Race, and why it is safe: the version is read *before* the rows, so a write landing in between is
        cached under the older version and simply read again next time; stale rows are never served as new."""

        columns = fact_rows.READ_HISTORY if history else fact_rows.READ

        async def one(reader: Any, where: Any) -> tuple[int, pa.Table]:
            version = await reader.version()
            query = reader.query().where(where).select(columns).limit(limit or ALL)
            return int(version), await query.to_arrow()

        read = self.shards.each({s: partial(one, where=where) for s, where in wheres.items()})
        found: dict[int, tuple[int, list[Fact]]] = {s: (0, []) for s in wheres}
        for s, (version, table) in read.items():
            found[s] = version, sorted(fact_rows.facts_from_arrow(table), key=lambda f: (f.key, f.version))
        return found

    def search(self, scope: UserScope, query: str, *, limit: int) -> list[tuple[Fact, float]]:
        """Hybrid search (vector + BM25, both prefiltered to the user's current facts, RRF-fused).

        The keyword leg runs while the query is embedded (``memory/hybrid.py``). Relevance is the better of the
        cosine similarity and a saturated BM25 score: an exact keyword hit and a paraphrase both count."""
        return self._search(scope, query, limit=limit, versioned=False)[1]

    def versioned_search(
        self, scope: UserScope, query: str, limit: int
    ) -> tuple[int, list[tuple[Fact, float]]]:
        """:meth:`search`'s rows and :meth:`data_version` (read first) in one trip; the vector leg ranks this
        process's copy of the user's vectors at that version (``memory.vector_copies``)."""
        return self._search(scope, query, limit=limit, versioned=True)

    def _search(
        self, scope: UserScope, query: str, *, limit: int, versioned: bool
    ) -> tuple[int, list[tuple[Fact, float]]]:
        where = self._current(scope)
        with translated():
            reader = self.shards.reader(self._shard(scope))
            if reader is None:  # no shard yet, so no facts
                return 0, []
            embed: Callable[[str], Any] = lambda q: self._func.compute_query_embeddings(q)[0]  # noqa: E731
            if versioned:  # every turn of a large memory: ranks a copy of the user's vectors
                version, rows = hybrid.versioned_search(
                    reader, where, query, embed, limit=limit, copies=self._vectors, user=scope.user
                )
            else:
                version, rows = 0, hybrid.search(reader, where, query, embed, limit=limit)
        scored = [(row.get(FACT) or fact_rows.fact_from_row(row), hybrid.relevance(row)) for row in rows]
        scored.sort(key=lambda pair: pair[1], reverse=True)
        return version, newest_per_key(scored)  # an interrupted supersede leaves two current versions

    def copy_vectors(self, scope: UserScope) -> None:
        """Read the user's vectors for recall's vector leg before their first turn (``memory.vector_copies``)."""
        with translated():
            if (reader := self.shards.reader(self._shard(scope))) is not None:
                hybrid.copy_vectors(reader, self._current(scope), self._vectors, scope.user)

    def delete(self, scope: UserScope, key: str) -> int:
        if not _SAFE_KEY.fullmatch(key):
            raise AccessDenied("invalid fact key")
        return self.purge(scope, col("key") == lit(key))

    # -- FactMaintenance ----------------------------------------------------------------------------------

    def set_flags(
        self, scope: UserScope, ids: Sequence[str], *, current: bool | None, stale: bool | None
    ) -> None:
        flags = (("current", current), ("stale", stale))
        self._update(scope, ids, {name: str(flag).lower() for name, flag in flags if flag is not None})

    # -- AskMarks ------------------------------------------------------------------------------------------

    def mark_asked(self, scope: UserScope, ids: Sequence[str], *, at: datetime) -> None:
        """``asked + 1`` in the table itself, so two conversations opening at once both count."""
        self._update(
            scope, ids, {"asked": "asked + 1", "asked_at": f"CAST({fact_rows.stored_us(at)} AS BIGINT)"}
        )

    def mark_lapsed(self, scope: UserScope, ids: Sequence[str]) -> None:
        self._update(scope, ids, {"lapsed": "true"})

    def _update(self, scope: UserScope, ids: Sequence[str], values_sql: dict[str, str]) -> None:
        """Set lifecycle columns of the named versions of the scope's user, in place, under the shard's lock."""
        if not values_sql or not ids:
            return
        where = owned_ids(scope.user, ids)
        with translated():
            table = self.table_of(scope)
            if table is None:
                return
            with self.shards.maintenance(self._shard(scope)):
                table.update(where=where, values_sql=values_sql)

    def users_with_facts(self) -> list[UserId]:
        users: set[UserId] = set()
        with translated():
            for table in self.shards.tables().values():
                found = table.search().select(["user_id"]).limit(ALL).to_arrow().column("user_id")
                users.update(UserId(u) for u in found.to_pylist())
        return sorted(users)

    def count(self, scope: UserScope) -> int:
        with translated():
            return self._count(scope, "")

    def _count(self, scope: UserScope, extra: str) -> int:
        table = self.table_of(scope)
        if table is None:
            return 0
        return int(table.count_rows(f"user_id = {sql_literal(user_id(scope.user))}{extra}"))

    def erase(self, scope: UserScope) -> int:
        return self.purge(scope)

    def rows_in_any_version(self, scope: UserScope) -> int:
        """How many rows of the user exist in *any* retained version of the user's shard (erasure
        verification; no other table ever holds the user's rows)."""
        with translated():
            return self.shards.rows_in_any_version(self._shard(scope), self._scope_filter(scope))

    def purge(self, scope: UserScope, where: Any = None) -> int:
        """Delete the user's rows matching ``where`` (all of them without one) and leave no copy behind: the
        user's shard is rewritten where it held them, re-indexed and stripped of old versions
        (:func:`memory.lance_table.purge_rows`). Other shards are not touched."""
        match = self._scope_filter(scope) if where is None else self._scope_filter(scope) & where
        self._vectors.drop(scope.user)  # this process's copy of their vectors goes with them
        with translated():
            table = self.table_of(scope)
            if table is None:
                return 0
            with self.shards.maintenance(self._shard(scope)):
                return purge_rows(table, match)

    def compact(self, *, min_fragments: int = 1) -> None:
        """Fold small appends into larger fragments and refresh indexes (run by the expiry job, and at the end
        of a promotion pass for shards past ``min_fragments``): see :meth:`ShardSet.compact`."""
        with translated():
            self.shards.compact(min_fragments=min_fragments)

    def write_group(self, user: str) -> int:
        """The user's shard: a promotion pass orders its threads by it, so each chunk's batched write
        touches a few shards instead of one per user (measured: a chunk of 50 users cost 27 ms on one table,
        314 ms spread over 256 shards)."""
        return self.shards.of(user_id(user))

    def is_open(self) -> bool:
        """Whether the store has been opened: older layouts migrated, existing shards open (readiness; opening
        happens in :meth:`warm_up`)."""
        return self._opened

    def ping(self) -> int:
        """A reachability check for readiness: one listing of the store, then the latest version of one
        existing shard (0 while there is none). Not every shard's: 256 reads a probe proved no more than one
        (all shards live behind one connection). A listed shard that does not open (the leftover of a create
        that died) reads as 0 too: the listing already reached the store."""
        with translated():
            first = self.shards.existing()[:1]
            versions = self.shards.each({shard: methodcaller("version") for shard in first})
            return int(next(iter(versions.values()), 0))
