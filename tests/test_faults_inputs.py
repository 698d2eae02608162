"""A bad-input corpus through the command line, per database: over 550 inputs, 0 tracebacks.

Lone surrogates, Unicode non-characters, control characters, empty and huge messages, odd ids in every id
position, out-of-range and malformed ``--at``, and invalid UTF-8 bytes in arguments (through the real
``main()``, in forked processes). Every one gets exit code 2 and one line starting ``error:``, printable as
UTF-8; none writes anything: the thread they aim at keeps exactly the events it had, and no user or thread
appears.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from testkit.forkcli import ForkCli
from tests.conftest import run_cli

pytestmark = pytest.mark.slow

KEEP = ["--user", "alice", "--thread", "keep"]


def bad_messages() -> list[str]:
    surrogates = [f"before {chr(c)} after" for c in range(0xD800, 0xE000, 16)]
    noncharacters = [f"x{chr(c)}y" for c in range(0xFDD0, 0xFDF0)]
    noncharacters += [f"z{chr(plane * 0x10000 + low)}" for plane in range(17) for low in (0xFFFE, 0xFFFF)]
    controls = [f"a{chr(c)}b" for c in [*range(0x00, 0x20), *range(0x7F, 0xA0)] if chr(c) not in "\t\n\r"]
    empty = ["", " ", "\n\t ", "\u3000", "\r\n"]
    huge = ["x" * 4001, "y " * 3000, "z" * 40_000, "w" * 1_000_000, "\U0001f600" * 4001]
    return surrogates + noncharacters + controls + empty + huge


def odd_ids() -> list[str]:
    return [
        "",
        " ",
        ".",
        "..",
        "../etc",
        "a/b",
        "a\\b",
        "a:b",
        "a b",
        "x' OR '1'='1",
        'q"uote',
        "semi;colon",
        "tab\tid",
        "nl\nid",
        "nul\x00id",
        "a" * 65,
        "-leading",
        "_leading",
        "é",
        "\U0001f600",
        "ｆｕｌｌ",
        "a\u200bb",
        "a\u202eb",
        "a\ud800",
        "a\udcff",
        "a\ufffe",
        "%2e%2e",
        "a*b",
        "a?b",
        "a|b",
        "a&b",
        "a$b",
        "a#b",
        "a,b",
        "(a)",
        "[a]",
        "{a}",
        "a=b",
        "a~b",
        "a`b",
    ]


def bad_ats() -> list[str]:
    return [
        "0001-01-01T00:00+05:00",
        "9999-12-31T23:59-05:00",
        "0001-01-01",
        "9999-12-31T23:59:59",
        "1969-12-31",
        "3000-01-01",
        "",
        "yesterday",
        "2026-13-01",
        "2026-11-09T25:00",
        "2026-02-30",
        "nan",
        "inf",
        "2026-11-09T10:00+24:00",
        "2026-11-09 10:00 UTC",
        "+2026-11-09",
        "2026-11-09T10:00\x00",
        "2026-11-09\ud800",
        "９９９９-01-01",
        "x" * 10_000,
        "-0001-01-01",
        "1e9",
        "2026-11-09T10:00Z[Europe/Lisbon]",
        "0000-00-00",
        "2026-W99",
    ]


def cli_corpus() -> list[list[str]]:
    runs: list[list[str]] = []
    runs += [["chat", *KEEP, "--turn-id", f"b{n}", "--", text] for n, text in enumerate(bad_messages())]
    for n, raw in enumerate(odd_ids()):
        runs.append(["chat", "--user", raw, "--thread", "keep", "hello"])
        runs.append(["chat", "--user", "alice", "--thread", raw, "hello"])
        runs.append(["chat", *KEEP, "--turn-id", raw, f"hello {n}"])
        runs.append(["log", "--user", raw, "--thread", "keep"])
        runs.append(["memories", "forget", "--user", "alice", "--", raw])
    for raw in bad_ats():
        runs.append(["chat", *KEEP, "--turn-id", "at-test", "--at", raw, "hello"])
        runs += [["jobs", job, "--at", raw] for job in ("promote", "expire", "failing")]
    return runs


def invalid_utf8_corpus() -> list[list[str]]:
    """Arguments as Python receives them from bytes that are not UTF-8 (``surrogateescape``)."""
    runs = []
    for byte in range(0x80, 0x100):
        word = os.fsdecode(b"caf" + bytes([byte]))
        runs.append(["chat", *KEEP, "--turn-id", f"u{byte}", word])
    for raw in (b"\xff", b"al\xe9ce", b"\xc3\x28", b"\xed\xa0\x80"):
        word = os.fsdecode(raw)
        runs += [
            ["chat", "--user", word, "--thread", "keep", "hi"],
            ["log", "--user", "alice", "--thread", word],
        ]
        runs += [["jobs", "promote", "--at", word], [f"--{word}"], [word]]
    return runs


@pytest.fixture
def cli_db(db_url: str, cli_env: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.setenv("DATABASE_URL", db_url)
    assert run_cli("chat", *KEEP, "--turn-id", "t1", "--at", "2026-11-09T09:00", "Hello").exit_code == 0
    return {"DATABASE_URL": db_url, "TRAVEL_DATA_DIR": str(cli_env / "data"), "EMBEDDINGS": "hash"}


def snapshot(env: dict[str, str]) -> dict[str, object]:
    from travel_assistant.container import build_runtime
    from travel_assistant.settings import build_settings

    rt = build_runtime(build_settings())
    try:
        from assistant.ids import ThreadId, UserId

        events = [(e.seq, e.turn_id, e.kind) for e in rt.thread_log.events(ThreadId("keep"))]
        return {"events": events, "threads": [t.id for t in rt.directory.threads_of(UserId("alice"))]}
    finally:
        rt.close()


def one_clear_line(output: str) -> bool:
    lines = output.strip().splitlines()
    return len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in output


def test_over_550_bad_inputs_get_one_clear_line_each_and_change_nothing(
    cli_db: dict[str, str], fork_cli: ForkCli
) -> None:
    from travel_assistant import container
    from travel_assistant.container import build_runtime
    from travel_assistant.settings import build_settings

    before = snapshot(cli_db)
    shared = build_runtime(build_settings())  # one runtime for the whole corpus: the edge is what is tested
    runs = cli_corpus()
    failures = []
    with pytest.MonkeyPatch.context() as patch:
        # The commands import the composition root when they run, so the root's own name is the one to replace.
        patch.setattr(container, "build_runtime", lambda settings: shared)
        patch.setattr(shared, "close", lambda: None)
        for argv in runs:
            result = run_cli(*argv)
            if (
                result.exit_code != 2
                or not one_clear_line(result.output)
                or (result.exception is not None and not isinstance(result.exception, SystemExit))
            ):
                failures.append((argv[:5], result.exit_code, result.output[-200:], repr(result.exception)))
            result.output.encode("utf-8")
    shared.db.dispose()
    assert failures == [], failures[:10]
    assert snapshot(cli_db) == before

    utf8 = invalid_utf8_corpus()
    results = [
        r
        for start in range(0, len(utf8), 12)
        for r in fork_cli.run([(a, cli_db) for a in utf8[start : start + 12]])
    ]
    bad = [
        (argv[:3], r.code, r.stderr[-200:])
        for argv, r in zip(utf8, results, strict=True)
        if r.code != 2 or not one_clear_line(r.stderr) or r.stdout
    ]
    assert bad == [], bad[:10]
    assert snapshot(cli_db) == before
    assert len(runs) + len(utf8) >= 550
