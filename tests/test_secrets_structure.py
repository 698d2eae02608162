"""The masker by structure, not by list: generated card numbers in any spelling and setting, secrets said in six
languages, unknown keys, seed phrases, identity documents, a card split over two messages; and generated
ordinary travel sentences that must come through untouched."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from mnemonic import Mnemonic
from stdnum import luhn

from language.reading.evidence import Span, split_clauses
from language.secrets.mask import has_mask, mask_secrets, masked_notice, may_continue_secret
from tests.tables import rows, texts

# --- cards -------------------------------------------------------------------------------------------------

_ISSUER_PREFIXES = ("4", "51", "55", "2221", "34", "37", "6011", "3530")
_LENGTHS = {"4": 16, "51": 16, "55": 16, "2221": 16, "34": 15, "37": 15, "6011": 16, "3530": 16}


@st.composite
def card_numbers(draw: st.DrawFn) -> str:
    prefix = draw(st.sampled_from(_ISSUER_PREFIXES))
    body = prefix + "".join(str(draw(st.integers(0, 9))) for _ in range(_LENGTHS[prefix] - len(prefix) - 1))
    return body + str(luhn.calc_check_digit(body))


_SEPARATORS = st.sampled_from([" ", "-", ".", "/", " - ", " / ", "  ", ", ", "_", "|"])
_SCRIPTS = {
    "ascii": "0123456789",
    "fullwidth": "０１２３４５６７８９",
    "arabic-indic": "٠١٢٣٤٥٦٧٨٩",
    "devanagari": "०१२३४५६७८९",
    "bengali": "০১২৩৪৫৬৭৮৯",
}
_SPELLED = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_INVISIBLE = st.sampled_from(["", "", "\u200b", "\u200d", "\u2060"])


@st.composite
def written_cards(draw: st.DrawFn) -> tuple[str, str]:
    """(how the user wrote a valid card number, its last four digits)."""
    number = draw(card_numbers())
    groups = [number[i : i + 4] for i in range(0, len(number), 4)]
    style = draw(st.sampled_from([*_SCRIPTS, "spelled"]))
    if style == "spelled":
        sep = draw(st.sampled_from([" ", ", ", " - "]))
        written = sep.join(" ".join(_SPELLED[int(d)] for d in g) for g in groups)
    else:
        digits = _SCRIPTS[style]
        seps = [draw(_SEPARATORS) for _ in groups[1:]]
        parts = ["".join(digits[int(d)] + draw(_INVISIBLE) for d in g) for g in groups]
        written = parts[0] + "".join(s + p for s, p in zip(seps, parts[1:], strict=True))
    return written, number[-4:]


_TRAVEL_FRAMES = st.sampled_from(texts("secrets_structure", "travel_frames"))


@given(written_cards(), _TRAVEL_FRAMES)
@settings(max_examples=300, deadline=None)
def test_a_valid_card_is_masked_whatever_its_digits_separators_and_sentence(
    card: tuple[str, str], frame: str
) -> None:
    written, last4 = card
    text = frame.format(written)
    masked = mask_secrets(text)
    assert f"[card ending {last4}]" in masked.text, (text, masked.text)
    assert written not in masked.text
    assert mask_secrets(masked.text).text == masked.text  # idempotent


_CITIES = st.sampled_from(["Lisbon", "Porto", "Madrid", "Paris", "Berlin", "Rome", "New York", "Tokyo"])


@st.composite
def travel_sentences(draw: st.DrawFn) -> str:
    rng = random.Random(draw(st.integers(0, 2**32)))
    airline = rng.choice(["TP", "BA", "LH", "AF", "IB", "AZ", "U2", "FR"])
    pieces = [
        f"flight {airline}{rng.randint(1, 9999)}",
        f"on {rng.randint(1, 28)}/{rng.randint(1, 12)}/{rng.randint(2025, 2028)}",
        f"at {rng.randint(0, 23):02d}:{rng.choice(['00', '15', '30', '45'])}",
        f"for {rng.randint(19, 2400)}.{rng.randint(0, 99):02d} EUR",
        f"booking ref {''.join(rng.choice('ABCDEFGHJKLMNPQRSTUVWXYZ23456789') for _ in range(6))}",
        f"seat {rng.randint(1, 40)}{rng.choice('ABCDEF')}",
        f"gate {rng.choice('ABCDE')}{rng.randint(1, 60)}",
        f"{rng.randint(2, 14)} nights",
        f"room {rng.randint(100, 1299)}",
        f"e-ticket {rng.randint(10**12, 10**13 - 1)}",
        f"call +351 {rng.randint(200, 999)} {rng.randint(100, 999)} {rng.randint(100, 999)}",
        f"terminal {rng.randint(1, 5)}",
        f"{rng.randint(1, 4)} adults and {rng.randint(0, 3)} children",
        f"train {rng.randint(100, 9999)} from {draw(_CITIES)}",
        "a window seat",
        "one or two bags",
    ]
    chosen = draw(st.lists(st.sampled_from(pieces), min_size=2, max_size=5, unique=True))
    opener = draw(st.sampled_from(["Book", "I'd like", "Please find", "Can you check", "Remind me of"]))
    return f"{opener} {draw(_CITIES)} " + ", ".join(chosen) + "."


@given(travel_sentences())
@settings(max_examples=400, deadline=None)
def test_ordinary_travel_sentences_are_never_masked(text: str) -> None:
    masked = mask_secrets(text)
    assert masked.findings == (), (text, masked.text)


# --- secrets said in words, in six languages ----------------------------------------------------------------


@pytest.mark.parametrize(("text", "kept", "secret"), rows("secrets_structure", "said_in_other_languages"))
def test_secrets_said_in_other_languages_lose_only_the_value(text: str, kept: str, secret: str) -> None:
    masked = mask_secrets(text)
    assert secret not in masked.text and has_mask(masked.text), masked.text
    assert kept in masked.text


@pytest.mark.parametrize("text", texts("secrets_structure", "talk_in_any_language"))
def test_talking_about_secrets_in_any_language_is_not_a_secret(text: str) -> None:
    assert mask_secrets(text).findings == ()


# --- keys, seed phrases, documents ---------------------------------------------------------------------------


_KEY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


# Random 40-64 character keys (a shorter random run can fall below the entropy a key must show, one draw in a few
# hundred); derandomised so a run is repeatable.
@given(st.integers(0, 2**64), st.integers(40, 64), st.sampled_from(["", "_", "-"]))
@settings(max_examples=150, deadline=None, derandomize=True)
def test_a_random_key_from_an_unknown_provider_is_masked(seed: int, length: int, joiner: str) -> None:
    rng = random.Random(seed)
    key = "".join(rng.choice(_KEY_ALPHABET) for _ in range(length))
    key = key[:8] + joiner + key[8:]
    if not (
        any(c.isdigit() for c in key) and any(c.islower() for c in key) and any(c.isupper() for c in key)
    ):
        return  # (one draw in many thousands)
    masked = mask_secrets(f"the key for the booking API is now {key} ok")
    assert key not in masked.text and masked.text.endswith(" ok")


def test_hex_secrets_and_jwts_are_masked() -> None:
    hex_key = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
    jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
    for secret in (hex_key, jwt):
        assert secret not in mask_secrets(f"here: {secret} for the hotel app").text


def test_words_run_together_and_links_are_not_keys() -> None:
    for text in (
        "our trip hashtag is LisbonPortoMadrid2025Summer",
        "see https://example.com/booking/AbC123xYz456QwE789rTy0 for details",
    ):
        assert mask_secrets(text).findings == ()


@pytest.mark.parametrize("language", ["english", "spanish", "french", "italian", "portuguese"])
@pytest.mark.parametrize("count", [12, 24])
def test_a_seed_phrase_is_masked_in_any_wordlist_language(language: str, count: int) -> None:
    # A fixed phrase per case: a random one can hold a word of the sentence after it ("prefer" is a BIP-39 word).
    entropy = random.Random(f"{language}-{count}").randbytes(16 if count == 12 else 32)
    words = Mnemonic(language).to_mnemonic(entropy).split()
    numbered = " ".join(f"{i}. {w}" for i, w in enumerate(words, 1))
    for phrase in (" ".join(words), numbered):
        masked = mask_secrets(f"my wallet words: {phrase}. Also I prefer aisle seats")
        assert words[5] not in masked.text.split() and "[recovery phrase masked]" in masked.text
        assert "I prefer aisle seats" in masked.text


@pytest.mark.parametrize("text", texts("secrets_structure", "identity_documents"))
def test_identity_documents_are_masked_without_their_name(text: str) -> None:
    masked = mask_secrets(text)
    assert masked.kinds and set(masked.kinds) <= {"passport", "national_id"}, masked.text


# --- a card split over two messages --------------------------------------------------------------------------


@given(card_numbers(), st.integers(4, 12), _SEPARATORS)
@settings(max_examples=150, deadline=None)
def test_a_card_split_over_two_messages_is_masked_in_the_second(number: str, cut: int, sep: str) -> None:
    first = "my card is " + sep.join([number[:cut][i : i + 4] for i in range(0, cut, 4)])
    second_digits = number[cut:]
    second = sep.join(second_digits[i : i + 4] for i in range(0, len(second_digits), 4)) + " thanks"
    assert mask_secrets(first).findings == ()  # alone, the first part is no card
    assert may_continue_secret(second)
    masked = mask_secrets(second, previous=first)
    assert masked.split and masked.kinds == ("card",)
    assert f"[card ending {number[-4:]}]" in masked.text and masked.text.endswith(" thanks")
    # The first message, re-masked for the log's correction, keeps its words and none of the digits.
    assert masked.earlier == f"my card is [card ending {number[-4:]}]"
    assert "previous message" in masked_notice(masked.kinds, split=masked.split)


def test_digits_after_an_unrelated_message_are_not_a_split_card() -> None:
    assert not mask_secrets("1111 1111", previous="we are 2 adults").findings
    assert not mask_secrets("12 May works", previous="my card is 4111 1111").findings


# --- the clause after a mask -----------------------------------------------------------------------------------


_SECRET_STATEMENTS = st.sampled_from(texts("secrets_structure", "secret_statements"))
_PREFERENCES = st.sampled_from(texts("secrets_structure", "preferences"))


@given(
    _SECRET_STATEMENTS,
    st.sampled_from([", ", " - ", " — ", ". ", " ", "; ", ": ", "! ", " / "]),
    _PREFERENCES,
)
@settings(max_examples=200, deadline=None)
def test_a_secret_never_shares_a_clause_with_the_preference_beside_it(
    secret: str, tail: str, preference: str
) -> None:
    text = mask_secrets(secret + tail + preference).text
    assert has_mask(text)
    clauses = [text[s.start : s.end] for s in split_clauses(text, Span(start=0, end=len(text)))]
    assert not any(has_mask(c) and preference in c for c in clauses), clauses


@pytest.mark.parametrize("tail", [", ", " - ", " — ", ". ", " ", "; ", ": "])
def test_a_mask_always_ends_its_clause(tail: str) -> None:
    text = mask_secrets(f"my card is 4111 1111 1111 1111{tail}I prefer window seats").text
    clauses = [text[s.start : s.end] for s in split_clauses(text, Span(start=0, end=len(text)))]
    assert any(c.strip(" .,-—;:") == "I prefer window seats" for c in clauses), clauses
    assert not any(has_mask(c) and "prefer" in c for c in clauses)


@pytest.mark.parametrize(("text", "secret"), rows("secrets_structure", "codes_around_subject"))
def test_codes_and_bank_details_said_around_their_subject_are_masked(text: str, secret: str) -> None:
    masked = mask_secrets(text)
    assert secret not in masked.text and has_mask(masked.text), masked.text


@pytest.mark.parametrize("text", texts("secrets_structure", "sound_secret"))
def test_numbers_that_only_sound_secret_are_left_alone(text: str) -> None:
    assert mask_secrets(text).findings == (), mask_secrets(text).text


# --- cue words and shapes ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("said", "secret"), rows("secrets_structure", "cue_words"))
def test_cue_words_and_shapes_mask_what_nobody_listed(said: str, secret: str) -> None:
    masked = mask_secrets(said).text
    assert secret not in masked and has_mask(masked)


@pytest.mark.parametrize("said", texts("secrets_structure", "cue_words_in_travel_talk"))
def test_the_same_words_in_ordinary_travel_talk_mask_nothing(said: str) -> None:
    assert mask_secrets(said).text == said


# --- a key's name beside a token ------------------------------------------------------------------------------

_KEY_WORDS = (
    "key",
    "api key",
    "token",
    "secret",
    "access key",
    "chave",
    "clave",
    "clé",
    "Schlüssel",
    "chiave",
)


@st.composite
def short_tokens(draw: st.DrawFn) -> str:
    """16–31 characters of letters, digits and joiners: too short for the entropy limit on its own.

    Drawn from a seeded generator rather than character by character, so that shrinking cannot turn a key
    into "AaaaaAaaaa" (which reads as words, and which no service issues).
    """
    alphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    rng = random.Random(draw(st.integers(0, 2**32)))
    body = "".join(rng.choice(alphabet) for _ in range(draw(st.integers(16, 31))))
    assume(
        sum((any(c.isupper() for c in body), any(c.islower() for c in body), any(c.isdigit() for c in body)))
        >= 2
    )
    joiner = draw(st.sampled_from(["", "_", ".", "-"]))
    cut = draw(st.integers(3, 8))
    return body[:cut] + joiner + body[cut:]


@given(short_tokens(), st.sampled_from(_KEY_WORDS), st.integers(0, 2))
@settings(max_examples=200, deadline=None)
def test_a_token_beside_the_name_of_a_key_is_masked(token: str, name: str, frame: int) -> None:
    said = [
        f"the booking tool's {name} is {token}, and I like aisle seats",
        f"{name}={token}. Also I'm a Flying Blue member",
        f"{token} is my developer {name}",
    ][frame]
    masked = mask_secrets(said)
    assert token not in masked.text and has_mask(masked.text), masked.text


@pytest.mark.parametrize("said", texts("secrets_structure", "keys_without_token"))
def test_talk_of_keys_without_a_token_masks_nothing(said: str) -> None:
    assert mask_secrets(said).text == said


@pytest.mark.parametrize(
    ("said", "secret"),
    [
        ("document number KPF9F60CJ for the APIS form", "KPF9F60CJ"),
        ("for the APIS: XJKRT5A0B, date of birth 02/03/1988", "XJKRT5A0B"),
    ],
)
def test_a_document_number_in_any_letter_digit_mix_is_masked_beside_document_words(
    said: str, secret: str
) -> None:
    masked = mask_secrets(said).text
    assert secret not in masked and has_mask(masked)


# --- card-shaped digits beside a card word, in six languages -------------------------------------------------

_CARD_CUE_FRAMES = st.sampled_from(texts("secrets_structure", "card_cue_frames"))


@st.composite
def card_shaped_numbers(draw: st.DrawFn, first: str = "123456789") -> str:
    """Digits in a card's typed shape, Luhn or not: 4-4-4-4, one run of 16, or 4-4-4-1."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    digits = rng.choice(first) + "".join(str(rng.randint(0, 9)) for _ in range(15))
    sep = draw(st.sampled_from([" ", "  ", "-", ".", ""]))
    shape = draw(st.sampled_from(["4444", "16", "4441"]))
    if shape == "16":
        return digits
    if shape == "4441":
        digits = digits[:13]
    return sep.join(digits[i : i + 4] for i in range(0, len(digits), 4)) if sep else digits


@given(card_shaped_numbers(), _CARD_CUE_FRAMES)
@settings(max_examples=300, deadline=None)
def test_card_shaped_digits_beside_a_card_word_are_masked_whatever_their_checksum(
    number: str, frame: str
) -> None:
    text = frame.format(number)
    masked = mask_secrets(text)
    assert number not in masked.text and "[card ending" in masked.text, (text, masked.text)
    assert mask_secrets(masked.text).text == masked.text


@given(card_numbers(), st.sampled_from(["  ", " ", "-"]))
@settings(max_examples=200, deadline=None)
def test_a_luhn_valid_number_in_printed_groups_is_a_card_whatever_its_issuer(number: str, sep: str) -> None:
    # Any first digits: the issuer ranges move, the printed four groups of four do not.
    body = "9" + number[1:15]
    number = body + str(luhn.calc_check_digit(body))
    written = sep.join(number[i : i + 4] for i in range(0, 16, 4))
    masked = mask_secrets(f"use {written} for the hotel in Seville")
    assert written not in masked.text and masked.text.endswith(" for the hotel in Seville"), masked.text


_OTHER_NUMBER_FRAMES = st.sampled_from(texts("secrets_structure", "other_number_frames"))


# Outside every issuer's range (a number in one, beside a card word, is read as a mistyped card).
@given(card_shaped_numbers(first="178"), _OTHER_NUMBER_FRAMES)
@settings(max_examples=200, deadline=None)
def test_a_card_word_beside_another_kind_of_number_masks_nothing(number: str, frame: str) -> None:
    assume(not luhn.is_valid(re.sub(r"\D", "", number)))
    text = frame.format(number)
    assert mask_secrets(text).text == text


@pytest.mark.parametrize("said", texts("secrets_structure", "card_words_only"))
def test_card_words_without_a_number_mask_nothing(said: str) -> None:
    assert mask_secrets(said).text == said


# --- what is printed after a card: expiry, then its security code ---------------------------------------------


@given(
    card_numbers(),
    st.integers(1, 12),
    st.integers(25, 35),
    st.integers(100, 9999),
    st.sampled_from(["{c}, {m:02d}/{y}, {v}", "{c} {m:02d}/{y} {v}", "{c} exp {m:02d}/{y} cvc {v}"]),
)
@settings(max_examples=200, deadline=None)
def test_the_digits_after_a_cards_expiry_are_its_security_code(
    number: str, month: int, year: int, code: int, frame: str
) -> None:
    text = frame.format(c=number, m=month, y=year, v=code)
    masked = mask_secrets(text).text
    assert number not in masked and not re.search(rf"(?<!\d){code}(?!\d)", masked), masked
    # Beside the card's number the expiry is card data too, masked with its own words.
    assert f"{month:02d}/{year}" not in masked and "[card expiry masked]" in masked, masked


_CARD_CODE_NAMES = st.sampled_from(texts("secrets_structure", "card_code_names"))


@given(
    _CARD_CODE_NAMES, st.integers(100, 999), st.sampled_from(["", ", vivo en Madrid", " and I fly direct"])
)
@settings(max_examples=150, deadline=None)
def test_a_cards_security_code_is_masked_by_its_name_in_six_languages(
    name: str, code: int, tail: str
) -> None:
    masked = mask_secrets(f"{name} {code}{tail}").text
    assert str(code) not in masked and "[card security code masked]" in masked and masked.endswith(tail)


# --- a zero said "oh" among spelled digits ---------------------------------------------------------------------


@given(card_numbers(), st.sampled_from(["oh", "Oh", "nought"]))
@settings(max_examples=150, deadline=None)
def test_a_spelled_card_with_oh_for_zero_is_masked(number: str, zero: str) -> None:
    words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    groups = [
        " ".join(zero if d == "0" else words[int(d)] for d in number[i : i + 4]) for i in range(0, 16, 4)
    ]
    written = " - ".join(groups)
    masked = mask_secrets(f"card: {written}. I prefer aisle seats").text
    assert f"[card ending {number[-4:]}]" in masked and masked.endswith("I prefer aisle seats"), masked


@pytest.mark.parametrize("said", texts("secrets_structure", "oh_as_a_word"))
def test_oh_in_ordinary_talk_stays_a_word(said: str) -> None:
    assert mask_secrets(said).text == said


@given(card_numbers(), st.sampled_from([" (sorry phone died)", " <- first part", " ... wait"]))
@settings(max_examples=100, deadline=None)
def test_a_split_card_is_masked_even_with_an_aside_after_the_first_part(number: str, aside: str) -> None:
    first = f"card {number[:4]} {number[4:8]}{aside}"
    second = f"{number[8:12]} {number[12:]} is the end of it"
    masked = mask_secrets(second, previous=first)
    # The mask keeps the last four digits by design, and they may equal the first four.
    mask = f"[card ending {number[-4:]}]"
    assert masked.split and masked.earlier is not None and number[:4] not in masked.earlier.replace(mask, "")
    assert number[-4:] not in masked.text.replace(mask, "")


# --- the value said next to a secret's name, before or after it, in six languages ----------------------------


@st.composite
def passwords(draw: st.DrawFn) -> str:
    """Password-like tokens: a word, a symbol, digits (in some order), or random mixed characters."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    if rng.random() < 0.5:
        word = rng.choice(["Lisboa", "Gelato", "Zebra", "Paella", "Sonne", "Mare", "biscuit-horse"])
        return word + rng.choice("!#%_$&") + str(rng.randint(1, 9999))
    alphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!%#"
    token = "".join(rng.choice(alphabet) for _ in range(rng.randint(8, 14)))
    return token[:2] + rng.choice("!%#") + token[2:] + str(rng.randint(0, 9))


_PASSWORD_FRAMES = st.sampled_from(texts("secrets_structure", "password_frames"))


@given(passwords(), _PASSWORD_FRAMES)
@settings(max_examples=300, deadline=None)
def test_a_password_said_next_to_its_name_is_masked_in_six_languages(value: str, frame: str) -> None:
    text = frame.format(value)
    masked = mask_secrets(text).text
    assert value not in masked and "[password masked]" in masked, (text, masked)


_PASSWORD_TALK = st.sampled_from(texts("secrets_structure", "password_talk"))
_NO_VALUE = st.sampled_from(texts("secrets_structure", "no_value"))


@given(_PASSWORD_TALK, _NO_VALUE)
@settings(max_examples=100, deadline=None)
def test_talk_of_a_changed_password_without_a_value_masks_nothing(frame: str, words: str) -> None:
    text = frame.format(words)
    assert mask_secrets(text).text == text


@pytest.mark.parametrize("said", texts("secrets_structure", "not_the_value"))
def test_words_beside_a_secrets_name_that_are_not_its_value_mask_nothing(said: str) -> None:
    assert mask_secrets(said).text == said


@st.composite
def document_numbers(draw: st.DrawFn) -> str:
    rng = random.Random(draw(st.integers(0, 2**32)))
    digits = "".join(str(rng.randint(0, 9)) for _ in range(7))
    return draw(st.sampled_from(["", "YM", "X", "C0"])) + digits + str(rng.randint(10, 99))


@given(
    document_numbers(),
    st.sampled_from(
        [
            "for the ESTA they want my passport # — it's {}",
            "ok the number on my photo page is {}",
            "the data page says {}",
            "put {} as my passport number",
            "{} is my passport number, and I prefer aisle seats",
        ]
    ),
)
@settings(max_examples=150, deadline=None)
def test_a_passport_number_beside_the_passports_name_is_masked(number: str, frame: str) -> None:
    masked = mask_secrets(frame.format(number)).text
    assert number not in masked and "[passport number masked]" in masked, masked


@given(
    st.sampled_from(["first pet", "first dog", "first school", "first car"]),
    st.sampled_from(["Fluffernutter", "Biscuit", "Saint Brendan's", "Escola Azul"]),
    st.sampled_from(["{q}: {a}", "the name of my {q} (for the security q) is {a}", "my {q} was {a}"]),
)
def test_a_security_answer_beside_its_question_is_masked(question: str, answer: str, frame: str) -> None:
    masked = mask_secrets(frame.format(q=question, a=answer)).text
    assert answer not in masked and "[security answer masked]" in masked, masked


@pytest.mark.parametrize(("said", "answer"), rows("secrets_structure", "secret_answers"))
def test_the_answer_to_the_secret_question_is_masked_in_six_languages(said: str, answer: str) -> None:
    assert answer not in mask_secrets(said).text


# --- NAME=VALUE where the name says it is a secret --------------------------------------------------------------


@st.composite
def secret_names(draw: st.DrawFn) -> str:
    vendor = draw(st.sampled_from(["amadeus", "booking", "db", "stripe", "app", "sabre"]))
    secret = draw(st.sampled_from(["api_secret", "api_key", "token", "password", "secret_key", "auth_token"]))
    style = draw(st.sampled_from(["upper", "snake", "camel", "dotted"]))
    parts = [vendor, *secret.split("_")]
    if style == "upper":
        return "_".join(parts).upper()
    if style == "snake":
        return "_".join(parts)
    if style == "dotted":
        return ".".join(parts)
    return parts[0] + "".join(p.title() for p in parts[1:])


@given(
    secret_names(),
    short_tokens(),
    st.sampled_from(["export {n}={v}", "{n}={v}", "{n}: {v}", '{n} = "{v}"', "set {n}={v} then restart"]),
)
@settings(max_examples=200, deadline=None)
def test_a_value_assigned_to_a_name_that_says_secret_is_masked(name: str, value: str, frame: str) -> None:
    text = frame.format(n=name, v=value)
    masked = mask_secrets(text).text
    assert value not in masked and name in masked and has_mask(masked), masked


@pytest.mark.parametrize(
    "said",
    texts(
        "secrets_structure",
        "assignments_whose_name_is_no_secret_or_whose_value_is_a_placeholder_mask_nothing",
    ),
)
def test_assignments_whose_name_is_no_secret_or_whose_value_is_a_placeholder_mask_nothing(said: str) -> None:
    assert mask_secrets(said).text == said


# --- a bank code beside an account number ----------------------------------------------------------------------


@given(
    st.integers(10_000_000, 99_999_999),
    st.sampled_from(
        ["(sort 09-01-28)", "sort code 20-00-00,", "transit 00011 institution 003", "routing 021000021"]
    ),
    st.sampled_from(["I'm a Hilton Honors member", "my Flying Blue number is elsewhere", "thanks"]),
)
@settings(max_examples=100, deadline=None)
def test_an_account_number_beside_a_bank_code_is_masked_whatever_loyalty_talk_is_near(
    account: int, code: str, tail: str
) -> None:
    masked = mask_secrets(f"pay the guide into account {account} {code} {tail}").text
    assert str(account) not in masked and masked.endswith(tail), masked


@pytest.mark.parametrize("said", texts("secrets_structure", "bank_words_only"))
def test_bank_words_without_a_bank_code_leave_loyalty_accounts_alone(said: str) -> None:
    assert mask_secrets(said).text == said


CHANGED_TO = texts("secrets_structure", "changed_to")


@given(
    st.sampled_from(CHANGED_TO),
    st.text("abcdefghkmnpqrstuvwxyz", min_size=4, max_size=9),
    st.sampled_from(["_", "-", "!", "#", ""]),
    st.integers(10, 9999),
)
@settings(max_examples=150, deadline=None)
def test_what_a_password_was_changed_to_is_masked(frame: str, word: str, joiner: str, number: int) -> None:
    value = f"{word.capitalize()}{joiner}{number}"
    masked = mask_secrets(frame.format(value))
    assert value not in masked.text and has_mask(masked.text), masked.text


@pytest.mark.parametrize("said", texts("secrets_structure", "password_changed_unsaid"))
def test_changing_a_password_without_saying_it_masks_nothing(said: str) -> None:
    assert mask_secrets(said).text == said


def test_a_random_mixed_case_key_of_letters_only_is_masked_and_words_run_together_are_not() -> None:
    # Found by the property above: many short pronounceable bits ("Kyw", "Uem", "Ybg") are no words run together.
    said = "the booking tool's key is KywUemYbgAkfSEHB, and I like aisle seats"
    assert "KywUemYbgAkfSEHB" not in mask_secrets(said).text
    assert "WheelchairAccessible" in mask_secrets("the key is WheelchairAccessible, I think").text
