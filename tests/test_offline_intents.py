"""The offline model reading by meaning (``demo.intents``): the routing mechanics with a stand-in encoder and
example table, and the phrasings a stakeholder types first with the bundled MiniLM (slow: it loads it)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from demo import intents
from demo.agent import respond
from demo.moves import answers, change, smalltalk
from demo.replies import OfflineReply
from tests.test_offline_model import AISLE, VEGETARIAN, Chat, booked_lisbon, memory_block, only_call
from tests.test_offline_moves import ALL_TOOLS, _after_question, first

# One word per intent: the stand-in encoder gives each its own dimension, so a message's nearest examples are
# exactly the intents whose word it contains.
_WORD = {"cancel": "alpha", "book": "beta", "remember": "please", "dinner": "gamma"}


def word_encoder(texts: list[str]) -> np.ndarray:
    return np.array([[float(w in t.lower().split()) for w in _WORD.values()] for t in texts])


@pytest.fixture
def word_meaning() -> Iterator[None]:
    intents.install(word_encoder, {name: (word,) for name, word in _WORD.items()})
    yield
    intents.uninstall()


@pytest.fixture
def minilm() -> Iterator[None]:
    from travel_assistant.readers import install_offline_intents

    install_offline_intents("meaning")
    yield
    intents.uninstall()


def test_a_guess_below_the_margin_asks_what_was_meant(word_meaning: None) -> None:
    reply = first("alpha beta")  # as near to cancelling as to booking, and no pattern takes it
    assert reply.tool_calls == ()
    assert reply.text.startswith("I'm not sure what you meant: did you want to")
    assert "cancel a booking" in reply.text and "book one of the options" in reply.text


def test_a_sure_guess_runs_its_move_whatever_the_words(word_meaning: None) -> None:
    assert only_call(first("alpha")) == ("get_my_bookings", {})  # cancel: look the booking up first


def test_without_an_encoder_the_patterns_route_as_before() -> None:
    # A paraphrase with no cancelling verb: the patterns alone do not take it.
    assert intents.guess("That booking is no longer needed.", rule_hint=None) is None
    assert first("That booking is no longer needed.").text == smalltalk.FALLBACK


def test_a_precise_pattern_decides(word_meaning: None) -> None:
    # By meaning this is "remember" (its word is there); the forgetting move's own pattern decides.
    reply = first("please forget my diet", memory=memory_block(VEGETARIAN))
    assert reply.text.startswith("Just to check: shall I forget your dietary needs")


def test_a_message_like_no_example_gets_the_fallback(word_meaning: None) -> None:
    assert first("What's the weather like in Porto?").text == smalltalk.FALLBACK


@pytest.mark.slow
@pytest.mark.parametrize("text", ["Actually, cancel that booking.", "Yes, cancel it."])
def test_cancelling_in_other_words_cancels_the_booking(minilm: None, text: str) -> None:
    reply, calls = Chat(bookings=booked_lisbon()).turn(text)
    assert [name for name, _args, _result in calls] == ["get_my_bookings", "cancel_booking"]
    assert reply.startswith("Cancelled BK-")


@pytest.mark.slow
def test_a_seat_told_in_other_words_is_noted_through_the_gate(minilm: None) -> None:
    reply = first("I like sitting on the aisle")
    assert reply.text == "Noted — I'll remember that after this conversation: seat preference: aisle."


@pytest.mark.slow
@pytest.mark.parametrize("yes", ["yes, go ahead", "sure"])
def test_a_yes_resolves_the_pending_forget_question(minilm: None, yes: str) -> None:
    assert only_call(_after_question("Please forget that I'm vegetarian", yes)) == (
        "forget_memory",
        {"what": "dietary"},
    )


@pytest.mark.slow
def test_a_no_keeps_it_and_a_yes_to_nothing_says_so(minilm: None) -> None:
    assert _after_question("forget my seat preference", "no, keep it").text == "OK, I'll keep it."
    assert first("sure").text == answers.NO_QUESTION
    assert first("sounds good, go on then").text == answers.NO_QUESTION


@pytest.mark.slow
def test_a_yes_to_a_choice_asks_for_the_choice(minilm: None) -> None:
    chat = Chat(memory=memory_block(AISLE))
    chat.turn("Find me flights to Lisbon on the 14th")
    reply: OfflineReply = respond(
        [*chat.head, *chat.history, {"role": "user", "content": "yes please"}], ALL_TOOLS, None
    )
    assert reply.text == answers.PICK_ONE


@pytest.mark.slow
def test_dinner_in_other_words_finds_restaurants(minilm: None) -> None:
    _reply, calls = Chat(bookings=booked_lisbon()).turn(
        "I'm starving, anything good to eat around the hotel?"
    )
    assert [name for name, _a, _r in calls] == ["get_my_bookings", "find_restaurants"]


@pytest.mark.parametrize(
    "text",
    [
        "not going anymore, cancel my flight pls",
        "can u cancel my flights",
        "cancle my booking",
        "get rid of my booking please, plans fell through",
    ],
)
def test_cancelling_said_anywhere_in_the_message_looks_the_booking_up(text: str) -> None:
    assert only_call(first(text))[0] == "get_my_bookings"


@pytest.mark.parametrize("text", ["please don't cancel my booking", "my flight was cancelled, what now?"])
def test_a_booking_not_to_cancel_or_already_cancelled_is_not_cancelled(text: str) -> None:
    assert change.intent(text) != "cancel"


@pytest.mark.parametrize("text", ["tysm", "grazie!", "merci", "you're a star, thanks"])
def test_thanks_in_other_words_and_languages_is_thanks(text: str) -> None:
    assert first(text).text == first("thanks").text


def test_the_examples_are_embedded_once_per_machine_not_once_per_process(tmp_path: Path) -> None:
    """A one-shot ``chat`` is a new process: it reads the examples' vectors another process saved, embeds only
    the message, and a torn file is recomputed rather than trusted."""
    from memory.minilm_onnx import SavedVectors

    examples: dict[str, tuple[str, ...]] = {name: (word,) for name, word in _WORD.items()}
    seen: list[int] = []

    def counting(texts: list[str]) -> np.ndarray:
        seen.append(len(texts))
        return word_encoder(texts)

    def a_process_guesses(text: str) -> str:
        seen.clear()
        index = intents.IntentIndex(counting, examples, cache=SavedVectors(tmp_path))
        return index.guess(text).intent

    assert a_process_guesses("alpha") == "cancel" and seen == [len(examples), 1]
    assert a_process_guesses("beta") == "book" and seen == [1]
    for saved in tmp_path.glob("intents-*.npy"):
        saved.write_bytes(saved.read_bytes()[:20])  # a writer that died mid-file
    assert a_process_guesses("gamma") == "dinner" and seen == [len(examples), 1]
