"""What the user actually asserted in an evidence clause, checked in code.

The model's framing of a candidate ("User is vegetarian") is never trusted. These rules read the clause of the
user's own message that holds the quote (see ``assistant.gate.evidence``) and ask, in order:

    quoted_speech     someone else's words: quoted, reported ("my friend wrote", "…, says my wife"), forwarded,
                      a transcript line, pasted instructions (see ``assistant.gate.speakers``)
    task_progress     a request or a detail of this trip ("book me business class on the 14th", "on TP1343")
    transient         something that happened once or holds for a while (cancelled, "was taken", "right now",
                      "until Easter", "on weekdays")
    negative_capability
                      a conclusion that something cannot be done ("the search can't find …")
    inference         no value of the claimed type in the user's words at all
    dislike           "I hate window seats", "window seats make me claustrophobic"
    negated           "I'm not vegetarian", "Vegetarian I am not"; "no longer …" is a retraction (see below)
    question / greeting / hypothetical
                      "Is it vegan?", "Good evening", "if I were vegan …", "let's say I'm coeliac"
    third_party       about someone else: relations, names, he/she/they subjects, "my boss wants me …",
                      "… for my mum"
    not_about_user    no subject at all and nothing marks it as the user's own lasting preference
    hypothetical      a guess about themselves ("I think I'm vegan")
    inference         the value is there but not stated of the user: the words linking the user to it are a known
                      non-assertion ("I'm learning Spanish", "I know a great vegan place": ``assistant.gate.links``;
                      an unknown linking word asks the user instead), it is one
                      of several named without choosing ("window or aisle"), or part of another word
                      ("vegan-friendly")

A clause that passes yields an :class:`Assertion`: the value as the type's extractor found it in the clause, or a
retraction ("I'm no longer vegetarian", "I don't eat vegetarian any more") of that value. Every rule is a
regular expression over a single clause: deliberately simple, readable, and biased towards rejecting: a
preference the gate drops is asked again next week; a wrong one stored is replayed into every conversation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from assistant.facts.types import FactType, ValueMatch
from assistant.gate.evidence import Evidence, Span
from assistant.gate.links import link_of
from assistant.gate.speakers import for_someone_else, in_foreign_text, reported_or_quoted, subject_of
from assistant.language import is_english

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
    ask: str | None = (
        None  # the value and the user are there, but a check is unsure (see assistant.gate.verdict)
    )
    at: Span | None = None  # where the value sits in the evidence text


_DURABLE = re.compile(
    r"\b(?:always|usually|generally|normally|typically|every time|whenever|in general|as a rule|all my|"
    r"any time|anytime|for me|prefer|preference|favou?rite|only)\b",
    re.I,
)
# "Please answer in Portuguese": how the user wants to be addressed is about the user.
# (Not "reply in French to the hotel": that names another addressee.)
_ADDRESSED = re.compile(
    r"\b(?:answer|reply|respond|speak|talk|write)\s+(?:to me\s+)?in\s+\w+\b(?!\s+(?:to|for|with)\s+(?!me\b|us\b))",
    re.I,
)
_REQUEST = re.compile(
    r"^\W*(?:(?:please|pls|ok|okay|so|now|then|and|also|great|thanks|thank you)[\s,]+)*"
    r"(?:(?:can|could|would|will) you\s+(?:please\s+)?)?"
    r"(?:book|find|search|get|reserve|look(?:\s+up|\s+for)?|show|change|cancel|upgrade|switch|add|put|give|make|"
    r"send|check|order|request|arrange|sort out|grab|pick|"
    # Text the user hands over to be worked on is material, not a statement ("translate: I am vegan").
    r"translate|summari[sz]e|repeat|rewrite|paraphrase|proofread|copy|paste)\b",
    re.I,
)
_WANT_NOW = re.compile(
    r"\b(?:i|we)\s*(?:need|want|'d like|would like|am looking for|'m looking for|am after|'m after|will need|"
    r"'ll need|'ll take|will take|'ll have|will have)\b",
    re.I,
)
_THIS_TRIP = re.compile(
    r"\b(?:this|that|the same|my next|our next|next|the return|the outbound)\s+(?:time|trip|flight|booking|"
    r"journey|holiday|vacation|visit|leg|reservation|stay|week|weekend|month)\b|\bthis time\b|\bfor now\b"
    r"|\bon the way (?:back|there|out|home)\b|\b(?:on|for) the (?:return|outbound|inbound)\b",
    re.I,
)
# A flight number names one flight ("TP1343", "BA 432"): a seat on it is this trip's.
_FLIGHT_NO = re.compile(r"\b(?:[A-Z]{2}|[A-Z]\d|\d[A-Z])\s?\d{2,4}\b")
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
    r"strike|diverted|bumped|lost|right now|at the moment|just now|until|till|during|sometimes|occasionally)\b"
    r"|\bon (?:weekdays|weekends|workdays|week-?nights)\b"  # "I'm vegan on weekdays": part of the time
    # "My window seat was taken": what happened to a seat once, in the passive.
    r"|\b(?:was|were|got|been|is|are)\s+(?:already\s+)?(?:taken|occupied|gone|full|closed)\b",
    re.I,
)
# "Vegetarian for the week", "based in Lisbon for the conference": for a while. ("I've been vegan for two
# years" is not: a duration after "been" runs up to now.)
_FOR_A_WHILE = re.compile(
    r"\bfor (?:the|a|an|one|two|three|four|five|six|a few|several|this|that|\d+) (?:weeks?|months?|days?|while|bit|"
    r"years?|conference|meeting|event|summer|winter|semester|project|season|course|festival|wedding)\b"
    r"|\bfor (?:lent|ramadan)\b",
    re.I,
)
_BEEN = re.compile(r"\bbeen\b", re.I)
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
_HEDGE = re.compile(r"\b(?:i|we) (?:guess|suppose|think|believe|reckon)\b", re.I)
# "…, if that helps", "…, if you need to know": an aside to the listener, not a condition on the statement.
_ASIDE = re.compile(
    r"\bif (?:that|it|this) (?:helps|matters|is useful|'s useful|makes a difference)\b"
    r"|\bif you (?:need|want|have) to know\b|\bif you(?:'re| are) wondering\b",
    re.I,
)
_POLITE = re.compile(r"\b(?:would|'d)\s+(?:much\s+)?(?:prefer|rather|like|love)\b", re.I)
_HYPOTHETICAL = re.compile(
    r"\b(?:if|would|might|maybe|perhaps|possibly|probably|considering|consider|in case|suppose|supposing|"
    r"imagine|what if|wonder(?:ing)?|unless|someday|one day|might become|may become|(?:thinking|think) (?:about|of)|"
    r"plan(?:ning)? to|going to try|want to try|try(?:ing)? to (?:be|go|eat)|not sure|let'?s say|"
    r"pretend(?:ing)?|assume|assuming|hypothetically|in theory|theoretically|for argument's sake|role-?play|as if|"
    r"wish|(?:want|wanna|hope|hoping|aim|aiming|intend|would like|'d like) "
    r"to (?:be|go|become|eat|try|start)|kidding|joking|jk|not really)\b",
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
    r"given up|used to(?: be)?|don't\s+\w+\s+any ?more|no more|not any ?more)\b",
    re.I,
)
_ANYMORE_AFTER = re.compile(r"^\W*(?:\w+\W+){0,2}?(?:any ?more|these days|now)\b", re.I)
_NEGATION = re.compile(
    r"\b(?:not|never|no|neither|nor|without|hardly|nothing|n't|isn't|aren't|wasn't|don't|doesn't|didn't|won't|"
    r"can't|cannot)\b|n't\b",
    re.I,
)


# "vegan-friendly places", "vegan-ish", "window-facing rooms": the value word is part of another word.
_COMPOUND = re.compile(r"-[a-z]", re.I)
# After the value: "Vegetarian I am not", "window seats are not for me", "… make me claustrophobic".
_NOUN = r"(?:\W+(?:seats?|flights?|meals?|food|options?|class|hotels?|rooms?))?"
_NEGATED_AFTER = re.compile(
    _NOUN + r"\W*(?:(?:i|we)\s*(?:'m|am|'re|are)\s+not|(?:are|is|'re|'s)\s*(?:not|n't)\b|aren't|isn't)"
    r"|(?:\W+\w+){0,2}\W+(?:never|not|no way|nope)\W*$"  # "Vegan me, never", "I'm vegan (not)"
    r"|.*\b(?:except|apart from|other than|besides)\s+(?:for\s+)?(?:me|myself|us)\b"  # "we're vegan except me"
    r"|(?:\W+\w+)?\W+(?:less|least)\b",  # "I prefer the window less"
    re.I,
)
_DISLIKED_AFTER = re.compile(
    _NOUN + r"\W*(?:(?:make|makes|give|gives)\s+me\s+(?:\w+\s+)?(?:sick|ill|nauseous|queasy|anxious|nervous|"
    r"claustrophobic|panicky|the creeps)|(?:are|is)\s+(?:the worst|awful|terrible|horrible|a nightmare|hell))\b",
    re.I,
)
# "Window or aisle, I don't care": a choice not made.
_OR_BEFORE = re.compile(r"\bor\s+(?:\w+\s+)?$", re.I)
_OR_AFTER = re.compile(r"(?:\s+\w+)?\s+or\b", re.I)


def _last_words(text: str, n: int) -> str:
    words = text.split()
    return " ".join(words[-n:])


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
    if (
        any(_is_date(m) for m in _DATE.finditer(clause))
        or _THIS_TRIP.search(clause)
        or _FLIGHT_NO.search(clause)
    ):
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
    if _FOR_A_WHILE.search(clause) and not _BEEN.search(clause):
        return True
    return bool(_TRANSIENT.search(clause) or (_EVENT.search(clause) and not _DURABLE.search(clause)))


def polarity(clause: str, match: ValueMatch) -> Literal["plain", "negated", "retracted", "disliked"]:
    before = _last_words(clause[: match.start], 6)
    after = clause[match.end :]
    if _DISLIKE.search(before) or _DISLIKED_AFTER.match(after):
        return "disliked"
    if _NEGATED_AFTER.match(after):
        return "negated"
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
    if not is_english(evidence.sentence_text) and not in_foreign_text(
        evidence, _absolute(evidence, clause, match)
    ):
        # Every rule below reads English (its negations too: Portuguese "no" means "in the"). In another
        # language none of them can judge, so the user is asked.
        return Assertion(value=match.value, ask="other_language", at=_absolute(evidence, clause, match))
    said = polarity(clause, match)
    if said == "disliked":
        return "dislike"
    if said == "negated":
        return "negated"
    mood = _mood(clause, evidence, match, requested=requested)
    if mood is not None:
        return mood
    at = _absolute(evidence, clause, match)
    if in_foreign_text(evidence, at):
        return "quoted_speech"  # the quote points at the user's words, the value sits in someone else's
    who, link = subject_of(clause, Span(start=match.start, end=match.end))
    after = clause[match.end :]
    if who == "other" or for_someone_else(after):
        return "third_party"
    if who == "none" and not (_DURABLE.search(clause) or _ADDRESSED.search(clause)):
        # A short fragment in the user's own message ("Vegetarian here.", "fully vegan for 3 yrs") is most
        # likely about the user, but nothing says so: ask. A longer clause with no subject describes something
        # else ("the place on the corner does great vegan food").
        if _is_fragment(clause):
            return Assertion(value=match.value, retract=said == "retracted", ask="no_subject", at=at)
        return "not_about_user"
    if _HEDGE.search(clause):
        return "hypothetical"  # "I think I'm vegan": a guess about themselves (after whose guess it is)
    if _OR_BEFORE.search(clause[: match.start]) or _OR_AFTER.match(after):
        return "inference"  # one of several the user named without choosing
    link_words = clause[link : match.start]
    linking = link_of(link_words, ftype.name)
    if _COMPOUND.match(after) or linking == "not_linked":
        return "inference"  # the value is there, but as something other than a fact about the user
    doubt = "unknown_link" if linking == "unsure" else None
    return Assertion(value=match.value, retract=said == "retracted", ask=doubt, at=at)


_WORDS_OF = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?", re.UNICODE)
_FRAGMENT_WORDS = 6
# A sentence with a verb of its own says something about its subject ("Aisle seats are the best"), and one
# that opens with a verb asks for something ("Reply in French to the hotel"): neither is a bare fragment.
_HAS_VERB = re.compile(
    r"\b(?:is|are|was|were|be|been|being|am|has|have|had|does|do|did)\b|'(?:s|re|m)\b", re.I
)
_OPENS_WITH_VERB = re.compile(
    r"^\W*(?:reply|answer|respond|write|speak|talk|send|tell|make|give|put)\b", re.I
)


def _is_fragment(clause: str) -> bool:
    """A few words naming a value and no verb: how people state things about themselves in passing."""
    if _HAS_VERB.search(clause) or _OPENS_WITH_VERB.search(clause) or _REQUEST.search(clause):
        return False
    return len(_WORDS_OF.findall(clause)) <= _FRAGMENT_WORDS


def _absolute(evidence: Evidence, clause: str, match: ValueMatch) -> Span:
    """Where a value found in ``clause`` (the evidence clause, possibly cut at the front) sits in the text."""
    offset = evidence.clause.end - len(clause)
    return Span(start=offset + match.start, end=offset + match.end)


def _mood(clause: str, evidence: Evidence, match: ValueMatch, *, requested: bool) -> Rejection | None:
    # "Could you remember that I'm vegetarian?" is a request, not a question about being vegetarian.
    asked = evidence.sentence_text.rstrip().endswith("?") and not requested
    if asked or _QUESTION_START.search(clause):
        return "question"
    greeting = _GREETING.match(clause)
    if greeting and match.start < greeting.end():
        return "greeting"
    if _HYPOTHETICAL.search(_ASIDE.sub(" ", _POLITE.sub(" ", clause))):
        return "hypothetical"
    return None
