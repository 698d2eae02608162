"""The encoder the offline model reads messages with, handed down at start: ``demo`` may not import ``memory``,
where the bundled MiniLM lives, so the composition root gives it a function that embeds."""

from __future__ import annotations


def install_offline_intents(mode: str) -> None:
    """Hand the offline model its encoder, the bundled MiniLM (loaded on the first message it reads, shared with
    the fact store's: one model per process); any other mode reads intents by patterns alone."""
    from demo import intents

    if mode != "meaning":
        intents.uninstall()
        return
    from memory.embeddings import BundledMiniLM
    from memory.minilm_onnx import SavedVectors, known_words

    encoder = BundledMiniLM()
    intents.install(
        lambda texts: encoder.generate_embeddings(texts), cache=SavedVectors(), known_words=known_words
    )
