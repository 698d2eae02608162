"""Evidence from a message's structure, beside its meaning: what it refers to and what it asks to be done.

Why: sentence vectors are good at topic and poor at roles. "when is my flight to Rome" and "flights to Rome on
the 14th" are both about flights to Rome; only the first is about something already booked. "the 9:40 one" is
nearest to nothing, yet any travel agent knows it picks one of the options just shown. A handful of structural
cues settle these, whatever the words around them: a reference to the user's own booking, a pick among options
(an ordinal, a departure time, a comparative: "the later one"), a route or a date, a verb of changing or
cancelling, a question, a food word, a request to remember or forget, a standing habit ("always", "never",
"whenever") said in the first person, and the small words of an answer or a courtesy.

:func:`evidence` turns the cues present into a bonus per intent, added to the nearest-examples scores
(``demo.intents``): cues inform the reading, they do not replace it, so a message with no cue is read by its
meaning alone, and two cues that disagree leave the decision to the encoder (or to a question). A cue also
takes evidence away where it speaks against an intent ("my flight" is looked up, not searched for), which turns
off a moves' pattern hint for that intent. The weights are of the order of the gap between a close and a distant
example: a cue settles a near tie, it does not drag a message clearly about something else.

The cues read :func:`demo.wording.plain` text (shorthand spelled out, typos mended).
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.facts.forgetting import asks_to_forget
from demo.moves import change, dinner, recall_me
from language.lexicon.offline import cue_words as w
from language.lexicon.offline import memory_words as mw
from language.places import find_airports

STRONG = 0.25  # an explicit request about memory ("remember …", "forget …", "what do you know about me")
BONUS = 0.15  # one decisive cue's weight (the encoder's close/far gap is ~0.2)
SOFT = 0.06  # a cue that only leans

_ABOUT_MEMORY = frozenset({"remember", "forget", "recall_me"})
_SHORT = 8  # words: an answer or a courtesy is short; a longer message is a request that happens to open so


@dataclass(frozen=True, slots=True)
class Cues:
    """Which structural cues a (plain) message holds."""

    flights: bool
    route: bool
    route_pair: bool
    date: bool
    dates: int
    place: bool
    mine: bool
    pick: bool
    option: bool
    shown: bool  # booking what was just shown: "book that one", "reserve that"
    changing: bool
    cancelling: bool
    question: bool
    lookup: bool
    searching: bool
    food: bool
    food_aside: bool  # food named only in a context sentence ("Client dinner ran late. Bump my flight …")
    meal_time: bool  # a meal named as a time ("the one that lands before lunch")
    remember: bool
    recall: bool
    forget: bool
    habit: bool
    request: bool
    booking: bool
    standing: bool
    short: bool
    opens_with_courtesy: bool

    @classmethod
    def of(cls, text: str) -> Cues:
        """What the message refers to is read in all of it ("I have a flight to Paris on Monday. Could you
        move it to Tuesday?"); what it asks, in its request part only (``request_part``): a context sentence
        ("Client dinner ran late last night.") names things nobody asked about."""
        asks = request_part(text)
        if asks != text and not w.ACT.search(asks):
            asks = text  # "Could you please arrange that?": the act is in the sentence before
        words = len(asks.split())
        first_person = bool(mw.FIRST_PERSON.search(asks))
        durable = (mw.STANCE.search(asks) and mw.TOPIC.search(asks)) or mw.PREFERS.search(asks)
        return cls(
            flights=bool(w.FLIGHTS.search(text)),
            route=bool(w.ROUTE.search(text)),
            route_pair=bool(w.ROUTE_PAIR.search(text) or w.NAMED_PAIR.search(text)),
            date=bool(w.DATE.search(text)),
            dates=len(w.DATE.findall(text)),
            place=bool(find_airports(text)),
            mine=bool(w.MINE.search(text)),
            pick=bool(w.PICK.search(text) or w.FLIGHT_NUMBER.search(text)),
            option=bool(w.OPTION.search(text)),
            shown=bool(w.BOOK_SHOWN.search(asks)),
            changing=bool(change.CHANGE.search(asks) or w.CHANGING.search(asks)),
            cancelling=bool(change.CANCEL.search(asks) or w.CANCELLING.search(asks))
            and not w.KEEP.search(asks)
            and not (w.QUESTION.search(asks) and w.CANCEL_STATUS.search(asks)),
            question=bool(w.QUESTION.search(asks)),
            lookup=bool(w.LOOKUP.search(asks)),
            searching=bool(w.SEARCHING.search(asks)),
            food=bool(w.FOOD.search(asks) or dinner.DINNER.search(asks) or w.NEAR_STAY.search(asks))
            and not w.MEAL_TIME.search(asks),
            meal_time=bool(w.MEAL_TIME.search(asks)),
            food_aside=asks != text and bool(w.FOOD.search(text)) and not w.FOOD.search(asks),
            # "note for next time - no early flights", "I don't eat pork. Could you make a note of it?"
            remember=bool(mw.REMEMBER.search(text) or mw.REMEMBER.search(asks)),
            recall=bool(recall_me.PHRASINGS.search(text) or mw.RECALL.search(text)),
            forget=bool(mw.FORGET.search(asks) or asks_to_forget(asks)) and not mw.DONT_FORGET.search(asks),
            # A one-off want ("I'd like the evening departure") is no habit beside a pick; "never", "always",
            # "hate" are ("I hate early flights, nothing before 9am ever").
            habit=first_person
            and bool(
                (durable and (mw.DURABLE.search(asks) or not w.PICK.search(asks))) or mw.SELF.search(asks)
            ),
            request=bool(w.REQUEST.search(asks)),
            booking=bool(w.BOOK_VERB.search(asks)),
            standing=bool(mw.STANDING.search(asks)) and not w.QUESTION.search(asks),
            short=words <= _SHORT,
            opens_with_courtesy=bool(w.COURTESY_OPENING.match(text)),
        )


def request_part(text: str) -> str:
    """The sentence that asks: the last one that is a question or a request, else the last one that is not only
    a courtesy ("thanks!", "lol", "please"): "Please let me know when I fly to Belfast. I wrote it down
    somewhere but cannot find it." asks in its first sentence."""
    sentences = [p for p in w.SENTENCE_BREAK.split(text.strip()) if p and p.strip()]
    while len(sentences) > 1 and w.COURTESY_ONLY.fullmatch(sentences[-1].strip()):
        sentences.pop()
    asking = [p for p in sentences if w.QUESTION.search(p) or w.REQUEST.search(p)]
    return asking[-1] if asking else sentences[-1] if sentences else text


class _Evidence(dict[str, float]):
    def add(self, intent: str, weight: float) -> None:
        self[intent] = self.get(intent, 0.0) + weight

    @property
    def decided(self) -> bool:
        return any(weight > 0 for weight in self.values())


def evidence(text: str) -> dict[str, float]:
    """A bonus per intent from the cues in ``text`` (plain text; see the module's docstring)."""
    c = Cues.of(text)
    found = _Evidence()
    _about_memory(c, found)
    if not found.decided:
        _about_trips(c, found)
    if c.short or c.opens_with_courtesy or not found.decided:
        _answers(c, text, found)
    return dict(found)


def _about_memory(c: Cues, found: _Evidence) -> None:
    if c.question and not c.remember:
        found.add(
            "remember", -BONUS
        )  # a question tells nothing about the user ("have you got my home airport?")
    # In this order: "delete what you know about me" names what is known only to say what to delete.
    memory = "forget" if c.forget else "recall_me" if c.recall else "remember" if c.remember else None
    if memory is not None:
        found.add(memory, STRONG)
        # The other two are what the patterns confuse it with; and "my hotel preferences" is about memory,
        # not a booking.
        # Forgetting is what cancelling is confused with ("scrap the note about early flights").
        near = {"bookings", "dinner", "search"} | ({"cancel"} if memory == "forget" else set())
        for other in (_ABOUT_MEMORY - {memory}) | near:
            found.add(other, -SOFT)
    elif c.habit and (c.standing or not (c.request or c.booking)) and not c.cancelling and not c.changing:
        # "I hate early flights, nothing before 9am ever": a standing habit, told, not asked for.
        found.add("remember", BONUS)


def _about_trips(c: Cues, found: _Evidence) -> None:
    add = found.add
    if c.cancelling or c.changing:
        add("bookings", -SOFT)  # a booking named to be cancelled or changed is not only looked up
    if c.cancelling:
        add("cancel", BONUS)
        add("change", -SOFT)  # "drop my Tuesday flight, I'll drive instead": "instead" names no new flight
    elif c.changing and c.mine:  # "I'm booked on the 6pm but would rather take the 2pm, please switch it"
        add("change", BONUS)
    elif c.option or (c.booking and c.pick) or (c.shown and not c.mine):
        add("book", STRONG)
        add("search", -SOFT)  # a pick among the options shown, not a new search ("the 18:30 to Lisbon")
    elif (c.changing and (c.mine or c.date or c.pick)) or (
        c.mine and not c.question and (c.dates > 1 or (c.pick and not c.booking and not c.lookup))
    ):
        # "I booked the 14th but need the 15th now": the booking and another date is a change.
        add("change", BONUS)
    elif c.mine and (c.question or c.lookup or not c.flights):
        add("bookings", BONUS if not c.food else SOFT)
        add("change", -SOFT)  # asked about, not asked to be changed ("which day is my return from Lisbon?")
        if not c.searching:
            add("search", -SOFT)  # "do I have a hotel booked for the Lisbon trip?" asks, it does not search
    elif c.pick and not c.route:
        add("book", BONUS)
        add("bookings", -SOFT)  # a pick among the options shown is not a booking already made
    elif (c.flights and (c.route or c.date)) or (c.route_pair and not c.mine):
        add("search", BONUS)
        if c.searching and not c.pick:
            add("book", -SOFT)  # "… What are the options?" asks for options, it does not pick one
    elif (c.route or c.place) and c.date:
        add("search", BONUS if c.request else SOFT)
    if c.mine and not c.searching:
        add("search", -SOFT)  # what the user already has is looked up or changed, not searched for
    if c.food_aside or c.meal_time:
        add("dinner", -SOFT)  # food named in a context sentence, or a meal named as a time ("after lunch")
    if c.food and not c.cancelling and not c.changing:
        add("dinner", SOFT if c.pick or c.booking else BONUS)


def _answers(c: Cues, text: str, found: _Evidence) -> None:
    """A short answer or courtesy decides when nothing else was asked ("I'd rather not", "Thanks for the help
    with my boss's trip"); beside a request it only leans ("hi, flights to Rome tomorrow?")."""
    asked = c.cancelling or c.changing or c.option or c.booking or c.searching
    weight = SOFT if asked or any(v >= BONUS for v in found.values()) else BONUS
    for intent, pattern in (
        ("confirm", mw.YES),
        ("decline", mw.NO),
        ("greeting", mw.HELLO),
        ("thanks", mw.THANKS),
    ):
        if pattern.search(text):
            found.add(intent, weight)
