"""Every rule that reads text is a record with examples it must match and non-examples it must not
(``language.rules``): this suite walks all of them, so a rule cannot change meaning without its examples
saying so, and a rule nobody can illustrate cannot be added."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path

import pytest
import yaml

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
    assert record.means.strip(), f"{record.id} does not say what it means"
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


def _bound(tree: ast.Module) -> list[tuple[str, str]]:
    """(name, record id) for each name a lexicon module binds with ``lexicon.rule(...)``, ``lexicon.rules(...)`` …"""
    pairs: list[tuple[str, str]] = []
    for node in tree.body:
        call = getattr(node, "value", None)
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)):
            continue
        if not (isinstance(call.func.value, ast.Name) and call.func.value.id == "lexicon"):
            continue
        target = node.targets[0] if isinstance(node, ast.Assign) else getattr(node, "target", None)
        elts = target.elts if isinstance(target, ast.Tuple) else [target]
        names = [getattr(e, "id", "") for e in elts]
        args = [str(a.value) for a in call.args if isinstance(a, ast.Constant)]
        ids = (
            [f"{args[0]}.{n}" for n in args[1:]]
            if call.func.attr in {"rules", "fragments", "tables"}
            else args[:1]
        )
        assert len(names) == len(ids), f"{names} bound to {ids}"
        pairs.extend(zip(names, ids, strict=True))
    return pairs


def test_a_lexicon_module_binds_each_name_to_the_record_of_that_name() -> None:
    """The records of a file are bound by position (``_A, _B = lexicon.rules("book", "a", "b")``): a name that is
    not its record's would read another rule."""
    root = Path(language.__file__).parent / "lexicon"
    pairs = [p for path in sorted(root.rglob("*.py")) for p in _bound(ast.parse(path.read_text("utf-8")))]
    assert len(pairs) >= 400
    wrong = [(name, id) for name, id in pairs if name.lstrip("_").lower() != id.rsplit(".", 1)[1]]
    assert not wrong


def test_a_lexicon_file_holds_only_records_its_module_binds() -> None:
    root = Path(language.__file__).parent / "lexicon"
    for path in sorted(root.rglob("*.yaml")):
        bound = {id for _, id in _bound(ast.parse(path.with_suffix(".py").read_text("utf-8")))}
        assert set(yaml.safe_load(path.read_text("utf-8"))) == bound, path
