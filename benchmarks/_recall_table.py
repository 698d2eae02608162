"""Building the recall benchmarks' fact table: 1k users x 100 facts through the real store, bulk-loaded.

The rows are made by the store's own codec (``memory.fact_rows.fact_row``) and land in the users' shards with
the store's schema and indexes, but with precomputed vectors: loading 100k rows through ``LanceFactStore.add``
would take hours and embed every row. ``benchmarks.recall`` runs ``build`` in a child process and reuses a
table whose marker matches; ``benchmarks.turn`` builds its table the same way, and ``benchmarks.purge``
bulk-loads its rows with ``arrow_rows``.
"""

from __future__ import annotations

import json
import random
import time
import uuid
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from assistant.fact_records import Authority, Fact
from assistant.ids import UserScope
from benchmarks._recall_vocabulary import Entry, vocabulary
from memory import embeddings
from memory.fact_rows import fact_row
from memory.lance_store import LanceFactStore
from memory.lance_table import rebuild_indexes

MARKER = "bench_recall.json"
FORMAT = 4  # 4: the fact table sharded by user (memory/lance_shards.py)
NOW = datetime(2026, 11, 9, 9, 0, tzinfo=UTC)


@dataclass
class BuildConfig:
    users: int
    facts: int
    seed: int
    layout: str

    def matches(self, marker: dict[str, Any]) -> bool:
        return (
            marker.get("format") == FORMAT
            and marker.get("users") == self.users
            and marker.get("facts") == self.facts
            and marker.get("seed") == self.seed
            and marker.get("layout") == self.layout
        )


def user_ids(n: int) -> list[str]:
    return [f"user-{i + 1}" for i in range(n)]


@contextmanager
def no_embedding_allowed() -> Iterator[None]:
    """Fail loudly if LanceDB tries to embed anything (proves the bulk load used the precomputed vectors)."""
    cls = embeddings.BundledMiniLM
    original = cls.generate_embeddings

    def refuse(self: Any, texts: Any, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("bulk load tried to embed rows; the vector column was not used")

    setattr(cls, "generate_embeddings", refuse)  # noqa: B010
    try:
        yield
    finally:
        setattr(cls, "generate_embeddings", original)  # noqa: B010


def _fact(entry: Entry, user: str, rng: random.Random) -> Fact:
    asserted = NOW - timedelta(seconds=rng.randint(3600, 2 * 365 * 86400))
    by = Authority.USER_CONFIRMED if rng.random() < 0.2 else Authority.USER
    return entry.fact(
        user=user,
        fact_id=uuid.UUID(int=rng.getrandbits(128)).hex,
        thread=str(uuid.UUID(int=rng.getrandbits(128))),
        turn=uuid.UUID(int=rng.getrandbits(128)).hex,
        at=asserted,
        by=by,
    )


def _facts(cfg: BuildConfig, multi: list[Entry], single: list[Entry]) -> list[Fact]:
    """``cfg.facts`` distinct current facts per user: one per single-valued type, the rest multi-valued."""
    rng = random.Random(cfg.seed)
    per_type: dict[str, list[Entry]] = {}
    for entry in single:
        per_type.setdefault(entry.type, []).append(entry)
    n_single = min(len(per_type), cfg.facts)
    facts: list[Fact] = []
    for user in user_ids(cfg.users):
        chosen = rng.sample(multi, cfg.facts - n_single)
        chosen += [rng.choice(entries) for entries in list(per_type.values())[:n_single]]
        facts.extend(_fact(entry, user, rng) for entry in chosen)
    if cfg.layout == "interleaved":  # facts arriving over time from many users
        rng.shuffle(facts)
    return facts


def production_rows(facts: Sequence[Fact]) -> list[dict[str, Any]]:
    """The rows ``LanceFactStore.add`` writes for ``facts``, built by the same codec, without writing them:
    bulk loading row by row would take hours and embed every row."""
    return [fact_row(fact) for fact in facts]


def arrow_rows(schema: pa.Schema, rows: list[dict[str, Any]], vectors: npt.NDArray[np.float32]) -> pa.Table:
    """Rows (without vectors) plus a matching (n, ndims) vector matrix → an Arrow table in ``schema``."""
    plain = pa.schema([f for f in schema if f.name != "vector"])
    table = pa.Table.from_pylist(rows, schema=plain)
    flat = pa.array(vectors.reshape(-1), type=pa.float32())
    column = pa.FixedSizeListArray.from_arrays(flat, vectors.shape[1])
    arrays = [column if f.name == "vector" else table.column(f.name) for f in schema]
    return pa.Table.from_arrays(arrays, schema=schema)


def build(data: Path, cfg: BuildConfig) -> dict[str, Any]:
    """Build the facts table in ``data`` and write the marker. Runs in a child process (see module doc)."""
    started = time.perf_counter()
    multi, single = vocabulary()
    distinct = len(multi) + len({e.type for e in single})  # one current fact per single-valued type
    if cfg.facts > distinct:
        raise SystemExit(f"--facts can be at most {distinct} (distinct keys)")
    vocab = [*multi, *single]
    timings: dict[str, float] = {}
    store = LanceFactStore(str(data), embedding="minilm")

    t = time.perf_counter()
    func = embeddings.embedding_function("minilm")
    func.generate_embeddings(["warm-up"])  # imports sentence-transformers, loads the model (1 torch thread)
    pin_torch_threads()
    timings["model_load_s"] = time.perf_counter() - t
    t = time.perf_counter()
    # Embed the search text exactly as the store builds it, once per distinct fact.
    samples = production_rows([_fact(e, "vocab", random.Random(i)) for i, e in enumerate(vocab)])
    texts = [row["search_text"] for row in samples]
    vectors = np.stack(func.generate_embeddings(texts)).astype(np.float32)
    index = {text: i for i, text in enumerate(texts)}
    timings["embed_vocab_s"] = time.perf_counter() - t

    t = time.perf_counter()
    rows = production_rows(_facts(cfg, multi, single))
    try:
        picks = np.asarray([index[row["search_text"]] for row in rows], dtype=np.int64)
    except KeyError:
        raise SystemExit("search_text depends on more than the fact; vectors can't be reused") from None
    table_rows = arrow_rows(store.shards.schema, rows, vectors[picks])
    timings["rows_s"] = time.perf_counter() - t

    t = time.perf_counter()
    with no_embedding_allowed():  # into the users' shards, created with the store's schema and indexes
        store.shards.load(table_rows)
    tables = list(store.shards.tables().values())
    timings["write_s"] = time.perf_counter() - t

    t = time.perf_counter()
    for table in tables:  # the store's own indexes over the loaded rows (as a purge rebuilds them)
        rebuild_indexes(table)
    timings["index_s"] = time.perf_counter() - t
    t = time.perf_counter()
    with warnings.catch_warnings():  # "removes every version except the latest": intended, nobody else reads
        warnings.simplefilter("ignore", UserWarning)
        for table in tables:
            table.optimize(cleanup_older_than=timedelta(0), delete_unverified=True)
    timings["optimize_s"] = time.perf_counter() - t

    count = sum(int(table.count_rows()) for table in tables)
    if count != cfg.users * cfg.facts:
        raise AssertionError(f"expected {cfg.users * cfg.facts} rows, found {count}")
    unindexed: dict[str, int] = {}
    for table in tables:
        for existing in table.list_indices():
            stats = table.index_stats(existing.name)
            missed = int(stats.num_unindexed_rows) if stats is not None else -1
            unindexed[existing.name] = unindexed.get(existing.name, 0) + missed
    if set(unindexed) != {"search_text_idx", "user_id_idx"} or any(unindexed.values()):
        raise AssertionError(f"indexes do not cover the tables: {unindexed}")
    table = store.table_of(UserScope.of("user-1"))
    assert table is not None
    sample = table.search().where("user_id = 'user-1'").select(["search_text", "vector"]).limit(1).to_arrow()
    got = np.asarray(sample.column("vector")[0].as_py(), dtype=np.float32)
    if not np.allclose(got, vectors[index[sample.column("search_text")[0].as_py()]]):
        raise AssertionError("stored vector differs from the precomputed one")
    scope = UserScope.of("user-1")
    read_back = store.list_facts(scope)
    if len(read_back) != cfg.facts or {f.user_id for f in read_back} != {"user-1"}:
        raise AssertionError("the store does not read back user-1's facts")

    timings["total_s"] = time.perf_counter() - started
    marker = {
        "format": FORMAT,
        "users": cfg.users,
        "facts": cfg.facts,
        "seed": cfg.seed,
        "layout": cfg.layout,
        "rows": count,
        "vocabulary": len(vocab),
        "indexes": sorted(unindexed),
        "schema": [f.name for f in store.shards.schema],
        "shards": store.shards.count,
        "build": timings,
        "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    (data / MARKER).write_text(json.dumps(marker, indent=2))
    return marker


def pin_torch_threads() -> None:
    import torch

    torch.set_num_threads(1)


def read_marker(data: Path) -> dict[str, Any] | None:
    path = data / MARKER
    if not path.is_file():
        return None
    loaded: dict[str, Any] = json.loads(path.read_text())
    return loaded
