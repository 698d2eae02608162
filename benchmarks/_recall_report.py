"""What the recall benchmark measures into, and how it prints it: each figure beside its target."""

from __future__ import annotations

import os
import platform
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistant.facts.recall import RecallSettings
from benchmarks.stats import percentile

TARGET_KEYED_MS = 10.0
TARGET_HYBRID_MS = 60.0


@dataclass
class Series:
    samples_ms: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)  # process CPU time (all threads, incl. LanceDB's)

    def add(self, ms: float, cpu: float | None = None) -> None:
        self.samples_ms.append(ms)
        if cpu is not None:
            self.cpu_ms.append(cpu)

    @property
    def cpu_p50(self) -> str:
        return f"{percentile(self.cpu_ms, 50):.2f}" if self.cpu_ms else "-"

    def pct(self, p: float) -> float:
        return percentile(self.samples_ms, p)


class Probe:
    """Wall time spent inside the wrapped calls since the last ``take``."""

    def __init__(self) -> None:
        self.ms = 0.0

    def wrap(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.ms += (time.perf_counter() - t0) * 1000.0

        return timed

    def take(self) -> float:
        ms, self.ms = self.ms, 0.0
        return ms


@dataclass
class Results:
    cold: dict[str, float] = field(default_factory=dict)
    rows: dict[str, Series] = field(default_factory=dict)
    hits: list[int] = field(default_factory=list)
    total_current: set[int] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)
    first_embed_ms: float = 0.0
    distinct_users: bool = True
    warmed: bool = False
    load_avg: float = 0.0


def _disk_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def print_report(
    res: Results,
    marker: dict[str, Any],
    *,
    reused: bool,
    data: Path,
    queries: int,
    build_wall_s: float | None,
    hybrid: RecallSettings,
) -> None:
    import lancedb

    b = marker["build"]
    rows = int(marker["rows"])
    print(
        f"env: {os.cpu_count()} CPUs, Python {platform.python_version()}, lancedb {lancedb.__version__}, "
        f"torch threads 1, 1-min load avg {res.load_avg:.2f} when measuring started"
    )
    print(
        f"data: {marker['users']} users x {marker['facts']} current facts = {rows:,} rows, layout "
        f"{marker['layout']}, {marker['vocabulary']} distinct fact texts embedded with travel-minilm "
        f"(all-MiniLM-L6-v2), indexes {', '.join(marker['indexes'])}; table on disk "
        f"{_disk_bytes(data) / 1e6:.1f} MB"
    )
    if reused:
        print(f"build: reused {data} (built {marker['built_at']} in {b['total_s']:.1f} s)")
    else:
        wall = f"{build_wall_s:.1f} s wall incl. child process start; " if build_wall_s is not None else ""
        parts = (
            ("model load", "model_load_s"),
            ("embed vocabulary", "embed_vocab_s"),
            ("rows", "rows_s"),
            ("write", "write_s"),
            ("indexes", "index_s"),
            ("optimize", "optimize_s"),
        )
        detail = " + ".join(f"{label} {b[key]:.1f} s" for label, key in parts)
        print(f"build: {wall}{b['total_s']:.1f} s in builder = {detail}")
    print()
    print("cold (first calls in a fresh process):")
    for name, ms in res.cold.items():
        print(f"  {name:<60} {ms:>10.1f} ms")
    for note in res.notes:
        print(f"  note: {note}")
    print()
    header = (
        f"{'measurement (steady state, random users)':<50} {'n':>4} {'p50 ms':>8} {'p95 ms':>8} "
        f"{'p99 ms':>8} {'max ms':>8} {'cpu p50':>8}  target"
    )
    print(header)
    print("-" * len(header))
    labels = {
        "list": "LanceFactStore.list_facts(scope) raw",
        "keyed": "keyed: Recaller.recall (keyed_max=1000)",
        "keyed_again": "keyed, same users' next turn (repeat)",
        "hybrid": "hybrid: Recaller.recall (keyed_max=50)",
        "h_embed": "  - query embedding (MiniLM)",
        "h_search": "  - search excl. embedding",
        "h_rest": "  - path decision, recency blend, rest",
        "embed_raw": "ref: MiniLM query embedding alone",
        "r_hybrid": "ref: LanceDB hybrid query+RRF, given vector",
        "r_vector": "ref:   vector leg only (prefiltered, k=24)",
        "r_fts": "ref:   FTS leg only (prefiltered, k=24)",
        "r_count": "ref: count_rows(user AND current)",
    }
    targets = {"keyed": TARGET_KEYED_MS, "keyed_again": TARGET_KEYED_MS, "hybrid": TARGET_HYBRID_MS}
    for name, label in labels.items():
        s = res.rows[name]
        if not s.samples_ms or max(s.samples_ms) == 0.0:  # e.g. no count_current in this checkout
            continue
        p95 = s.pct(95)
        verdict = ""
        if name in targets:
            verdict = f"p95 <= {targets[name]:g} ms: {'PASS' if p95 <= targets[name] else 'MISS'}"
        print(
            f"{label:<50} {len(s.samples_ms):>4} {s.pct(50):>8.2f} {p95:>8.2f} {s.pct(99):>8.2f} "
            f"{max(s.samples_ms):>8.2f} {s.cpu_p50:>8}  {verdict}"
        )
    with_hits = sum(1 for h in res.hits if h) / len(res.hits) if res.hits else 0.0
    print("cpu p50 = process CPU time per call, all threads (incl. LanceDB's Rust threads); wall >> cpu")
    print("means waiting (I/O, or other processes holding the CPUs)")
    if res.distinct_users:
        print("each timed call is the first recall of a user not yet seen in this process, except (repeat)")
    else:
        print("fewer users than timed calls: some users repeat, so a per-user cache may serve some calls")
    print()
    print(
        f"hybrid results: mean {sum(res.hits) / max(1, len(res.hits)):.1f} facts recalled (k={hybrid.k}, "
        f"min_relevance={hybrid.min_relevance}), {with_hits:.0%} of {queries} queries recalled >= 1; "
        f"current facts per user seen by list_facts(): {sorted(res.total_current)}"
    )
