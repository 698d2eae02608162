"""Values are found however people spell them: inflected in another language, slipped by a letter, with or
without the hyphen, in the plural; and not in words that only look alike."""

from __future__ import annotations

import pytest

from assistant.facts.types import FACT_TYPES


def values(type_name: str, text: str) -> list[str]:
    return [m.value for m in FACT_TYPES[type_name].find(text)]


@pytest.mark.parametrize(
    ("type_name", "text", "value"),
    [
        ("dietary", "sou vegetariano desde criança", "vegetarian"),
        ("dietary", "Ich bin Vegetarierin", "vegetarian"),
        ("dietary", "je suis végétalienne? non, végétarienne", "vegetarian"),
        ("dietary", "soy vegana", "vegan"),
        ("dietary", "im a vegeterian", "vegetarian"),
        ("dietary", "pescitarian mostly", "pescatarian"),
        ("dietary", "sono celiaca", "gluten-free"),
        ("travel_style", "non stop flights only", "direct flights only"),
        ("travel_style", "carry on only, always", "carry-on only"),
        ("travel_style", "quiet rooms please", "quiet rooms"),
        ("flight_times", "evenings suit me", "evening"),
        ("language", "prefiero español", "Spanish"),
    ],
)
def test_a_value_is_found_however_it_is_spelled(type_name: str, text: str, value: str) -> None:
    assert value in values(type_name, text)


@pytest.mark.parametrize(
    ("type_name", "text"),
    [
        ("dietary", "my sister is a veterinarian"),
        ("dietary", "I love veggies on pizza"),
        ("dietary", "vegetables are fine"),
        ("seat", "the windows were dirty"),
        ("dietary", "Celia booked the table"),
    ],
)
def test_words_that_only_look_alike_are_not_values(type_name: str, text: str) -> None:
    assert values(type_name, text) == []


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Schiphol is my home airport", "AMS"),
        ("I'm Vienna-based", "VIE"),
        ("every trip of mine starts from Edinburgh", "EDI"),
        ("Moro em Lisboa", "LIS"),
    ],
)
def test_a_home_airport_is_found_wherever_the_home_words_sit(text: str, code: str) -> None:
    assert code in values("home_airport", text)


def test_a_destination_beside_the_home_words_is_not_a_home_airport() -> None:
    assert values("home_airport", "back home I'd love a weekend trip to Rome") == []
