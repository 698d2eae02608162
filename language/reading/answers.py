"""A reply to the assistant's own question: "afternoons" after "Do you prefer particular departure times?".

A bare fragment says nothing of whose it is ("window plz" might be about anyone's seat), so the gate asks. But
when the assistant has just asked the user about that very thing, the question supplies what the fragment
leaves out: the user is the subject (they are answering about themselves), and for a home airport or an
allergy the frame that makes a bare name a value ("dublin" after "Where do you usually start your trips
from?", "nuts. all nuts." after "Any allergies I should note?"). Every other check still runs: "not any more"
or "lol" after the answer is judged as in any statement.
"""

from __future__ import annotations

import re

from language.lexicon.reading.answers import _ABOUT, _ANY_TOPIC, _QUESTION_OPENER
from language.places import airport_mentions
from language.values.vocabulary import Finder, ValueMatch
from language.values.words import TypeWords, ValueWords, with_allergens, with_bare_cabin


def _last_question(before: str) -> str:
    """The assistant's last sentence, if it asks something ("…?", or opens as a question). A question that names
    no topic ("Do you have a preference?") asks about what the sentence before it said ("I can answer you in
    several languages."), so that sentence is read with it."""
    sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+|\n+", before.strip()) if s.strip()]
    if not sentences:
        return ""
    last = sentences[-1]
    if not (last.endswith("?") or _QUESTION_OPENER.match(last)):
        return ""
    if len(sentences) > 1 and not _ANY_TOPIC.search(last):
        return f"{sentences[-2]} {last}"
    return last


def asked_about(before: str, type_name: str) -> bool:
    """The assistant's previous turn ends with a question about this type of fact."""
    question = _last_question(before)
    about = _ABOUT.get(type_name)
    return bool(question and about and re.search(rf"\b(?:{about})\b", question, re.I))


def answering(ftype: TypeWords) -> ValueWords:
    """The type as it reads a reply to a question about it: a home airport or an allergen named bare, and a
    one-word value in the plural ("windows please" after "Do you have a seat preference?": out of such a
    question "the windows were dirty" would be no seat)."""
    find: Finder
    if ftype.name == "home_airport":
        find = _any_airport
    elif ftype.name == "dietary":
        find = _plurals(ftype, with_allergens(ftype.find, asked=True))
    elif ftype.name == "travel_style":
        find = _plurals(ftype, with_bare_cabin(ftype.find))
    else:
        find = _plurals(ftype, ftype.find)
    return ValueWords(ftype.name, find, ftype.values)


def _plurals(ftype: TypeWords, find: Finder) -> Finder:
    words = sorted(v for v in ftype.values if re.fullmatch(r"[a-z]+", v, re.I))
    plural = re.compile(rf"\b({'|'.join(map(re.escape, words))})s\b", re.I) if words else None

    def found(text: str) -> list[ValueMatch]:
        # Same length either way ("windows" → "window "), so offsets hold.
        return find(plural.sub(r"\1 ", text) if plural is not None else text)

    return found


def _any_airport(text: str) -> list[ValueMatch]:
    """Any airport named, in any case: in an answer to "which airport?", "boston logan" is one."""
    found = airport_mentions(text, any_case=True)
    return [ValueMatch(value=code, start=start, end=end) for code, start, end in found]
