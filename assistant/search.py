"""Scoring helpers for recall: a dependency-free lexical scorer (the in-memory store's stand-in for hybrid
search) and the recency blend applied on top of any store's relevance."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    "a an and are as at be by do for from have i in is it me my of on or please the to we what with you your".split()  # noqa: SIM905
)


def tokens(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower()) if w not in _STOP]


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


def recency_blend(relevance: float, age_days: float, *, half_life_days: float, weight: float) -> float:
    """Blend relevance with an exponential recency decay.

    ``weight`` is the share of the score given to recency. A half-life (rather than a raw decay rate) keeps the
    setting readable: after ``half_life_days`` the recency part is worth half.
    """
    recency = float(0.5 ** (max(age_days, 0.0) / half_life_days))
    return (1.0 - weight) * relevance + weight * recency
