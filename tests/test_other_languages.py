"""Preferences said in Portuguese, Spanish, French, German or Italian are found and put to the user as a
question, never kept on the gate's word and never lost; English sentences are not read with those words."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.facts.types import FACT_TYPES
from assistant.gate.verdict import Accepted
from language.places import airport_code, home_airport_mentions
from language.values.other_languages import OTHER_LANGUAGES
from tests.judging import verdict
from tests.tables import rows

# Frames a speaker of each language might wrap a preference in: the slot takes a phrase of the table.
FRAMES = [
    "Eu prefiro sempre {}, por favor",
    "Para mim é sempre {} nos voos",
    "Yo siempre pido {} en mis viajes",
    "Para mí es {} siempre, gracias",
    "Je préfère toujours {} quand je voyage",
    "Pour moi c'est {} à chaque fois",
    "Ich nehme immer {} bei jeder Reise",
    "Für mich bitte immer {}",
    "Io preferisco sempre {} quando viaggio",
    "Per me sempre {}, grazie",
]
PHRASES = [
    (name, phrase, value) for name, table in OTHER_LANGUAGES.items() for phrase, value in table.items()
]


def asked(said: str, type_name: str) -> str | None:
    """The value the gate asks the user about, or None."""
    found = verdict(said, type_name)
    return found.value if isinstance(found, Accepted) and found.ask else None


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PHRASES), st.sampled_from(FRAMES))
def test_a_preference_in_another_language_is_asked_about(entry: tuple[str, str, str], frame: str) -> None:
    name, phrase, value = entry
    said = frame.format(phrase)
    assert value in FACT_TYPES[name].extract(said), said
    assert asked(said, name) == value, said


@pytest.mark.parametrize(("said", "type_name", "value"), rows("other_languages", "own_words"))
def test_said_in_its_own_words_it_is_found_with_accents_and_inflections(
    said: str, type_name: str, value: str
) -> None:
    assert asked(said, type_name) == value


@pytest.mark.parametrize(("said", "type_name"), rows("other_languages", "english"))
def test_an_english_sentence_is_not_read_with_other_languages_words(said: str, type_name: str) -> None:
    assert FACT_TYPES[type_name].find(said) == []


@pytest.mark.parametrize(("name", "code"), rows("other_languages", "airports"))
def test_an_airport_is_known_by_its_own_name_and_by_other_languages_names_for_its_city(
    name: str, code: str
) -> None:
    assert airport_code(name) == code
    assert [c for c, _, _ in home_airport_mentions(f"Abflug immer von {name}")] == [code]


def test_a_destination_in_another_language_is_not_a_home_airport() -> None:
    assert home_airport_mentions("Amanhã voo para Lisboa") == []
