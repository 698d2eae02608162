"""The bundled embedding model through LanceDB's registry: real vectors, located at run time, offline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.fact_records import Authority, FactDraft
from assistant.facts.memory import FactMemory
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
    for turn, (ftype, value, _quote) in enumerate(
        [
            ("dietary", "vegetarian", "I don't eat meat or fish, I'm vegetarian"),
            ("seat", "aisle", "I always want an aisle seat"),
            ("home_airport", "MAN", "I usually fly from Manchester"),
            ("accessibility", "wheelchair assistance", "I need wheelchair assistance at airports"),
        ]
    ):
        memory.record(ALICE, FactDraft(ftype, value, "t", f"u{turn}", Authority.USER), now=MONDAY)
    best = store.search(ALICE, "somewhere nice to eat tonight without meat", limit=4)
    assert best[0][0].value == "vegetarian"
    assert store.search(ALICE, "which airport do I leave from", limit=4)[0][0].value == "MAN"
    # The table metadata names the registered function, not a file path: a moved install keeps working.
    table = store.table_of(ALICE)
    assert table is not None
    [config] = json.loads(table.schema.metadata[b"embedding_functions"].decode())
    assert config["name"] == "travel-minilm" and "/" not in json.dumps(config["model"])


def test_the_onnx_encoder_gives_the_vectors_sentence_transformers_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Facts already stored were embedded by sentence-transformers: the faster encoder must put new facts and
    queries in the same space, or recall would quietly stop finding them."""
    import numpy as np
    from sentence_transformers import SentenceTransformer

    from memory import minilm_onnx

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("TRAVEL_MODEL_CACHE", str(tmp_path / "cache"))
    encoder = minilm_onnx.load()
    [exported] = list((tmp_path / "cache").glob("minilm-l6-v2-*.onnx"))  # exported once, whole, by name
    texts = [
        "Any dinner suggestions near my hotel?",
        "I'm vegetarian.",
        "",
        "Ünïcödé ✈️ 東京 café",
        "aisle " * 400,  # past the 256-token limit: truncated alike
        "I always want an aisle seat",
    ]
    reference = SentenceTransformer(str(minilm_onnx.model_dir()), device="cpu", local_files_only=True)
    expected = reference.encode(texts, normalize_embeddings=True, convert_to_numpy=True)
    got = encoder.embed(texts, batch_size=4)  # mixed lengths across batches: padding must not leak
    assert got.shape == (len(texts), 384)
    assert float(np.min(np.sum(expected * got, axis=1))) > 0.99999
    again = minilm_onnx.load().embed(texts[:1])  # the cached graph, alone in its batch: the same vector
    assert np.allclose(again, got[:1], atol=1e-6)
    assert exported.exists()


def test_an_export_that_disagrees_is_refused_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from memory import minilm_onnx

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("TRAVEL_MODEL_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(minilm_onnx, "_AGREEMENT", 1.5)  # no cosine reaches it
    with pytest.raises(RuntimeError, match="disagrees"):
        minilm_onnx.load()
    assert list((tmp_path / "cache").iterdir()) == []


def test_an_unwritable_cache_falls_back_to_the_temporary_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os
    import tempfile

    from memory import minilm_onnx

    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")  # the configured cache cannot be created under it (root or not)
    monkeypatch.setenv("TRAVEL_MODEL_CACHE", str(blocked / "cache"))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(os, "getuid", lambda: 4242)
    vector = minilm_onnx.load().embed(["aisle seat"])
    assert vector.shape == (1, 384)
    assert list((tmp_path / "tmp" / "travel-assistant-4242").glob("minilm-l6-v2-*.onnx"))
