"""The offline model's structured answers: promotion candidates and conversation summaries.

It behaves like a plausible extraction model, including its usual mistakes, so the code that validates its
output has something to reject: it proposes task progress ("flying to Lisbon on the 14th"), inferences
("prefers morning flights" from one booking), facts about other people, things it read in tool output, and
conclusions drawn from failed tool calls. Nothing here decides what is stored; ``assistant.promotion`` does.
It reads the transcript ``assistant.turn.transcript`` renders (``[turn T] ROLE: text`` lines).
"""

from __future__ import annotations

import json
import re
from typing import Any

from assistant.facts.types import FACT_TYPES
from assistant.gate.verdict import asked_to_remember
from language.lexicon.places import AIRPORTS
from language.text import whole_words

_LINE = re.compile(r"^\[turn ([^\]]+)\] (USER|ASSISTANT|TOOL(?: [a-z_]+)?): (.*)$")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_THIRD_PARTY = re.compile(
    r"\b(my|our) (wife|husband|partner|son|daughter|kids?|children|friend|colleague|boss|"
    r"mother|mum|mom|father|dad|brother|sister)\b",
    re.I,
)
_SECRETISH = re.compile(r"\b(password|passcode|pin|card number|api key)\b|\b(?:\d[ -]?){13,19}\b", re.I)
_FORGET = whole_words(r"forget|delete|erase|remove|wipe|stop remembering")
# Words of liking and habit, and of speaking, in the languages people write to us in: the model reads a time
# of day or a language as a preference only beside them.
_LIKING = re.compile(
    r"\bprefer|\blike|\balways|\busually|\bonly\b|\blove|\bfavou?rite|\bbest\b|\bsuits?\b|\bplease\b|\bpls\b|"
    r"\bfor me\b|\bas a rule\b|\bgenerally\b|\bperson\b|\bevery time\b|\bworks?\b|"
    r"\bprefi[re]|\bpr[eé]f[eè]r|\bbevorzug|\bliebsten|\bsempre|"
    r"\bsiempre|\btoujours|\bimmer\b|\bnormalmente|\bhabitude|\bmeistens|\bsolito",
    re.I,
)
_SPEAKING = whole_words(
    r"speak|answer\w*|repl(?:y|ies)|prefer|language|talk|write|wrote|comfortable|please|pls|always|"
    r"mother tongue|native|(?:respond|contest|r[eé]pond|antwort|rispond|fal[ae]|habl|"
    r"parl|sprech|sprich|idioma|l[ií]ngua|langue|sprache|lingua)\w*"
)
_TRIP = re.compile(r"\b(flights?|fly(?:ing)?|trip|travel(?:l?ing)?)\s+to\s+([A-Z][a-z]+)", re.I)


def _lines(transcript: str) -> list[tuple[str, str, str]]:
    parsed = []
    for raw in transcript.splitlines():
        if m := _LINE.match(raw.strip()):
            parsed.append((m.group(1), m.group(2), m.group(3)))
    return parsed


def _candidate(fact: str, ftype: str, turn: str, quote: str) -> dict[str, str]:
    return {"fact": fact, "type": ftype, "evidence_turn": turn, "quote": quote}


def extract_candidates(transcript: str) -> list[dict[str, str]]:
    lines = _lines(transcript)
    user_text = {turn: text for turn, role, text in lines if role == "USER"}
    found: list[dict[str, str]] = []
    for turn, role, text in lines:
        if role == "USER":
            found.extend(user_candidates(turn, text))
        elif role == "TOOL forget_memory":
            found = _after_forgetting(found, text)
        elif role.startswith("TOOL"):
            found.extend(_from_tool(turn, role[5:], text, user_text.get(turn, "")))
    unique: list[dict[str, str]] = []
    for cand in found:
        if cand not in unique:
            unique.append(cand)
    return unique


def _after_forgetting(found: list[dict[str, str]], result: str) -> list[dict[str, str]]:
    """What the user asked to forget is not proposed again from what they said before asking."""
    try:
        payload = json.loads(result)
    except json.JSONDecodeError:
        return found
    what = str(payload.get("what", "")) if isinstance(payload, dict) else ""
    if what == "everything":
        return []
    return [
        c for c in found if FACT_TYPES.get(c["type"]) is None or FACT_TYPES[c["type"]].label.lower() != what
    ]


def user_candidates(turn: str, text: str) -> list[dict[str, str]]:
    """What the extractor proposes from one user message: a plausible model's reading, mistakes included."""
    out = []
    for sentence in filter(None, (s.strip() for s in _SENTENCE.split(text))):
        if _FORGET.search(sentence) and not asked_to_remember(sentence):
            continue  # "forget that I prefer aisle seats" states nothing to keep
        if _SECRETISH.search(sentence):
            # A careless extractor proposes the secret too (the gate refuses it) and still sees the preference
            # beside it ("I prefer aisle seats, my PIN is …"), which the gate keeps with the secret masked.
            out.append(_candidate(f"User's account detail: {sentence}", "account", turn, sentence))
        if m := _TRIP.search(sentence):
            when = ""
            if dm := re.search(r"\bon the \d{1,2}(?:st|nd|rd|th)\b|\bon \d{1,2} \w+\b", sentence):
                when = " " + dm.group(0)
            city = m.group(2)
            if city.upper() in AIRPORTS or any(c == city for c in AIRPORTS.values()):
                out.append(_candidate(f"User is flying to {city}{when}", "trip", turn, m.group(0) + when))
        out.extend(_typed(turn, sentence))
    return out


def _typed(turn: str, sentence: str) -> list[dict[str, str]]:
    """A candidate per registry value mentioned, negated or not: the gate tells "I'm vegetarian" from "I'm not
    vegetarian" (rejected) and "I'm no longer vegetarian" (a retraction)."""
    out = []
    for ftype in FACT_TYPES.values():
        for value in dict.fromkeys(m.value for m in ftype.find(sentence)):
            if ftype.name == "flight_times" and not _LIKING.search(sentence):
                continue  # "the morning one" is a choice, not a preference
            if ftype.name == "language" and not _SPEAKING.search(sentence):
                continue
            subject = "User's " + m.group(2) if (m := _THIRD_PARTY.search(sentence)) else "User"
            out.append(_candidate(f"{subject}: {ftype.label.lower()} {value}", ftype.name, turn, sentence))
    return out


def _from_tool(turn: str, tool: str, text: str, user_said: str) -> list[dict[str, str]]:
    out = []
    try:
        payload: Any = json.loads(text)
    except json.JSONDecodeError:
        payload = {"text": text}
    if isinstance(payload, dict) and "error" in payload:
        # The classic bad night: one failure generalised into a permanent "can't".
        out.append(
            _candidate(
                f"The {tool.replace('_', ' ')} tool cannot be used for this user",
                "travel_style",
                turn,
                user_said or text[:80],
            )
        )
        return out
    booking = payload.get("booking") if isinstance(payload, dict) else None
    if tool == "book_flight" and isinstance(booking, dict):
        depart = booking.get("flight", {}).get("depart_at", "")
        if re.search(r"T(0[5-9]|1[01]):", depart):
            out.append(_candidate("User prefers morning flights", "flight_times", turn, user_said))
    # A naive extractor also reads preferences out of tool output (e.g. a review or an injected note).
    for ftype in FACT_TYPES.values():
        for sentence in _SENTENCE.split(_flatten(payload)):
            if re.search(r"\b(user|guest|traveller|customer)\b", sentence, re.I) and ftype.extract(sentence):
                out.append(
                    _candidate(
                        f"User: {ftype.label.lower()} {ftype.extract(sentence)[0]}",
                        ftype.name,
                        turn,
                        sentence.strip()[:200],
                    )
                )
    return out


def _flatten(payload: Any) -> str:
    if isinstance(payload, dict):
        return ". ".join(_flatten(v) for v in payload.values())
    if isinstance(payload, list):
        return ". ".join(_flatten(v) for v in payload)
    return str(payload)


# -- summaries ------------------------------------------------------------------------------------------

_ABOUT_SELF = re.compile(r"\b(i'?m|i am|i prefer|i usually|i always|i never|i live|i eat|i don'?t|my )", re.I)


def summarise(transcript: str) -> dict[str, Any]:
    """A faithful, bounded, extractive rolling summary.

    Kept for ever: every statement the user made about themselves (verbatim) and every decision. Kept only for
    the latest block: what was asked and done, and the open loop. So a summary of a long conversation stays
    small while nothing the user said about themselves, and nothing decided, is lost.
    """
    previous = ""
    if transcript.startswith("PREVIOUS SUMMARY: "):
        head, _sep, _rest = transcript.partition("\n[turn ")
        previous = head[len("PREVIOUS SUMMARY: ") :].strip()
    said, decisions = _carried_over(previous)
    asked: list[str] = []
    done: list[str] = []
    last_assistant = ""
    for _turn, role, text in _lines(transcript):
        if role == "USER":
            for sentence in filter(None, (s.strip() for s in _SENTENCE.split(text))):
                if _ABOUT_SELF.search(sentence):
                    if sentence not in said:
                        said.append(sentence)
                else:
                    asked.append(sentence)
            last_assistant = ""
        elif role.startswith("TOOL"):
            outcome, decision = _tool_outcome(role[5:], text)
            if outcome:
                done.append(outcome)
            if decision and decision not in decisions:
                decisions.append(decision)
        else:
            last_assistant = text
    parts = []
    if said:
        parts.append("User said: " + " ".join(f'"{s}"' for s in said))
    if asked:
        parts.append("Recently asked: " + "; ".join(a[:90] for a in asked[-3:]))
    if done:
        parts.append("Recently done: " + "; ".join(done[-4:]))
    open_loops = []
    # An unanswered question near the end of the last reply ("Which one should I book? Say e.g. …").
    questions = [q for q in _SENTENCE.split(last_assistant.strip())[-3:] if q.rstrip().endswith("?")]
    if questions:
        open_loops.append(f"Waiting for the user to answer: {questions[-1]}")
    return {
        "summary": " ".join(parts).strip() or "Nothing of note yet.",
        "decisions": decisions,
        "open_loops": open_loops,
    }


def _carried_over(previous: str) -> tuple[list[str], list[str]]:
    """Self-statements and decisions from the previous summary's rendered text."""
    said: list[str] = []
    decisions: list[str] = []
    if m := re.search(r"User said: (.*?)(?= Recently asked:| Recently done:|\n|$)", previous):
        said = re.findall(r'"([^"]+)"', m.group(1))
    if m := re.search(r"^Decisions: (.*)$", previous, re.M):
        decisions = [d.strip() for d in m.group(1).split("; ") if d.strip()]
    return said, decisions


def _tool_outcome(tool: str, text: str) -> tuple[str, str]:
    try:
        payload = json.loads(text)
    except json.JSONDecodeError:
        return "", ""
    if not isinstance(payload, dict) or "error" in payload:
        return f"{tool} failed", ""
    if tool == "search_flights" and payload.get("options"):
        o = payload["options"][0]
        return (
            f"found {len(payload['options'])} flights {o['origin']}→{o['destination']} on {o['depart_at'][:10]}",
            "",
        )
    if tool == "book_flight" and isinstance(payload.get("booking"), dict):
        b = payload["booking"]
        decision = f"booked {b['flight']['flight_no']} ({b['booking_id']}) with {b['hotel']['name']}"
        return decision, decision
    if tool == "find_restaurants":
        return f"suggested {len(payload.get('restaurants', []))} restaurants", ""
    if tool == "remember_preference" and payload.get("saved"):
        return f"saved preference {payload.get('fact')}", f"remember {payload.get('fact')}"
    return "", ""
