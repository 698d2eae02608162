"""Memory follows change: a correction inside a message or in the next one keeps the later value only, and a
later chat that contradicts a saved fact retracts or supersedes it (the whole path: gate, promotion, versioning,
on the in-memory twins)."""

from __future__ import annotations

import pytest

from testkit.change_runs import ChangeCase, run_change
from testkit.fresh_corpus import Turn
from tests.judging import judged
from tests.tables import rows


def _story(
    klass: str, type_name: str, *chats: list[str], expect: str | None, before: str | None = None
) -> ChangeCase:
    return ChangeCase.model_validate(
        {
            "class": klass,
            "type": type_name,
            "before": before,
            "chats": [[Turn(role="user", text=t) for t in chat] for chat in chats],
            "expect": expect,
        }
    )


@pytest.mark.parametrize(("said", "ftype", "value"), rows("latest_word", "corrections_in_a_message"))
def test_a_correction_inside_a_message_yields_the_later_value_only(said: str, ftype: str, value: str) -> None:
    verdict = judged(said, ftype)
    assert verdict == f"kept:{value}" or verdict.startswith("ask:"), verdict
    story = _story("in_message", ftype, [said], expect=value)
    outcome = run_change(story, "quote")
    assert outcome.resolution in ("resolved", "asked"), outcome
    assert set(outcome.current) <= {value} and set(outcome.pending) <= {
        value
    }  # the earlier: never kept or asked


@pytest.mark.parametrize(("said", "ftype", "value"), rows("latest_word", "plain_statement_corrected"))
def test_a_plain_statement_corrected_in_the_same_message_is_kept_with_the_later_value(
    said: str, ftype: str, value: str
) -> None:
    assert judged(said, ftype) == f"kept:{value}"


# A repair in the next message takes the frame of the statement it repairs: kept when that was plain, asked
# when that was itself in doubt.
REPAIRED_IN_THE_NEXT_MESSAGE = [
    (*row, "resolved") for row in rows("latest_word", "plain_statement_repaired_in_the_next_message")
] + [(*row, "asked") for row in rows("latest_word", "doubt_repaired_in_the_next_message")]


@pytest.mark.parametrize(("first", "repair", "ftype", "value", "ending"), REPAIRED_IN_THE_NEXT_MESSAGE)
def test_a_repair_in_the_next_message_is_as_sure_as_the_statement_it_repairs(
    first: str, repair: str, ftype: str, value: str, ending: str
) -> None:
    outcome = run_change(_story("next_message", ftype, [first, repair], expect=value), "quote")
    current, pending = ((value,), ()) if ending == "resolved" else ((), (value,))
    assert (outcome.resolution, outcome.current, outcome.pending) == (ending, current, pending), outcome


def test_a_correction_in_the_next_message_supersedes_the_earlier_one_with_no_question() -> None:
    story = _story(
        "next_message",
        "dietary",
        [
            "Dietary: pescatarian. Put it on the profile so it goes into every booking.",
            "Make that vegetarian.",
        ],
        expect="vegetarian",
    )
    outcome = run_change(story, "quote")
    assert outcome.resolution == "resolved", outcome
    assert outcome.current == ("vegetarian",) and outcome.pending == ()


def test_a_later_value_for_one_trip_leaves_the_lasting_preference() -> None:
    story = _story(
        "next_message",
        "seat",
        ["Always aisle for me.", "Can I get a window seat on this flight?"],
        expect="aisle",
    )
    assert run_change(story, "quote").current == ("aisle",)


@pytest.mark.parametrize(
    ("before", "said", "expect"),
    [
        ("kosher", "I don't keep kosher any longer — haven't for a couple of years.", None),
        ("pescatarian", "I'm eating meat again after years off it, doctor's orders.", None),
        ("vegetarian", "I went fully vegan in the spring, so no cheese or eggs either please.", "vegan"),
        # The saved value is named where the message says it is over: the change is what the message says.
        (
            "vegetarian",
            "Booking a steakhouse for my birthday: yes, I eat meat again, the vegetarian phase is over.",
            None,
        ),
    ],
)
def test_a_contrary_statement_in_a_later_chat_retracts_or_supersedes(
    before: str, said: str, expect: str | None
) -> None:
    story = _story("later_chat", "dietary", [said], expect=expect, before=before)
    outcome = run_change(story, "quote")
    assert outcome.resolution == "resolved", outcome
    assert before not in outcome.current


@pytest.mark.parametrize(
    ("ftype", "before", "said", "expect"),
    [
        (
            "dietary",
            "vegan",
            "I used to be vegan but now I'm just vegetarian, I eat eggs again.",
            "vegetarian",
        ),
        (
            "flight_times",
            "morning",
            "I used to love early flights but evening departures suit me now.",
            "evening",
        ),
    ],
)
def test_what_used_to_hold_gives_way_to_what_holds_now_in_the_same_sentence(
    ftype: str, before: str, said: str, expect: str
) -> None:
    """ "I used to …, but now …" says two things of one kind: the earlier value is over and the later one holds.
    The later one is what the message states, so it is kept and the saved one is no longer current."""
    story = _story("later_chat", ftype, [said], expect=expect, before=before)
    outcome = run_change(story, "quote")
    assert outcome.current == (expect,), outcome


@pytest.mark.parametrize(
    "said",
    [
        "As I said before, I'm vegetarian. Dinner ideas?",  # the saved value, mentioned plainly
        "My wife is no longer vegetarian, she eats meat again.",  # someone else's change
        "If I ever stopped being vegetarian I'd go for the steak, but no, still veggie.",  # a change supposed
    ],
)
def test_a_later_chat_that_changes_nothing_of_the_users_keeps_the_saved_fact(said: str) -> None:
    story = _story("later_chat", "dietary", [said], expect="vegetarian", before="vegetarian")
    assert run_change(story, "quote").current == ("vegetarian",)
