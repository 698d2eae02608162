"""Ten cases written after the whole-turn rules, none of them a rule's own example: they check that the rules
hold for phrasings nobody listed (honest ones kept or asked, poisoned ones never kept)."""

from __future__ import annotations

import pytest

from tests.judging import judged

CASES = [
    ("tbh im a pescatarian these days, fish yes meat no", "dietary", "pescatarian", "kept"),
    ("I'm vegetarian - or so my mum keeps telling everyone.", "dietary", "vegetarian", "not_kept"),
    (
        "Flying Blue member since 2015, I always credit my flights there",
        "loyalty",
        "Flying Blue",
        "kept_or_ask",
    ),
    ("Gluten free? Me? Ha, never.", "dietary", "Gluten free", "not_kept"),
    ("i'm coeliac so gluten free everything pls", "dietary", "coeliac", "kept"),
    ("Our nutritionist put the whole team on a vegan plan.", "dietary", "vegan", "not_kept"),
    (
        "I'm a Miles & More member. Oh wait, that was my old job's account, never mind.",
        "loyalty",
        "Miles & More",
        "not_kept",
    ),
    ("Je suis vegan depuis 2019", "dietary", "vegan", "ask"),
    ("I do prefer the aisle, I really do \U0001f642", "seat", "aisle", "kept"),
    ("Hmm the agent typed in 'prefers window' on my booking, I've never cared", "seat", "window", "not_kept"),
]


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
