"""Does a statement hold beyond this conversation? This task's requests and details, one-off events and
passing states on one side; standing preferences on the other.

"Book me business class on the 14th" is this trip's; "my window seat was taken" happened once; "vegetarian for
the week" holds for a while; "I always fly business" and "from now on, answer in French" are lasting. The write
gate (``language.reading.assertions``) rejects the first three kinds as ``task_progress`` and ``transient``.
"""

from __future__ import annotations

import re

from language.text import whole_words

DURABLE = whole_words(
    r"always|usually|generally|normally|typically|every time|whenever|in general|as a (?:general )?rule|all my|"
    r"any time|anytime|for me|all the way(?!\s+(?:to|from|through|there|back|down|up|over|across|into|home)\b)|"
    r"prefer|preference|favou?rite|only|from now on|going forward|by default|"
    r"permanent(?:ly)?|for good|for life|lifelong|forever|for ever|default(?: me)? to|as (?:my|the) default|"
    r"my default|as my (?:home|usual|preferred|main) \w+|any day of the week|make (?:it|this|that) a rule|"
    r"(?:a )?standing (?:rule|request|order|instruction|choice)|"
    r"in (?:the )?future|for everything|for anything|that's my (?:usual|go-to|default|standard)|"
    r"(?:as|like) (?:usual|always)|(?:for|from) next time(?: on)?|"
    # Carrying on as now, with no end ("can you keep replying in English?").
    r"(?:keep|continue) (?:on )?(?:replying|answering|writing|speaking|talking|using|booking|replying to me)|"
    r"future (?:trips|travel|bookings|chats|conversations)|"
    r"(?:every|each|all)\s+(?:(?:of\s+)?(?:my|your|our|the)\s+)?(?:single\s+)?(?:flights?|trips?|"
    r"hotels?|bookings?|stays?|journeys?|repl(?:y|ies)|answers?|times?|airlines?|chats?|messages?|"
    r"conversations?)"
)
# "Please answer in Portuguese": how the user wants to be addressed is about the user.
# (Not "reply in French to the hotel": that names another addressee.)
ADDRESSED = re.compile(
    r"\b(?:answer(?:ing)?|repl(?:y|ying)|respond(?:ing)?|speak(?:ing)?|talk(?:ing)?|writ(?:e|ing)|"
    r"communicat(?:e|ing)|chat(?:ting)?)\s+(?:(?:to|with) me\s+)?in\s+\w+\b(?!\s+(?:to|for|with)\s+(?!me\b|us\b))"
    # "use Dutch with me", "stick to German with me": the language the user is spoken to in.
    r"|\b(?:use|using|stick(?:ing)? (?:to|with))\s+\w+\s+(?:with|for) me\b",
    re.I,
)
# "Can you (please) …" before the verb of a request.
CAN_YOU = r"(?:(?:can|could|would|will) you\s+(?:(?:please|kindly)\s+)?)?"
# Verbs that hand text over to be worked on: what follows is material, not a statement ("translate: I am vegan").
WORK_ON_TEXT = r"translate|summari[sz]e|repeat|rewrite|paraphrase|proofread|copy|paste"
REQUEST = re.compile(
    r"^\W*(?:(?:please|pls|ok|okay|so|now|then|and|also|great|thanks|thank you)[\s,]+)*"
    + CAN_YOU
    + r"(?:book|find|search|get|reserve|look(?:\s+up|\s+for)?|show|change|cancel|upgrade|switch|add|put|give|make|"
    r"send|check|order|request|arrange|sort out|grab|pick|" + WORK_ON_TEXT + r")\b",
    re.I,
)
_WANT_NOW = whole_words(
    r"(?:i|we)\s*(?:need|want|'d like|would like|am looking for|'m looking for|am after|'m after|will need|"
    r"'ll need|'ll take|will take|'ll have|will have)"
)
_THIS_TRIP = re.compile(
    r"\b(?:this|that|the same|my next|our next|next|the return|the outbound)\s+(?:[\w-]+\s+)?"
    r"(?:time|trip|flight|booking|journey|holiday|vacation|visit|leg|reservation|stay|week|weekend|month)\b"
    r"|\bthis time\b|\b(?:just )?this once\b|\bfor now\b|\b(?:on|for) this one\b"
    # "on the Bali trip", "for the Rome holiday": one trip, named.
    r"|\b(?:on|for) the (?-i:[A-Z])\w+(?: (?-i:[A-Z])\w+){0,2} (?:trip|holiday|vacation|visit|stay|break|getaway)\b"
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
    r"\b(?:tomorrow|tonight|today|yesterday)\b|\b(?:tomorrow|tonight|today)['’]s\b|\b"
    + _WEEKDAY
    + r"['’]s\b|\b(?:next|this|on)\s+(?:week|month|weekend|"
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
_EVENT = whole_words(
    r"gave|(?<!'ve )(?<!\bive )(?<!have )(?<!'s )(?<!has )got|had|was given|were given|took|booked|ate|ordered|"
    r"sat|flew|stayed|chose|picked|received|"
    # Not "just moved back to Edinburgh", "since we moved up north": moving to a place is where the user lives now.
    r"offered|assigned|upgraded|moved(?!\s+(?:back\s+|up\s+|down\s+|over\s+)?(?:(?:to|in)\s+(?-i:[A-Z])|"
    r"(?:north|south|east|west|here|there|abroad|house|home|countr(?:y|ies))\b))"
)
_TRANSIENT = re.compile(
    r"\b(?:cancel+(?:ed|ing|lation)|delay(?:ed|s)?|declined|rejected|refused|broken|broke|"
    r"(?<!me )(?<!us )(?<!up and )down(?!\s+(?:in|near|south|here|there)\b)|offline|crash(?:ed|es)|"
    r"fail(?:ed|ing|s|ure)?|not working|isn't working|wasn't working|doesn't work|didn't work|won't work|"
    # Not "I'd rather you stuck to English", "I went vegan and it's stuck": kept to, not held up.
    r"timed out|timing out|time-?out|errors?|unavailable|sold out|overbooked|"
    r"(?<!it's )(?<!it has )(?<!it )stuck(?!\s+(?:to|with)\b)|stranded|grounded|missed|"
    r"strike|diverted|bumped|lost|right now|at the moment|for the moment|for the time being|just now|"
    # "until Easter", not "I work till 5": a time of day ends a day, not the preference.
    r"(?:until|till)(?!\s+(?:\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|h)?\b|late|midnight|noon|dark|lunch(?:time)?)\b)|"
    r"during|sometimes|occasionally)\b"
    r"|\bon (?:weekdays|weekends|workdays|week-?nights)\b"  # "I'm vegan on weekdays": part of the time
    # "My window seat was taken": what happened to a seat once, in the passive.
    r"|\b(?:was|were|got|been|is|are)\s+(?:already\s+)?(?:taken|occupied|gone|full|closed)\b",
    re.I,
)
# "Vegetarian for the week", "based in Lisbon for the conference": for a while. ("I've been vegan for two
# years" is not: a duration after "been" runs up to now.)
_FOR_A_WHILE = re.compile(
    r"\b(?:for|only|just) (?:the|a|an|one|two|three|four|five|six|a few|several|this|that|\d+) "
    r"(?:weeks?|months?|days?|nights?|while|bit|"
    r"years?|conference|meeting|event|summer|winter|semester|project|season|course|festival|wedding)\b"
    r"|\bfor (?:lent|ramadan)\b|\bfor (?:the month of )?" + _MONTH + r"\b"
    # "a gluten-free month", "a vegan week": the value for a stretch of time. (Not "a full day of work", "a whole
    # day travelling": words of size or worth describe the stretch, not a regime kept during it.)
    r"|\ba (?!(?:full|whole|entire|long|short|single|half|busy|hard|good|bad|great|nice|lovely)\b)"
    r"(?:(?!(?:any|every|each|some|one|the|a)\b)[\w-]+ ){1,2}"
    r"(?:month|week|weekend|fortnight|day|challenge|trial|experiment|detox|cleanse)\b",
    re.I,
)
_BEEN = re.compile(r"\bbeen\b|\b(?:have|'ve) done\b", re.I)
_SLASH = re.compile(r"(\d{1,2})/(\d{1,2})(?:/\d{2,4})?")
_MONTH_DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _is_date(match: re.Match[str]) -> bool:
    """A slash form counts only if it is a day and month in either order ("02/30" is a card expiry, not a date)."""
    slash = _SLASH.fullmatch(match.group(0))
    if slash is None:
        return True
    a, b = int(slash.group(1)), int(slash.group(2))
    return any(1 <= m <= 12 and 1 <= d <= _MONTH_DAYS[m - 1] for d, m in ((a, b), (b, a)))


def is_task(clause: str, ftype_name: str, *, then: str = "") -> bool:
    """A request for this task, or a detail of this trip, rather than something true next week. ``then`` is
    the rest of the sentence after the clause, where the reason for a need may be given."""
    if (
        any(_is_date(m) for m in _DATE.finditer(clause))
        or _THIS_TRIP.search(clause)
        or _FLIGHT_NO.search(clause)
    ):
        return True
    durable = bool(DURABLE.search(clause))
    if _TRIP_TO.search(clause) and not durable:
        return True
    if REQUEST.search(clause) and not durable:
        return True
    # "I need step-free access" and "I need a vegetarian meal" state a need of the person, not of this task.
    # "I'd like you to reply in French" is how to be spoken to, not a request of this task.
    needs = ftype_name in ("accessibility", "dietary") or bool(
        ftype_name == "language" and ADDRESSED.search(clause)
    )
    # "I need a quiet room, I'm a light sleeper", "… extra legroom because of a bad knee": a need the person
    # has, not this trip.
    want = _WANT_NOW.search(clause)
    if want is None or durable or needs:
        return False
    return not (_TRAIT_REASON.search(clause, want.end()) or _TRAIT_REASON.match(then))


_TRAIT_REASON = re.compile(
    r"(?:\s*[,;—–-]\s*|\s+(?:because|since|as)\s+)(?:of\s+(?:a|an|my)\s+|i'?m\s+(?:a|an)\s+|i am\s+(?:a|an)\s+)"
    r"(?!(?:\w+\s+)?(?:connection|flight|meeting|trip|layover|transfer|delay|conference|wedding|event)s?\b)"
    r"[\w-]+(?:\s+[\w-]+)?",
    re.I,
)


def is_transient(clause: str) -> bool:
    """Something that happened once: a failure, a state of the world today, or a past one-off event."""
    if _FOR_A_WHILE.search(clause) and not _BEEN.search(clause):
        return True
    happened = any(
        not _IRREALIS.search(clause, 0, m.start()) and not _REPEATED.match(clause, m.end())
        for m in _TRANSIENT.finditer(clause)
    )
    return happened or bool(_EVENT.search(clause) and not DURABLE.search(clause))


# "I've missed too many connections", "bumped one time too many": what kept happening is the reason for a
# standing preference, not a one-off.
_REPEATED = re.compile(
    r"(?:\s+\w+){0,2}?\s+(?:too many|so many|too often|so often|(?!one\b)\w+ times|one time too many|more than once|"
    r"again and again|over and over)\b",
    re.I,
)
# "… too often to be stuck by the window": what would happen, not what did.
_IRREALIS = re.compile(r"\bto (?:be|get)\s+$", re.I)


# A frame that sets the sentence in the speaker's past ("Back at uni I was always…", "In my twenties I only
# did…", "I needed … after my operation last year") with a past-tense state: true then, maybe not now. Asked,
# not rejected: "I was diagnosed coeliac years ago" is lasting, and "since" or "still" carries it to today.
_PAST_FRAME = re.compile(
    r"\b(?:back (?:at|in|when|then)|in my (?:teens|twenties|thirties|forties|fifties|youth|younger days|"
    r"(?:student|uni|college|school) days)|when i (?:was|lived|worked|studied)\b|growing up|during my|"
    r"as a (?:kid|child|student|teenager|teen)|(?:years|months) ago|at the time|"
    r"last (?:year|summer|winter|spring|autumn|fall|month)|for (?:a long time|years|ages|a while|decades)|"
    r"in the past|once upon a time|in those days|in (?:19|20)\d\d|"
    # An event of the speaker's life: "After my hip operation I needed a wheelchair" (not "… I need").
    r"(?:after|following|before) (?:my|the) (?:[\w-]+ ){0,2}(?:operation|surgery|op|accident|injury|fall|"
    r"illness|treatment|pregnancy)|"
    r"for (?:most|much|all|part) of my (?:teens|twenties|thirties|forties|fifties|life|childhood|career)|"
    # One particular journey: "I had the halal meal on the Istanbul flight".
    r"on (?:the|that|this|my|our) (?:[\w-]+ ){0,2}(?:flight|trip|stay|holiday|cruise|journey|visit))\b",
    re.I,
)
# ("I need" is no past: a verb whose own spelling ends in "-eed".)
_PAST_STATE = whole_words(
    r"was|were|did|had|needed|used to|loved|liked|preferred|wanted|(?:i|we) (?!(?:need|feed|proceed|succeed)\b)\w+ed"
)
_CARRIED_ON = whole_words(r"still|since|to this day|ever since")
# "for years" may run to today; "for most of my twenties" is over.
_FOR_A_SPAN = re.compile(r"for (?!(?:most|much|all|part) of)", re.I)
_NOW_VERB = whole_words(
    r"i'?m|i am|am|is|are|'s|'re|'ve|have|has|been|eat|eats|fly|flies|prefer|prefers|now|need|needs|use|uses|"
    r"require|requires|travel|travels|get|gets|take|takes|keep|keeps"
)


def told_of_the_past(sentence: str, clause: str) -> bool:
    """The sentence sets a time in the past and the value's own clause is in the past tense ("Back at uni I was
    vegan"); not "I moved here two years ago, so Manchester is my home airport now" (the past is another
    clause's)."""
    # "Pescatarian for most of my twenties": a clause with no verb of its own takes the time it names (a time
    # that is over: "Iberia Plus card holder for years" may run to today).
    frame = _PAST_FRAME.search(clause)
    over = frame is not None and not _FOR_A_SPAN.match(frame.group(0))
    dated = _PAST_STATE.search(clause) or (over and not _NOW_VERB.search(clause))
    # "…, but I'm back on steak since the kids came along": what carries on after a "but" is the other state.
    head = re.split(r"\bbut\b", sentence, maxsplit=1, flags=re.I)[0]
    return bool(_PAST_FRAME.search(sentence) and dated and not _CARRIED_ON.search(head))
