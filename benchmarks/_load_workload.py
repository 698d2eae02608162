"""How the simulated users of ``benchmarks.load`` arrive and pace their turns: the two workloads it runs.

**paced** (the target's workload): fifty concurrent users of a chat app are fifty people with the app open,
each reading a reply and typing the next message between turns. User *i* of *N* arrives at ``i × ramp / N``
seconds (``--ramp-s``, default 10: five logins a second at 50 users, each an Argon2 check of ~180 ms of CPU),
logs in, opens a chat, and waits a think time before each of its turns, drawn uniformly from ``--think-s``
(default 3–8 s) by a random generator seeded per user (``--seed``), so every run and every level replays the
same schedule whatever the server does.

Why 3–8 s is conservative, not generous: the worked example's messages are 7–9 words (~40 characters);
typing them takes ~10–14 s at 40 words a minute (an average typist on a keyboard; slower on a phone), and
reading the reply before it (20–40 words, a tool step, a card) takes another 5–10 s at 250 words a minute. A
real person's pause is therefore ~15–25 s; 3–8 s (mean 5.5 s) is less than half of that, so each simulated
user sends at least twice as many turns a minute as a person could. The ramp is conservative the same way:
50 arrivals in 10 s is 18,000 logins an hour, for a population that stays connected for minutes.

**burst** (a stress test, not the target's workload): every user logs in and connects first, all at once;
then all start their first turn in the same instant and send each next turn the moment the previous one
ends, with no think time, so every user is mid-turn all the time. Its TTFT is a queueing figure: with ~150 ms
of server CPU per turn on two shared cores, the last of fifty simultaneous first tokens waits for ~50 turns
of work. It shows capacity (turns a second) and what a login storm does; read it as that only.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from benchmarks._chat_client import TurnResult, TurnSpec, User

PACED = "paced"
BURST = "burst"
DEFAULT_RAMP_S = 10.0
DEFAULT_THINK_S = (3.0, 8.0)


@dataclass(frozen=True, slots=True)
class Workload:
    name: str  # PACED or BURST
    ramp_s: float = 0.0
    think_s: tuple[float, float] = (0.0, 0.0)  # uniform [low, high] before each turn
    seed: int = 1

    @property
    def is_target(self) -> bool:
        return self.name == PACED

    def describe(self) -> str:
        if self.name == BURST:
            return (
                "BURST (stress test, not the target's workload): all users log in and connect at once, then all "
                "start their first turn in the same instant; no think time, each next turn sent as the last ends"
            )
        low, high = self.think_s
        think = f"U({low:g}, {high:g}) s" if high > low else f"{low:g} s"
        return (
            f"PACED (the target's workload): users arrive evenly over {self.ramp_s:g} s, log in, open a chat, "
            f"and think {think} before each turn (seed {self.seed})"
        )

    def arrival_s(self, index: int, users: int) -> float:
        return self.ramp_s * index / users if self.name == PACED else 0.0

    def rng(self, level: str, index: int) -> random.Random:
        """One generator per user, keyed by level and position: the schedule never depends on timing."""
        return random.Random(f"{self.seed}/{level}/{index}")

    def think(self, rng: random.Random) -> float:
        low, high = self.think_s
        return rng.uniform(low, high) if high > 0 else 0.0


@dataclass
class Drive:
    users: list[User]
    connect_errors: list[str]
    turns: list[TurnResult]
    turns_started: float  # perf_counter: the first turn (burst) or the first arrival (paced)
    turns_ended: float


async def drive(
    base_url: str,
    passwords: dict[str, str],
    names: list[str],
    specs: Sequence[TurnSpec],
    workload: Workload,
    level: str,
) -> Drive:
    users = [User(n, passwords[n], base_url) for n in names]
    connect_errors: list[str] = []

    async def arrive(u: User) -> bool:
        try:
            await u.login()
            if not specs[0].new_chat:
                await u.open_chat()
            return True
        except Exception as exc:  # reported per user; the others go on
            connect_errors.append(f"{u.name}: {type(exc).__name__}: {exc}")
            return False

    async def converse(u: User, rng: random.Random) -> list[TurnResult]:
        out = []
        for spec in specs:
            pause = workload.think(rng)
            if pause:
                await asyncio.sleep(pause)  # reading the reply, typing the next message
            result = await u.turn(spec)
            out.append(result)
            if result.error and u.chat is not None and not u.chat.client.connected:
                break
        return out

    if workload.name == BURST:
        ready = await asyncio.gather(*(arrive(u) for u in users))
        t0 = time.perf_counter()
        per_user = await asyncio.gather(
            *(
                converse(u, workload.rng(level, i))
                for i, (u, ok) in enumerate(zip(users, ready, strict=True))
                if ok
            )
        )
    else:
        t0 = time.perf_counter()

        async def paced(i: int, u: User) -> list[TurnResult]:
            await asyncio.sleep(max(0.0, t0 + workload.arrival_s(i, len(users)) - time.perf_counter()))
            return await converse(u, workload.rng(level, i)) if await arrive(u) else []

        per_user = await asyncio.gather(*(paced(i, u) for i, u in enumerate(users)))
    t1 = time.perf_counter()
    await asyncio.gather(*(u.close() for u in users), return_exceptions=True)
    return Drive(users, connect_errors, [r for rs in per_user for r in rs], t0, t1)


def think_range(text: str) -> tuple[float, float]:
    """``--think-s``: ``LOW-HIGH`` (uniform) or one number (a fixed pause)."""
    try:
        parts = [float(v) for v in text.replace(",", "-").split("-") if v.strip()]
    except ValueError as exc:
        raise argparse.ArgumentTypeError("--think-s takes LOW-HIGH seconds, e.g. 3-8, or one number") from exc
    if len(parts) == 1:
        parts = parts * 2
    if len(parts) != 2 or parts[0] < 0 or parts[1] < parts[0]:
        raise argparse.ArgumentTypeError("--think-s takes LOW-HIGH seconds with 0 <= LOW <= HIGH, e.g. 3-8")
    return parts[0], parts[1]


def workloads(text: str) -> list[str]:
    names = [v.strip() for v in text.split(",") if v.strip()]
    if not names or any(n not in (PACED, BURST) for n in names):
        raise argparse.ArgumentTypeError(f"--workload takes {PACED}, {BURST} or {PACED},{BURST}")
    return list(dict.fromkeys(names))
