"""Prompt caching as the providers report it, for the loopback server.

A request is read as a sequence of *blocks* (a tool definition, a system block, a message or a message's
content block), each with its token count and whether it carries an Anthropic ``cache_control`` breakpoint.
The cache remembers prefixes (a running hash over whole blocks) and answers how many prompt tokens of a new
request were read from it and how many were written to it:

- OpenAI-format: caching is automatic. The longest prefix seen before counts as cached when it is at least
  1,024 tokens, in steps of 128 tokens (OpenAI's documented rule); every prefix of 1,024+ tokens is stored.
  Nothing is reported as written.
- Anthropic-format: only prefixes ending at a breakpoint are stored (written), and a breakpoint finds a
  stored prefix ending at it or up to 20 blocks before it (Anthropic's documented lookback). Prefixes shorter
  than 1,024 tokens are neither stored nor read.

Matching is per whole block, a little stricter than a provider's per-token match, never more generous.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

MIN_CACHED = 1024
OPENAI_STEP = 128
LOOKBACK_BLOCKS = 20


@dataclass(frozen=True, slots=True)
class Block:
    key: str  # the block's canonical text (cache_control removed: a breakpoint does not change the prefix)
    tokens: int
    breakpoint: bool = False


@dataclass(frozen=True, slots=True)
class CacheReport:
    prompt_tokens: int  # all of the prompt, cached or not
    cached_tokens: int  # read from the cache
    cache_write_tokens: int  # written to the cache by this request


def rough_tokens(text: str) -> int:
    """About four characters a token: the server's own count when no tokenizer is given."""
    return max(1, (len(text) + 3) // 4)


def canonical(value: Any) -> str:
    """A block's key: its JSON with sorted keys and every ``cache_control`` left out."""

    def strip(v: Any) -> Any:
        if isinstance(v, dict):
            return {k: strip(x) for k, x in v.items() if k != "cache_control"}
        if isinstance(v, list):
            return [strip(x) for x in v]
        return v

    return json.dumps(strip(value), sort_keys=True, ensure_ascii=False)


def block(value: Any, count: Callable[[str], int]) -> Block:
    key = canonical(value)
    has_breakpoint = isinstance(value, dict) and value.get("cache_control") is not None
    return Block(key=key, tokens=count(key), breakpoint=has_breakpoint)


class PromptCache:
    """One provider's cache, shared by every request the server gets (thread-safe)."""

    def __init__(self) -> None:
        self._stored: set[str] = set()
        self._lock = threading.Lock()

    def clear(self) -> None:
        with self._lock:
            self._stored.clear()

    @staticmethod
    def _prefixes(blocks: Sequence[Block]) -> tuple[list[str], list[int]]:
        running, total = hashlib.sha256(), 0
        hashes, tokens = [], []
        for b in blocks:
            running.update(b.key.encode())
            running.update(b"\x00")
            total += b.tokens
            hashes.append(running.hexdigest())
            tokens.append(total)
        return hashes, tokens

    def automatic(self, blocks: Sequence[Block]) -> CacheReport:
        """OpenAI's rule (see the module docstring)."""
        hashes, tokens = self._prefixes(blocks)
        total = tokens[-1] if tokens else 0
        with self._lock:
            hit = max((t for h, t in zip(hashes, tokens, strict=True) if h in self._stored), default=0)
            self._stored.update(h for h, t in zip(hashes, tokens, strict=True) if t >= MIN_CACHED)
        cached = hit - hit % OPENAI_STEP if hit >= MIN_CACHED else 0
        return CacheReport(prompt_tokens=total, cached_tokens=cached, cache_write_tokens=0)

    def breakpoints(self, blocks: Sequence[Block]) -> CacheReport:
        """Anthropic's rule (see the module docstring)."""
        hashes, tokens = self._prefixes(blocks)
        total = tokens[-1] if tokens else 0
        marks = [i for i, b in enumerate(blocks) if b.breakpoint]
        with self._lock:
            read = 0
            for mark in marks:
                for i in range(mark, max(-1, mark - LOOKBACK_BLOCKS - 1), -1):
                    if hashes[i] in self._stored:
                        read = max(read, tokens[i])
                        break
            last = marks[-1] if marks else -1
            write = 0
            if last >= 0 and tokens[last] >= MIN_CACHED and hashes[last] not in self._stored:
                write = tokens[last] - read
            self._stored.update(hashes[m] for m in marks if tokens[m] >= MIN_CACHED)
        return CacheReport(prompt_tokens=total, cached_tokens=read, cache_write_tokens=write)
