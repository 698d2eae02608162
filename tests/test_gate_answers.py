"""A reply to the assistant's own question, home airports anywhere in the world, allergens said apart from the
allergy word: the gate reads what the user means from the turn and the thread, not from a list of phrasings."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from language.world_airports import AirportCodes
from tests.judging import judged
from tests.tables import rows, texts

# The assistant's question, a bare reply, the type and the value the reply gives.
_ANSWERS = rows("gate_answers", "answers")


@pytest.mark.parametrize(("question", "reply", "ftype", "value"), _ANSWERS)
def test_a_bare_reply_to_the_assistants_question_is_kept(
    question: str, reply: str, ftype: str, value: str
) -> None:
    assert judged(reply, ftype, before=question) == f"kept:{value}"


# Replies that say themselves what they are ("that's permanent", "that's my home airport") stand alone too.
@pytest.mark.parametrize(
    ("question", "reply", "ftype", "value"),
    [a for a in _ANSWERS if "permanent" not in a[1] and "my home airport" not in a[1]],
)
def test_the_same_reply_without_the_question_is_not_kept(
    question: str, reply: str, ftype: str, value: str
) -> None:
    assert not judged(reply, ftype).startswith("kept:")


@pytest.mark.parametrize(("question", "reply", "ftype"), rows("gate_answers", "chooses_nothing"))
def test_a_reply_that_chooses_nothing_or_for_someone_else_is_not_kept(
    question: str, reply: str, ftype: str
) -> None:
    assert not judged(reply, ftype, before=question).startswith("kept:")


def test_a_question_about_something_else_lends_no_subject() -> None:
    assert not judged("window plz", "seat", before="Which hotel did you like best?").startswith("kept:")


# --- home airports anywhere ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("said", "code"), rows("gate_answers", "home_airports"))
def test_a_home_airport_anywhere_in_the_world_is_kept_by_its_code(said: str, code: str) -> None:
    assert judged(said, "home_airport") == f"kept:{code}"


def test_someone_elses_home_is_no_home_airport() -> None:
    # "Rome's home airport" is Rome's, "my aunt's" is hers: a possessive before "home" is not "X's my home".
    assert not judged("my aunt's home airport is Leeds, mine isn't settled", "home_airport").startswith(
        "kept:"
    )


def test_a_city_with_several_airports_names_none_of_them() -> None:
    assert judged("I live in Milan, that's my home airport", "home_airport") == "inference"
    # The airport said by its own name settles it.
    assert judged("I'm in Milan and I fly out of Malpensa", "home_airport") == "kept:MXP"


# Five codes out of 7,884 are also words the gate reads as a past tense or a laugh ("My home airport is GOT."):
# those are asked or rejected, which is the safe side.
_WORDS_TOO = frozenset({"ATE", "GOT", "HAD", "LOL", "SAT"})
_CODES = sorted(set(AirportCodes()) - _WORDS_TOO)


@given(st.sampled_from(_CODES))
@settings(max_examples=80, deadline=None)
def test_any_iata_code_said_as_a_home_airport_is_kept(code: str) -> None:
    assert judged(f"My home airport is {code}.", "home_airport") == f"kept:{code}"


def test_a_destination_is_no_home_airport() -> None:
    assert not judged("I'm flying to Changi next week from home", "home_airport").startswith("kept:")


# --- allergens said apart from the allergy word ---------------------------------------------------------------


@pytest.mark.parametrize(("said", "value"), rows("gate_answers", "allergens"))
def test_an_allergen_beside_an_allergy_word_is_kept(said: str, value: str) -> None:
    assert judged(said, "dietary") == f"kept:{value}"


def test_an_allergen_with_no_allergy_word_is_food() -> None:
    assert not judged("I love peanuts on everything", "dietary").startswith("kept:")


# --- a diet said by its foods ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("said", "diet"), rows("gate_answers", "diets"))
def test_a_diet_described_by_its_foods_is_its_diet(said: str, diet: str) -> None:
    assert judged(said, "dietary") == f"kept:{diet}"


@pytest.mark.parametrize(
    "said",
    texts("gate_answers", "no_diet"),
)
def test_one_food_or_someone_elses_foods_name_no_diet_of_the_user(said: str) -> None:
    assert not judged(said, "dietary").startswith("kept:")
