"""Window policies compared by their token arithmetic: ``python -m benchmarks.windows``.

Replays synthetic travel conversations (40 and 100 turns, ~800 tokens per turn including tool output)
through the real engine and the offline model (via litellm), once per policy, and prints per policy:

* total input tokens over the conversation, and as a share of the full buffer's;
* the largest prompt;
* the share of input tokens that sit in a prefix byte-identical to the previous call's prompt (what a provider
  prompt cache can serve);
* whether facts stated in the first turns are still in the model's view at the end (from the window, the
  summary, or long-term memory).

Targets (100 turns, summary-block): total input ≤ 15 % of the full buffer's, ≥ 80 % cache-eligible, early facts
answerable.

Then, for the 100-turn thread, the same conversation through both provider wire formats (``openai/…`` and
``anthropic/…`` on the loopback provider server, answered by the offline agent, counting tokens with litellm's
counter): the cached share the provider reported in its usage, beside our own cache-eligible estimate. The
server caches as the providers document it (OpenAI: any prefix of 1,024+ tokens seen before; Anthropic: only
up to the request's ``cache_control`` breakpoints, which the adapter sets on the tools and the stable head).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any

from assistant.booking_types import FlightOption
from assistant.ids import ThreadId, TurnId, UserId
from assistant.model.llm import ChatModel
from assistant.model.tape import RecordingModel
from assistant.turn.context import ContextStats, Policy
from assistant.turn.parts import EngineSettings, SilentObserver
from assistant.turn.tools import ToolRunner
from assistant.turns import TurnRequest, Usage
from demo.bookings import InMemoryBookingSystem
from language.lexicon.places import AIRPORTS
from memory.inmemory import InMemoryThreadStore
from travel_assistant.twins import Twins

START = datetime(2026, 11, 2, 8, 0, tzinfo=UTC)
BUDGET = 12_000  # the default CONTEXT_BUDGET_TOKENS
USER = UserId("bench-user")
# Destinations of the demo's flights, as the airports table names them.
CITIES = [AIRPORTS[code] for code in ("LIS", "OPO", "MAD", "BCN", "CDG", "AMS", "FCO", "BER", "VIE", "ATH")]
FARE_RULES = (
    "Economy Classic fare. Changes allowed up to 24 hours before departure for a fee of EUR 70 plus any fare "
    "difference. Cancellation: taxes refundable only. Baggage: one cabin bag up to 8 kg and one personal item; "
    "one checked bag up to 23 kg. Seat selection from EUR 9. Miles accrual 50 percent. No-show: remaining "
    "sectors cancelled. Name changes not permitted. Infant fares on request. Meals: standard meal included; "
    "special meals can be requested up to 24 hours before departure. Fare basis code KLOWEU with booking class "
    "K; valid for travel on the flights shown only; stopovers not permitted; minimum stay none; maximum stay "
    "twelve months. Refund of unused taxes on request within thirty days. Upgrades with miles are not possible "
    "on this fare. Travel insurance is not included; extra legroom seats are chargeable at the airport."
)


class FareRulesBookings(InMemoryBookingSystem):
    """The demo inventory with the fare conditions a real flight search returns (makes a turn ~800 tokens)."""

    def search_flights(self, *, origin: str, destination: str, day: date) -> list[FlightOption]:
        return super().search_flights(origin=origin, destination=destination, day=day)


def _padded(result: dict[str, Any]) -> dict[str, Any]:
    for option in result.get("options", []):
        option["fare_rules"] = FARE_RULES
    return result


class PaddedRunner(ToolRunner):
    def run(self, name: str, raw_arguments: str, ctx: Any) -> Any:
        outcome = super().run(name, raw_arguments, ctx)
        if name == "search_flights" and outcome.ok:
            _padded(outcome.result)
        return outcome


def script(turns: int) -> list[str]:
    """A travel conversation: early self-statements, then searches, bookings, look-ups and small talk."""
    lines = [
        "Hi! I'm planning a few trips this winter.",
        "Before we start: I'm vegetarian, and I usually fly from Manchester.",
    ]
    i = 0
    while len(lines) < turns:
        city = CITIES[i % len(CITIES)]
        day = 3 + (i * 7) % 25
        lines += [
            f"Find me flights to {city} on the {day}th",
            f"Book option {1 + i % 3}, please.",
            "Any dinner suggestions near my hotel?",
            "Thanks, that's helpful.",
        ]
        i += 1
    return lines[:turns]


class Stats(SilentObserver):
    """Keeps each model call's context statistics; ignores the other live hooks."""

    def __init__(self) -> None:
        self.calls: list[ContextStats] = []

    async def context(self, stats: ContextStats) -> None:
        self.calls.append(stats)


@dataclass
class Row:
    policy: str
    turns: int
    total_input: int
    max_prompt: int
    cache_share: float
    tokens_per_turn: float
    answerable: str
    seconds: float
    usage: Usage = field(default_factory=Usage)


async def replay(model: ChatModel, policy: Policy, turns: int, *, promote_after: int | None = None) -> Row:
    twins = Twins(bookings=FareRulesBookings())
    store = twins.threads
    recorder = RecordingModel(model, keep=1)
    budget = 128_000 if policy == "full" else BUDGET
    engine = twins.engine(
        recorder,
        tools=PaddedRunner(twins.bookings, None),
        settings=EngineSettings(
            policy=policy, budget_tokens=budget, reply_reserve_tokens=1000, clear_old_tool_results=False
        ),
    )
    stats = Stats()
    thread = ThreadId(f"bench-{policy}-{turns}")
    started = time.perf_counter()
    usage = Usage()
    for i, text in enumerate(script(turns)):
        now = START + timedelta(minutes=5 * i)
        request = TurnRequest(user=USER, thread=thread, turn=TurnId(f"t{i:03d}"), text=text, now=now)
        usage = usage + (await engine.run_turn(request, stats)).usage
        if promote_after is not None and i + 1 == promote_after:
            await twins.promoter(model).promote(USER, thread, after_seq=0, now=now)
    elapsed = time.perf_counter() - started
    total = sum(s.prompt_tokens for s in stats.calls)
    cached = sum(s.stable_prefix_tokens for s in stats.calls)
    final = json.dumps(recorder.last_prompt)
    found = [
        name
        for name, words in (("vegetarian", ("vegetarian",)), ("home airport", ("Manchester", "MAN")))
        if any(w in final for w in words)
    ]
    sources = []
    for message in recorder.last_prompt:
        text = str(message.get("content") or "")
        if "vegetarian" in text:
            sources.append(
                "memory"
                if text.startswith("LONG-TERM")
                else "summary"
                if text.startswith("SUMMARY")
                else "window"
            )
    answerable = ("yes" if len(found) == 2 else "partly" if found else "no") + (
        f" ({', '.join(sorted(set(sources)))})" if sources else ""
    )
    per_turn = _tokens_per_turn(store, thread, model)
    return Row(
        policy,
        turns,
        total,
        max(s.prompt_tokens for s in stats.calls),
        cached / total if total else 0.0,
        per_turn,
        answerable,
        elapsed,
        usage,
    )


def _tokens_per_turn(store: InMemoryThreadStore, thread: ThreadId, model: ChatModel) -> float:
    from assistant.turn.context import read_log

    view = read_log(store.events(thread), exclude_turn=None)
    turns = view.all_turns
    return sum(model.count_tokens(list(t.messages)) for t in turns) / max(1, len(turns))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--turns", type=int, nargs="*", default=[40, 100])
    parser.add_argument(
        "--no-providers", action="store_true", help="skip the 100-turn runs through both wire formats"
    )
    args = parser.parse_args(argv)
    import logging

    logging.getLogger("assistant.turn.engine").setLevel(
        logging.ERROR
    )  # sliding runs at high pressure by design
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    from assistant.model.llm import LiteLLMChatModel
    from demo.provider import offline_config

    model = LiteLLMChatModel(offline_config(max_retries=0))
    rows: list[Row] = []
    for turns in args.turns:
        for policy in ("full", "sliding", "summary-block"):
            rows.append(asyncio.run(replay(model, policy, turns)))
        if turns >= 100:
            sliding_ltm = asyncio.run(replay(model, "sliding", turns, promote_after=4))
            sliding_ltm.policy = "sliding + LTM"
            rows.append(sliding_ltm)
    print(
        f"{'turns':>5} {'policy':<14} {'tok/turn':>8} {'total input':>12} {'vs full':>8} {'max prompt':>10} "
        f"{'cache-eligible':>14} {'early facts at end':<26} {'secs':>5}"
    )
    verdicts = []
    for row in rows:
        full = next(r for r in rows if r.turns == row.turns and r.policy == "full")
        share = row.total_input / full.total_input
        print(
            f"{row.turns:>5} {row.policy:<14} {row.tokens_per_turn:>8.0f} {row.total_input:>12,} {share:>8.1%} "
            f"{row.max_prompt:>10,} {row.cache_share:>14.1%} {row.answerable:<26} {row.seconds:>5.1f}"
        )
        if row.turns == 100 and row.policy == "summary-block":
            verdicts = [
                ("total input <= 15% of full", share <= 0.15),
                ("cache-eligible >= 80%", row.cache_share >= 0.80),
                ("early facts answerable", row.answerable.startswith("yes")),
            ]
    for name, ok in verdicts:
        print(f"target (100 turns, summary-block): {name}: {'PASS' if ok else 'MISS'}")
    if 100 in args.turns and not args.no_providers:
        print_provider_rows(asyncio.run(provider_replays(100)))
    return 0 if all(ok for _, ok in verdicts) else 1


PROVIDER_MODELS = ("openai/gpt-4o-mini", "anthropic/claude-sonnet-4-5")


async def provider_replays(turns: int) -> list[Row]:
    """The summary-block thread through each wire format (one event loop: litellm's HTTP clients live in it)."""
    from assistant.model.llm import LiteLLMChatModel, LLMConfig
    from demo.provider import offline_config
    from testkit.offline_responder import offline_reply
    from testkit.provider_server import ProviderServer

    counter = LiteLLMChatModel(offline_config(max_retries=0))
    counted: dict[str, int] = {}

    def count(text: str) -> int:
        if text not in counted:
            counted[text] = counter.count_tokens([{"role": "user", "content": text}])
        return counted[text]

    rows = []
    with ProviderServer(responder=offline_reply, count=count) as server:
        for name in PROVIDER_MODELS:
            config = LLMConfig(model=name, api_base=server.api_base(name), api_key="sk-bench", max_retries=0)
            row = await replay(LiteLLMChatModel(config), "summary-block", turns)
            row.policy = name.split("/")[0]
            rows.append(row)
    return rows


def print_provider_rows(rows: Sequence[Row]) -> None:
    print()
    print("summary-block through the loopback provider: the cached share the provider reported, beside ours")
    print(
        f"{'turns':>5} {'format':<10} {'prompt tokens':>13} {'cached (reported)':>17} "
        f"{'cache-eligible (ours)':>21} {'written':>9} {'secs':>5}"
    )
    for row in rows:
        prompt = max(1, row.usage.prompt_tokens)
        print(
            f"{row.turns:>5} {row.policy:<10} {row.usage.prompt_tokens:>13,} "
            f"{row.usage.cached_tokens / prompt:>17.1%} {row.cache_share:>21.1%} "
            f"{row.usage.cache_write_tokens / prompt:>9.1%} {row.seconds:>5.1f}"
        )


if __name__ == "__main__":
    sys.exit(main())
