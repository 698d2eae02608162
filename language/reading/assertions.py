"""What the user actually asserted in an evidence clause, checked in code.

The model's framing of a candidate ("User is vegetarian") is never trusted. These rules read the clause of the
user's own message that holds the quote (see ``language.reading.evidence``) and ask, in order:

    quoted_speech     someone else's words: quoted, reported ("my friend wrote", "…, says my wife"), forwarded,
                      a transcript line, pasted instructions (see ``language.reading.speakers``)
    task_progress     a request or a detail of this trip ("book me business class on the 14th", "on TP1343");
                      this and ``transient`` are read in ``language.reading.lasting``
    transient         something that happened once or holds for a while (cancelled, "was taken", "right now",
                      "until Easter", "on weekdays")
    negative_capability
                      a conclusion that something cannot be done ("the search can't find …")
    inference         no value of the claimed type in the user's words at all
    dislike           "I hate window seats", "window seats make me claustrophobic"
    negated           "I'm not vegetarian", "Vegetarian I am not"; "no longer …" is a retraction (see below);
                      this and ``dislike`` are read in ``language.reading.polarity``
    question / greeting / hypothetical
                      "Is it vegan?", "Good evening", "if I were vegan …", "let's say I'm coeliac"
    third_party       about someone else: relations, names, he/she/they subjects, "my boss wants me …",
                      "… for my mum"
    not_about_user    no subject at all and nothing marks it as the user's own lasting preference
    hypothetical      a guess about themselves ("I think I'm vegan")
    inference         the value is there but not stated of the user: the words linking the user to it are a known
                      non-assertion ("I'm learning Spanish", "I know a great vegan place": ``language.reading.links``;
                      an unknown linking word asks the user instead), it is one
                      of several named without choosing ("window or aisle"), or part of another word
                      ("vegan-friendly")

A clause that passes yields an :class:`Assertion`: the value as the type's extractor found it in the clause, or a
retraction ("I'm no longer vegetarian", "I don't eat vegetarian any more") of that value. Every rule is a
regular expression over a single clause: deliberately simple, readable, and biased towards rejecting: a
preference the gate drops is asked again next week; a wrong one stored is replayed into every conversation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from language.detect import is_english
from language.lexicon.reading.assertions import (
    _BEING_ONE,
    _CAPABILITY_SUBJECT,
    _COMPOUND,
    _COMPOUND_NOUN,
    _FIRST_PERSON_SUBJECT,
    _HOME,
    _MEMBER,
    _MY,
    _NEGATIVE_CAPABILITY,
    _OPENS_WITH_VERB,
    _PERSON_CANNOT,
    _SKILL,
    _WORDS_OF,
)
from language.lexicon.reading.lasting import ADDRESSED, DURABLE, REQUEST
from language.lexicon.reading.markers import LEADING_HESITATION
from language.lexicon.reading.mood import HAS_VERB, HEDGE
from language.lexicon.reading.own_marks import SAME_LATER
from language.lexicon.reading.speakers import BRACKETED
from language.reading.evidence import Evidence, Span
from language.reading.lasting import is_task, is_transient
from language.reading.links import link_of, names_a_thing, unchosen
from language.reading.mood import mood_of, own_part
from language.reading.own_marks import marked_as_mine
from language.reading.polarity import polarity
from language.reading.speakers import for_someone_else, in_foreign_text, reported_or_quoted, subject_of
from language.values.vocabulary import ValueMatch
from language.values.words import TypeWords

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


def _person_cannot(clause: str) -> bool:
    """ "I can't do stairs" (a need), not "I cannot use the aisle seat app" (a conclusion about the app)."""
    said = _PERSON_CANNOT.search(clause)
    return said is not None and not _CAPABILITY_SUBJECT.search(clause, said.end())


def _part_of_another_word(after: str, match: ValueMatch, matches: list[ValueMatch]) -> bool:
    if not _COMPOUND.match(after) or _COMPOUND_NOUN.match(after):
        return False
    return not any(m.value == match.value and m.start == match.end + 1 for m in matches)


# "Window or aisle, I don't care": a choice not made.
def judge_clause(evidence: Evidence, clause: str, type_name: str) -> Rejection | None:
    """The rules that need no value: whose words, this task or a lasting fact, a one-off or a standing one."""
    if reported_or_quoted(evidence):
        return "quoted_speech"
    if is_task(clause, type_name, then=evidence.text[evidence.clause.end : evidence.sentence.end]):
        return "task_progress"
    if is_transient(clause):
        return "transient"
    if (
        _NEGATIVE_CAPABILITY.search(clause)
        and _CAPABILITY_SUBJECT.search(clause)
        and not _person_cannot(clause)
    ):
        return "negative_capability"
    return None


def judge_value(
    evidence: Evidence,
    ftype: TypeWords,
    *,
    clause: str,
    quote: Span,
    requested: bool = False,
    asked: bool = False,
) -> Assertion | Rejection:
    """The rules about the value itself: said at all, said positively, about the user, as a statement.

    ``clause`` is the evidence clause (with an explicit "remember that …" request already taken off its front
    when ``requested``), and ``quote`` is the model's pointer in clause offsets. ``asked``: the assistant's
    previous turn asked the user about this type (:mod:`language.reading.answers`), so a bare reply is theirs.
    """
    matches = ftype.find(clause)
    if not matches:
        return "inference"
    # Every value the quote points at is judged, and the plainest statement of them stands ("I'm Italian and
    # prefer you reply in Italian": the nationality is no language, the request is).
    pointed = [m for m in matches if m.start < quote.end and quote.start < m.end] or matches[:1]
    judged = [
        _judge_match(evidence, ftype, clause, m, matches, requested=requested, asked=asked) for m in pointed
    ]
    return min(judged, key=plainness)


def plainness(verdict: object) -> int:
    """Kept before asked before rejected (``min`` keeps the first mention among equals): how the gate picks
    among several mentions of a value. A rejection is its reason, a string; anything else has an ``ask``."""
    if isinstance(verdict, str):
        return 2
    return 1 if getattr(verdict, "ask", None) else 0


def _judge_match(
    evidence: Evidence,
    ftype: TypeWords,
    clause: str,
    match: ValueMatch,
    matches: list[ValueMatch],
    *,
    requested: bool,
    asked: bool = False,
) -> Assertion | Rejection:
    """One mention of the value through the rules in the order the module names them: the language, how it is
    said, the mood, whose text and whose subject; what is left is judged with no subject or as the user's."""
    at = _absolute(evidence, clause, match)
    if not is_english(evidence.sentence_text) and not in_foreign_text(evidence, at):
        # Every rule below reads English (its negations too: Portuguese "no" means "in the"). In another
        # language none of them can judge, so the user is asked.
        return Assertion(value=match.value, ask="other_language", at=at)
    said = polarity(clause, match)
    if said == "disliked":
        return "dislike"
    if said == "negated":
        return "negated"
    if ftype.name == "language" and (_skill_in(clause, match) or names_a_thing(clause, match)):
        return "not_about_user"
    mood = mood_of(clause, evidence, match, requested=requested, answer=asked)
    if mood == "request":
        return Assertion(value=match.value, ask="asked_once", at=at)
    if mood is not None:
        return mood
    if in_foreign_text(evidence, at):
        return "quoted_speech"  # the quote points at the user's words, the value sits in someone else's
    who, link = subject_of(clause, Span(start=match.start, end=match.end))
    if who == "other" or for_someone_else(clause[match.end :]):
        return "third_party"
    retract = said == "retracted"
    if who == "none" and not _marked_own(ftype, clause):
        return _without_subject(evidence, ftype, clause, match, retract=retract, at=at, asked=asked)
    standing = bool(SAME_LATER.match(evidence.text, evidence.sentence.end))
    return _said_of_user(ftype, clause, match, matches, link=link, retract=retract, at=at, standing=standing)


def _skill_in(clause: str, match: ValueMatch) -> bool:
    return bool(_MY.search(clause, 0, match.start) and _SKILL.match(clause, match.end))


def _marked_own(ftype: TypeWords, clause: str) -> bool:
    """No subject, but the clause marks the value as the user's own: a membership or "-based", a standing
    word, how the user wants to be addressed, or "home" for a home airport."""
    return bool(
        _MEMBER.search(clause)
        or DURABLE.search(clause)
        or ADDRESSED.search(clause)
        or (ftype.name == "home_airport" and _HOME.search(clause))
    )


def _without_subject(
    evidence: Evidence,
    ftype: TypeWords,
    clause: str,
    match: ValueMatch,
    *,
    retract: bool,
    at: Span,
    asked: bool = False,
) -> Assertion | Rejection:
    """A short fragment in the user's own message ("fully vegan for 3 yrs") is most likely about the user, but
    nothing says so: ask. It is the user's when it says so the way people do ("Vegetarian here", "Flying Blue
    member", "Dublin-based"), follows the user's own clause in the sentence ("I always travel on a shoestring,
    so budget options first"), or the turn goes on to make it lasting ("Quiet rooms please. Every hotel."). A
    longer clause with no subject describes something else ("the place on the corner does great vegan food").
    A fragment that answers the assistant's question about this very thing (``asked``) is the user's answer."""
    lo = evidence.sentence.start
    if lo < evidence.clause.start:
        # "my teenage son only wants hostels, budget stuff": the sentence's subject carries on into the fragment.
        who, _link = subject_of(evidence.text[lo : at.end], Span(start=at.start - lo, end=at.end - lo))
        if who == "other":
            return "third_party"
    if not _is_fragment(own_part(clause, match)) and not (asked and DURABLE.search(clause, match.end)):
        return (
            "not_about_user"  # unless it answers the question and says for how long ("…, that's permanent")
        )
    sentence = evidence.sentence_text
    own = (
        asked
        or marked_as_mine(evidence, ftype.name, clause, at)
        or (
            _FIRST_PERSON_SUBJECT.search(evidence.text, evidence.sentence.start, evidence.clause.start)
            and not is_transient(sentence)
            and not is_task(sentence, ftype.name)
        )
        or DURABLE.search(evidence.text, evidence.sentence.start)
    )
    return Assertion(value=match.value, retract=retract, ask=None if own else "no_subject", at=at)


def _said_of_user(
    ftype: TypeWords,
    clause: str,
    match: ValueMatch,
    matches: list[ValueMatch],
    *,
    link: int,
    retract: bool,
    at: Span,
    standing: bool,
) -> Assertion | Rejection:
    """The value said of the user: unless it is a guess, one of a choice not made, or joined to the user by
    words that make it something else (``link`` is where those words begin). ``standing``: a later sentence
    says the statement holds every time."""
    after = clause[match.end :]
    hedge = HEDGE.search(clause)
    if hedge and hedge.start() < match.start:
        return "hypothetical"  # "I think I'm vegan": a guess about themselves (after whose guess it is)
    if unchosen(clause, match, matches):
        return "inference"  # one of several the user named without choosing
    linking = link_of(clause[link : match.start], ftype.name)
    if "dog" in match.value and _BEING_ONE.fullmatch(clause[link : match.start]):
        return "inference"  # "I'm basically a service dog myself": being one is not travelling with one
    if _part_of_another_word(after, match, matches) or linking == "not_linked":
        return "inference"  # the value is there, but as something other than a fact about the user
    # Words nobody listed between the user and the value ask, unless the statement itself says it is a standing
    # one ("I always look for boutique hotels", "quiet rooms only", "on a tight budget whenever I travel").
    unsure = linking == "unsure" and not (standing or DURABLE.search(own_part(clause, match)))
    # "… no meat, so pescatarian I guess": the facts are said, the word for them is hedged; the user decides.
    ask = "hedged" if hedge else "unknown_link" if unsure else None
    return Assertion(value=match.value, retract=retract, ask=ask, at=at)


_FRAGMENT_WORDS = 6


def _is_fragment(clause: str) -> bool:
    """A few words naming a value and no verb: how people state things about themselves in passing."""
    if HAS_VERB.search(clause) or _OPENS_WITH_VERB.search(clause) or REQUEST.search(clause):
        return False
    return len(_WORDS_OF.findall(BRACKETED.sub(" ", LEADING_HESITATION.sub("", clause)))) <= _FRAGMENT_WORDS


def _absolute(evidence: Evidence, clause: str, match: ValueMatch) -> Span:
    """Where a value found in ``clause`` (the evidence clause, possibly cut at the front) sits in the text."""
    offset = evidence.clause.end - len(clause)
    return Span(start=offset + match.start, end=offset + match.end)
