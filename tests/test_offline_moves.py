"""Every phrasing the offline model understands (``demo.moves``), one table per move, and the property that
matters most: what the reply says will be remembered is exactly what promotion then keeps.

The first-step tables drive ``demo.agent.respond`` the way the app does (``tests.test_offline_model.Chat``); the
consistency table runs the real engine and the real promoter over the in-memory twins, with the offline model
served through litellm.
"""

from __future__ import annotations

import asyncio
import json
import re
from datetime import timedelta
from typing import Any

import pytest

from assistant.fact_records import Authority, FactDraft
from assistant.facts.recall import Recaller, RecallSettings, render_block
from assistant.ids import ThreadId, TurnId, UserId, UserScope
from assistant.model.llm import LiteLLMChatModel
from assistant.turn.tools import tool_specs
from assistant.turns import TurnRequest
from demo.agent import OfflineReply, respond
from tests.conftest import MONDAY
from tests.tables import rows, texts
from tests.test_offline_model import AISLE, VEGETARIAN, Chat, booked_lisbon, memory_block, only_call
from travel_assistant.twins import Twins

ALICE = UserId("alice")
WINDOW = ("seat", "window", "I prefer window seats")
WINDOW_ASKED = ("seat", "window", "remember that I prefer window seats")
ALL_TOOLS = tool_specs()


def first(text: str, *, memory: str | None = None, bookings: Any = None) -> OfflineReply:
    chat = Chat(memory=memory, bookings=bookings)
    return respond([*chat.head, {"role": "user", "content": text}], ALL_TOOLS, None)


def confirmed_memory() -> str:
    """A memory block whose seat preference the user asked to be remembered."""
    from assistant.facts.memory import FactMemory
    from memory.inmemory import InMemoryFactStore

    store = InMemoryFactStore()
    draft = FactDraft("seat", "window", ThreadId("old"), TurnId("t0"), Authority.USER_CONFIRMED)
    FactMemory(store, store).record(UserScope(ALICE), draft, now=MONDAY - timedelta(days=20))
    recall = Recaller(store, RecallSettings()).recall(UserScope(ALICE), "", now=MONDAY)
    block, _shown = render_block(recall, now=MONDAY, cap_tokens=4000, count_text=lambda t: len(t) // 4)
    assert block is not None
    return block


# -- statements: "noted", corrections, retractions, and why not ------------------------------------------------

NOTED = "Noted — I'll remember that after this conversation: "

STATEMENTS = [
    (
        "I prefer aisle seats and I always fly from Heathrow",
        NOTED + "seat preference: aisle; home airport: LHR.",
    ),
    ("I'm vegetarian", NOTED + "dietary needs: vegetarian."),
    ("I eat halal food", NOTED + "dietary needs: halal."),
    ("I'm allergic to nuts", NOTED + "dietary needs: nut allergy."),
    ("I always fly direct", NOTED + "travel style: direct flights only."),
    ("I travel carry-on only", NOTED + "travel style: carry-on only."),
    ("Please answer in Portuguese", NOTED + "preferred language: Portuguese."),
    ("I use a wheelchair", NOTED + "accessibility needs: wheelchair assistance."),
    ("I need step-free access", NOTED + "accessibility needs: step-free access."),
    ("I collect Avios", NOTED + "loyalty programme: British Airways Avios."),
    ("I'm a TAP Miles&Go member", NOTED + "loyalty programme: TAP Miles&Go."),
    ("I prefer morning flights", NOTED + "preferred flight times: morning."),
    ("I'd rather have an aisle seat", NOTED + "seat preference: aisle."),
    ("I usually sit by the window", NOTED + "seat preference: window."),
    ("I like sitting on the aisle", NOTED + "seat preference: aisle."),
    ("My wife is vegetarian", "I won't remember that (dietary needs: vegetarian): it's about someone else"),
    (
        "I'd like an aisle seat on this flight",
        "I won't remember that (seat preference: aisle): that's about this trip",
    ),
    ("I'm not vegetarian", "I won't remember that (dietary needs: vegetarian): you said you don't"),
    ("I hate window seats", "I won't remember that (seat preference: window): I can't store a dislike yet"),
    (
        "If I were vegan I would eat less meat",
        "I won't remember that (dietary needs: vegan): that sounded hypothetical",
    ),
    (
        "I no longer collect Avios",
        "I didn't have loyalty programme: British Airways Avios saved, so there's nothing",
    ),
    # The gate is unsure (an unknown link, another language): promotion keeps it pending, and the reply says so.
    (
        "I'm weirdly devoted to the window seat",
        "I'll ask you to confirm before I remember (seat preference: window)",
    ),
    ("Eu sou vegan", "I'll ask you to confirm before I remember (dietary needs: vegan)"),
    ("I'm quite tall", "Thanks — I won't remember that, though: I only keep travel preferences"),
    ("I don't eat meat", "Thanks — I won't remember that, though: I only keep travel preferences"),
]


@pytest.mark.parametrize(("text", "reply"), STATEMENTS, ids=[t for t, _r in STATEMENTS])
def test_a_statement_is_acknowledged_as_promotion_will_treat_it(text: str, reply: str) -> None:
    answer = first(text)
    assert answer.tool_calls == ()
    assert answer.text.startswith(reply), answer.text


CORRECTIONS = [
    ("Actually I now prefer aisle seats", (WINDOW,), NOTED + "seat preference: aisle (instead of window)."),
    ("I prefer aisle seats", (AISLE,), NOTED + "seat preference: aisle (already saved)."),
    (
        "I'm no longer vegetarian",
        (VEGETARIAN,),
        "Noted — after this conversation I'll no longer remember dietary",
    ),
    (
        "I'm not vegetarian any more",
        (VEGETARIAN,),
        "Noted — after this conversation I'll no longer remember dietary",
    ),
]


@pytest.mark.parametrize(("text", "held", "reply"), CORRECTIONS, ids=[t for t, _h, _r in CORRECTIONS])
def test_a_correction_is_acknowledged_against_what_is_remembered(
    text: str, held: tuple[tuple[str, str, str], ...], reply: str
) -> None:
    assert first(text, memory=memory_block(*held)).text.startswith(reply)


def test_a_passing_mention_against_a_confirmed_preference_says_it_stays() -> None:
    answer = first("I prefer aisle seats these days", memory=confirmed_memory())
    assert answer.text.startswith(
        "I'll keep your seat preference as window, because you asked me to remember"
    )
    assert "Noted" not in answer.text


def test_a_statement_said_earlier_in_the_conversation_counts_for_a_correction() -> None:
    chat = Chat()
    chat.turn("I prefer window seats")
    reply, _calls = chat.turn("Actually, I prefer aisle seats now")
    assert reply == NOTED + "seat preference: aisle (instead of window)."


def test_the_note_follows_another_moves_reply() -> None:
    text, calls = Chat().turn("Hi! Find me flights to Lisbon on the 14th. I'm vegetarian.")
    assert [name for name, _a, _r in calls] == ["search_flights"]
    assert text.startswith("I found 3 flights") and text.endswith(NOTED + "dietary needs: vegetarian.")


# The property: the reply's "noted" items are exactly the facts promotion keeps (through the real engine, the
# offline model served by litellm, and the real promoter), and "no longer" exactly the ones it retracts.
CONSISTENCY = [
    *[(text, ()) for text, _reply in STATEMENTS],
    *[(text, held) for text, held, _reply in CORRECTIONS],
    ("Hello! I'm vegan, I prefer window seats, and my colleague prefers aisle seats.", ()),
    ("I prefer aisle seats, and my card number is 4111 1111 1111 1111.", ()),
    ("Book me business class on the 14th. I always fly business class.", ()),
]


def _items(reply: str, marker: str) -> set[str]:
    found = re.search(re.escape(marker) + r"(.*?)\.(?:\s|$)", reply)
    if not found:
        return set()
    return {re.sub(r" \((?:instead of .*|already saved)\)$", "", item) for item in found.group(1).split("; ")}


@pytest.mark.parametrize(("text", "held"), CONSISTENCY, ids=[t[:50] for t, _h in CONSISTENCY])
def test_what_the_reply_promises_is_what_promotion_keeps(
    offline_model: LiteLLMChatModel, text: str, held: tuple[tuple[str, str, str], ...]
) -> None:
    twins = Twins()
    scope = UserScope(ALICE)
    for i, (ftype, value, _quote) in enumerate(held):
        draft = FactDraft(ftype, value, ThreadId("old"), TurnId(f"old{i}"), Authority.USER)
        twins.fact_memory.record(scope, draft, now=MONDAY - timedelta(days=20))
    request = TurnRequest(user=ALICE, thread=ThreadId("th"), turn=TurnId("t1"), text=text, now=MONDAY)
    reply = asyncio.run(twins.engine(offline_model).run_turn(request)).reply
    report = asyncio.run(
        twins.promoter(offline_model).promote(
            ALICE, ThreadId("th"), after_seq=0, now=MONDAY + timedelta(hours=1)
        )
    )
    kept = {_item(d.fact) for d in report.decisions if d.kept and d.reason != "retracted" and d.fact}
    retracted = {f"{d.type}" for d in report.decisions if d.reason == "retracted"}
    assert _items(reply, NOTED) == kept, reply
    gone = _items(reply, "Noted — after this conversation I'll no longer remember ")
    assert {item.split(":")[0] for item in gone} == {_label(t) for t in retracted}, reply


def _item(fact: str) -> str:
    """'Home airport: LHR' as the reply lists it: 'home airport: LHR'."""
    label, _sep, value = fact.partition(": ")
    return f"{label.lower()}: {value}"


def _label(type_name: str) -> str:
    from assistant.fact_types import FACT_TYPES

    return FACT_TYPES[type_name].label.lower()


# -- flight search ------------------------------------------------------------------------------------------

SEARCHES = [
    ("Find me flights from Manchester to Lisbon on 14 Dec", [("LIS", "2026-12-14", "MAN")]),
    ("Any flights to Porto next Friday?", [("OPO", "2026-11-13", None)]),
    ("I want to fly to Madrid on the 20th", [("MAD", "2026-11-20", None)]),
    ("Flights out of Edinburgh to Paris tomorrow", [("CDG", "2026-11-10", "EDI")]),
    ("fly from Dublin to Rome on Dec 3", [("FCO", "2026-12-03", "DUB")]),
    (
        "Find flights from London to Lisbon on the 14th, then Lisbon to Madrid on the 18th",
        [("LIS", "2026-11-14", "LHR"), ("MAD", "2026-11-18", "LIS")],
    ),
    (
        "Flights to Lisbon on 14 Dec and back on the 20th",
        [("LIS", "2026-12-14", None), ("LHR", "2026-12-20", "LIS")],
    ),
]


@pytest.mark.parametrize(("text", "legs"), SEARCHES, ids=[t for t, _l in SEARCHES])
def test_flight_searches(text: str, legs: list[tuple[str, str, str | None]]) -> None:
    reply = first(text)
    expected = [{"destination": d, "date": day, **({"origin": o} if o else {})} for d, day, o in legs]
    assert [(c.name, c.arguments) for c in reply.tool_calls] == [("search_flights", e) for e in expected]


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Can you find me some flights on the 14th?", "Where would you like to fly to?"),
        ("Find me flights to Lisbon", "Which date would you like to fly to Lisbon?"),
    ],
)
def test_a_search_missing_a_part_asks_for_it(text: str, asked: str) -> None:
    assert first(text).text.startswith(asked)


def test_a_statement_about_flying_is_not_a_search() -> None:
    reply = first("I always fly from Heathrow")
    assert reply.tool_calls == () and reply.text == NOTED + "home airport: LHR."


def test_a_multi_leg_search_is_described_leg_by_leg_and_booked_one_option_per_leg() -> None:
    chat = Chat()
    text, _calls = chat.turn(
        "Find flights from Manchester to Porto next Friday, then Porto to Madrid on 20 Nov"
    )
    assert text.startswith("Leg 1: I found 3 flights from Manchester (MAN) to Porto (OPO)")
    assert "Leg 2: I found 3 flights from Porto (OPO) to Madrid (MAD)" in text
    _text, calls = chat.turn("book option 1 and option 3")
    flights = [args["flight_id"] for name, args, _r in calls if name == "book_flight"]
    assert flights[0].endswith("-20261113-MANOPO") and flights[1].endswith("-20261120-OPOMAD")


# -- booking ------------------------------------------------------------------------------------------------

BOOKINGS = [
    ("Book option 2", 1),
    ("I'll take the cheapest", None),
    ("go with the second one", 1),
    ("book TP1343", 0),
]


@pytest.mark.parametrize(("text", "index"), BOOKINGS, ids=[t for t, _i in BOOKINGS])
def test_booking_phrasings(text: str, index: int | None) -> None:
    chat = Chat()
    chat.turn("Find me flights to Lisbon on the 14th")
    reply = chat.first_step(text)
    options = json.loads(chat.history[2]["content"])["options"]
    if index is None:
        index = min(range(3), key=lambda i: options[i]["price_eur"])
    assert only_call(reply) == ("book_flight", {"flight_id": options[index]["flight_id"]})


# -- changing and cancelling --------------------------------------------------------------------------------

CHANGES: list[tuple[str, list[tuple[str, dict[str, Any]]]]] = [
    ("Cancel my booking", [("get_my_bookings", {})]),
    ("Could you cancel my Lisbon trip?", [("get_my_bookings", {})]),
    ("I'd like to cancel my reservation", [("get_my_bookings", {})]),
    ("Change my booking to the 16th", [("get_my_bookings", {})]),
    ("move my flight to next Friday", [("get_my_bookings", {})]),
]


@pytest.mark.parametrize(("text", "calls"), CHANGES, ids=[t for t, _c in CHANGES])
def test_change_and_cancel_phrasings_look_the_booking_up(text: str, calls: list[tuple[str, Any]]) -> None:
    assert [(c.name, c.arguments) for c in first(text).tool_calls] == calls


def test_cancel_by_booking_id_cancels_at_once_and_idempotently() -> None:
    system = booked_lisbon()
    [booking] = system.bookings_of(ALICE)
    chat = Chat(bookings=system)
    text, calls = chat.turn(f"Please cancel {booking.booking_id}")
    assert [(n, a) for n, a, _r in calls] == [("cancel_booking", {"booking_id": booking.booking_id})]
    assert text.startswith(f"Cancelled {booking.booking_id}: TAP Air Portugal TP1343 London→Lisbon")
    again, _calls = chat.turn(f"Please cancel {booking.booking_id}")
    assert again == text and system.bookings_of(ALICE)[0].cancelled_at == MONDAY


def test_cancel_my_booking_finds_and_cancels_the_one_booking() -> None:
    text, calls = Chat(bookings=booked_lisbon()).turn("Cancel my booking")
    assert [n for n, _a, _r in calls] == ["get_my_bookings", "cancel_booking"]
    assert text.startswith("Cancelled BK-")


def test_a_change_without_a_date_asks_for_one() -> None:
    assert first("Change my booking").text.startswith("To which date should I move it?")


def test_a_report_of_a_cancellation_cancels_nothing() -> None:
    assert "cancel_booking" not in [c.name for c in first("My flight was cancelled yesterday").tool_calls]


# -- remembering, recalling, forgetting -----------------------------------------------------------------------

REMEMBER = rows("offline_moves", "remember")


@pytest.mark.parametrize(("text", "statement"), REMEMBER, ids=[t for t, _s in REMEMBER])
def test_explicit_remember_phrasings(text: str, statement: str) -> None:
    assert only_call(first(text)) == ("remember_preference", {"statement": statement})


@pytest.mark.parametrize("text", texts("offline_moves", "recall"))
def test_what_do_you_remember_phrasings_list_the_facts_with_dates(text: str) -> None:
    reply = first(text, memory=memory_block(VEGETARIAN, AISLE))
    assert reply.tool_calls == ()
    assert "- Dietary needs: vegetarian (recorded Tue 20 Oct 2026)" in reply.text
    assert "- Seat preference: aisle (recorded Tue 20 Oct 2026)" in reply.text


FORGET = rows("offline_moves", "forget")


@pytest.mark.parametrize(("text", "reply"), FORGET, ids=[t for t, _r in FORGET])
def test_forget_phrasings_ask_first(text: str, reply: str) -> None:
    answer = first(text, memory=memory_block(VEGETARIAN, AISLE))
    assert answer.tool_calls == () and answer.text.startswith(reply), answer.text


def _after_question(question: str, answer: str) -> OfflineReply:
    chat = Chat(memory=memory_block(VEGETARIAN, AISLE))
    asked = respond([*chat.head, {"role": "user", "content": question}], ALL_TOOLS, None).text
    messages = [
        *chat.head,
        {"role": "user", "content": question},
        {"role": "assistant", "content": asked},
        {"role": "user", "content": answer},
    ]
    return respond(messages, ALL_TOOLS, None)


@pytest.mark.parametrize(("question", "answer", "what"), rows("offline_moves", "yes_to_forget"))
def test_a_yes_calls_forget_memory(question: str, answer: str, what: str) -> None:
    assert only_call(_after_question(question, answer)) == ("forget_memory", {"what": what})


@pytest.mark.parametrize("answer", ["no", "No, keep it", "never mind"])
def test_a_no_keeps_everything(answer: str) -> None:
    reply = _after_question("forget everything", answer)
    assert reply.tool_calls == () and reply.text == "OK, I'll keep it."


def test_forgetting_a_value_not_saved_says_so_and_offers_the_saved_one() -> None:
    reply = first("Forget that I'm vegan", memory=memory_block(VEGETARIAN, AISLE))
    assert reply.tool_calls == ()
    assert reply.text.startswith(
        "I haven't saved vegan; I have vegetarian. Just to check: shall I forget your "
        "dietary needs (vegetarian, recorded Tue 20 Oct 2026) instead?"
    )
    assert _after_question("Forget that I'm vegan", "no").text == "OK, I'll keep it."
    assert only_call(_after_question("Forget that I'm vegan", "yes")) == (
        "forget_memory",
        {"what": "dietary"},
    )


def test_forgetting_a_saved_value_asks_about_it_and_a_type_with_nothing_saved_names_the_value() -> None:
    reply = first("Forget that I'm vegetarian", memory=memory_block(VEGETARIAN, AISLE))
    assert reply.text.startswith("Just to check: shall I forget your dietary needs (vegetarian, recorded")
    assert first("Forget that I'm vegan", memory=memory_block(AISLE)).text == (
        "I don't have vegan saved, so there is nothing to forget."
    )


def test_what_do_you_remember_lists_saved_facts_and_apart_what_this_chat_said_not_saved_yet() -> None:
    chat = Chat(memory=memory_block(VEGETARIAN))
    messages = [
        *chat.head,
        {"role": "user", "content": "I prefer aisle seats."},
        {"role": "assistant", "content": "Noted."},
        {"role": "user", "content": "Back at uni my home airport was OPO. What do you remember about me?"},
    ]
    text = respond(messages, ALL_TOOLS, None).text
    assert "saved about you from earlier conversations:\n- Dietary needs: vegetarian (recorded" in text
    assert (
        "From this conversation, not saved yet (I'll save it after we finish):\n- Seat preference: aisle"
        in text
    )
    assert "From this conversation, I'll ask you before saving:\n- Home airport: OPO" in text
    assert "Memories (the memory panel)" in text and "inspector" not in text
    said_only = respond([*Chat().head, *messages[-3:]], ALL_TOOLS, None).text
    assert said_only.startswith("I don't have anything saved about you from earlier conversations yet.")
    assert "- Seat preference: aisle" in said_only


def test_dont_forget_is_a_request_to_remember() -> None:
    assert only_call(first("Don't forget I'm vegan")) == ("remember_preference", {"statement": "I'm vegan"})


# -- dinner, bookings, small talk -----------------------------------------------------------------------------


@pytest.mark.parametrize("text", texts("offline_moves", "lookups"))
def test_lookups_ask_the_booking_system(text: str) -> None:
    assert only_call(first(text)) == ("get_my_bookings", {})


def test_a_diet_said_earlier_in_the_conversation_filters_dinner() -> None:
    chat = Chat(bookings=booked_lisbon())
    chat.turn("I'm vegan, by the way.")
    text, calls = chat.turn("Any dinner suggestions near my hotel?")
    assert calls[-1][1] == {"hotel_id": "H-LIS-1", "dietary": ["vegan"]}
    assert "I've kept to vegan options because you told me earlier in this conversation." in text


@pytest.mark.parametrize(("text", "reply"), rows("offline_moves", "small_talk"))
def test_small_talk_and_the_fallback(text: str, reply: str) -> None:
    answer = first(text)
    assert answer.tool_calls == () and answer.text.startswith(reply)
    if reply.startswith("I'm the offline"):
        for ability in (
            "cancelling your bookings",
            "remember that I prefer aisle seats",
            "forget my seat preference",
        ):
            assert ability in answer.text
