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
meaning alone, and two cues that disagree leave the decision to the encoder (or to a question). Each bonus is
below the gap between a close and a distant example, so a message clearly about something else stays itself.

The cues read :func:`demo.wording.plain` text (shorthand spelled out, typos mended).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.facts.forgetting import asks_to_forget
from assistant.places import find_airports
from assistant.text import whole_words
from demo.moves import change, dinner, recall_me

STRONG = 0.2  # an explicit request about memory ("remember …", "forget …", "what do you know about me")
BONUS = 0.12  # one decisive cue's weight (the encoder's close/far gap is ~0.2)
SOFT = 0.06  # a cue that only leans

_FLIGHTS = whole_words(
    r"flights?|fly|flying|plane|planes|airfares?|fares?|tickets?|one[- ]way|return trip|round[- ]trip|"
    r"direct|non-?stop|layovers?|departures?|seats? (?:left|available|to|on)|get (?:me )?to|travel(?:l?ing)? to|"
    r"heading to|head to|go(?:ing)? to|getting to|flight"
)
_ROUTE = re.compile(
    r"\b(?:to|into|from|for)\s+(?!(?:be|do|go|get|the|a|an|my|me|you|it|that|this|them|book|change|cancel|see|"
    r"know|have|make|fly|eat|stay|keep|remember|forget|check|look|sort|ask|say|use)\b)[A-Za-z]{3,}"
    r"|\b[A-Z]{3}\b(?:\s*(?:-|→|->|to)\s*[A-Z]{3}\b)?",
)
_DATE = whole_words(
    r"today|tonight|tomorrow|tmrw|weekend|next (?:week|month|\w+day)|this (?:week|month|\w+day)|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|"
    r"july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|\d{1,2}(?:st|nd|rd|th)|"
    r"\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?|in (?:a|one|two|three|\d+) (?:days?|weeks?|months?)"
)
# The user's own booking: "my flight", "our trip", "the Dublin reservation", "BK-…", "trips I have", "booked".
_MINE = re.compile(
    r"\b(?:my|our)\s+(?:\w+\s+){0,2}?(?:bookings?|reservations?|trips?|flights?|tickets?|itinerary|"
    r"hotel|stay|holiday|vacation|journey|return|outbound|departure|plans?)\b"
    r"|\bthe\s+(?:\w+\s+){0,2}?(?:bookings?|reservations?|trip)\b|\bBK-[0-9A-F]{8}\b"
    r"|\b(?:trips?|flights?|bookings?|hotel|room|anything|something)\s+(?:(?:that|which)\s+)?(?:i|we)"
    r"(?:'ve| have| had|'m| am| are)?\s+(?:got\s+)?(?:booked|have|got|coming up|planned|made|in|staying)\b"
    r"|\b(?:booked|upcoming|coming up|reserved)\b"
    r"|\b(?:do|did|have|am)\s+(?:i|we)\s+(?:got\s+|have\s+)?(?:a|any)?\s*(?:flights?|trips?|bookings?|hotel)\b"
    r"|\bwhere (?:am i|are we|do i|will i) (?:staying|stay|sleep)\b"
    r"|\b(?:flights?|hotel|trip|plane)\s+(?:am|are|will|do)\s+(?:i|we)\b"
    r"|\b(?:where|when|what time) (?:am i|are we|do i|will i|do we) (?:flying|going|off|travel(?:l?ing)?|headed|"
    r"heading|leaving|fly|leave|depart)\b",
    re.I,
)
# A pick among options just shown.
_PICK = re.compile(
    r"\b(?:option|number|choice|flight)\s*#?\s*(?:\d|one|two|three)\b|#\s*\d\b|^\W*(?:\d|one|two|three)\W*$"
    r"|\b(?:a|an)\s+(?:later|earlier|cheaper|direct|non-?stop|morning|afternoon|evening)\s+(?:one|flight|departure)\b"
    r"|\bthe\s+(?:very\s+)?(?:first|second|third|1st|2nd|3rd|last|middle|other|cheap(?:er|est)|"
    r"early|earl(?:ier|iest)|late(?:r|st)?|direct|non-?stop|morning|afternoon|evening|night|lunchtime|"
    r"first|quick(?:er|est)|short(?:er|est)|fast(?:er|est)|(?:\d{1,2}(?::|h|\.)?\d{0,2}\s*(?:am|pm)?))"
    r"(?:\s+(?:one|flight|option|departure|choice|ones?))?\b"
    r"|\bthe one (?:at|that|which|leaving|departing|landing|arriving|with|for|going)\b"
    r"|\b\d{1,2}(?::|h)\d{2}\b|\b\d{1,2}\s*(?:am|pm)\b",
    re.I,
)
_QUESTION = re.compile(
    r"\?|^\W*(?:\w+\W+){0,3}?(?:what|when|which|where|show|list|remind|tell me|give me|do i|did i|have i|"
    r"am i|can i see|could i see|what's|whats|when's|where's|any)\b",
    re.I,
)
_FOOD = whole_words(
    r"eat|eating|hungry|starving|food|restaurants?|dinner|lunch|brunch|breakfast|supper|dine|dining|bite|"
    r"cuisine|meal|cafe|café|bistro|tapas|sushi|pizza|trattoria|grab a bite|table for"
)
# Looking up what exists, or searching for something new.
_LOOKUP = whole_words(
    r"show|pull up|bring up|see|view|details?|remind|tell me|list|look up|reference|terminal|gate|confirmation|"
    r"itinerary|what time|when|where|which"
)
_SEARCHING = whole_words(
    r"find|search|look(?:ing)? for|any flights|options|available|availability|another|new"
)
# Near where the user stays: only somewhere to eat is looked for there.
_NEAR_STAY = re.compile(
    r"\b(?:near|nearby|close to|around|by|next to|walking distance (?:of|from)|round)\s+(?:the |my |our )?"
    r"(?:hotel|where (?:i'?m|i am|we'?re|we are) staying|my (?:place|accommodation|airbnb))\b",
    re.I,
)
_REMEMBER = re.compile(
    r"^\W*(?:(?:ok|okay|so|also|and|hey|hi|oh|btw|by the way|fyi|quick one|one more thing)\W+)*"
    r"(?:(?:please|kindly)\s+|(?:can|could|would|will) you\s+(?:please\s+)?|i(?:'d| would) like you to\s+|"
    r"i want you to\s+|you should\s+|make sure (?:you|to)\s+)?"
    r"(?:remember|save|store|note|record|log|jot|keep in mind|bear in mind|don'?t forget|do not forget|"
    r"make a note|take note|add (?:to|it to|this to|that to) my|update my (?:profile|preferences?)|"
    r"put (?:it |this |that )?(?:in|on) (?:my )?(?:profile|file|notes))\b"
    r"|\b(?:for (?:future|next) (?:reference|time)|from now on|going forward|in future|in the future)\b"
    # ... or at the end: "My favourite airline is BA, please remember", "…, note that".
    r"|(?:\b(?:please|pls|kindly|and|so|just)\s+|[,;:.!-]\s*)(?:remember|note|save|store|record|keep in mind|"
    r"make a note of)(?:\s+(?:that|this|it))?\W*$",
    re.I,
)
# A standing habit needs a stance and a travel topic ("I'd rather not" is an answer, not a preference), or a
# word that is a statement about the user by itself ("allergic", "based in", "a Gold member").
_STANCE = whole_words(
    r"always|never|usually|generally|in general|normally|typically|whenever|every time|as a rule|ever|"
    r"all the time|tend to|prefer|preferably|rather|hate|love|like|can'?t stand|dislike|avoid|only|no more|"
    r"anymore|any more|from now on|these days"
)
_TOPIC = whole_words(
    r"flights?|fly|flying|seats?|aisle|window|airlines?|carriers?|class|economy|business|premium|red-?eyes?|"
    r"overnight|mornings?|evenings?|early|late|layovers?|stopovers?|connections?|direct|non-?stop|hotels?|rooms?|"
    r"floors?|beds?|meals?|food|eat|eating|diet|breakfast|airports?|legroom|luggage|bags?|carry-?on|lounges?"
)
_SELF = whole_words(
    r"allergic|intolerant|vegan|vegetarian|pescatarian|halal|kosher|gluten-?free|coeliac|celiac|lactose|"
    r"based in|live in|living in|home airport|fly out of|frequent flyer|"
    r"(?:gold|silver|platinum|elite) (?:member|status)"
)
_FIRST_PERSON = whole_words(r"i|i'm|im|i've|i'd|me|my|we|our|us")
# What the assistant holds about the user, as an object: "my seat preference", "my diet", "what you know".
_HELD = (
    r"(?:(?:my|the)\s+(?:\w+\s+)?(?:preferences?|diet|dietary \w+|allerg(?:y|ies)|home airport|seat(?:ing)? \w+|"
    r"details|data|info|information|profile|notes?)\b|\bwhat you (?:know|have|saved|stored|remember)"
    r"|\beverything (?:you|about me)|\banything about me\b|\babout me\b|\bfor me\b"
    r"|\b(?:what|which) (?:of my )?(?:preferences|details|info|information)\b)"
)
_FORGET = re.compile(
    r"(?<!n't )(?<!not )(?<!never )\b(?:forget|delete|erase|wipe|clear|purge|remove|drop|discard|scrub|unlearn|"
    r"un-?remember|unsave|scrap|ditch|"
    r"lose|bin|"
    r"get rid of|throw away|toss)\b.{0,25}\b" + _HELD + r"|\b(?:don'?t|do not|no longer)\s+(?:want|need)\s+"
    r"you\s+(?:to\s+)?(?:keep|keeping|remember|remembering|store|storing|save|saving|know|knowing|hold|holding)\b"
    r"|(?<!n't )(?<!not )(?<!never )\b(?:forget|delete|erase|wipe|purge|unlearn|un-?remember)\b.{0,40}"
    r"\b(?:me|my|mine|that|this|it|them|those|everything|all|data|memory|memories|info|information|notes?|profile|"
    r"preferences?|details|what)\b"
    r"|\bstop (?:remembering|storing|saving|keeping)\b|\bdon'?t (?:remember|keep|store|save)\b"
    r"|\b(?:no longer|not) (?:need|want) you to (?:remember|know|keep)\b"
    r"|\bno need (?:for you )?to (?:remember|keep|store|save)\b|\bun-?(?:remember|save|learn)\b",
    re.I,
)
_DONT_FORGET = re.compile(r"\b(?:don'?t|do not|never|mustn'?t) forget\b", re.I)  # a request to remember
_YES = re.compile(
    r"^\W*(?:yes|yep|yess+|sure|ok(?:ay)?|alright|all right|absolutely|definitely|of course|go ahead|do it|"
    r"please do|confirm(?:ed)?|correct|right|sounds good|perfect|great|fine|deal|yes please|why not|"
    r"let'?s do it|go for it|proceed|affirmative|certainly|that works|works for me)\b",
    re.I,
)
_NO = re.compile(
    r"^\W*(?:no|nope|not (?:now|yet|really|today|this time)|never ?mind|don'?t|do not|leave it|"
    r"skip it|forget it|no thanks|no thank you|hold off|wait|stop|i'?ll pass|pass|changed my mind|"
    r"i'?d rather not|better not|keep it|let'?s not|negative|not (?:right now|at the moment|for now)|"
    r"maybe later|later maybe|not interested|i don'?t think so|no way|not for me|i'?m good|all good)\b"
    r"|\bas (?:it|they) (?:is|are|stands?)\b",
    re.I,
)
_HELLO = re.compile(
    r"^\W*(?:hi+|hello+|hey+|heya|hiya|howdy|g'?day|greetings|good (?:morning|afternoon|evening|day)|morning|evening|"
    r"hi there|hey there|what'?s up|sup|yo)\b",
    re.I,
)
_THANKS = re.compile(
    r"\b(?:thanks|thank you|thank u|cheers|much appreciated|appreciate (?:it|that|your help|the help)|"
    r"many thanks|grateful|you'?re (?:a star|the best|a lifesaver)|ta)\b",
    re.I,
)
_ABOUT_MEMORY = frozenset({"remember", "forget", "recall_me"})
_SHORT = 6  # words: an answer or a courtesy is short; a longer message is a request that happens to open so


@dataclass(frozen=True, slots=True)
class Cues:
    """Which structural cues a (plain) message holds."""

    flights: bool
    route: bool
    date: bool
    dates: int
    place: bool
    mine: bool
    pick: bool
    option: bool
    changing: bool
    cancelling: bool
    question: bool
    lookup: bool
    searching: bool
    food: bool
    remember: bool
    recall: bool
    forget: bool
    habit: bool
    request: bool
    short: bool

    @classmethod
    def of(cls, text: str) -> Cues:
        words = len(text.split())
        first_person = bool(_FIRST_PERSON.search(text))
        return cls(
            flights=bool(_FLIGHTS.search(text)),
            route=bool(_ROUTE.search(text)),
            date=bool(_DATE.search(text)),
            dates=len(_DATE.findall(text)),
            place=bool(find_airports(text)),
            mine=bool(_MINE.search(text)),
            pick=bool(_PICK.search(text)),
            option=bool(_OPTION.search(text)),
            changing=bool(change.CHANGE.search(text) or _CHANGING.search(text)),
            cancelling=bool(change.CANCEL.search(text) or _CANCELLING.search(text))
            and not _KEEP.search(text),
            question=bool(_QUESTION.search(text)),
            lookup=bool(_LOOKUP.search(text)),
            searching=bool(_SEARCHING.search(text)),
            food=bool(_FOOD.search(text) or dinner.DINNER.search(text) or _NEAR_STAY.search(text)),
            remember=bool(_REMEMBER.search(text)),
            recall=bool(recall_me.PHRASINGS.search(text) or _RECALL.search(text)),
            forget=bool(_FORGET.search(text) or asks_to_forget(text)) and not _DONT_FORGET.search(text),
            habit=first_person and bool((_STANCE.search(text) and _TOPIC.search(text)) or _SELF.search(text)),
            request=bool(_REQUEST.search(text)),
            short=words <= _SHORT,
        )


# Changing, said anywhere (the change move's own patterns want it at the start of a request).
_CHANGING = re.compile(
    r"\b(?:change|changing|move|moving|shift|reschedule|rebook|swap|switch|amend|postpone|delay|bump|push|fix|"
    r"correct|wrong (?:date|day|time)|should be|"
    r"bring (?:it |\w+ )?forward|make it|rather than|instead of|instead)\b(?! my mind)"
    r"|\b(?:a|one|two|three|\d+) (?:days?|weeks?|hours?) (?:later|earlier|sooner)\b|\b(?:later|earlier) date\b"
    r"|\b(?:later|earlier|sooner) than\b|\bdifferent (?:day|date|time|flight)\b|\bdate change\b",
    re.I,
)
# Cancelling, said anywhere, besides the change move's words: never a report ("was cancelled") or "don't".
_CANCELLING = re.compile(
    r"(?<!not )(?<!n't )(?<!never )\b(?:kill|nix|ditch|axe|bin|terminate|withdraw|refund|call it off|bail on|"
    r"back out of|pull out of|drop out of|drop|"
    r"not going (?:anymore|any more)|won'?t be (?:going|travell?ing|flying))\b",
    re.I,
)
_KEEP = re.compile(
    r"\bkeep (?:it|them|the booking|my booking)\b", re.I
)  # "cancel that, keep it": a retraction
# An explicit option: "option 2", "#3", "the second one" (a pick even when "the booking" is named with it).
_OPTION = re.compile(
    r"\b(?:option|number|choice)\s*#?\s*(?:\d|one|two|three)\b|#\s*\d\b"
    r"|\bthe\s+(?:first|second|third|1st|2nd|3rd|last)\s+(?:one|flight|option)\b",
    re.I,
)
_REQUEST = re.compile(
    r"\?|\bwhat(?:'ve| have| do)? (?:you|u) (?:got|have|find)\b|\b(?:available|options?|availability)\b"
    r"|^\W*(?:(?:ok|okay|so|hey|hi|please)\W+)*(?:find|search|look|show|get|book|change|move|cancel|check|"
    r"can|could|would|will|what|when|which|where|is|are|do|does|any)\b",
    re.I,
)
# Asking what is held about the user, the words in any order: "have you saved anything about me", "which of my
# preferences do you know", "what's on my profile".
_RECALL = re.compile(
    r"^(?=.*\b(?:you|u)\b)(?=.*\b(?:know|remember|recall|saved?|stored?|kept|keep|have|got|noted|learned|learnt|"
    r"hold|on file|on record|given|told|shared)\b)(?=.*(?:\b(?:about|on|of)\s+(?:me|my)\b|\b" + _HELD + r"))"
    r"(?=.*(?:\?|^\W*(?:\w+\W+){0,2}?(?:what|which|anything|everything|have|do|did|tell|show|list|remind)\b))"
    r"(?!.*\b(?:forget|delete|erase|wipe|remove|clear)\b)"
    r"|^(?=.*\b(?:do|did|have) (?:you|u)\b)(?=.*\b(?:know|remember|saved?|stored?|kept|noted|on file|got)\b)"
    r"(?=.*\b" + _HELD + r")(?!.*\b(?:forget|delete|erase|wipe|remove|clear)\b)"
    r"|\bwhat'?s (?:on|in) my (?:profile|file)\b|\bdo you (?:know|remember|recall) (?:my|what i|where i|how i|which)\b",
    re.I,
)


def evidence(text: str) -> dict[str, float]:
    """A bonus per intent from the cues in ``text`` (plain text; see the module's docstring)."""
    c = Cues.of(text)
    found: dict[str, float] = {}

    def add(intent: str, weight: float) -> None:
        found[intent] = found.get(intent, 0.0) + weight

    if c.question and not c.remember:
        found[
            "remember"
        ] = -BONUS  # a question tells nothing about the user ("have you got my home airport?")
    memory = (
        "forget" if c.forget else "recall_me" if c.recall else "remember" if c.remember else None
    )  # in this order: "delete what you know about me" names what is known only to say what to delete
    if memory is not None:
        add(memory, STRONG)
        for other in _ABOUT_MEMORY - {memory}:  # the other two are what the patterns confuse it with
            add(other, -SOFT)
    elif c.habit and not c.request and not c.cancelling and not c.changing:
        # "I hate early flights, nothing before 9am ever": a standing habit, told, not asked for.
        add("remember", BONUS)
    if any(weight > 0 for weight in found.values()):
        return found
    if c.cancelling or c.changing:
        add("bookings", -SOFT)  # a booking named to be cancelled or changed is not only looked up
    if c.cancelling:
        add("cancel", BONUS)
    elif c.option:
        add("book", STRONG)
    elif (c.changing and (c.mine or c.date or c.pick)) or (c.mine and c.dates > 1):
        # "I booked the 14th but need the 15th now": the booking and another date is a change.
        add("change", BONUS)
    elif c.mine and (c.question or c.lookup or not c.flights):
        add("bookings", BONUS if not c.food else SOFT)
    elif c.pick and not c.route:
        add("book", BONUS)
        add("bookings", -SOFT)  # a pick among the options shown is not a booking already made
    elif c.flights and (c.route or c.date):
        add("search", BONUS)
    elif (c.route or c.place) and c.date:
        add("search", BONUS if c.request else SOFT)
    if c.mine and not c.searching:
        add("search", -SOFT)  # what the user already has is looked up or changed, not searched for
    if c.food and not c.cancelling and not c.changing:
        add("dinner", BONUS)
    if c.short:
        # A short answer or courtesy decides when nothing else was asked ("I'd rather not"); beside a request
        # it only leans ("hi, flights to Rome tomorrow?" is a search).
        weight = SOFT if found else BONUS
        for intent, pattern in (
            ("confirm", _YES),
            ("decline", _NO),
            ("greeting", _HELLO),
            ("thanks", _THANKS),
        ):
            if pattern.search(text):
                add(intent, weight)
    return found
