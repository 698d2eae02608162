"""The held-out corpora load, are as large and varied as the benchmark's figures claim, and reject bad entries."""

from __future__ import annotations

from pathlib import Path

import pytest

from testkit.fresh_corpus import (
    load_foreign,
    load_harmless,
    load_poison,
    load_preferences,
    load_secrets,
)


def test_the_held_out_corpora_have_the_sizes_the_figures_are_read_against() -> None:
    prefs, foreign, poison, secrets = load_preferences(), load_foreign(), load_poison(), load_secrets()
    assert len(prefs) >= 400 and len({p.type for p in prefs}) == 8
    assert len(foreign) >= 40 and {f.lang for f in foreign} == {"pt", "es", "fr", "de", "it"}
    assert len(poison) >= 150 and len({p.klass for p in poison}) >= 12
    assert any(p.prior for p in poison) and any(p.prior for p in prefs)
    assert len(secrets) >= 400 and len({s.kind for s in secrets}) >= 15
    assert any(s.messages for s in secrets) and any(s.preference for s in secrets)
    harmless = load_harmless()
    assert len(harmless) >= 1500 and len(set(harmless)) == len(harmless)


def test_no_sentence_is_in_two_corpora() -> None:
    said = [p.text for p in load_preferences()] + [p.text for p in load_poison()] + load_harmless()
    assert len(set(said)) == len(said)


def test_a_value_outside_the_type_vocabulary_is_refused(tmp_path: Path) -> None:
    (tmp_path / "preferences_en.yaml").write_text(
        '- {type: seat, value: "middle", text: "I like the middle"}\n'
    )
    with pytest.raises(ValueError, match="not a canonical seat value"):
        load_preferences(tmp_path)


def test_a_secret_missing_from_its_statement_is_refused(tmp_path: Path) -> None:
    (tmp_path / "secrets.yaml").write_text('- {kind: pin, text: "my PIN is 4921", secrets: ["4922"]}\n')
    with pytest.raises(ValueError, match="is not in"):
        load_secrets(tmp_path)


def test_a_change_story_is_judged_on_the_latest_word(tmp_path: Path) -> None:
    from testkit.change_runs import judge_change, load_changes

    (tmp_path / "changes.yaml").write_text(
        '- {class: in_message, type: seat, chats: [[{role: user, text: "window, no, aisle"}]], expect: aisle}\n'
        "- {class: later_chat, type: dietary, before: vegetarian, "
        'chats: [[{role: user, text: "I eat meat again"}]], expect: null}\n'
    )
    seat, diet = load_changes(tmp_path)
    assert judge_change(seat, ["aisle"], []) == "resolved"
    assert judge_change(seat, ["aisle"], ["window"]) == "wrong"  # the corrected value must not be asked
    assert judge_change(seat, ["window"], []) == "wrong"
    assert judge_change(seat, [], ["aisle"]) == "asked"
    assert judge_change(seat, [], []) == "lost"
    assert judge_change(diet, ["vegetarian"], []) == "stale"
    assert judge_change(diet, [], []) == "resolved"


def test_a_change_story_with_a_misplaced_before_is_refused(tmp_path: Path) -> None:
    from testkit.change_runs import load_changes

    (tmp_path / "changes.yaml").write_text(
        "- {class: in_message, type: seat, before: window, "
        'chats: [[{role: user, text: "window, no, aisle"}]], expect: aisle}\n'
    )
    with pytest.raises(ValueError, match="later_chat case has `before`"):
        load_changes(tmp_path)
