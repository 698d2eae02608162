"""The normalised view every check reads: what it folds, what it keeps, and that its offsets lead back to the
characters the user wrote (properties over generated text, plus the cases a reader would check first)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from language.normalise import Normalised, normalise

_INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u202e", "\u034f", "\ufe0f"]
_ANY_TEXT = st.text(max_size=60)
# Text that leans on the cases that matter: digits of many scripts, letters, marks, spaces, punctuation.
_MIXED_TEXT = st.lists(
    st.one_of(
        st.characters(categories=("Nd", "Lu", "Ll", "Mn", "Zs", "Pd", "Pi", "Pf", "Cf")),
        st.sampled_from(["one ", "four ", "quatro ", "deux ", "-", " ", "\u0301", "ｅ", "а", "Ι"]),
    ),
    max_size=30,
).map("".join)
_ASCII_WORDS = st.lists(
    st.sampled_from(["my", "pin", "is", "window", "seat", "12", "Lisbon", ",", "."]), max_size=8
)


def _check_map(original: str, view: Normalised) -> None:
    assert len(view.origin) == len(view.text) + 1
    assert view.origin[-1] == len(original)
    assert all(0 <= o <= len(original) for o in view.origin)
    assert list(view.origin) == sorted(view.origin)


@given(_ANY_TEXT)
@settings(max_examples=300)
def test_offsets_map_into_the_original_in_order(text: str) -> None:
    _check_map(text, normalise(text))


@given(_MIXED_TEXT)
@settings(max_examples=300)
def test_offsets_map_into_the_original_for_mixed_scripts(text: str) -> None:
    view = normalise(text)
    _check_map(text, view)
    for start in range(len(view.text) + 1):
        first, last = view.to_original(start, len(view.text))
        assert 0 <= first <= last == len(text)


@given(st.one_of(_ANY_TEXT, _MIXED_TEXT))
@settings(max_examples=300)
def test_normalising_twice_changes_nothing(text: str) -> None:
    once = normalise(text).text
    assert normalise(once).text == once


@given(_MIXED_TEXT, st.lists(st.tuples(st.integers(0, 40), st.sampled_from(_INVISIBLE)), max_size=5))
@settings(max_examples=300)
def test_zero_width_and_format_characters_never_change_the_view(
    text: str, inserts: list[tuple[int, str]]
) -> None:
    spiked = text
    for at, char in inserts:
        at = min(at, len(spiked))
        spiked = spiked[:at] + char + spiked[at:]
    assert normalise(spiked).text == normalise(text).text


@given(st.lists(st.characters(categories=["Nd"]), min_size=1, max_size=12))
def test_any_scripts_digits_become_ascii_digits(digits: list[str]) -> None:
    expected = "".join(str(unicodedata.decimal(d)) for d in digits)
    assert normalise("".join(digits)).text == expected


@given(_ASCII_WORDS)
def test_plain_ascii_without_digit_words_is_left_alone(words: list[str]) -> None:
    text = " ".join(words)
    view = normalise(text)
    assert view.text == text
    assert view.origin == tuple(range(len(text) + 1))


@given(_MIXED_TEXT)
@settings(max_examples=200)
def test_the_view_has_no_invisible_or_typographic_characters(text: str) -> None:
    view = normalise(text).text
    assert not any(unicodedata.category(c) == "Cf" for c in view)
    assert not any(c in "‘’“”–—" for c in view)
    assert all(c.isascii() for c in view if c.isdecimal())


_DIGIT_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


@given(st.lists(st.integers(0, 9), min_size=3, max_size=19), st.sampled_from([" ", "-", "  "]))
def test_spelled_out_digit_runs_read_as_digits_and_map_back_to_the_whole_run(
    digits: list[int], sep: str
) -> None:
    spelled = sep.join(_DIGIT_WORDS[d] for d in digits)
    text = f"my code is {spelled}, thanks"
    view = normalise(text)
    number = "".join(map(str, digits))
    assert view.text == f"my code is {number}, thanks"
    start = view.text.index(number)
    assert view.to_original(start, start + len(number)) == (11, 11 + len(spelled))


@pytest.mark.parametrize(
    ("text", "view"),
    [
        ("card ４１１１ １１１１", "card 4111 1111"),
        ("PIN ٤٣٢١", "PIN 4321"),
        ("PIN ४३२१", "PIN 4321"),
        ("I n\u200be\u200dver said that", "I never said that"),
        ("I nеvеr fly", "I never fly"),  # Cyrillic е
        ("ΑΡΙ key", "API key"),  # Greek capitals
        ("“window” — please", '"window" - please'),
        ("senha quatro um um um", "senha 4111"),
        ("Code: eins zwei drei vier", "Code: 1234"),
        ("one or two nights", "one or two nights"),
        ("two one-way tickets", "two one-way tickets"),
        ("café à São Paulo", "café à São Paulo"),
        ("cafe\u0301", "café"),
    ],
)
def test_the_view_of_familiar_spellings(text: str, view: str) -> None:
    assert normalise(text).text == view


def test_a_span_of_the_view_masks_the_characters_the_user_wrote() -> None:
    text = "my PIN is ４\u200b３２１ ok"
    view = normalise(text)
    start = view.text.index("4321")
    first, last = view.to_original(start, start + 4)
    assert text[first:last].startswith("４") and text[last:] == " ok"


def test_a_span_outside_the_view_is_refused() -> None:
    with pytest.raises(ValueError, match="outside"):
        normalise("abc").to_original(2, 5)
