"""Values are found however people spell them: inflected in another language, slipped by a letter, with or
without the hyphen, in the plural; and not in words that only look alike."""

from __future__ import annotations

import pytest

from assistant.fact_types import FACT_TYPES
from tests.tables import rows


def values(type_name: str, text: str) -> list[str]:
    return [m.value for m in FACT_TYPES[type_name].find(text)]


@pytest.mark.parametrize(("type_name", "text", "value"), rows("vocabulary_spelling", "spellings"))
def test_a_value_is_found_however_it_is_spelled(type_name: str, text: str, value: str) -> None:
    assert value in values(type_name, text)


@pytest.mark.parametrize(("type_name", "text"), rows("vocabulary_spelling", "look_alikes"))
def test_words_that_only_look_alike_are_not_values(type_name: str, text: str) -> None:
    assert values(type_name, text) == []


@pytest.mark.parametrize(("text", "code"), rows("vocabulary_spelling", "home_airports"))
def test_a_home_airport_is_found_wherever_the_home_words_sit(text: str, code: str) -> None:
    assert code in values("home_airport", text)


def test_a_destination_beside_the_home_words_is_not_a_home_airport() -> None:
    assert values("home_airport", "back home I'd love a weekend trip to Rome") == []
