"""Write (or check) the pinned verdict files: ``python -m testkit.pin [--set NAME ...] [--check]``.

See :mod:`testkit.pins`. A set pinned for the first time also gets ``first_run.jsonl``, never rewritten.
Without ``--set`` every set is written; ``--check`` writes nothing and exits 1 when a set differs from its file,
printing the rows that changed.
"""

from __future__ import annotations

import argparse
import sys
import time

from testkit.pins import changed, compute, dump, load, pinned_sets


def main(argv: list[str] | None = None) -> int:
    sets = {s.name: s for s in pinned_sets()}
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", action="append", choices=sorted(sets), help="only these sets")
    parser.add_argument("--check", action="store_true", help="compare with the files, write nothing")
    args = parser.parse_args(argv)
    differs = False
    for name in args.set or list(sets):
        pinned = sets[name]
        started = time.perf_counter()
        rows = compute(pinned)
        took = time.perf_counter() - started
        if args.check:
            lines = changed(load(pinned.path) if pinned.path.exists() else [], rows)
            differs |= bool(lines)
            print(f"{name}: {len(rows)} rows, {len(lines) // 2} changed ({took:.1f} s)")
            print("\n".join(lines[:60]))
        else:
            if not pinned.path.exists():
                # The first time a set is pinned is its first run, the honest figure for rules that never saw
                # it: kept beside the pins for good (benchmarks.memory_safety prints it beside today's).
                pinned.first_run_path.write_text(dump(rows), encoding="utf-8")
            pinned.path.write_text(dump(rows), encoding="utf-8")
            print(f"{name}: {len(rows)} rows -> {pinned.path} ({took:.1f} s)")
    return 1 if differs else 0


if __name__ == "__main__":
    sys.exit(main())
