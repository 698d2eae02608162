"""A lasting preference said by what the user will not have is asked about, never guessed into memory and never
lost: "never the middle, never the window" asks about the aisle; a refusal of one option alone, or a negation
that says the user does not mind, asks nothing."""

from __future__ import annotations

import pytest

from assistant.gate.explain import explain_verdict
from tests.tables import rows


def verdict(text: str, type_name: str) -> str:
    found = explain_verdict(text, type_name)
    return f"{found.outcome}:{found.value}" if found.value else f"{found.outcome}:{found.reason}"


@pytest.mark.parametrize(("said", "type_name", "value"), rows("refusals", "said_by_refusals"))
def test_a_preference_said_by_refusals_is_asked_with_the_value_left(
    said: str, type_name: str, value: str
) -> None:
    assert verdict(said, type_name) == f"ask:{value}"


def test_an_exception_wins_over_a_value_named_in_a_complaint() -> None:
    # Before, "English takes me twice as long" was kept as the user's language.
    said = "Please don't write to me in anything other than Italian — English takes me twice as long."
    assert verdict(said, "language") == "ask:Italian"


@pytest.mark.parametrize(("said", "type_name"), rows("refusals", "no_single_value"))
def test_a_refusal_that_leaves_no_single_value_of_the_users_own_asks_nothing(
    said: str, type_name: str
) -> None:
    assert verdict(said, type_name).startswith("rejected:")
