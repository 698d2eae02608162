"""Each large-memory user's current fact vectors as last read, ranked in process for the vector leg of recall.

Why: on every turn of a user with more facts than the keyed path shows whole, recall embeds the question and
runs two queries. The keyword leg already runs while the question is embedded; the vector leg could not
start before the embedding was done, and on LanceDB it is a filtered scan of the user's rows in their shard
(no vector index: shards are small) that took ~6 ms, all of it after the embedding. Here the same scan is
done once per version of the user's shard, and each turn's nearest rows are then one matrix product over a
few hundred vectors (~0.1 ms). The result is the flat scan's, exactly: squared L2 distance, as LanceDB
reports it, over the same rows.

A copy is served only while it was read at the shard's current version (read before the rows, so a write
landing in between is read again next time, never served as newer), like ``memory.fact_cache``. Bounded by
rows, oldest user out first: a row is its 1.5 KB vector and its parsed fact (~1.5 KB), so the default ~20,000
rows are ~60 MB.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow as pa

from assistant.fact_records import Fact
from memory.fact_rows import arrow_rows, fact_from_row

COPIED = ["id", "record", "current", "stale"]  # what the search reads of a row (fuse, fact_from_row)
DEFAULT_ROWS = 20_000
FACT = "_fact"  # a fused row's key for its fact when the copy parsed it (see ``attach``)


@dataclass(frozen=True, slots=True)
class VectorCopy:
    """One user's rows matching the recall filter, as read at ``version``: their ids, facts (parsed once, not
    on every turn) and vectors."""

    version: int
    ids: list[str]
    facts: list[Fact]
    position: dict[str, int]
    vectors: np.ndarray[Any, np.dtype[np.float32]]  # one row per id

    @classmethod
    def of(cls, version: int, table: pa.Table) -> VectorCopy:
        column = table.column("vector").combine_chunks()
        width = column.type.list_size
        flat = column.values.to_numpy(zero_copy_only=False).astype(np.float32, copy=False)
        rows = arrow_rows(table.select(COPIED))
        ids = [str(row["id"]) for row in rows]
        facts = [fact_from_row(row) for row in rows]
        position = {row_id: n for n, row_id in enumerate(ids)}
        return cls(version, ids, facts, position, flat.reshape(len(rows), width))

    def nearest(self, vector: Sequence[float], limit: int) -> list[dict[str, Any]]:
        """The ``limit`` rows nearest ``vector``, nearest first: each its ``id``, ``_distance`` (squared L2,
        as LanceDB reports it) and its parsed fact."""
        if not self.ids or limit <= 0:
            return []
        query = np.asarray(vector, dtype=np.float32)
        gaps = self.vectors - query
        distances = np.einsum("ij,ij->i", gaps, gaps)
        order = np.argsort(distances, kind="stable")[:limit].tolist()
        return [{"id": self.ids[n], "_distance": float(distances[n]), FACT: self.facts[n]} for n in order]

    def attach(self, rows: Sequence[dict[str, Any]]) -> None:
        """Give each row the copy holds its parsed fact, so no row of the search is parsed again."""
        for row in rows:
            found = self.position.get(str(row["id"]))
            if found is not None:
                row[FACT] = self.facts[found]


class VectorCopies:
    """Bounded by rows held; safe to share between the threads that run store calls."""

    def __init__(self, rows: int = DEFAULT_ROWS) -> None:
        self._rows = rows
        self._held = 0
        self._lock = threading.Lock()
        self._copies: dict[str, VectorCopy] = {}

    def get(self, user: str, version: int) -> VectorCopy | None:
        copy = self._copies.get(user)
        return copy if copy is not None and copy.version == version else None

    def put(self, user: str, copy: VectorCopy) -> None:
        if copy.version == 0 or len(copy.ids) > self._rows:  # no shard yet / too large to keep
            return
        with self._lock:
            self._pop(user)
            while self._copies and self._held + len(copy.ids) > self._rows:
                self._pop(next(iter(self._copies)))
            self._copies[user] = copy
            self._held += len(copy.ids)

    def drop(self, user: str) -> None:
        with self._lock:
            self._pop(user)

    def _pop(self, user: str) -> None:
        """Forget ``user``'s copy; the caller holds the lock."""
        old = self._copies.pop(user, None)
        self._held -= len(old.ids) if old is not None else 0
