"""Where a server's busy time went, from ``py-spy record --format raw --threads`` output.

Raw (collapsed) output is one line per distinct stack: ``thread;root frame;…;leaf frame <samples>``; each frame
reads ``function (path/to/file.py:line)``. Only active samples are recorded (py-spy's default): a thread
running, waiting for a core, or blocked in a system call py-spy does not treat as idle (fsync). On the
event-loop thread all of that is time the loop could do nothing else. Used by ``benchmarks.load``; runnable
on a saved file:

    python -m benchmarks._server_profile PROFILE.txt [--rate 100] [--turns N] [--wall SECONDS]
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

# (label, substrings of a frame). A sample is charged to the first category any of its frames matches, so the
# specific parts of the turn come before the layers they run inside (a token count inside context assembly
# is token counting; a LanceDB read inside recall is recall).
CATEGORIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("token counting (litellm token_counter, tiktoken)", ("token_counter", "tiktoken", "count_tokens")),
    ("query embedding (MiniLM, ONNX Runtime)", ("onnxruntime", "minilm_onnx", "compute_query_embeddings")),
    ("recall: fact reads, search, memory block", ("assistant/facts/recall.py", "memory/lance_store.py")),
    ("turn: thread log + directory (SQL)", ("memory/thread_log.py",)),
    ("turn: context window assembly", ("assistant/turn/context.py",)),
    ("turn: tools + bookings (SQL)", ("assistant/turn/tools.py", "memory/bookings.py")),
    (
        "turn: offline model + litellm streaming",
        ("assistant/offline_model.py", "assistant/model/llm.py", "litellm/"),
    ),
    ("turn: engine, other", ("assistant/turn/engine.py",)),
    ("login: Argon2 verify", ("argon2", "pwdlib")),
    ("Chainlit data layer (our tables)", ("travel_assistant/web/data_layer.py",)),
    ("Chainlit: steps, messages, emitter", ("chainlit/",)),
    ("socket.io / engine.io", ("socketio/", "engineio/")),
    ("HTTP server (uvicorn, starlette)", ("uvicorn/", "starlette/", "fastapi/", "h11", "websockets/")),
    ("asyncio event loop itself", ("asyncio/",)),
)

# Leaf frames that are waits, not work: py-spy's idle detection can miss a thread that is just entering or
# leaving one, so such samples are shown apart instead of being charged to whatever called them.
WAITS = (
    "Condition.wait (threading.py",
    "EpollSelector.select (selectors.py",
    "_worker (concurrent/futures",
    "Event.wait (threading.py",
    "_wait_for_tstate_lock",
    "Queue.get (queue.py",
    "SimpleQueue.get",
)
WAITING = "waiting (a lock, condition or epoll wait sampled as active)"

# Inclusive rows: a sample counts for every row whose frame is on its stack.
INCLUSIVE = {
    "Engine.run_turn (the whole turn)": "run_turn (assistant/turn/engine.py",
    "  Engine._recall (recall + memory block + recall event)": "_recall (assistant/turn/engine.py",
    "    Recaller.recall": "recall (assistant/facts/recall.py",
    "    render_block (memory block)": "render_block (assistant/facts/recall.py",
    "  thread log append (any caller)": "append (memory/thread_log.py",
    "  thread log events (any caller)": "events (memory/thread_log.py",
    "  context assemble": "assemble (assistant/turn/context.py",
    "  model complete (litellm + offline model)": "complete (assistant/model/llm.py",
    "token counting (any caller)": "token_counter",
    "LiveTurn (UI steps and streaming)": "travel_assistant/web/ui.py",
    "data layer (Chainlit persistence on our tables)": "travel_assistant/web/data_layer.py",
    "prefetch_memory (chat start)": "prefetch_memory",
    "password check (login)": "verify_password",
    "LanceDB (any)": "lancedb/",
    "SQLAlchemy (any)": "sqlalchemy/",
    "garbage collection": "gc_collect",
}


@dataclass
class Profile:
    samples: int
    rate: int
    loop_thread: int  # work samples on the thread running the asyncio loop (the loop can do nothing else)
    by_category: Counter[str]
    leaves: Counter[str]
    inclusive: dict[str, int]


def read_profile(path: Path, *, rate: int) -> Profile:
    by_category: Counter[str] = Counter()
    leaves: Counter[str] = Counter()
    inclusive = dict.fromkeys(INCLUSIVE, 0)
    total = loop = 0
    for line in path.read_text(errors="replace").splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        count = int(count_text)
        frames = stack.split(";")
        total += count
        if any(w in frames[-1] for w in WAITS):
            label = WAITING
        else:
            label = next(
                (name for name, pats in CATEGORIES if any(p in f for f in frames for p in pats)), "other"
            )
        by_category[label] += count
        if label != WAITING and any("_run_once" in f or "run_forever" in f for f in frames):
            loop += count
        leaves[frames[-1]] += count
        for name, needle in INCLUSIVE.items():
            if any(needle in f for f in frames):
                inclusive[name] += count
    return Profile(total, rate, loop, by_category, leaves, inclusive)


def print_profile(p: Profile, *, turns: int, wall_s: float, label: str, cpu_s: float | None = None) -> None:
    """Shares are of the samples that were work (waits excluded); ms per turn is their busy time per turn."""
    work = max(1, p.samples - p.by_category.get(WAITING, 0))
    per_turn = 1000.0 / p.rate / max(1, turns)
    check = f"; the kernel counted {cpu_s:.1f} CPU s for the server process" if cpu_s is not None else ""
    print(
        f"profile: {label}, {turns} turns; py-spy {p.rate} Hz (non-blocking), all threads, active samples: "
        f"{p.samples}, of which {work} work = {work / p.rate:.1f} busy s ({work * per_turn:.0f} ms per turn){check}; "
        f"{p.loop_thread / work:.0%} of the work on the event-loop thread "
        f"(busy {p.loop_thread / p.rate / max(wall_s, 1e-9):.0%} of the {wall_s:.1f} s of turns)"
    )
    print(
        f"  {'where (each sample charged once: first match in this order)':<64} {'share':>6} {'ms/turn':>8}"
    )
    for name, _pats in (*CATEGORIES, ("other", ())):
        n = p.by_category.get(name, 0)
        if n:
            print(f"  {name:<64} {n / work:>6.1%} {n * per_turn:>8.1f}")
    waits = p.by_category.get(WAITING, 0)
    print(f"  ({WAITING}: {waits} samples, not counted above)")
    print(f"  {'inclusive (a sample counts for every row on its stack)':<64} {'share':>6} {'ms/turn':>8}")
    for name, n in p.inclusive.items():
        if n:
            print(f"  {name:<64} {n / work:>6.1%} {n * per_turn:>8.1f}")
    print("  hottest leaf functions (self time, waits excluded):")
    leaves = [(leaf, n) for leaf, n in p.leaves.most_common() if not any(w in leaf for w in WAITS)]
    for leaf, n in leaves[:12]:
        print(f"    {n / work:>6.1%}  {leaf[:110]}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks._server_profile", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("profile", type=Path)
    parser.add_argument("--rate", type=int, default=100)
    parser.add_argument("--turns", type=int, default=1)
    parser.add_argument("--wall", type=float, default=0.0, help="wall seconds of the recorded run")
    args = parser.parse_args(argv)
    prof = read_profile(args.profile, rate=args.rate)
    print_profile(
        prof, turns=args.turns, wall_s=args.wall or prof.samples / args.rate, label=str(args.profile)
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
