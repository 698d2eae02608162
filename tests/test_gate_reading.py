"""How the gate reads a statement's own words: where a condition, a negation or a subject belongs, what a
standing request looks like, and which words are inflections of a known link. Each rule has its counterpart:
the same shape with the meaning reversed is still not kept."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.judging import judged
from tests.tables import rows, texts


@pytest.mark.parametrize(
    ("said", "ftype", "value"), [*rows("gate_reading", "kept"), *rows("gate_reading", "no_correction")]
)
def test_a_lasting_first_person_statement_is_kept_however_it_is_worded(
    said: str, ftype: str, value: str
) -> None:
    assert judged(said, ftype) == f"kept:{value}"


@pytest.mark.parametrize(("said", "ftype"), rows("gate_reading", "two_scripts"))
def test_a_word_in_two_scripts_is_asked_not_kept(said: str, ftype: str) -> None:
    assert judged(said, ftype) == "ask:mixed_script"


@pytest.mark.parametrize(("said", "ftype"), rows("gate_reading", "not_kept"))
def test_the_same_shapes_with_the_meaning_reversed_are_not_kept(said: str, ftype: str) -> None:
    assert not judged(said, ftype).startswith("kept:")


CONSEQUENCES = texts("gate_reading", "consequences")
PLAIN = rows("gate_reading", "plain")


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PLAIN), st.sampled_from(CONSEQUENCES))
def test_a_condition_in_what_follows_does_not_make_the_statement_hypothetical(
    plain: tuple[str, str, str], consequence: str
) -> None:
    said, ftype, value = plain
    assert judged(f"{said} {consequence}", ftype) == f"kept:{value}"


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PLAIN), st.sampled_from(["Madrid", "long", "early", "Lisbon", "return"]))
def test_a_preference_for_this_one_flight_is_never_kept(plain: tuple[str, str, str], word: str) -> None:
    said, ftype, _value = plain
    assert not judged(f"For this {word} flight only: {said[0].lower()}{said[1:]}", ftype).startswith("kept:")


_HESITATIONS = ("um, ", "umm ", "erm, ", "uh ", "hmm, ", "er... ", "ah, ")


@given(st.sampled_from(rows("gate_reading", "kept")), st.sampled_from(_HESITATIONS))
@settings(max_examples=60, deadline=None)
def test_a_hesitation_before_a_kept_statement_keeps_it(row: tuple[str, str, str], hesitation: str) -> None:
    said, ftype, value = row
    assert judged(hesitation + said[0].lower() + said[1:], ftype) == f"kept:{value}"


# A value after a dislike of something else is not disliked; a hedge before the value rejects and after it
# asks; a polite request for a language is asked unless it says for good.
@pytest.mark.parametrize(
    ("said", "ftype", "expected"),
    [
        *rows("gate_reading", "after_a_dislike"),
        *rows("gate_reading", "hedged"),
        *rows("gate_reading", "polite_language"),
    ],
)
def test_a_dislike_a_hedge_or_a_polite_request_gets_the_verdict_its_words_call_for(
    said: str, ftype: str, expected: str
) -> None:
    assert judged(said, ftype) == expected


_CONTRACTIONS = re.compile(r"\b([Ii])['’](m|ve)\b")


@pytest.mark.parametrize(
    ("said", "ftype", "value"), [r for r in rows("gate_reading", "kept") if _CONTRACTIONS.search(r[0])]
)
def test_a_contraction_typed_without_its_apostrophe_keeps_the_statement(
    said: str, ftype: str, value: str
) -> None:
    assert judged(_CONTRACTIONS.sub(r"\1\2", said), ftype) == f"kept:{value}"


@settings(max_examples=500, deadline=None, derandomize=True, database=None)
@given(st.text(alphabet=st.characters(max_codepoint=127)))
def test_plain_ascii_is_cleaned_as_any_other_text(text: str) -> None:
    """ASCII (most of what users type) takes a shortcut through the cleaning every rule reads: it must read
    each control character, line break and tab exactly as the full path (NFKC, character categories) does."""
    from language.reading.evidence import _ASCII_CLEAN, _cleaned

    assert text.translate(_ASCII_CLEAN) == _cleaned(text)
