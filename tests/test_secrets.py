"""Secrets are masked at the door: every corpus secret disappears, ordinary travel talk is left alone, the
preference said in the same breath survives, and masks are stable, single-line and recognisable."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from assistant.facts.types import FACT_TYPES
from language.secrets.mask import SECRET_KINDS, Finding, find_secret, has_mask, mask_secrets, masked_notice
from testkit.secret_corpus import (
    SecretCase,
    kind_found,
    load_harmless,
    load_secret_cases,
    preference_kept,
    secret_gone,
)
from tests.tables import rows, texts

CASES = load_secret_cases()
HARMLESS = load_harmless()


def _case_id(case: SecretCase) -> str:
    return f"{case.kind}:{case.text[:40]}"


# ------------------------------------------------------------------------------------------- the corpora


def test_the_corpora_cover_every_kind_with_variety() -> None:
    per_kind = Counter(c.kind for c in CASES)
    assert set(per_kind) == set(SECRET_KINDS)
    assert min(per_kind.values()) >= 10
    assert per_kind["card"] >= 30 and per_kind["password"] >= 30
    assert len(CASES) >= 200 and len({c.text for c in CASES}) == len(CASES)
    assert sum(c.preference is not None for c in CASES) >= 60
    assert len(HARMLESS) >= 1000 and len(set(HARMLESS)) == len(HARMLESS)


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_every_corpus_secret_is_masked_as_its_kind(case: SecretCase) -> None:
    masked = mask_secrets(case.text)
    assert secret_gone(case, masked.text), masked.text
    assert kind_found(case, masked), (masked.kinds, masked.text)
    assert case.kind in masked.kinds


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_masks_are_single_line_and_masking_is_idempotent(case: SecretCase) -> None:
    masked = mask_secrets(case.text)
    again = mask_secrets(masked.text)
    assert again.text == masked.text and again.findings == ()
    assert has_mask(masked.text)
    for finding in masked.findings:
        assert finding.end > finding.start
    masks = re.findall(r"\[[^\[\]]*\]", masked.text)
    assert masks and all("\n" not in m and "\r" not in m for m in masks)
    # The text around the secret is untouched: masking only ever replaces the findings' spans.
    rebuilt, last = [], 0
    for f in masked.findings:
        rebuilt.append(case.text[last : f.start])
        last = f.end
    rebuilt.append(case.text[last:])
    assert re.sub(r"\[[^\[\]]*\]", "\x00", masked.text).split("\x00") == rebuilt


@pytest.mark.parametrize("case", [c for c in CASES if c.preference], ids=_case_id)
def test_the_preference_beside_a_secret_survives_masking(case: SecretCase) -> None:
    assert case.preference is not None
    assert case.preference.value in FACT_TYPES[case.preference.type].extract(case.text)
    assert preference_kept(case, mask_secrets(case.text).text)


def test_false_positives_on_ordinary_travel_sentences_stay_at_or_below_one_percent() -> None:
    flagged = [line for line in HARMLESS if mask_secrets(line).findings]
    assert len(flagged) <= len(HARMLESS) // 100, flagged


# ------------------------------------------------------------------------------------------- cards


@pytest.mark.parametrize("text", texts("secrets", "card_separators"))
def test_cards_are_masked_whatever_the_separators_and_keep_only_the_last_four(text: str) -> None:
    masked = mask_secrets(text)
    assert masked.text == "card [card ending 1111]"
    assert masked.findings == (Finding("card", 5, len(text)),)


def test_a_card_followed_by_its_expiry_and_code_loses_all_three() -> None:
    masked = mask_secrets("my card is 5555 5555 5555 4444 exp 12/27 cvv 737, window seat please")
    assert masked.text == (
        "my card is [card ending 4444] exp [card expiry masked] cvv [card security code masked], window seat "
        "please"
    )


def test_a_date_before_a_card_number_is_a_trips_date_and_stays() -> None:
    assert mask_secrets("flying on 07/28, pay with 5555 5555 5555 4444").text == (
        "flying on 07/28, pay with [card ending 4444]"
    )


def test_a_mistyped_card_is_still_masked_when_called_a_card() -> None:
    assert mask_secrets("my credit card is 4111 1111 1111 1112").kinds == ("card",)


@pytest.mark.parametrize("text", texts("secrets", "not_cards"))
def test_long_numbers_that_are_not_cards_are_left_alone(text: str) -> None:
    assert mask_secrets(text).text == text


def test_each_number_in_a_message_is_judged_by_its_own_words() -> None:
    text = "e-ticket 1255260181598, and charge card 4242 4242 4242 4242 please"
    assert mask_secrets(text).text == "e-ticket 1255260181598, and charge card [card ending 4242] please"


# ------------------------------------------------------------------------------------------- bank details


@pytest.mark.parametrize(("text", "masked"), rows("secrets", "bank_accounts"))
def test_ibans_and_bank_accounts_in_any_case_and_format(text: str, masked: str) -> None:
    assert mask_secrets(text).text == masked


def test_a_loyalty_account_number_is_not_a_bank_account() -> None:
    text = "My Flying Blue account number is 2091837465, Silver status"
    assert mask_secrets(text).text == text


# ------------------------------------------------------------------------------------------- keys and tokens


def test_fine_grained_github_tokens_and_provider_keys_are_masked() -> None:
    text = (
        "token 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 "
        "and sk-ant-api03-8Gwb8ewCISuYCl0Xq56zaWR7PAmpBFXlNPHcSke4R1J_dBi2ewQr8t4-lC4LAA"
    )
    assert mask_secrets(text).text == "token [API key masked] and [API key masked]"


def test_a_bare_aws_secret_key_is_masked_beside_aws_words_only() -> None:
    key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
    assert mask_secrets(f"aws secret {key}").text == "aws secret [API key masked]"
    assert mask_secrets(f"AKIAIOSFODNN7EXAMPLE {key}").text == "[API key masked] [API key masked]"
    assert mask_secrets(f"the photo is at {key}").text == f"the photo is at {key}"


def test_detect_secrets_plugins_catch_the_shapes_we_do_not_list() -> None:
    # Twilio and Mailchimp keys come from detect-secrets' own regexes (imported on demand).
    assert mask_secrets("twilio SK30b1789a6c52cf63c03378ec16c03888 thanks").kinds == ("api_key",)
    assert mask_secrets("mailchimp bab3ae8e9ea7c72bb0bcc6bc4552e907-us14").kinds == ("api_key",)


@pytest.mark.parametrize("header", texts("secrets", "pem_headers"))
def test_a_pem_block_is_masked_whole_even_encrypted_and_multi_line(header: str) -> None:
    footer = header.splitlines()[0].replace("BEGIN", "END")
    text = f"I prefer aisle seats. Key:\n{header}\nMIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkq\nhkiG9w0BBQwwHAQI\n{footer}\nthanks"
    masked = mask_secrets(text)
    assert masked.text == "I prefer aisle seats. Key:\n[private key masked]\nthanks"
    assert masked.kinds == ("private_key",)


def test_an_encrypted_key_body_pasted_without_its_begin_line_is_masked_to_the_end() -> None:
    text = (
        "Proc-Type: 4,ENCRYPTED\nDEK-Info: DES-EDE3-CBC,8A7F6E5D4C3B2A19\n\nZk3LmN9pQ2rS5tU8vW1xY4zA7bC0dE3f"
    )
    assert mask_secrets(text).text == "[private key masked]"


# ------------------------------------------------------------------------------------------- said in words


@pytest.mark.parametrize(("text", "masked"), rows("secrets", "said_in_words"))
def test_secrets_said_in_words_lose_only_the_value(text: str, masked: str) -> None:
    assert mask_secrets(text).text == masked


@pytest.mark.parametrize("text", texts("secrets", "talk_about_secrets"))
def test_talking_about_secrets_is_not_a_secret(text: str) -> None:
    assert mask_secrets(text).text == text


def test_several_secrets_in_one_message_are_all_masked_in_order() -> None:
    text = "PIN 4921, card 4111 1111 1111 1111, password hunter22 - and I'm vegan"
    masked = mask_secrets(text)
    assert (
        masked.text == "PIN [PIN masked], card [card ending 1111], password [password masked] - and I'm vegan"
    )
    assert masked.kinds == ("pin", "card", "password")
    assert [text[f.start : f.end] for f in masked.findings] == ["4921", "4111 1111 1111 1111", "hunter22"]


# ------------------------------------------------------------------------------------------- the API


def test_find_secret_names_the_first_secret_and_never_returns_it() -> None:
    assert find_secret("I'm vegan and my card is 4111 1111 1111 1111") == "card number"
    assert find_secret("my password is hunter2, PIN 4921") == "password"
    assert find_secret("Window seat, please. Flight TP1351, e-ticket 0470830166133.") is None


def test_has_mask_recognises_our_masks_only() -> None:
    assert has_mask(mask_secrets("my PIN is 4921").text)
    assert not has_mask("I'd like [window seat] and [vegetarian meal]")
    assert not has_mask("my PIN is 4921")


def test_a_mask_the_user_typed_is_not_a_secret() -> None:
    text = "earlier I wrote my card as [card ending 1111] and the [password masked] bit"
    assert mask_secrets(text).findings == ()


def test_the_notice_is_one_sentence_that_names_what_was_masked_and_why() -> None:
    notice = masked_notice(["card", "pin", "card"])
    assert "card details" in notice and "PIN" in notice
    assert "payment details" in notice and "credentials" in notice
    assert notice.endswith(".") and notice.count(".") == 1 and "\n" not in notice
    assert "identity numbers" in masked_notice(["passport"])
    assert masked_notice([]) == ""
