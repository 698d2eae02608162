"""One LanceDB fact table: its schema, its two indexes, and how rows leave it without a trace.

Kept apart from the shard layout (``memory.lance_shards``): these are what every shard table is and how it is
maintained, whichever shard or layout it belongs to; the layout decides which table a user's rows live in.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

import pyarrow as pa
from lancedb.index import FTS, BTree

from assistant.errors import AccessDenied, StorageError

_NO_COMPRESSION = {"lance-encoding:compression": "none"}  # so an erasure test can byte-search the files
ALL = 10_000_000  # "no limit" for a LanceDB query


def fact_schema(func: Any) -> pa.Schema:
    """Filter columns (scope, identity, lifecycle), the fact itself as the JSON ``record``, its search text and
    vector; the table metadata names the registered embedding function (never a model path)."""
    from lancedb.embeddings import EmbeddingFunctionConfig, EmbeddingFunctionRegistry

    def text(name: str) -> Any:
        return pa.field(name, pa.string(), metadata=_NO_COMPRESSION)

    schema = pa.schema(
        [
            pa.field("id", pa.string()),
            pa.field("user_id", pa.string()),
            pa.field("key", pa.string()),
            pa.field("type", pa.string()),
            pa.field("version", pa.int32()),
            pa.field("current", pa.bool_()),
            pa.field("stale", pa.bool_()),
            text("record"),
            text("search_text"),
            pa.field("vector", pa.list_(pa.float32(), func.ndims())),
        ]
    )
    config = EmbeddingFunctionConfig(source_column="search_text", vector_column="vector", function=func)
    return schema.with_metadata(EmbeddingFunctionRegistry.get_instance().get_table_metadata([config]))


def ensure_indexes(table: Any) -> None:
    names = {i.name for i in table.list_indices()}
    if "search_text_idx" not in names:
        table.create_index("search_text", config=FTS(with_position=False), replace=True)
    if "user_id_idx" not in names:
        table.create_index("user_id", config=BTree(), replace=True)


def rebuild_indexes(table: Any) -> None:
    table.create_index("search_text", config=FTS(with_position=False), replace=True)
    table.create_index("user_id", config=BTree(), replace=True)


def optimize_with_retry(table: Any, *, cleanup: bool = True, attempts: int = 5) -> None:
    """``optimize`` conflicts with concurrent updates and deletes from another process and does not retry."""
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


def purge_rows(table: Any, where: Any) -> int:
    """Delete matching rows and leave no copy behind: rewrite the data fragments that held them, rebuild the
    indexes (their term dictionaries and user-id pages held the values), drop old versions. The caller holds
    the table's maintenance lock."""
    hits = table.search().where(where).with_row_id(True).select(["id"]).limit(ALL).to_arrow()
    if hits.num_rows == 0:
        return 0
    fragments = {int(r) >> 32 for r in hits.column("_rowid").to_pylist()}
    table.delete(where)
    for frag in sorted(fragments):
        # A no-op update rewrites the fragment's surviving rows into new files, so the old file (which still
        # holds the deleted bytes behind a deletion vector) is no longer referenced.
        table.update(
            where=f"_rowaddr >= {frag << 32} AND _rowaddr < {(frag + 1) << 32}", values_sql={"id": "id"}
        )
    rebuild_indexes(table)
    optimize_with_retry(table)
    return int(hits.num_rows)


@contextmanager
def translated() -> Iterator[None]:
    """LanceDB's and Arrow's errors as :class:`StorageError` (what the app reports as the store failing)."""
    try:
        yield
    except (AccessDenied, StorageError):
        raise
    except (OSError, RuntimeError, ValueError, KeyError, pa.ArrowException) as exc:
        raise StorageError(f"fact store error: {type(exc).__name__}: {str(exc)[:200]}") from exc
