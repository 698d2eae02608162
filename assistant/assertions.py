"""What the user actually asserted in an evidence clause, checked in code.

The model's framing of a candidate ("User is vegetarian") is never trusted. These rules read the clause of the
user's own message that holds the quote (see ``assistant.evidence``) and ask, in order:

    quoted_speech     someone else's words, reported or in quotation marks ("my friend wrote: '…'")
    task_progress     a request or a detail of this trip ("book me business class on the 14th")
    transient         something that happened once (cancelled, delayed, declined, broken, down …)
    negative_capability
                      a conclusion that something cannot be done ("the search can't find …")
    inference         no value of the claimed type in the user's words at all
    dislike           "I hate window seats" is not a preference for window seats
    negated           "I'm not vegetarian"; "no longer …" is a retraction instead (see below)
    third_party       about someone else: relations, names, he/she/they subjects
    not_about_user    no subject at all and nothing marks it as the user's own lasting preference
    question / hypothetical / greeting
                      "Is it vegan?", "if I were vegan …", "Good evening" (not a flight-time preference)

A clause that passes yields an :class:`Assertion`: the value as the type's extractor found it in the clause, or a
retraction ("I'm no longer vegetarian", "I don't eat vegetarian any more") of that value. Every rule is a
regular expression over a single clause: deliberately simple, readable, and biased towards rejecting: a
preference the gate drops is asked again next week; a wrong one stored is replayed into every conversation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from assistant.evidence import Evidence, Span, quoted_spans
from assistant.fact_types import FactType, ValueMatch
from assistant.places import find_airports

Rejection = Literal[
    "quoted_speech",
    "task_progress",
    "transient",
    "negative_capability",
    "inference",
    "dislike",
    "negated",
    "third_party",
    "not_about_user",
    "question",
    "hypothetical",
    "greeting",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Assertion:
    value: str
    retract: bool = False


_RELATION = (
    r"(?:wife|husband|partner|spouse|fianc[eé]e?|boyfriend|girlfriend|son|sons|daughters?|kids?|child|children|"
    r"bab(?:y|ies)|toddler|friends?|colleagues?|co-?workers?|boss|manager|assistant|mother|mum|mom|father|dad|"
    r"parents?|brothers?|sisters?|siblings?|grand(?:ma|mother|pa|father|parents?)|family|uncle|aunt|cousins?|"
    r"niece|nephew|team|clients?|customers?|guests?|passengers?|companions?|room-?mates?|flat-?mates?|"
    r"neighbou?rs?|in-laws|travel buddy|other half|dog|cat)"
)
_FIRST = re.compile(
    r"\b(?:i|i'm|im|i've|i'd|i'll|me|myself|mine|we|we're|we've|us|ourselves)\b"
    r"|\b(?:my|our)\b(?!\s+" + _RELATION + r"\b)",
    re.I,
)
_THIRD = re.compile(
    r"\b(?:my|our|his|her|their|your|the|a)\s+(?:\w+\s+)?" + _RELATION + r"\b"
    r"|\b(?:he|she|they|he's|she's|they're|his|her|their|everyone|everybody|nobody|people|someone|somebody)\b",
    re.I,
)
# "Bob is vegetarian", "Maria prefers the aisle": a capitalised name as the subject of a statement.
_NAME = re.compile(
    r"\b([A-Z][a-z]+)(?:'s|\s+(?:is|was|wants|prefers|likes|loves|needs|eats|always|usually|only|never|"
    r"can't|doesn't|does|has|hates))\b"
)
_NOT_NAMES = frozenset(
    [
        "I",
        "Im",
        "The",
        "This",
        "That",
        "These",
        "Those",
        "Please",
        "Also",
        "Actually",
        "Just",
        "Yes",
        "No",
        "Oh",
        "Well",
        "So",
        "And",
        "But",
        "Or",
        "My",
        "Our",
        "Any",
        "Every",
        "Each",
        "Remember",
        "Note",
        "Honestly",
        "Generally",
        "Usually",
        "Always",
        "Normally",
        "Mostly",
        "Definitely",
        "Today",
        "Tomorrow",
        "Tonight",
        "Window",
        "Aisle",
        "Morning",
        "Evening",
        "Afternoon",
        "Vegan",
        "Vegetarian",
        "Halal",
        "Kosher",
    ]
)
_DURABLE = re.compile(
    r"\b(?:always|usually|generally|normally|typically|every time|whenever|in general|as a rule|all my|"
    r"any time|anytime|for me|prefer|preference|favou?rite|only)\b",
    re.I,
)
# "Please answer in Portuguese": how the user wants to be addressed is about the user.
_ADDRESSED = re.compile(r"\b(?:answer|reply|respond|speak|talk|write)\s+(?:to me\s+)?in\b", re.I)
_REPORTING = re.compile(
    r"\b([\w']+)\s+(?:said|says|wrote|writes|told (?:me|us)|tells (?:me|us)|texted|emailed|messaged|mentioned|"
    r"asked|claims?|reckons?|thinks|insists?|added|replied|posted|forwarded)\b|\baccording to\b|\bquote\s*:",
    re.I,
)
_REQUEST = re.compile(
    r"^\W*(?:(?:please|pls|ok|okay|so|now|then|and|also|great|thanks|thank you)[\s,]+)*"
    r"(?:(?:can|could|would|will) you\s+(?:please\s+)?)?"
    r"(?:book|find|search|get|reserve|look(?:\s+up|\s+for)?|show|change|cancel|upgrade|switch|add|put|give|make|"
    r"send|check|order|request|arrange|sort out|grab|pick)\b",
    re.I,
)
_WANT_NOW = re.compile(
    r"\b(?:i|we)\s*(?:need|want|'d like|would like|am looking for|'m looking for|am after|'m after|will need|"
    r"'ll need|'ll take|will take|'ll have|will have)\b",
    re.I,
)
_THIS_TRIP = re.compile(
    r"\b(?:this|that|the same|my next|our next|next|the return|the outbound)\s+(?:time|trip|flight|booking|"
    r"journey|holiday|vacation|visit|leg|reservation|stay|week|weekend|month)\b|\bthis time\b|\bfor now\b",
    re.I,
)
_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_DATE = re.compile(
    r"\b(?:on\s+)?the\s+\d{1,2}(?:st|nd|rd|th)\b|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?"
    + _MONTH
    + r"\b|\b"
    + _MONTH
    + r"\.?\s+\d{1,2}(?:st|nd|rd|th)?\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}/\d{1,2}(?:/\d{2,4})?\b|"
    r"\b(?:tomorrow|tonight|today|yesterday)\b|\b(?:next|this|on)\s+(?:week|month|weekend|"
    + _WEEKDAY
    + r")\b",
    re.I,
)
# Case-sensitive on the place name (a capitalised word or an airport code), not on the verb.
_TRIP_TO = re.compile(
    r"(?i:\b(?:fly(?:ing)?|going|heading|travel+ing|off|trip|visit(?:ing)?|holiday|vacation)\s+(?:back\s+)?"
    r"(?:to|in)\s+)([A-Z][a-z]+|[A-Z]{3})\b"
)
# A one-off event told in the past tense ("they gave me a window seat") is not a standing preference.
_EVENT = re.compile(
    r"\b(?:gave|got|had|was given|were given|took|booked|ate|ordered|sat|flew|stayed|chose|picked|received|"
    r"offered|assigned|upgraded|moved)\b",
    re.I,
)
_TRANSIENT = re.compile(
    r"\b(?:cancel+(?:ed|ing|lation)|delay(?:ed|s)?|declined|rejected|refused|broken|broke|down|offline|crash(?:ed|es)|"
    r"fail(?:ed|ing|s|ure)?|not working|isn't working|wasn't working|doesn't work|didn't work|won't work|"
    r"timed out|timing out|time-?out|errors?|unavailable|sold out|overbooked|stuck|stranded|grounded|missed|"
    r"strike|diverted|bumped|lost)\b",
    re.I,
)
_NEGATIVE_CAPABILITY = re.compile(
    r"\b(?:cannot|can ?not|can't|unable to|not (?:possible|supported|available|allowed)|doesn't (?:work|support)|"
    r"does not (?:work|support)|no access|fails? to|is broken|isn't available)\b",
    re.I,
)
# A conclusion about the system ("the booking app can't …"), not about the user.
_CAPABILITY_SUBJECT = re.compile(
    r"\b(?:tool|system|service|feature|api|search|booking|app|site|website|account|access|login|payment|card)\b",
    re.I,
)
_QUESTION_START = re.compile(
    r"^\W*(?:is|are|am|do|does|did|can|could|would|will|should|shall|may|might|have|has|had|was|were|what|which|"
    r"where|when|who|whom|whose|how|why|any|anything)\b",
    re.I,
)
_POLITE = re.compile(r"\b(?:would|'d)\s+(?:much\s+)?(?:prefer|rather|like|love)\b", re.I)
_HYPOTHETICAL = re.compile(
    r"\b(?:if|would|might|maybe|perhaps|possibly|probably|considering|consider|in case|suppose|supposing|"
    r"imagine|what if|wonder(?:ing)?|unless|someday|one day|might become|may become|(?:thinking|think) (?:about|of)|"
    r"plan(?:ning)? to|going to try|want to try|try(?:ing)? to (?:be|go|eat)|not sure)\b",
    re.I,
)
_GREETING = re.compile(
    r"^\W*(?:(?:hi|hello|hey|and a very|a very)[\s,]+)?(?:good\s+(?:morning|afternoon|evening|night|day)\b|"
    r"(?:morning|afternoon|evening)(?=\s*[,!.]|\s*$|\s+(?:all|everyone|there|team|folks)\b))",
    re.I,
)
_DISLIKE = re.compile(
    r"\b(?:hate|hates|dislike|dislikes|can't stand|cannot stand|can not stand|don't like|do not like|didn't like|"
    r"not a fan of|avoid|avoids|loathe|detest|never want|not keen on|can't bear|cannot bear|sick of|tired of|"
    r"fed up with|no more|not into)\b",
    re.I,
)
_RETRACTION = re.compile(
    r"\b(?:no longer|not\s+\w*\s*(?:any ?more|now)|stopped (?:being|eating|using)?|quit|gave up|give up|"
    r"given up|used to be|don't\s+\w+\s+any ?more|no more|not any ?more)\b",
    re.I,
)
_ANYMORE_AFTER = re.compile(r"^\W*(?:\w+\W+){0,2}?(?:any ?more|these days|now)\b", re.I)
_NEGATION = re.compile(
    r"\b(?:not|never|no|neither|nor|without|hardly|nothing|n't|isn't|aren't|wasn't|don't|doesn't|didn't|won't|"
    r"can't|cannot)\b|n't\b",
    re.I,
)


def _last_words(text: str, n: int) -> str:
    words = text.split()
    return " ".join(words[-n:])


def reported_or_quoted(evidence: Evidence) -> bool:
    """Someone else's words: the quote sits in quotation marks, or a reporting verb with another subject
    ("my colleague said", "Bob wrote") comes before it in the sentence."""
    if any(span.overlaps(evidence.quote) for span in quoted_spans(evidence.text)):
        return True
    lead = evidence.before_clause + evidence.clause_text[: evidence.quote_in_clause.start]
    for m in _REPORTING.finditer(lead):
        subject = (m.group(1) or "").lower()
        if subject not in ("i", "we"):
            return True
    return False


_SLASH = re.compile(r"(\d{1,2})/(\d{1,2})(?:/\d{2,4})?")
_MONTH_DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _is_date(match: re.Match[str]) -> bool:
    """A slash form counts only if it is a day and month in either order ("02/30" is a card expiry, not a date)."""
    slash = _SLASH.fullmatch(match.group(0))
    if slash is None:
        return True
    a, b = int(slash.group(1)), int(slash.group(2))
    return any(1 <= m <= 12 and 1 <= d <= _MONTH_DAYS[m - 1] for d, m in ((a, b), (b, a)))


def is_task(clause: str, ftype_name: str) -> bool:
    """A request for this task, or a detail of this trip, rather than something true next week."""
    if any(_is_date(m) for m in _DATE.finditer(clause)) or _THIS_TRIP.search(clause):
        return True
    durable = bool(_DURABLE.search(clause))
    if _TRIP_TO.search(clause) and not durable:
        return True
    if _REQUEST.search(clause) and not durable:
        return True
    # "I need step-free access" and "I need a vegetarian meal" state a need of the person, not of this task.
    needs = ftype_name in ("accessibility", "dietary")
    return bool(_WANT_NOW.search(clause) and not durable and not needs)


def is_transient(clause: str) -> bool:
    """Something that happened once: a failure, a state of the world today, or a past one-off event."""
    return bool(_TRANSIENT.search(clause) or (_EVENT.search(clause) and not _DURABLE.search(clause)))


def _subject(clause: str, value: Span) -> Literal["user", "other", "none"]:
    """Who the clause says it about, judged by the nearest subject marker before the value (else after it)."""
    markers: list[tuple[int, str]] = [(m.start(), "user") for m in _FIRST.finditer(clause)]
    markers += [(m.start(), "other") for m in _THIRD.finditer(clause)]
    places = {code for code in find_airports(clause)}
    for m in _NAME.finditer(clause):
        name = m.group(1)
        if name not in _NOT_NAMES and not find_airports(name) and name.upper() not in places:
            markers.append((m.start(), "other"))
    before = [who for pos, who in sorted(markers) if pos < value.start]
    if before:
        return "user" if before[-1] == "user" else "other"
    after = [who for pos, who in sorted(markers) if pos >= value.end]
    if after:
        return "user" if after[0] == "user" else "other"
    return "none"


def _polarity(clause: str, match: ValueMatch) -> Literal["plain", "negated", "retracted", "disliked"]:
    before = _last_words(clause[: match.start], 6)
    after = clause[match.end :]
    if _DISLIKE.search(before):
        return "disliked"
    near = _last_words(clause[: match.start], 6)
    negated = bool(_NEGATION.search(near))
    if _RETRACTION.search(before) or (negated and _ANYMORE_AFTER.search(after)):
        return "retracted"
    return "negated" if negated else "plain"


def _choose(matches: list[ValueMatch], quote: Span) -> ValueMatch:
    """The value the quote points at; the first one if the quote touches none."""
    for m in matches:
        if m.start < quote.end and quote.start < m.end:
            return m
    return matches[0]


def judge_clause(evidence: Evidence, clause: str, type_name: str) -> Rejection | None:
    """The rules that need no value: whose words, this task or a lasting fact, a one-off or a standing one."""
    if reported_or_quoted(evidence):
        return "quoted_speech"
    if is_task(clause, type_name):
        return "task_progress"
    if is_transient(clause):
        return "transient"
    if _NEGATIVE_CAPABILITY.search(clause) and _CAPABILITY_SUBJECT.search(clause):
        return "negative_capability"
    return None


def judge_value(
    evidence: Evidence, ftype: FactType, *, clause: str, quote: Span, requested: bool = False
) -> Assertion | Rejection:
    """The rules about the value itself: said at all, said positively, about the user, as a statement.

    ``clause`` is the evidence clause (with an explicit "remember that …" request already taken off its front
    when ``requested``), and ``quote`` is the model's pointer in clause offsets.
    """
    matches = ftype.find(clause)
    if not matches:
        return "inference"
    match = _choose(matches, quote)
    polarity = _polarity(clause, match)
    if polarity == "disliked":
        return "dislike"
    if polarity == "negated":
        return "negated"
    mood = _mood(clause, evidence, match, requested=requested)
    if mood is not None:
        return mood
    who = _subject(clause, Span(start=match.start, end=match.end))
    if who == "other":
        return "third_party"
    if who == "none" and not (_DURABLE.search(clause) or _ADDRESSED.search(clause)):
        return "not_about_user"
    return Assertion(value=match.value, retract=polarity == "retracted")


def _mood(clause: str, evidence: Evidence, match: ValueMatch, *, requested: bool) -> Rejection | None:
    # "Could you remember that I'm vegetarian?" is a request, not a question about being vegetarian.
    asked = evidence.sentence_text.rstrip().endswith("?") and not requested
    if asked or _QUESTION_START.search(clause):
        return "question"
    greeting = _GREETING.match(clause)
    if greeting and match.start < greeting.end():
        return "greeting"
    if _HYPOTHETICAL.search(_POLITE.sub(" ", clause)):
        return "hypothetical"
    return None
