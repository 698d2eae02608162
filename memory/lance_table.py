"""One LanceDB fact table: its schema, its two indexes, and how rows leave it without a trace.

Kept apart from the shard layout (``memory.lance_shards``): these are what every shard table is and how it is
maintained, whichever shard or layout it belongs to; the layout decides which table a user's rows live in.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

import pyarrow as pa
from lancedb.index import FTS, BTree

from assistant.errors import AccessDenied, StorageError
from assistant.ids import fact_id, user_id

_NO_COMPRESSION = {"lance-encoding:compression": "none"}  # so an erasure test can byte-search the files
ALL = 10_000_000  # "no limit" for a LanceDB query


# Columns added to the layout after its tables were first written: each with its type and the SQL value every
# existing row gets (:func:`ensure_columns`). A pending version's ask state (``memory.fact_rows.ASK_COLUMNS``).
ADDED_COLUMNS: dict[str, tuple[pa.DataType, str]] = {
    "asked": (pa.int32(), "CAST(0 AS INT)"),
    "asked_at": (pa.int64(), "CAST(0 AS BIGINT)"),
    "lapsed": (pa.bool_(), "false"),
}


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
            *(pa.field(name, kind) for name, (kind, _default) in ADDED_COLUMNS.items()),
            text("record"),
            text("search_text"),
            pa.field("vector", pa.list_(pa.float32(), func.ndims())),
        ]
    )
    config = EmbeddingFunctionConfig(source_column="search_text", vector_column="vector", function=func)
    return schema.with_metadata(EmbeddingFunctionRegistry.get_instance().get_table_metadata([config]))


def sql_literal(value: str) -> str:
    """A SQL string literal for a *validated* id (``assistant.ids`` forbids quotes and backslashes): for the
    LanceDB paths that take only SQL text (``update``, ``count_rows``)."""
    if "'" in value or "\\" in value:
        raise AccessDenied("refusing to build a filter from an unvalidated value")
    return f"'{value}'"


def owned_ids(user: str, ids: Sequence[str]) -> str:
    """SQL text naming versions of one user by id, both validated first."""
    listed = ", ".join(sql_literal(fact_id(i)) for i in ids)
    return f"user_id = {sql_literal(user_id(user))} AND id IN ({listed})"


def missing_columns(table: Any) -> list[str]:
    """The :data:`ADDED_COLUMNS` a table written before them lacks."""
    held = set(table.schema.names)
    return [name for name in ADDED_COLUMNS if name not in held]


def ensure_columns(table: Any) -> bool:
    """Give a table written before :data:`ADDED_COLUMNS` existed those columns, every row its default value, in
    one commit (the data files are not rewritten; each new column is a file of its own). True if it added any.
    The caller holds the table's maintenance lock, and looks again under it: another process may have added
    them meanwhile."""
    missing = missing_columns(table)
    if missing:
        table.add_columns({name: ADDED_COLUMNS[name][1] for name in missing})
    return bool(missing)


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
