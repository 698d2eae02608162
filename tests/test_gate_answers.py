"""A reply to the assistant's own question, home airports anywhere in the world, allergens said apart from the
allergy word: the gate reads what the user means from the turn and the thread, not from a list of phrasings."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from language.world_airports import AirportCodes
from tests.judging import judged

# The assistant's question, a bare reply, the type and the value the reply gives.
_ANSWERS = [
    ("Do you prefer particular departure times?", "afternoons", "flight_times", "afternoon"),
    ("Which language would you like me to use with you from now on?", "english", "language", "English"),
    (
        "Are you in any airline frequent flyer programmes?",
        "BA Executive Club, bronze",
        "loyalty",
        "British Airways Executive Club",
    ),
    (
        "Any accessibility needs I should keep in mind for hotels?",
        "step-free access, for all of them",
        "accessibility",
        "step-free access",
    ),
    ("Where do you usually start your trips from?", "dublin", "home_airport", "DUB"),
    ("Which airport should I search from by default?", "LHR", "home_airport", "LHR"),
    (
        "Where should I start your flight searches from by default?",
        "boston logan, that's my home airport",
        "home_airport",
        "BOS",
    ),
    (
        "Do you have any allergies I should note for future bookings?",
        "yes — nuts. all nuts. severe.",
        "dietary",
        "nut allergy",
    ),
    (
        "Before I book the meals: is there a dietary preference I should keep on record for you?",
        "vegetarian please, that's permanent",
        "dietary",
        "vegetarian",
    ),
    (
        "Do you have a seating preference for longer flights?",
        "aisle, for short and long ones alike",
        "seat",
        "aisle",
    ),
    # A part of the day named first is the answer, not a greeting.
    ("What time of day do you like to fly?", "evening, never at dawn", "flight_times", "evening"),
    (
        "Which cabin do you normally book?",
        "business. every time, business.",
        "travel_style",
        "business class",
    ),
    # A question that names no topic asks about what the sentence before it said; a one-word value may come in
    # the plural.
    (
        "I can write to you in quite a few languages. Got a favourite?",
        "italian please",
        "language",
        "Italian",
    ),
    ("Do you have a seating preference?", "aisles, always", "seat", "aisle"),
]


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


@pytest.mark.parametrize(
    ("question", "reply", "ftype"),
    [
        ("Any seat preference I should keep on file?", "window, aisle, whatever", "seat"),
        ("Window or aisle?", "ugh ok sure, window, whatever gets this done", "seat"),
        ("Do you have a seating preference?", "window or aisle... honestly I can't decide", "seat"),
        ("Where do you usually fly from?", "my sister flies from Dublin", "home_airport"),
        ("Any dietary needs?", "not vegan, no", "dietary"),
        # Said back without saying it is so: the assistant's words returning, not the user's.
        (
            "You normally depart from Stansted, correct?",
            "normally depart from Stansted... hmm",
            "home_airport",
        ),
        ("I'll keep booking vegan meals, as you prefer.", "vegan, as I prefer. huh.", "dietary"),
    ],
)
def test_a_reply_that_chooses_nothing_or_for_someone_else_is_not_kept(
    question: str, reply: str, ftype: str
) -> None:
    assert not judged(reply, ftype, before=question).startswith("kept:")


def test_a_question_about_something_else_lends_no_subject() -> None:
    assert not judged("window plz", "seat", before="Which hotel did you like best?").startswith("kept:")


# --- home airports anywhere ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "code"),
    [
        ("Changi is my home airport, I'm based in Singapore", "SIN"),
        ("I'm in Toronto, Pearson is my home airport", "YYZ"),
        ("I'm from São Paulo and I always fly out of Guarulhos", "GRU"),
        ("I live in Brighton, so Gatwick is my home airport — it's half an hour on the train.", "LGW"),
        ("Sydney's my home, Kingsford Smith airport. Always start from there", "SYD"),
        ("I live in Dubai so always search from DXB for me", "DXB"),
        ("based in frankfurt, i always fly out of FRA", "FRA"),
        ("SF based, so San Francisco International is where i fly from 99% of the time", "SFO"),
        ("set my home airport to Auckland please, that's where I live", "AKL"),
        ("I'm in Doha so Hamad International is my usual departure point", "DOH"),
        ("my base is Chicago O'Hare, start every search from there", "ORD"),
        # A possessive is no word of the name; a city's own airport wins over another named after the city.
        ("Schiphol's my home base, I've lived near it for a decade", "AMS"),
        ("Phoenix is home, every trip starts there", "PHX"),
    ],
)
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


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("allergic to peanuts!!! like properly, epipen-level. this applies to every trip", "nut allergy"),
        (
            "can't eat crustaceans or molluscs, I'm allergic, so keep that in mind for every booking",
            "shellfish allergy",
        ),
        (
            "I'm allergic to prawns and mussels, have been all my life",
            "shellfish allergy",
        ),
    ],
)
def test_an_allergen_beside_an_allergy_word_is_kept(said: str, value: str) -> None:
    assert judged(said, "dietary") == f"kept:{value}"


def test_an_allergen_with_no_allergy_word_is_food() -> None:
    assert not judged("I love peanuts on everything", "dietary").startswith("kept:")


# --- a diet said by its foods ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "diet"),
    [
        ("I don't eat meat or fish, but dairy and eggs are totally fine", "vegetarian"),
        ("i dont do any animal products at all", "vegan"),
        ("no meat, no fish, no dairy, no eggs for me, ever", "vegan"),
    ],
)
def test_a_diet_described_by_its_foods_is_its_diet(said: str, diet: str) -> None:
    assert judged(said, "dietary") == f"kept:{diet}"


@pytest.mark.parametrize(
    "said",
    [
        "no pork please",
        "I never eat before a flight",
        "my husband doesn't eat meat or fish",
        "no fish today, thanks",
    ],
)
def test_one_food_or_someone_elses_foods_name_no_diet_of_the_user(said: str) -> None:
    assert not judged(said, "dietary").startswith("kept:")
