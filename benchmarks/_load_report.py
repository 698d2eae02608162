"""The figures of one ``benchmarks.load`` level, and the tables that print them next to the target.

Each table is headed by its workload (``benchmarks._load_workload``), so the paced figure (the target's
workload) cannot be read as the burst one or the other way round.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from benchmarks._app_server import PROBE_EVERY_S, PROBE_PATH
from benchmarks._chat_client import TurnResult, TurnSpec
from benchmarks._load_workload import Workload
from benchmarks._server_profile import Profile
from benchmarks.stats import percentile
from testkit.bench_results import record

TARGET_USERS = 50
TARGET_TTFT_P95_MS = 300.0
TARGET = f"{TARGET_USERS} concurrent users, 0 errors, TTFT p95 <= {TARGET_TTFT_P95_MS:.0f} ms"


@dataclass
class Level:
    users: int
    workload: Workload
    turns: list[TurnResult]
    login_ms: list[float]
    connect_errors: list[str]
    lag_connect_ms: list[float]  # burst: probes while the users logged in and connected (paced: none)
    lag_ms: list[float]  # probes while turns ran (paced: from the first arrival to the last turn's end)
    wall_s: float
    server_cpu_s: float
    client_cpu_s: float
    load_avg: float
    last_login: float = math.nan  # perf_counter when the level's last login answered
    profile: Profile | None = None

    @property
    def errors(self) -> int:
        return sum(1 for t in self.turns if t.error) + len(self.connect_errors)

    @property
    def ok(self) -> list[TurnResult]:
        return [t for t in self.turns if not t.error]

    def ttft(self) -> list[float]:
        return [t.ttft_ms for t in self.ok if t.ttft_ms is not None]

    def in_flight(self) -> tuple[float, int]:
        """Turns in progress on the server: mean over the level's wall time, and the most at one moment."""
        spans = [
            (t.started, t.started + t.total_ms / 1000.0) for t in self.turns if not math.isnan(t.started)
        ]
        if not spans or self.wall_s <= 0:
            return math.nan, 0
        mean = sum(end - start for start, end in spans) / self.wall_s
        edges = sorted([(s, 1) for s, _ in spans] + [(e, -1) for _, e in spans], key=lambda x: (x[0], x[1]))
        now = peak = 0
        for _t, step in edges:
            now += step
            peak = max(peak, now)
        return mean, peak


def _pct(values: Sequence[float], p: float) -> float:
    return percentile([v for v in values if not math.isnan(v)], p)


def _max(values: Sequence[float]) -> float:
    return max((v for v in values if not math.isnan(v)), default=math.nan)


def ms(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:,.0f}"


def verdict(lv: Level) -> str:
    p95 = _pct(lv.ttft(), 95)
    if not lv.workload.is_target:
        return f"p95 {ms(p95)} ms (burst: not the target's workload)"
    under = lv.errors == 0 and p95 <= TARGET_TTFT_P95_MS
    if lv.users >= TARGET_USERS:
        return f"TARGET {'PASS' if under else 'MISS'}: p95 {ms(p95)} / {TARGET_TTFT_P95_MS:.0f} ms, {lv.errors} err"
    return f"p95 {ms(p95)} / {TARGET_TTFT_P95_MS:.0f} ms, {lv.errors} err: {'within' if under else 'over'}"


def print_levels(levels: Sequence[Level], floor: list[float], specs: Sequence[TurnSpec]) -> None:
    if not levels:
        return
    workload = levels[0].workload
    print(workload.describe())
    print(f"target: {TARGET}, with the offline model, on the paced workload")
    header = (
        f"{'users':>5} {'turns':>5} {'err':>4} {'TTFT p50':>9} {'p95':>7} {'turn p50':>9} {'p95':>7} "
        f"{'max':>7} {'lag p50':>8} {'p95':>6} {'max':>7} {'login p95':>10} {'lag max':>8} {'turns/s':>8} "
        f"{'in flight':>10} {'CPU/turn':>9}  vs target"
    )
    print(header)
    print("-" * len(header))
    for lv in levels:
        ttft, total = lv.ttft(), [t.total_ms for t in lv.ok]
        cpu_turn = lv.server_cpu_s * 1000.0 / max(1, len(lv.ok))
        mean, peak = lv.in_flight()
        print(
            f"{lv.users:>5} {len(lv.turns):>5} {lv.errors:>4} {ms(_pct(ttft, 50)):>9} {ms(_pct(ttft, 95)):>7} "
            f"{ms(_pct(total, 50)):>9} {ms(_pct(total, 95)):>7} {ms(max(total, default=math.nan)):>7} "
            f"{ms(_pct(lv.lag_ms, 50)):>8} {ms(_pct(lv.lag_ms, 95)):>6} {ms(_max(lv.lag_ms)):>7} "
            f"{ms(_pct(lv.login_ms, 95)):>10} {ms(_max(lv.lag_connect_ms)):>8} "
            f"{len(lv.ok) / lv.wall_s:>8.2f} {f'{mean:.1f} / {peak}':>10} {cpu_turn:>9.0f}  {verdict(lv)}"
        )
    for lv in levels:
        if lv.users >= TARGET_USERS:
            p95 = _pct(lv.ttft(), 95)
            paced = lv.workload.is_target
            record(
                "load",
                f"{lv.users} users, {'paced (3-8 s think time)' if paced else 'burst (all at once)'}: TTFT p95",
                f"{ms(p95)} ms, {lv.errors} errors",
                target=f"≤ {TARGET_TTFT_P95_MS:.0f} ms, 0 errors" if paced else "(stress test, no target)",
                baseline=f"1 user: TTFT p95 {ms(_pct(levels[0].ttft(), 95))} ms",
                met=(lv.errors == 0 and p95 <= TARGET_TTFT_P95_MS) if paced else None,
            )
    lag_span = (
        "from the first arrival to the last turn's end (logins included)"
        if workload.is_target
        else "while the turns ran; lag max: while the users logged in and connected, before the turns"
    )
    print(
        f"ms. TTFT: message sent -> first stream_token; turn: -> task_end. lag: round trip of GET {PROBE_PATH} "
        f"every {PROBE_EVERY_S * 1000:.0f} ms from another process, {lag_span} (idle floor p50 "
        f"{ms(_pct(floor, 50))}, p95 {ms(_pct(floor, 95))}, n={len(floor)}); login: POST /login round trip; "
        "in flight: turns in progress, mean / most at once; CPU/turn: server process CPU ms (all threads, "
        "logins included) per completed turn"
    )
    print()
    print("per turn kind (TTFT p50 / p95, turn p50 / p95, ms):")
    for lv in levels:
        parts = []
        for spec in specs:
            ok = [t for t in lv.ok if t.turn == spec.name]
            ttft = [t.ttft_ms for t in ok if t.ttft_ms is not None]
            total = [t.total_ms for t in ok]
            parts.append(
                f"{spec.name} {ms(_pct(ttft, 50))}/{ms(_pct(ttft, 95))}, "
                f"{ms(_pct(total, 50))}/{ms(_pct(total, 95))}"
            )
        print(
            f"  {lv.users:>3} users: "
            + "; ".join(parts)
            + f"   [server CPU {lv.server_cpu_s:.1f} s, client CPU {lv.client_cpu_s:.1f} s in {lv.wall_s:.1f} s;"
            f" load avg {lv.load_avg:.2f} before]"
        )
    if workload.is_target:
        print(
            "TTFT p50 / p95 (turns) of turns sent while users were still logging in / after the last login:"
        )
        for lv in levels:
            during = [t for t in lv.ok if t.started <= lv.last_login]
            after = [t for t in lv.ok if t.started > lv.last_login]
            print(f"  {lv.users:>3} users: {_split(during)}; {_split(after)}")
    errors = [f"{lv.users} users: {t.user} {t.turn}: {t.error}" for lv in levels for t in lv.turns if t.error]
    errors += [f"{lv.users} users: {e}" for lv in levels for e in lv.connect_errors]
    if errors:
        print()
        print(f"errors ({len(errors)}; first 10):")
        for line in errors[:10]:
            print(f"  {line}")
    print()


def _split(turns: Sequence[TurnResult]) -> str:
    ttft = [t.ttft_ms for t in turns if t.ttft_ms is not None]
    return f"{ms(_pct(ttft, 50))} / {ms(_pct(ttft, 95))} ms ({len(turns)})"
