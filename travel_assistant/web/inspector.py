"""The memory inspector: what is remembered about the user, why, since when; delete, forget all, export.

Rendering is plain markdown built from ``memory_view.fact_rows`` (shared with the CLI). Actions carry only a
fact id, which the server validates and looks up inside the acting user's scope, so a tampered payload can at
worst name one of the user's own facts.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from assistant.ids import UserId, UserScope
from travel_assistant.container import Runtime
from travel_assistant.memory_view import fact_rows


def inspector_markdown(rt: Runtime, user: UserId, now: datetime) -> tuple[str, list[dict[str, Any]]]:
    """The inspector text and the current facts it lists (for per-fact delete buttons)."""
    rows = fact_rows(rt.fact_memory, rt.facts, UserScope(user), now=now, history=True)
    current = [r for r in rows if r["status"] in ("current", "stale")]
    old = [r for r in rows if r["status"] not in ("current", "stale")]
    if not rows:
        return (
            "### What I remember about you\nNothing yet. Facts are saved from a conversation after it has "
            'been idle for a while, or at once when you say "remember that …".',
            [],
        )
    lines = ["### What I remember about you", ""]
    for i, r in enumerate(current, 1):
        source = _source(rt, user, r)
        stale = f" · **stale** (as of {r['age']}; may be out of date)" if r["status"] == "stale" else ""
        how = "you asked me to remember it" if r["asserted_by"] == "user_confirmed" else "you said it"
        lines += [
            f"**{i}. {r['label']}: {r['value']}**{stale}",
            f"- why: {how}: “{r['quote']}”",
            f"- when: {r['asserted_at'][:10]} ({r['age']}) · version {r['version']} · keeps until "
            f"{r['expires_at'][:10]}",
            f"- source: {source}",
            f"- id: `{r['id']}`",
            "",
        ]
    if old:
        lines.append("<details><summary>Earlier versions</summary>\n")
        lines += [
            f"- {r['label']}: {r['value']} (v{r['version']}, {r['asserted_at'][:10]}), superseded"
            for r in old
        ]
        lines.append("\n</details>")
    return "\n".join(lines), current


def _source(rt: Runtime, user: UserId, row: dict[str, Any]) -> str:
    thread = row["source_thread"]
    if not thread:
        return "explicit request"
    from assistant.ids import ThreadId

    if rt.directory.get_thread(user, ThreadId(thread)) is None:
        return f"conversation `{thread[:8]}` (deleted; the fact stays until you delete it)"
    return f"[open the conversation](/thread/{thread}) (turn `{row['source_turn'][:8]}`)"


def export_bytes(rt: Runtime, user: UserId, now: datetime) -> bytes:
    return json.dumps(rt.registry.export(user, now=now), indent=2, ensure_ascii=False).encode("utf-8")
