"""A lasting preference said by what the user will not have is asked about, never guessed into memory and never
lost: "never the middle, never the window" asks about the aisle; a refusal of one option alone, or a negation
that says the user does not mind, asks nothing."""

from __future__ import annotations

import pytest

from assistant.gate.explain import explain_verdict


def verdict(text: str, type_name: str) -> str:
    found = explain_verdict(text, type_name)
    return f"{found.outcome}:{found.value}" if found.value else f"{found.outcome}:{found.reason}"


@pytest.mark.parametrize(
    ("said", "type_name", "value"),
    [
        (
            "Never the middle, never the window — I need to get up without climbing over anyone.",
            "seat",
            "aisle",
        ),
        ("dont ever put me on the aisle or in a middle, i sleep against the wall", "seat", "window"),
        ("Nothing that leaves before midday, and nothing after about five.", "flight_times", "afternoon"),
        (
            "I refuse to change planes. If there's no nonstop, I'm not going.",
            "travel_style",
            "direct flights only",
        ),
        (
            "I never put luggage in the hold. Everything fits in the overhead bin.",
            "travel_style",
            "carry-on only",
        ),
        (
            "No big chain hotels for me, I can't stand those identikit places.",
            "travel_style",
            "boutique hotels",
        ),
        ("I can't manage stairs or steps of any kind.", "accessibility", "step-free access"),
        ("I don't collect with any airline scheme except Flying Blue.", "loyalty", "Flying Blue"),
    ],
)
def test_a_preference_said_by_refusals_is_asked_with_the_value_left(
    said: str, type_name: str, value: str
) -> None:
    assert verdict(said, type_name) == f"ask:{value}"


def test_an_exception_wins_over_a_value_named_in_a_complaint() -> None:
    # Before, "English takes me twice as long" was kept as the user's language.
    said = "Please don't write to me in anything other than Italian — English takes me twice as long."
    assert verdict(said, "language") == "ask:Italian"


@pytest.mark.parametrize(
    ("said", "type_name"),
    [
        ("I don't want window seats, they make me feel trapped", "seat"),  # aisle or middle: two are left
        ("No window seats for me. Not aisle either, I just don't care where I sit", "seat"),
        ("I don't mind connecting flights if it's cheaper", "travel_style"),
        ("I'm not carry-on only, I always check a bag", "travel_style"),
        ("I never fly business, it's a waste of money in my opinion — economy is fine", "travel_style"),
        ("I'm not a morning person, I'm barely an afternoon person", "flight_times"),
        ("My husband refuses to change planes.", "travel_style"),
        ("Do you have anything that doesn't need me to change planes?", "travel_style"),
    ],
)
def test_a_refusal_that_leaves_no_single_value_of_the_users_own_asks_nothing(
    said: str, type_name: str
) -> None:
    assert verdict(said, type_name).startswith("rejected:")
