"""Hybrid fact search in two legs on LanceDB's own event loop, the keyword leg overlapping the query embedding.

Why not LanceDB's synchronous hybrid query: it embeds nothing itself (we pass the vector), then starts a new
thread pool per query to run its two legs, and each leg makes several hand-offs between the calling thread and
LanceDB's loop. Measured at 100k rows on two cores: ~10 ms for the query after a ~6 ms embedding, ~17 ms in
all. Here the keyword leg is already running while the text is embedded (the embedding releases the GIL), and
both legs are coroutines on LanceDB's loop: the embedding and the slower leg are what is left.

The fusion is the one LanceDB's hybrid query applies with ``RRFReranker``: each leg returns its best ``limit``
rows, a row scores ``Σ 1/(K + rank)`` over the legs it appears in (K = 60), and the best ``limit`` by that
score are kept, vector-leg rows first among equals. Callers re-score what is kept (see
``LanceFactStore.search``), so only membership depends on it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import Any

from lancedb.background_loop import LOOP

from memory.fact_rows import arrow_rows
from memory.lance_table import ALL
from memory.vector_copies import COPIED, VectorCopies, VectorCopy

RRF_K = 60


def search(
    reader: Any,
    where: Any,
    query: str,
    embed: Callable[[str], Sequence[float]],
    *,
    limit: int,
) -> list[dict[str, Any]]:
    """The fused rows (each with ``_distance`` from the vector leg and ``_score`` from the keyword leg, ``None``
    where a leg did not return the row), best first by reciprocal rank."""
    nearest, matched = _legs(
        reader, where, query, embed, limit, lambda v: LOOP.run(_nearest(reader, where, v, limit))
    )
    return fuse(nearest, matched, limit=limit)


def versioned_search(
    reader: Any,
    where: Any,
    query: str,
    embed: Callable[[str], Sequence[float]],
    *,
    limit: int,
    copies: VectorCopies,
    user: str,
) -> tuple[int, list[dict[str, Any]]]:
    """:func:`search`'s rows, and the table's version read before either leg: on LanceDB's loop ahead of the
    keyword leg, so while the query is embedded, instead of a trip of its own before the search (a caller that
    checks what it cached against the version pays nothing for the check).

    The vector leg ranks ``user``'s copy of the rows ``where`` selects if it was read at that version (read
    once per version otherwise): the same rows in the same order as the query, without a query after the
    embedding (``memory.vector_copies``)."""
    version_read: Future[int] = Future()
    copy: VectorCopy | None = None

    def nearest(vector: list[float]) -> list[dict[str, Any]]:
        nonlocal copy
        version = version_read.result()
        copy = copies.get(user, version)
        if copy is None:
            copy = LOOP.run(_copy(reader, where, version))
            copies.put(user, copy)
        return copy.nearest(vector, limit)

    near, matched = _legs(reader, where, query, embed, limit, nearest, version_read)
    assert copy is not None  # set by nearest(), which _legs ran
    copy.attach(matched)
    return version_read.result(), fuse(near, matched, limit=limit)


def _legs(
    reader: Any,
    where: Any,
    query: str,
    embed: Callable[[str], Sequence[float]],
    limit: int,
    nearest: Callable[[list[float]], list[dict[str, Any]]],
    version_read: Future[int] | None = None,
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(vector leg's rows, keyword leg's rows): the keyword leg starts on LanceDB's loop, then the query is
    embedded here and ``nearest`` ranks by it while that leg runs."""
    keyword = asyncio.run_coroutine_threadsafe(_keyword(reader, where, query, limit, version_read), LOOP.loop)
    try:
        return nearest(list(embed(query))), keyword.result()
    except BaseException:
        keyword.cancel()
        raise


async def _keyword(
    reader: Any, where: Any, query: str, limit: int, version_read: Future[int] | None = None
) -> list[dict[str, Any]]:
    """The keyword leg; first, with ``version_read``, the table's version, handed over at once (the vector leg
    need not wait for the keyword query)."""
    if version_read is not None:
        try:
            version_read.set_result(int(await reader.version()))
        except BaseException as exc:
            version_read.set_exception(exc)
            raise
    table = await reader.query().nearest_to_text(query).where(where).limit(limit).to_arrow()
    return _rows(table)


async def _nearest(reader: Any, where: Any, vector: list[float], limit: int) -> list[dict[str, Any]]:
    table = await reader.query().nearest_to(vector).where(where).limit(limit).to_arrow()
    return _rows(table)


def copy_vectors(reader: Any, where: Any, copies: VectorCopies, user: str) -> None:
    """Put ``user``'s copy of the rows ``where`` selects in ``copies`` (the version read first), in one trip to
    LanceDB's loop: ahead of the user's first turn, so that turn's vector leg needs no read. A keyword query
    runs beside it, so the first turn's keyword leg finds the shard's text index loaded too."""

    async def read() -> VectorCopy:
        copy = asyncio.ensure_future(_copy(reader, where, int(await reader.version())))
        await _keyword(reader, where, "trip", 1)
        return await copy

    copies.put(user, LOOP.run(read()))


async def _copy(reader: Any, where: Any, version: int) -> VectorCopy:
    table = await reader.query().where(where).select([*COPIED, "vector"]).limit(ALL).to_arrow()
    return VectorCopy.of(version, table)


def _rows(table: Any) -> list[dict[str, Any]]:
    if "vector" in table.column_names:
        table = table.drop_columns(["vector"])  # 384 floats a row that nobody reads
    return arrow_rows(table)


def relevance(row: dict[str, Any]) -> float:
    """A fused row's relevance in [0, 1]: the better of its cosine similarity (from the L2² distance between
    unit vectors) and its saturated BM25 score, so an exact keyword hit and a paraphrase both clear a
    threshold."""
    distance, bm25 = row.get("_distance"), row.get("_score")
    cosine = max(0.0, 1.0 - float(distance) / 2.0) if distance is not None else 0.0
    keyword = float(bm25) / (float(bm25) + 2.0) if bm25 is not None and bm25 == bm25 else 0.0
    return min(1.0, max(cosine, keyword))


def fuse(
    nearest: Sequence[dict[str, Any]], matched: Sequence[dict[str, Any]], *, limit: int
) -> list[dict[str, Any]]:
    """Reciprocal-rank fusion of the two legs, keyed by the row's ``id`` (one id per stored fact version)."""
    merged: dict[str, dict[str, Any]] = {}
    score: dict[str, float] = {}
    for leg, rows in (("_distance", nearest), ("_score", matched)):
        for rank, row in enumerate(rows, 1):
            key = str(row["id"])
            entry = merged.setdefault(key, {**row, "_distance": None, "_score": None})
            entry[leg] = row.get(leg)
            score[key] = score.get(key, 0.0) + 1.0 / (RRF_K + rank)
    ordered = sorted(merged, key=lambda k: score[k], reverse=True)  # stable: vector-leg rows first on ties
    return [merged[k] for k in ordered[:limit]]
