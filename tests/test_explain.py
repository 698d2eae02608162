"""``travel-assistant explain`` names the verdict and the rule records that decided it, so a wrong verdict leads
to the record to read."""

from __future__ import annotations

import json

from language.rules import REGISTRY
from tests.conftest import run_cli


def test_a_corrected_value_is_explained_with_the_repair_rule_that_decided_it() -> None:
    shown = run_cli("explain", "I'm vegan. No, vegetarian.", "--type", "dietary", "--json")
    assert shown.exit_code == 0, shown.output
    (verdict,) = json.loads(shown.output)["verdicts"]
    assert (verdict["outcome"], verdict["value"]) == ("kept", "vegetarian")
    assert "reading.corrections.repair" in verdict["rules"]
    assert all(rule in REGISTRY for rule in verdict["rules"])


def test_a_rejection_names_its_reason_and_a_masking_its_rules() -> None:
    shown = run_cli("explain", "My sister is vegan. My card is 4111 1111 1111 1111", "--json")
    assert shown.exit_code == 0, shown.output
    found = json.loads(shown.output)
    assert found["masking"]["kinds"] == ["card"]
    assert "4111 1111 1111 1111" not in found["masking"]["masked"]
    assert any(rule.startswith("secrets.cards.") for rule in found["masking"]["rules"])
    (verdict,) = found["verdicts"]  # only the type the message names is judged
    assert verdict["type"] == "dietary"
    assert verdict["outcome"] == "rejected"
    assert verdict["reason"] == "third_party"


def test_the_text_output_reads_as_a_verdict_and_an_unknown_type_is_a_clear_error() -> None:
    shown = run_cli("explain", "I always take the aisle", "--type", "seat")
    assert shown.exit_code == 0
    assert "seat: kept aisle" in shown.output
    assert "masked: nothing" in shown.output
    wrong = run_cli("explain", "I always take the aisle", "--type", "seats")
    assert wrong.exit_code == 2
    assert "unknown fact type 'seats'" in wrong.output


def test_a_value_said_to_hold_no_longer_is_explained_as_a_retraction_and_the_new_one_as_kept() -> None:
    """ "I used to be vegan" takes vegan back; said with what holds now, the message states the new value."""
    past = json.loads(run_cli("explain", "I used to be vegan.", "--type", "dietary", "--json").output)
    assert [(v["outcome"], v["value"]) for v in past["verdicts"]] == [("retracted", "vegan")]
    changed = run_cli(
        "explain", "I used to be vegan but now I'm just vegetarian.", "--type", "dietary", "--json"
    )
    assert [(v["outcome"], v["value"]) for v in json.loads(changed.output)["verdicts"]] == [
        ("kept", "vegetarian")
    ]
