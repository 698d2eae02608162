"""The records of :mod:`language.reading.lasting`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import fragment, rule, whole_words

DURABLE = whole_words(
    "reading.lasting.durable",
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
    r"conversations?)",
    means="",
    why="",
    examples="can you keep replying in English?",
    non_examples=("Book me business class on the 14th", "my window seat was taken"),
)

ADDRESSED = rule(
    "reading.lasting.addressed",
    r"\b(?:answer(?:ing)?|repl(?:y|ying)|respond(?:ing)?|speak(?:ing)?|talk(?:ing)?|writ(?:e|ing)|"
    r"communicat(?:e|ing)|chat(?:ting)?)\s+(?:(?:to|with) me\s+)?in\s+\w+\b(?!\s+(?:to|for|with)\s+(?!me\b|us\b))"
    # "use Dutch with me", "stick to German with me": the language the user is spoken to in.
    r"|\b(?:use|using|stick(?:ing)? (?:to|with))\s+\w+\s+(?:with|for) me\b",
    flags=re.I,
    means='"Please answer in Portuguese": how the user wants to be addressed is about the user.',
    why='(Not "reply in French to the hotel": that names another addressee.)',
    examples=("Please answer in Portuguese", "use Dutch with me"),
    non_examples=("reply in French to the hotel", "Book me business class on the 14th"),
)

CAN_YOU = fragment(
    "reading.lasting.can_you",
    r"(?:(?:can|could|would|will) you\s+(?:(?:please|kindly)\s+)?)?",
    means='"Can you (please) …" before the verb of a request.',
    why="",
    examples="Can you ",
    non_examples="always",
)

WORK_ON_TEXT = fragment(
    "reading.lasting.work_on_text",
    r"translate|summari[sz]e|repeat|rewrite|paraphrase|proofread|copy|paste",
    means=(
        'Verbs that hand text over to be worked on: what follows is material, not a statement ("translate: I am '
        'vegan").'
    ),
    why="",
    examples="translate",
    non_examples="always",
)

REQUEST = rule(
    "reading.lasting.request",
    r"^\W*(?:(?:please|pls|ok|okay|so|now|then|and|also|great|thanks|thank you)[\s,]+)*"
    + CAN_YOU
    + r"(?:book|find|search|get|reserve|look(?:\s+up|\s+for)?|show|change|cancel|upgrade|switch|add|put|give|make|"
    r"send|check|order|request|arrange|sort out|grab|pick|" + WORK_ON_TEXT + r")\b",
    flags=re.I,
    means="",
    why="",
    examples="Book me business class on the 14th",
    non_examples=("my window seat was taken", "holds for a while;"),
)

_WANT_NOW = whole_words(
    "reading.lasting.want_now",
    r"(?:i|we)\s*(?:need|want|'d like|would like|am looking for|'m looking for|am after|'m after|will need|"
    r"'ll need|'ll take|will take|'ll have|will have)",
    means="",
    why="",
    examples="I need to cancel",
    non_examples=("Book me business class on the 14th", "my window seat was taken"),
)

_THIS_TRIP = rule(
    "reading.lasting.this_trip",
    r"\b(?:this|that|the same|my next|our next|next|the return|the outbound)\s+(?:[\w-]+\s+)?"
    r"(?:time|trip|flight|booking|journey|holiday|vacation|visit|leg|reservation|stay|week|weekend|month)\b"
    r"|\bthis time\b|\b(?:just )?this once\b|\bfor now\b|\b(?:on|for) this one\b"
    # "on the Bali trip", "for the Rome holiday": one trip, named.
    r"|\b(?:on|for) the (?-i:[A-Z])\w+(?: (?-i:[A-Z])\w+){0,2} (?:trip|holiday|vacation|visit|stay|break|getaway)\b"
    r"|\bon the way (?:back|there|out|home)\b|\b(?:on|for) the (?:return|outbound|inbound)\b",
    flags=re.I,
    means="",
    why="",
    examples=("on the Bali trip", "for the Rome holiday"),
    non_examples=("Book me business class on the 14th", "my window seat was taken"),
)

_FLIGHT_NO = rule(
    "reading.lasting.flight_no",
    r"\b(?:[A-Z]{2}|[A-Z]\d|\d[A-Z])\s?\d{2,4}\b",
    means='A flight number names one flight ("TP1343", "BA 432"): a seat on it is this trip\'s.',
    why="",
    examples=("TP1343", "BA 432"),
    non_examples=("Book me business class on the 14th", "my window seat was taken"),
)

_MONTH = fragment(
    "reading.lasting.month",
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)",
    means="",
    why="",
    examples="jan",
    non_examples="always",
)

_WEEKDAY = fragment(
    "reading.lasting.weekday",
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day",
    means="",
    why="",
    examples="Monday",
    non_examples="always",
)

_DATE = rule(
    "reading.lasting.date",
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
    flags=re.I,
    means="",
    why="",
    examples="Book me business class on the 14th",
    non_examples=("my window seat was taken", "holds for a while;"),
)

_TRIP_TO = rule(
    "reading.lasting.trip_to",
    r"(?i:\b(?:fly(?:ing)?|going|heading|travel+ing|off|trip|visit(?:ing)?|holiday|vacation)\s+(?:back\s+)?"
    r"(?:to|in)\s+)([A-Z][a-z]+|[A-Z]{3})\b",
    means="Case-sensitive on the place name (a capitalised word or an airport code), not on the verb.",
    why="",
    examples="Trip to Rome",
    non_examples=("Book me business class on the 14th", "my window seat was taken"),
)

_EVENT = whole_words(
    "reading.lasting.event",
    r"gave|(?<!'ve )(?<!\bive )(?<!have )(?<!'s )(?<!has )got|had|was given|were given|took|booked|ate|ordered|"
    r"sat|flew|stayed|chose|picked|received|"
    # Not "just moved back to Edinburgh", "since we moved up north": moving to a place is where the user lives now.
    r"offered|assigned|upgraded|moved(?!\s+(?:back\s+|up\s+|down\s+|over\s+)?(?:(?:to|in)\s+(?-i:[A-Z])|"
    r"(?:north|south|east|west|here|there|abroad|house|home|countr(?:y|ies))\b))",
    means='A one-off event told in the past tense ("they gave me a window seat") is not a standing preference.',
    why="",
    examples="they gave me a window seat",
    non_examples=("just moved back to Edinburgh", "since we moved up north"),
)

_TRANSIENT = rule(
    "reading.lasting.transient",
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
    flags=re.I,
    means="",
    why="",
    examples=("until Easter", "I'm vegan on weekdays"),
    non_examples=("I'd rather you stuck to English", "I went vegan and it's stuck"),
)

_FOR_A_WHILE = rule(
    "reading.lasting.for_a_while",
    r"\b(?:for|only|just) (?:the|a|an|one|two|three|four|five|six|a few|several|this|that|\d+) "
    r"(?:weeks?|months?|days?|nights?|while|bit|"
    r"years?|conference|meeting|event|summer|winter|semester|project|season|course|festival|wedding)\b"
    r"|\bfor (?:lent|ramadan)\b|\bfor (?:the month of )?" + _MONTH + r"\b"
    # "a gluten-free month", "a vegan week": the value for a stretch of time. (Not "a full day of work", "a whole
    # day travelling": words of size or worth describe the stretch, not a regime kept during it.)
    r"|\ba (?!(?:full|whole|entire|long|short|single|half|busy|hard|good|bad|great|nice|lovely)\b)"
    r"(?:(?!(?:any|every|each|some|one|the|a)\b)[\w-]+ ){1,2}"
    r"(?:month|week|weekend|fortnight|day|challenge|trial|experiment|detox|cleanse)\b",
    flags=re.I,
    means='"Vegetarian for the week", "based in Lisbon for the conference": for a while.',
    why='("I\'ve been vegan for two years" is not: a duration after "been" runs up to now.)',
    examples=("Vegetarian for the week", "based in Lisbon for the conference"),
    non_examples=("been", "a full day of work"),
)

_BEEN = rule(
    "reading.lasting.been",
    r"\bbeen\b|\b(?:have|'ve) done\b",
    flags=re.I,
    means="",
    why="",
    examples="You've been really helpful",
    non_examples=("Book me business class on the 14th", "my window seat was taken"),
)

_SLASH = rule(
    "reading.lasting.slash",
    r"(\d{1,2})/(\d{1,2})(?:/\d{2,4})?",
    means="",
    why="",
    examples="07/31",
    non_examples=("Book me business class on the 14th", "my window seat was taken"),
)

_TRAIT_REASON = rule(
    "reading.lasting.trait_reason",
    r"(?:\s*[,;—–-]\s*|\s+(?:because|since|as)\s+)(?:of\s+(?:a|an|my)\s+|i'?m\s+(?:a|an)\s+|i am\s+(?:a|an)\s+)"
    r"(?!(?:\w+\s+)?(?:connection|flight|meeting|trip|layover|transfer|delay|conference|wedding|event)s?\b)"
    r"[\w-]+(?:\s+[\w-]+)?",
    flags=re.I,
    means="",
    why="",
    examples="I need a quiet room, I'm a light sleeper",
    non_examples=("Book me business class on the 14th", "my window seat was taken"),
)

_REPEATED = rule(
    "reading.lasting.repeated",
    r"(?:\s+\w+){0,2}?\s+(?:too many|so many|too often|so often|(?!one\b)\w+ times|one time too many|more than once|"
    r"again and again|over and over)\b",
    flags=re.I,
    means=(
        '"I\'ve missed too many connections", "bumped one time too many": what kept happening is the reason for a '
        "standing preference, not a one-off."
    ),
    why="",
    examples=("I've missed too many connections", "bumped one time too many"),
    non_examples=("Book me business class on the 14th", "my window seat was taken"),
)

_IRREALIS = rule(
    "reading.lasting.irrealis",
    r"\bto (?:be|get)\s+$",
    flags=re.I,
    means='"… too often to be stuck by the window": what would happen, not what did.',
    why="",
    examples=("I would hate to be ",),
    non_examples=("I want to sit in the ",),
)

_PAST_FRAME = rule(
    "reading.lasting.past_frame",
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
    flags=re.I,
    means=(
        'A frame that sets the sentence in the speaker\'s past ("Back at uni I was always…", "In my twenties I only '
        'did…", "I needed … after my operation last year") with a past-tense state: true then, maybe not now.'
    ),
    why=(
        'Asked, not rejected: "I was diagnosed coeliac years ago" is lasting, and "since" or "still" carries it to '
        "today."
    ),
    examples=("Back at uni I was always", "In my twenties I only did"),
    non_examples=("since", "still"),
)

_PAST_STATE = whole_words(
    "reading.lasting.past_state",
    r"was|were|did|had|needed|used to|loved|liked|preferred|wanted|(?:i|we) (?!(?:need|feed|proceed|succeed)\b)\w+ed",
    means='("I need" is no past: a verb whose own spelling ends in "-eed".)',
    why="",
    examples="my window seat was taken",
    non_examples=("I need", "-eed"),
)

_CARRIED_ON = whole_words(
    "reading.lasting.carried_on",
    r"still|since|to this day|ever since",
    means="",
    why="",
    examples="carol can still log in",
    non_examples=("Book me business class on the 14th", "my window seat was taken"),
)

_FOR_A_SPAN = rule(
    "reading.lasting.for_a_span",
    r"for (?!(?:most|much|all|part) of)",
    flags=re.I,
    means='"for years" may run to today; "for most of my twenties" is over.',
    why="",
    examples=("for years", "holds for a while;"),
    non_examples=("for most of my twenties", "Book me business class on the 14th"),
)

_NOW_VERB = whole_words(
    "reading.lasting.now_verb",
    r"i'?m|i am|am|is|are|'s|'re|'ve|have|has|been|eat|eats|fly|flies|prefer|prefers|now|need|needs|use|uses|"
    r"require|requires|travel|travels|get|gets|take|takes|keep|keeps",
    means="",
    why="",
    examples="cvv is",
    non_examples=("Book me business class on the 14th", "my window seat was taken"),
)
