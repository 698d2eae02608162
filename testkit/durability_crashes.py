"""SIGKILL chains: a command is killed at one injected point, its retry at the next, until a retry completes.

Every chain runs the real command line in forked processes (``testkit.forkcli``) with ``TRAVEL_CRASH_AT``
naming the point (``assistant.faults``). After each kill the log must still hold everything appended before
the point; after the chain, the turn must have exactly one reply (the one the last command printed), one
booking per booking turn and none the log does not show, and the promotion must be done, its facts with one
current version per single-valued key.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from testkit.durability_checks import State, Tally, current_per_single_key, duplicates, unlogged_bookings
from testkit.forkcli import ForkCli

T0 = datetime(2026, 11, 9, 9, 0, tzinfo=UTC)


def chat_argv(user: str, thread: str, turn: str, at: datetime, *rest: str) -> list[str]:
    """The ``chat`` command for one turn said at ``at``; ``rest`` ends it (``--json``, the message)."""
    return ["chat", "--user", user, "--thread", thread, "--turn-id", turn, "--at", at.isoformat(), *rest]


# Where a turn is killed, and what the log must hold afterwards (TOOL_TURN: a step whose call changes
# something, a booking). The recall event is held back and committed with the next event that must be
# durable (``model:1`` before its tool runs, or the turn's context and reply); ``log.uncommitted:<kind>``
# kills the process inside such a group's transaction, after the events before ``<kind>`` were written but
# before the commit: none of the group may be in the log.
TOOL_TURN = [
    ("turn.user_logged", {"user"}),
    ("turn.recalled", {"user"}),
    ("log.uncommitted:model:1", {"user"}),
    ("turn.model_logged:1", {"user", "recall", "model:1"}),
    ("turn.tool_ran:1.1", {"user", "recall", "model:1"}),  # booked (for a booking), not yet logged
    ("turn.tool_logged:1.1", {"user", "recall", "model:1", "tool:1.1"}),
    ("log.uncommitted:assistant", {"user", "recall", "model:1", "tool:1.1"}),
    ("turn.assistant_logged", {"user", "recall", "model:1", "tool:1.1", "context", "assistant"}),
]
# A step whose calls only read (a flight search) is logged with their results in one commit, after they ran:
# killed before that commit, nothing of the round is in the log, and the retry calls the model again.
READ_TURN = [
    ("turn.user_logged", {"user"}),
    ("turn.recalled", {"user"}),
    ("turn.tool_ran:1.1", {"user"}),
    ("log.uncommitted:model:1", {"user"}),
    ("log.uncommitted:tool:1.1", {"user"}),
    ("turn.model_logged:1", {"user", "recall", "model:1", "tool:1.1"}),
    ("log.uncommitted:assistant", {"user", "recall", "model:1", "tool:1.1"}),
    ("turn.assistant_logged", {"user", "recall", "model:1", "tool:1.1", "context", "assistant"}),
]
TEXT_TURN = [
    ("turn.user_logged", {"user"}),
    ("turn.recalled", {"user"}),
    ("log.uncommitted:context", {"user"}),
    ("log.uncommitted:assistant", {"user"}),
    ("turn.assistant_logged", {"user", "recall", "context", "assistant"}),
]
PROMOTION = ["promote.claimed", "promote.before_finish", "promote.before_mark"]


class Crashes:
    def __init__(self, fork: ForkCli, env: dict[str, str], state: State) -> None:
        self.fork, self.env, self.state = fork, env, state

    def run(self, argv: list[str], crash: str | None = None) -> tuple[int, bool, str, str]:
        env = dict(self.env)
        if crash:
            env["TRAVEL_CRASH_AT"] = crash
        r = self.fork.one(argv, env)
        return r.code, r.killed, r.stdout, r.stderr

    def turns(
        self, specs: list[tuple[str, str, str, str, datetime]], points: list[tuple[str, set[str]]]
    ) -> Tally:
        """Kill each turn (user, thread, turn, text, at) at each point in order, every turn of the batch at once
        (each retry resumes and dies further on), then finish them."""
        tally = Tally()
        argvs = [chat_argv(user, thread, turn, at, "--json", text) for user, thread, turn, text, at in specs]
        for point, expected in points:
            results = self.fork.run([(argv, {**self.env, "TRAVEL_CRASH_AT": point}) for argv in argvs])
            for (_user, thread, turn, _text, _at), r in zip(specs, results, strict=True):
                tally.tried += 1
                tally.killed += r.killed
                if not r.killed:
                    tally.notes.append(
                        f"{thread}/{turn}: {point} was not reached ({r.stderr.strip()[-120:]})"
                    )
                missing = expected - set(self.state.turn_kinds(thread, turn))
                if missing:
                    tally.lost += 1
                    tally.notes.append(f"{thread}/{turn}: after a kill at {point}, {sorted(missing)} missing")
        finals = self.fork.run([(argv, self.env) for argv in argvs])
        for (_user, thread, turn, _text, _at), r in zip(specs, finals, strict=True):
            events = self.state.events(thread)
            replies = [e.text for e in events if e.turn_id == turn and e.kind == "assistant"]
            if r.code != 0:
                tally.stuck += 1
                tally.notes.append(f"{thread}/{turn}: the retry failed ({r.code}): {r.stderr.strip()[-200:]}")
            elif replies != [json.loads(r.stdout)["reply"]]:
                tally.lost += 1
                tally.notes.append(f"{thread}/{turn}: printed reply is not the one logged")
            tally.duplicated += duplicates(events)
        if not (tally.lost or tally.duplicated or tally.stuck):
            tally.survived += tally.killed
        return tally

    def promotion(
        self, at: datetime, points: list[str], *, check_failing: bool, repair: bool = False
    ) -> Tally:
        """Kill ``jobs promote`` at each point in order, one lease (plus backoff) apart, then finish the pass.
        With ``repair``, the maintenance pass (``jobs expire``) runs first and must repair what the kill left."""
        tally = Tally()
        for n, point in enumerate(points):
            tally.tried += 1
            when = at + timedelta(seconds=20 * n)
            _code, killed, _out, err = self.run(
                ["jobs", "promote", "--at", when.isoformat(), "--json"], point
            )
            tally.killed += killed
            if not killed:
                tally.notes.append(f"promotion: {point} was not reached ({err.strip()[-120:]})")
            if check_failing and n == 0:  # the crashed claim is reported as failing once its lease ran out
                failing = self.run(
                    ["jobs", "failing", "--at", (when + timedelta(seconds=6)).isoformat(), "--json"]
                )
                kinds = {row["error_kind"] for row in json.loads(failing[2] or "[]")}
                if "WorkerLost" not in kinds:
                    tally.stuck += 1
                    tally.notes.append(f"promotion: a crashed claim was not listed as failing ({kinds})")
        done = at + timedelta(seconds=20 * len(points))
        if repair:
            expired = self.run(["jobs", "expire", "--at", done.isoformat(), "--json"])
            if expired[0] != 0 or json.loads(expired[2] or "{}").get("repaired", 0) < 1:
                tally.duplicated += 1
                tally.notes.append(
                    f"maintenance: nothing repaired after an interrupted supersede ({expired[2][-200:]})"
                )
        code, _killed, out, err = self.run(["jobs", "promote", "--at", done.isoformat(), "--json"])
        if code != 0 or json.loads(out or "{}").get("failing", 1) != 0:
            tally.stuck += 1
            tally.notes.append(f"promotion: the final pass did not finish ({code}): {(out + err)[-200:]}")
        return tally

    def promoted(self, thread: str) -> bool:
        last, through = self.state.watermarks(thread)
        return last == through


def timeline(crashes: Crashes, facts: object, users: list[str]) -> tuple[Tally, Tally]:
    """The users' week under fire, all at once: a search, a booking (with a diet and a seat), their promotion, a
    new seat in another thread and its promotion (a supersede); every turn is killed at each of its injected
    points, and the promotion pass at each of its points (once per chunk of threads)."""
    from assistant.ids import UserScope

    turns, promotions = Tally(), Tally()
    booking = "Book option 1, please. By the way, I'm vegetarian. I prefer aisle seats, for the record."
    search = "Find me flights to Lisbon on the 14th"
    turns.add(crashes.turns([(u, f"{u}-mon", "t1", search, T0) for u in users], READ_TURN))
    turns.add(
        crashes.turns([(u, f"{u}-mon", "t2", booking, T0 + timedelta(minutes=2)) for u in users], TOOL_TURN)
    )
    for user in users:
        bookings = crashes.state.bookings(user)
        turns.duplicated += max(0, len(bookings) - 1) + unlogged_bookings(
            crashes.state, user, [f"{user}-mon"]
        )
        if len(bookings) != 1:
            turns.notes.append(f"{user}: {len(bookings)} bookings for one booking turn")
    # A pass promotes its due threads a chunk at a time (the users' threads are one chunk here): each point is
    # reached once per chunk, so the chain kills the whole chunk at each point in turn.
    promotions.add(crashes.promotion(T0 + timedelta(minutes=40), PROMOTION, check_failing=True))
    later = T0 + timedelta(hours=2)
    window = "I prefer window seats, for the record."
    turns.add(crashes.turns([(u, f"{u}-thu", "t1", window, later) for u in users], TEXT_TURN))
    # The chunk's supersedes (window over aisle, for every user) are one batched write: killed between the new
    # versions and the old ones' retirement.
    supersede = ["facts.version_added"]
    promotions.add(
        crashes.promotion(later + timedelta(minutes=40), supersede, check_failing=False, repair=True)
    )
    store = getattr(facts, "list_facts")  # noqa: B009 - a LanceFactStore, typed loosely to keep imports light
    for user in users:
        current = store(UserScope.of(user))
        promotions.duplicated += current_per_single_key(current)
        seats = [f.value for f in current if f.type == "seat"]
        if seats != ["window"]:
            promotions.lost += 1
            promotions.notes.append(f"{user}: seat facts after the supersede: {seats}")
        for thread in (f"{user}-mon", f"{user}-thu"):
            if not crashes.promoted(thread):
                promotions.stuck += 1
                promotions.notes.append(f"{thread}: not promoted after the chain")
    if not (promotions.lost or promotions.duplicated or promotions.stuck):
        promotions.survived = promotions.killed
    return turns, promotions
