"""Every rule that reads text is a record with examples it must match and non-examples it must not
(``language.rules``): this suite walks all of them, so a rule cannot change meaning without its examples
saying so, and a rule nobody can illustrate cannot be added."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

import language
from language.rules import REGISTRY, Record, explaining, rule


def _all_records() -> list[Record]:
    for module in pkgutil.walk_packages(language.__path__, "language."):
        importlib.import_module(module.name)
    return sorted(REGISTRY.values(), key=lambda r: r.id)


RECORDS = _all_records()


def test_the_language_layer_is_made_of_records() -> None:
    assert len(RECORDS) >= 400
    assert {r.kind for r in RECORDS} == {"rule", "fragment", "words"}


@pytest.mark.parametrize("record", RECORDS, ids=[r.id for r in RECORDS])
def test_a_rule_says_what_it_means_and_matches_its_examples_only(record: Record) -> None:
    assert record.examples, f"{record.id} has no example"
    assert record.non_examples, f"{record.id} has no non-example"
    missed = [e for e in record.examples if not record.matches(e)]
    assert not missed, f"{record.id} does not match its examples {missed}"
    taken = [e for e in record.non_examples if record.matches(e)]
    assert not taken, f"{record.id} matches its non-examples {taken}"


def test_a_record_without_a_non_example_is_refused_by_the_suite() -> None:
    planted = Record("test.planted", "rule", "a planted rule", "", r"\bx\b", 0, ("x",), ())
    with pytest.raises(AssertionError, match="has no non-example"):
        test_a_rule_says_what_it_means_and_matches_its_examples_only(planted)


def test_two_rules_cannot_share_a_name() -> None:
    rule("test.shared_name", r"a", means="a", examples="a", non_examples="b")
    with pytest.raises(ValueError, match="two rules are named"):
        rule("test.shared_name", r"b", means="b", examples="b", non_examples="a")


def test_explaining_names_the_rules_that_matched_and_costs_nothing_outside() -> None:
    planted = rule(
        "test.explained", r"\bkidding\b", flags=re.I, means="k", examples="kidding", non_examples="no"
    )
    with explaining() as fired:
        assert planted.search("I'm vegan, just kidding")
        assert not planted.search("I'm vegan")
    assert fired == ["test.explained"]
    assert planted.search == planted.compiled.search  # outside, the compiled pattern's own method
