"""The bundled embedding model through LanceDB's registry: real vectors, located at run time, offline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.facts import Authority, FactDraft, FactMemory
from assistant.ids import UserScope
from memory.lance_store import LanceFactStore
from tests.conftest import MONDAY

pytestmark = pytest.mark.slow
ALICE = UserScope.of("alice")


def test_semantic_search_ranks_the_fact_a_question_is_about(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    store = LanceFactStore(str(tmp_path / "lance"), embedding="minilm")
    memory = FactMemory(store, store)
    for turn, (ftype, value, quote) in enumerate(
        [
            ("dietary", "vegetarian", "I don't eat meat or fish, I'm vegetarian"),
            ("seat", "aisle", "I always want an aisle seat"),
            ("home_airport", "MAN", "I usually fly from Manchester"),
            ("accessibility", "wheelchair assistance", "I need wheelchair assistance at airports"),
        ]
    ):
        memory.record(ALICE, FactDraft(ftype, value, quote, "t", f"u{turn}", Authority.USER), now=MONDAY)
    best = store.search(ALICE, "somewhere nice to eat tonight without meat", limit=4)
    assert best[0][0].value == "vegetarian"
    assert store.search(ALICE, "which airport do I leave from", limit=4)[0][0].value == "MAN"
    # The table metadata names the registered function, not a file path: a moved install keeps working.
    table = store.table_of(ALICE)
    assert table is not None
    [config] = json.loads(table.schema.metadata[b"embedding_functions"].decode())
    assert config["name"] == "travel-minilm" and "/" not in json.dumps(config["model"])
