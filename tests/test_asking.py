"""An ask is one question in the conversation: what a conversation opens by asking about facts the write gate
was unsure of, what Keep and Not now do, and how an unanswered question is asked once more and then lapses."""

from __future__ import annotations

from datetime import timedelta

import pytest

from assistant.errors import AccessDenied, InvalidInput
from assistant.events import EventKind
from assistant.fact_records import Authority, Fact, FactDraft
from assistant.facts.asking import Answer, AskPolicy, question_for
from assistant.facts.pending import pending_facts
from assistant.ids import FactId, ThreadId, UserId, UserScope
from tests.conftest import MONDAY
from travel_assistant.twins import Twins

ALICE, BOB = UserId("alice"), UserId("bob")


def unsure(twins: Twins, fact_type: str, value: str, *, turn: str, retract: bool = False) -> Fact:
    """A pending version, as promotion stores one when the gate asks."""
    draft = FactDraft(fact_type, value, "said", turn, Authority.USER, MONDAY, retract=retract, pending=True)
    outcome = twins.fact_memory.record(UserScope(ALICE), draft, now=MONDAY)
    assert outcome.status == "pending" and outcome.fact is not None
    return outcome.fact


def waiting(twins: Twins) -> list[Fact]:
    return pending_facts(twins.fact_memory, UserScope(ALICE))


def logged(twins: Twins, thread: str, kind: EventKind) -> list[dict[str, object]]:
    return [dict(e.body) for e in twins.threads.events(ThreadId(thread)) if e.kind == kind]


def test_one_fact_is_asked_in_one_line_that_names_it_as_the_app_names_facts() -> None:
    twins = Twins()
    window = unsure(twins, "seat", "window", turn="t1")
    question = question_for([window])
    assert question is not None
    assert question.text == "Last time you mentioned your seat preference: window — shall I remember that?"
    [asked] = question.facts
    assert (asked.fact_id, asked.keep_label, asked.not_now_label) == (window.id, "Keep", "Not now")


def test_several_facts_are_asked_together_one_line_each_with_their_own_buttons() -> None:
    twins = Twins()
    facts = [
        unsure(twins, "seat", "window", turn="t1"),
        unsure(twins, "home_airport", "LHR", turn="t2"),
        unsure(twins, "dietary", "vegetarian", turn="t3", retract=True),
    ]
    question = question_for(facts)
    assert question is not None
    assert question.text.splitlines() == [
        "Last time you mentioned a few things I wasn't sure about. Shall I remember them?",
        "- Seat preference: window",
        "- Home airport: LHR",
        "- Dietary needs: vegetarian (you took it back)",
    ]
    labels = [(f.keep_label, f.not_now_label) for f in question.facts]
    assert labels[1] == ("Keep home airport: LHR", "Not now: home airport: LHR")
    assert len({label for pair in labels for label in pair}) == 6  # every button says which fact it answers


def test_a_conversation_opens_with_the_question_once_and_logs_it() -> None:
    twins = Twins()
    window = unsure(twins, "seat", "window", turn="t1")
    asker = twins.asker()
    question = asker.opening(ALICE, ThreadId("tue"), now=MONDAY + timedelta(days=1))
    assert question is not None and [f.fact_id for f in question.facts] == [window.id]
    [body] = logged(twins, "tue", EventKind.ASK)
    assert body["text"] == question.text
    assert body["facts"] == [{"fact_id": window.id, "type": "seat", "value": "window", "retracted": False}]
    [counted] = waiting(twins)
    assert (counted.asked, counted.asked_at) == (1, MONDAY + timedelta(days=1))
    # Opened again (a reconnect, the shell switching back): nothing more is asked, nothing more counted.
    assert asker.opening(ALICE, ThreadId("tue"), now=MONDAY + timedelta(days=1, hours=1)) is None
    assert waiting(twins)[0].asked == 1 and len(logged(twins, "tue", EventKind.ASK)) == 1


def test_with_nothing_to_ask_a_conversation_opens_silently_and_creates_nothing() -> None:
    twins = Twins()
    assert twins.asker().opening(ALICE, ThreadId("tue"), now=MONDAY) is None
    assert twins.threads.get_thread(ALICE, ThreadId("tue")) is None
    unsure(twins, "seat", "window", turn="t1")
    assert twins.asker().opening(BOB, ThreadId("bobs"), now=MONDAY) is None  # alice's question is hers alone


def test_keep_makes_it_the_users_confirmed_word_and_the_answer_is_logged() -> None:
    twins = Twins()
    window = unsure(twins, "seat", "window", turn="t1")
    asker = twins.asker()
    asker.opening(ALICE, ThreadId("tue"), now=MONDAY + timedelta(days=1))
    outcome = asker.answer(ALICE, ThreadId("tue"), window.id, Answer.KEEP, now=MONDAY + timedelta(days=1))
    assert (outcome.status, outcome.text) == ("kept", "Kept: I'll remember your seat preference: window.")
    [kept] = twins.fact_memory.current(UserScope(ALICE))
    assert (kept.value, kept.asserted_by, kept.pending) == ("window", Authority.USER_CONFIRMED, False)
    assert waiting(twins) == []
    assert logged(twins, "tue", EventKind.ANSWER) == [
        {"fact_id": window.id, "answer": "keep", "status": "kept", "text": outcome.text}
    ]
    # A second click finds it settled: nothing changes, the first answer stays the logged one.
    again = asker.answer(ALICE, ThreadId("tue"), window.id, Answer.NOT_NOW, now=MONDAY + timedelta(days=1))
    assert again.status == "settled" and [f.value for f in twins.fact_memory.current(UserScope(ALICE))] == [
        "window"
    ]
    assert len(logged(twins, "tue", EventKind.ANSWER)) == 1


def test_not_now_discards_one_fact_and_leaves_the_other_asked() -> None:
    twins = Twins()
    window = unsure(twins, "seat", "window", turn="t1")
    lhr = unsure(twins, "home_airport", "LHR", turn="t2")
    asker = twins.asker()
    asker.opening(ALICE, ThreadId("tue"), now=MONDAY)
    outcome = asker.answer(ALICE, ThreadId("tue"), lhr.id, Answer.NOT_NOW, now=MONDAY)
    assert (outcome.status, outcome.text) == (
        "discarded",
        "Not kept: I won't remember your home airport: LHR.",
    )
    assert [f.id for f in waiting(twins)] == [window.id]
    assert twins.fact_memory.current(UserScope(ALICE)) == []


def test_an_answer_counts_only_for_a_fact_this_conversation_asked_about() -> None:
    twins = Twins()
    window = unsure(twins, "seat", "window", turn="t1")
    asker = twins.asker()
    with pytest.raises(InvalidInput):  # no question in this conversation
        asker.answer(ALICE, ThreadId("tue"), window.id, Answer.KEEP, now=MONDAY)
    asker.opening(ALICE, ThreadId("tue"), now=MONDAY)
    with pytest.raises(InvalidInput):  # another user cannot answer alice's question, even naming her thread
        asker.answer(BOB, ThreadId("tue"), window.id, Answer.KEEP, now=MONDAY)
    with pytest.raises(InvalidInput):
        asker.answer(ALICE, ThreadId("tue"), FactId("f" * 32), Answer.KEEP, now=MONDAY)
    assert [f.id for f in waiting(twins)] == [window.id]


def test_a_question_is_never_put_into_another_users_conversation() -> None:
    twins = Twins()
    twins.threads.ensure_user(BOB, now=MONDAY)
    twins.threads.open_thread(BOB, ThreadId("bobs"), now=MONDAY)
    unsure(twins, "seat", "window", turn="t1")
    with pytest.raises(AccessDenied):
        twins.asker().opening(ALICE, ThreadId("bobs"), now=MONDAY)
    assert logged(twins, "bobs", EventKind.ASK) == [] and waiting(twins)[0].asked == 0


def test_an_ignored_question_is_asked_once_more_never_a_third_time_then_lapses_after_30_days() -> None:
    twins = Twins()
    window = unsure(twins, "seat", "window", turn="t1")
    asker = twins.asker(AskPolicy(max_asks=2, lapse_after=timedelta(days=30)))
    first, second = MONDAY + timedelta(days=1), MONDAY + timedelta(days=5)
    assert asker.opening(ALICE, ThreadId("tue"), now=first) is not None  # ignored: the user talks on
    assert asker.opening(ALICE, ThreadId("sat"), now=second) is not None  # asked once more, ignored again
    assert asker.opening(ALICE, ThreadId("sun"), now=second + timedelta(days=1)) is None  # never a third time
    assert asker.opening(ALICE, ThreadId("later"), now=second + timedelta(days=40)) is None
    [still] = waiting(twins)
    assert (still.asked, still.asked_at) == (2, second)

    scope = UserScope(ALICE)
    assert asker.lapse(scope, now=second + timedelta(days=30) - timedelta(seconds=1)) == (0, 0)
    assert asker.lapse(scope, now=second + timedelta(days=30)) == (1, 0)
    assert waiting(twins) == []  # no longer waiting for an answer...
    [lapsed] = [f for f in twins.facts.list_facts(scope, include_history=True) if f.id == window.id]
    assert lapsed.lapsed and not lapsed.current  # ...but still listed, as lapsed
    assert asker.lapse(scope, now=second + timedelta(days=31)) == (0, 0)  # once
    # Its type's deletion horizon (seat: three years after it was said) deletes it, like any fact.
    assert asker.lapse(scope, now=MONDAY + timedelta(days=3 * 365)) == (0, 1)
    assert twins.facts.list_facts(scope, include_history=True) == []


def test_a_question_asked_only_once_does_not_lapse() -> None:
    twins = Twins()
    unsure(twins, "seat", "window", turn="t1")
    asker = twins.asker()
    asker.opening(ALICE, ThreadId("tue"), now=MONDAY)
    assert asker.lapse(UserScope(ALICE), now=MONDAY + timedelta(days=400)) == (0, 0)
    assert asker.opening(ALICE, ThreadId("next"), now=MONDAY + timedelta(days=400)) is not None


def test_a_conversation_asks_about_the_oldest_few_and_the_rest_wait() -> None:
    twins = Twins()
    values = ["vegetarian", "vegan", "halal", "kosher", "gluten-free", "nut allergy"]
    facts = [unsure(twins, "dietary", v, turn=f"t{i}") for i, v in enumerate(values)]
    asker = twins.asker(AskPolicy(per_question=5))
    question = asker.opening(ALICE, ThreadId("tue"), now=MONDAY)
    assert question is not None and len(question.facts) == 5
    rest = asker.opening(ALICE, ThreadId("wed"), now=MONDAY + timedelta(days=1))
    assert rest is not None and {f.fact_id for f in rest.facts} >= {facts[-1].id}


@pytest.mark.parametrize("policy", [{"max_asks": 0}, {"per_question": 0}, {"lapse_after": timedelta(0)}])
def test_a_policy_that_could_never_ask_or_lapse_is_refused(policy: dict[str, object]) -> None:
    with pytest.raises(InvalidInput):
        AskPolicy(**policy)  # type: ignore[arg-type]


def test_the_question_and_answers_never_reach_the_model_or_promotion() -> None:
    """They are the assistant's words about stored values, not the user's: a promotion reading them as
    evidence would remember what it asked, not what the user said."""
    from assistant.transcript import render_transcript
    from assistant.turn.context import read_log

    twins = Twins()
    window = unsure(twins, "seat", "window", turn="t1")
    asker = twins.asker()
    asker.opening(ALICE, ThreadId("tue"), now=MONDAY)
    asker.answer(ALICE, ThreadId("tue"), window.id, Answer.KEEP, now=MONDAY)
    events = twins.threads.events(ThreadId("tue"))
    assert [e.kind for e in events] == [EventKind.ASK, EventKind.ANSWER]
    assert render_transcript(events) == ""
    assert read_log(events, exclude_turn=None).all_turns == ()  # no turn of the window holds them
