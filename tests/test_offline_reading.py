"""How the offline model reads a message before and beside its meaning: the plain words the encoder sees
(``demo.wording``), the structure that adds evidence (``demo.cues``), and an option picked by its description
(``demo.moves.book.described_pick``). The last part drives the bundled MiniLM through whole turns (slow)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from demo import cues, intents
from demo.moves import forget
from demo.moves.book import described_pick
from demo.wording import Spelling, plain
from tests.test_offline_model import AISLE, Chat, booked_lisbon, memory_block
from tests.test_offline_moves import first

_SPELLING = Spelling(
    targets=frozenset(
        {"flights", "reservation", "tomorrow", "cancel", "allergic", "restaurant", "where", "your"}
    ),
    known=frozenset({"direct", "starving", "lisbon", "flight", "allergies"}),
)


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("fligths to porto tmrw pls", "flights to porto tomorrow please"),
        ("cancle my resrvation", "cancel my reservation"),
        ("flights 2 paris at 2 pm", "flights to paris at 2 pm"),
        ("👍", "yes"),
        ("👎👎", "no"),
        ("grazie mille!", "thanks mille!"),
        ("Bonjour, flights to Nice?", "hello, flights to Nice?"),
        ("opt 2 thx", "option 2 thanks"),
    ],
)
def test_chat_shorthand_emoji_answers_and_misspellings_read_as_plain_english(typed: str, read: str) -> None:
    assert plain(typed, _SPELLING) == read


@pytest.mark.parametrize(
    "text",
    [
        "the direct one",  # a word the encoder knows is never mended into a near one ("diet")
        "I'm starving",
        "my flight was cancelled",  # an inflection of a known word is no typo: a report stays a report
        "what allergies do you have on file",
        "flights to Lisbonn",  # a capitalised word is a name
        "we're visiting my mum",  # a contraction is no misspelt "where"
        "you're a lifesaver",
    ],
)
def test_known_words_inflections_and_names_are_left_as_typed(text: str) -> None:
    assert plain(text, _SPELLING) == text


def test_without_the_encoders_words_nothing_is_mended() -> None:
    assert plain("fligths tomorow") == "fligths tomorow"


_PICKS = st.sampled_from(
    [
        "the 9:40 one",
        "option 2",
        "the second one",
        "the later one",
        "the one at 18:20",
        "the cheaper flight",
        "#3",
    ]
)
_WRAPS = st.sampled_from(
    ["{}", "{} please", "ok {}", "I'll go with {}", "{} pls 👍", "hmm, {} then", "let's do {}"]
)


@settings(max_examples=60, deadline=None)
@given(pick=_PICKS, wrap=_WRAPS)
def test_a_pick_among_options_is_evidence_for_booking_whatever_surrounds_it(pick: str, wrap: str) -> None:
    found = cues.evidence(plain(wrap.format(pick)))
    assert found.get("book", 0) > 0
    assert max(found, key=found.__getitem__) == "book"


_HELD = st.sampled_from(
    ["my seat preference", "the note that I prefer KLM", "my diet", "what you know about me"]
)
_FORGETTING = st.sampled_from(
    ["please delete {}", "could you remove {}?", "scrap {}", "un-remember {}", "wipe {}"]
)


@settings(max_examples=60, deadline=None)
@given(held=_HELD, ask=_FORGETTING)
def test_a_request_to_forget_outweighs_the_other_memory_intents(held: str, ask: str) -> None:
    found = cues.evidence(plain(ask.format(held)))
    assert found["forget"] > 0 and found["remember"] < 0 and found["recall_me"] < 0


@pytest.mark.parametrize("text", ["please don't forget I'm kosher", "never forget: aisle seat for me"])
def test_dont_forget_is_a_request_to_remember(text: str) -> None:
    found = cues.evidence(plain(text))
    assert max(found, key=found.__getitem__) == "remember"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("when is my flight to Rome again?", "bookings"),
        ("please push my Rome flight back a day", "change"),
        ("i booked the 14th but need the 15th now", "change"),
        ("kill the oslo booking", "cancel"),
        ("anything veggie near where I'm staying?", "dinner"),
        ("I'd rather avoid red-eyes in general", "remember"),
        ("the Lufthansa one looks fine, could you reserve that one for me", "book"),
        ("was my Porto flight cancelled?", "bookings"),
        ("I'd like my Friday flight and the hotel after it both cancelled", "cancel"),
        ("where can I find my booking reference for Vienna?", "bookings"),
        ("please recall my saved details", "recall_me"),
        ("which hotel chain have you got down as my favourite?", "recall_me"),
        ("I want every stored detail about me erased", "forget"),
        ("I use a wheelchair on every trip", "remember"),
    ],
)
def test_structure_points_at_what_is_asked(text: str, intent: str) -> None:
    found = cues.evidence(plain(text))
    assert max(found, key=found.__getitem__) == intent


def test_a_question_is_evidence_against_telling_a_preference() -> None:
    assert cues.evidence(plain("have you got my home airport?"))["remember"] < 0


_OPTIONS: list[dict[str, Any]] = [
    {"depart_at": "2026-11-14T07:05:00+00:00", "price_eur": 120},
    {"depart_at": "2026-11-14T12:40:00+00:00", "price_eur": 80},
    {"depart_at": "2026-11-14T18:55:00+00:00", "price_eur": 99},
]


@pytest.mark.parametrize(
    ("text", "index"),
    [
        ("the 12:40 one", 1),
        ("the one at 18h55 pls", 2),
        ("the 7am", 0),
        ("the later one", 2),
        ("the cheaper one", 1),
        ("the evening one", 2),
        ("the 9:40 one", None),  # no option leaves then: ask rather than guess
        ("the 14th", None),  # a date is not a departure time
    ],
)
def test_an_option_described_rather_than_numbered_is_found(text: str, index: int | None) -> None:
    assert described_pick(text, _OPTIONS) == index


@pytest.fixture
def minilm() -> Iterator[None]:
    from travel_assistant.readers import install_offline_intents

    install_offline_intents("meaning")
    yield
    intents.uninstall()


@pytest.mark.slow
def test_a_departure_time_books_that_option(minilm: None) -> None:
    chat = Chat(memory=memory_block(AISLE))
    chat.turn("Find me flights to Lisbon on the 14th")
    _reply, calls = chat.turn("the 12:40 one pls 👍")
    booked = [result["booking"]["flight"] for name, _args, result in calls if name == "book_flight"]
    assert [flight["depart_at"][11:16] for flight in booked] == ["12:40"]


@pytest.mark.slow
def test_typed_in_a_hurry_still_searches(minilm: None) -> None:
    _reply, calls = Chat().turn("fligths 2 lisbon tmrw??")
    assert [(name, args["destination"]) for name, args, _r in calls] == [("search_flights", "LIS")]


@pytest.mark.slow
def test_my_booking_is_looked_up_not_searched_for(minilm: None) -> None:
    reply, calls = Chat(bookings=booked_lisbon()).turn("can you pull up the details of my Lisbon flight")
    assert [name for name, _a, _r in calls] == ["get_my_bookings"]
    assert "BK-" in reply


@pytest.mark.slow
def test_removing_a_note_is_not_taken_for_noting_it(minilm: None) -> None:
    # Forgetting needs the word "forget" in the log (the tool checks it), so the user is asked to say it.
    reply = first("Could you remove the note that I prefer aisle seats?", memory=memory_block(AISLE))
    assert reply.tool_calls == () and reply.text == forget.ASK_TO_FORGET
