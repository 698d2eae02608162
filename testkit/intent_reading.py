"""How the offline model reads a message's intent, on its own (no conversation behind it: today's tools, an empty
memory): by meaning (``demo.intents`` with the bundled MiniLM, the default) and by the moves' patterns alone.

Shared by ``benchmarks.intents`` (accuracy on the paraphrase sets) and the pinned intent verdicts
(``testkit.pins``). A bare yes or no counts, for the patterns, as if our "shall I …?" question were pending (its
patterns for answers are the forgetting move's). A message the meaning reading is unsure about reads as None.
"""

from __future__ import annotations

from datetime import date

from demo.agent import _answer_hint, _by_rules, rule_intent, understood
from demo.view import Memory, View

TOOLS = frozenset(
    {
        "search_flights",
        "book_flight",
        "cancel_booking",
        "get_my_bookings",
        "find_restaurants",
        "remember_preference",
        "forget_memory",
    }
)


def _view(text: str) -> View:
    return View(today=date(2026, 11, 9), user_text=text, memory=Memory(), trip={}, tools=set(TOOLS))


def by_patterns(text: str) -> str | None:
    ruled = _by_rules(_view(text))
    return rule_intent(ruled[0], _view(text)) if ruled else _answer_hint(text)


def by_meaning(text: str) -> str | None:
    return understood(_view(text)).intent


def install_meaning() -> None:
    """Give the offline model the bundled MiniLM (the app's default reading)."""
    from travel_assistant.readers import install_offline_intents

    install_offline_intents("meaning")
