"""LoCoMo read into turns and questions for the recall-quality benchmark, and each turn as a fact record.

The file is read where it lies (``../shared/data/locomo10.json`` by default) and never copied. Its evidence ids
are not uniform (``D8:6; D9:17``, ``D:11:26``, ``D30:05``): they are normalised here, and the notes say how
many were, and how many named no turn.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from hashlib import sha256
from pathlib import Path

from assistant.fact_records import Fact
from assistant.fact_types import FACT_TYPES, FactType
from testkit.stored_facts import user_fact

_EVIDENCE = re.compile(r"D:?(\d+):(\d+)")
_SESSION = re.compile(r"session_(\d+)")


@dataclass(frozen=True, slots=True)
class Turn:
    conv: str
    dia_id: str
    session: int
    speaker: str
    text: str
    at: datetime


@dataclass(frozen=True, slots=True)
class Question:
    conv: str
    text: str
    evidence: frozenset[str]
    category: int
    now: datetime


@dataclass
class Dataset:
    turns: list[Turn]
    questions: list[Question]
    notes: list[str] = field(default_factory=list)


def session_time(raw: str) -> datetime:
    """``"1:56 pm on 8 May, 2023"`` → an aware datetime (the data set gives no zone: read as UTC)."""
    return datetime.strptime(raw.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def normalise_evidence(raw: Sequence[str]) -> tuple[list[str], int]:
    """Evidence ids as ``D<session>:<turn>`` without leading zeros, and how many raw entries were malformed
    (several ids in one string, a stray colon, zero-padding, a bare ``D``)."""
    ids: list[str] = []
    malformed = 0
    for entry in raw:
        found = _EVIDENCE.findall(entry)
        if len(found) != 1 or not re.fullmatch(r"D[1-9]\d*:[1-9]\d*", entry.strip()):
            malformed += 1
        ids.extend(f"D{int(s)}:{int(t)}" for s, t in found)
    return ids, malformed


def load(path: Path) -> Dataset:
    raw = json.loads(path.read_text(encoding="utf-8"))
    data = Dataset([], [])
    malformed = dropped_ids = no_evidence = adversarial = 0
    for sample in raw:
        conv = str(sample["sample_id"])
        convo = sample["conversation"]
        known: set[str] = set()
        last = datetime.min.replace(tzinfo=UTC)
        for key, turns in convo.items():
            m = _SESSION.fullmatch(key)
            if m is None or not isinstance(turns, list):
                continue
            at = session_time(convo[f"{key}_date_time"])
            last = max(last, at)
            for t in turns:
                text = str(t["text"])
                if t.get("blip_caption"):
                    text += f" [shared a photo: {t['blip_caption']}]"
                dia, _bad = normalise_evidence([t["dia_id"]])
                data.turns.append(Turn(conv, dia[0], int(m.group(1)), str(t["speaker"]), text, at))
                known.add(dia[0])
        for qa in sample["qa"]:
            if int(qa.get("category", 0)) == 5:
                adversarial += 1
                continue
            ids, bad = normalise_evidence(qa.get("evidence") or [])
            malformed += bad
            evidence = frozenset(i for i in ids if i in known)
            dropped_ids += len(set(ids) - evidence)
            if not evidence:
                no_evidence += 1
                continue
            data.questions.append(Question(conv, str(qa["question"]), evidence, int(qa["category"]), last))
    data.notes.append(
        f"{len(raw)} conversations, {len(data.turns):,} turns, {len(data.questions):,} questions "
        f"({adversarial} adversarial skipped, {no_evidence} without usable evidence); "
        f"{malformed} malformed evidence entries normalised, {dropped_ids} ids naming no turn dropped"
    )
    return data


class _DialogueTurns(FactType):
    """A fact type for this benchmark only: a conversation turn as a "value", so the shipped search machinery
    (embedding, FTS, fusion, recency) is measured on LoCoMo's text. The app's registry never holds it, and its
    values are exactly the loaded turns: facts stay closed-vocabulary even here."""

    def render(self, value: str) -> str:
        return value.split("\x1f", 1)[1]  # "<dia id>\x1f<speaker>: <text>" is searched as "<speaker>: <text>"


def register_turns(turns: Sequence[Turn]) -> None:
    """Add the benchmark's dialogue-turn type, whose values are ``turns``, to the registry of this process."""
    FACT_TYPES[TURN_TYPE] = _DialogueTurns(
        TURN_TYPE,
        "Dialogue turn",
        "said",
        True,
        timedelta(days=36500),
        None,
        (),
        lambda _text: [],
        frozenset(_turn_value(t) for t in turns),
    )


TURN_TYPE = "dialogue_turn"


def _turn_value(turn: Turn) -> str:
    return f"{turn.dia_id}\x1f{turn.speaker}: {turn.text}"


def dia_of(fact: Fact) -> str:
    """The LoCoMo turn id (``D3:7``) of a turn's fact."""
    return fact.source_turn.replace("-", ":")


def turn_fact(turn: Turn) -> Fact:
    """A turn as a fact of the benchmark's type (:func:`register_turns` first)."""
    digest = sha256(f"{turn.conv}\x1f{turn.dia_id}".encode()).hexdigest()[:32]
    value = _turn_value(turn)
    return user_fact(
        turn.conv,
        TURN_TYPE,
        value,
        fact_id=digest,
        thread=f"{turn.conv}-session-{turn.session}",
        turn=turn.dia_id.replace(":", "-"),  # a turn id is a slug: D3:7 is kept as D3-7
        at=turn.at,  # the type's lifetime is 36,500 days: never stale, staleness is not what is measured
    )
