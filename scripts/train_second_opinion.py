"""Train the second opinion on every corpus and write its model file.

    .venv/bin/python -m scripts.train_second_opinion [--out PATH]

It learns from the project's poisoning corpus and controls and every held-out corpus with statements (see
:mod:`testkit.second_opinion`), chooses its threshold on them out of each corpus, and writes
``data/second_opinion.json`` (git-ignored; read by :func:`language.learned.from_json`, no scikit-learn needed to
score). Needs the test extras (scikit-learn). The gate does not use it: ``python -m benchmarks.second_opinion``
decided against it (see its docstring); run that again after a corpus is added to see whether it pays now.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from testkit.second_opinion import train, training_names, write

MODEL = Path(__file__).resolve().parents[1] / "data" / "second_opinion.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=MODEL, help=f"where to write the model (default {MODEL})")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    names = training_names()
    model = train(names)
    write(model, args.out)
    took = time.perf_counter() - started
    print(
        f"trained on {', '.join(names)}: {len(model.idf)} n-grams, threshold {model.threshold:.4f} "
        f"({took:.0f} s) -> {args.out} ({args.out.stat().st_size // 1024} KiB)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
