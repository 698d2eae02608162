"""Ten cases written after the whole-turn rules, none of them a rule's own example: they check that the rules
hold for phrasings nobody listed (honest ones kept or asked, poisoned ones never kept)."""

from __future__ import annotations

import pytest

from tests.judging import judged
from tests.tables import rows

CASES = rows("gate_fresh_cases", "cases")


@pytest.mark.parametrize(("said", "ftype", "quote", "want"), CASES, ids=[c[0][:40] for c in CASES])
def test_fresh_cases(said: str, ftype: str, quote: str, want: str) -> None:
    got = judged(said, ftype, quote)
    kind = "kept" if got.startswith("kept") else "ask" if got.startswith("ask") else "rejected"
    allowed = {
        "kept": {"kept"},
        "ask": {"ask"},
        "not_kept": {"ask", "rejected"},
        "kept_or_ask": {"kept", "ask"},
    }
    assert kind in allowed[want], got
