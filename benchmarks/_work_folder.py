"""A benchmark's working folder: the one its option names, kept so a later run reuses what an earlier one
built (a table of a million rows takes minutes), or else a temp dir removed when the run ends."""

from __future__ import annotations

import argparse
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def add_folder_option(parser: argparse.ArgumentParser, flag: str, what: str) -> None:
    parser.add_argument(
        flag,
        type=Path,
        default=None,
        metavar="DIR",
        help=f"keep {what} in DIR and reuse it on later runs (default: a temp dir, removed)",
    )


@contextmanager
def work_folder(kept: Path | None, prefix: str) -> Iterator[Path]:
    """``kept`` as it is, or a fresh temp dir under /tmp removed on the way out (also after a failure)."""
    if kept is not None:
        yield kept
        return
    temp = Path(tempfile.mkdtemp(prefix=prefix, dir="/tmp"))
    try:
        yield temp
    finally:
        shutil.rmtree(temp, ignore_errors=True)
