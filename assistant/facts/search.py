"""Scoring helpers for recall: a dependency-free lexical scorer (the in-memory store's stand-in for hybrid
search) and the recency tie-break applied on top of any store's relevance."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TypeVar

from language.lexicon.formats import SEARCH_STOP_WORDS, SEARCH_TOKEN

T = TypeVar("T")


def tokens(text: str) -> list[str]:
    return [w for w in SEARCH_TOKEN.findall(text.lower()) if w not in SEARCH_STOP_WORDS]


def hybrid_scores(query: str, items: Sequence[tuple[T, str]]) -> list[tuple[T, float]]:
    """Score items by query-term overlap in [0, 1], best first. Items with no overlap score 0."""
    wanted = set(tokens(query))
    scored: list[tuple[T, float]] = []
    for item, text in items:
        have = set(tokens(text))
        overlap = len(wanted & have)
        score = overlap / math.sqrt(len(wanted) * len(have)) if overlap else 0.0
        scored.append((item, min(1.0, score)))
    scored.sort(key=lambda pair: pair[1], reverse=True)
    return scored


def recency_blend(relevance: float, age_days: float, *, half_life_days: float, band: float) -> float:
    """Relevance plus a recency bonus worth at most ``band``: recency breaks near-ties, it never reorders.

    The bonus is ``band`` for a fact recorded now and halves every ``half_life_days``; it stays in (0, band],
    so two facts whose relevance differs by more than ``band`` keep their relevance order whatever their ages,
    and two facts of equal relevance are ordered newest first. (A weighted average of relevance and recency,
    used before, let a weak recent fact push a clearly better old one out of the top k: on a public
    long-conversation set it cost 11 points of recall@1 and 5 of recall@10.) ``band`` should sit below the
    smallest relevance gap that still means something for the store's scores; ``benchmarks.recall_quality``
    sweeps it.
    """
    recency = float(0.5 ** (max(age_days, 0.0) / half_life_days))
    return relevance + band * recency
