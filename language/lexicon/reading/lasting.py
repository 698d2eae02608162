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
    means=(
        "Words that make a statement standing rather than for now: 'always', 'usually', 'prefer', 'only', 'from "
        "now on', 'by default', 'in future', 'every flight', 'keep replying …'."
    ),
    why=(
        'is_task and is_transient: a request or an event said with one holds beyond this trip ("always book me '
        "an aisle seat\"); the clause rules also take one as the user's mark on a fragment with no subject."
    ),
    examples=("always book me an aisle seat", "can you keep replying in English?", "aisle on every flight"),
    non_examples=("direct all the way to Sydney", "Book me business class on the 14th"),
)

ADDRESSED = rule(
    "reading.lasting.addressed",
    r"\b(?:answer(?:ing)?|repl(?:y|ying)|respond(?:ing)?|speak(?:ing)?|talk(?:ing)?|writ(?:e|ing)|"
    r"communicat(?:e|ing)|chat(?:ting)?)\s+(?:(?:to|with) me\s+)?in\s+\w+\b(?!\s+(?:to|for|with)\s+(?!me\b|us\b))"
    # "use Dutch with me", "stick to German with me": the language the user is spoken to in.
    r"|\b(?:use|using|stick(?:ing)? (?:to|with))\s+\w+\s+(?:with|for) me\b",
    flags=re.I,
    means='"Please answer in Portuguese", "use Dutch with me": the language the user wants to be spoken to in.',
    why=(
        "How the user wants to be addressed is about the user: is_task does not take \"I'd like you to reply in "
        "French\" for this task's, and the clause rules take it as the user's own."
    ),
    examples=("Please answer in Portuguese", "use Dutch with me"),
    non_examples=("reply in French to the hotel", "write in Spanish for the driver"),
)

CAN_YOU = fragment(
    "reading.lasting.can_you",
    r"(?:(?:can|could|would|will) you\s+(?:(?:please|kindly)\s+)?)?",
    means='"Can you (please) …", "could you kindly …" before the verb of a request, or nothing.',
    why='REQUEST reads "Can you book …" as "Book …"; so does the cue of a request to remember (CUE_PREFIX).',
    examples=("Can you ", "could you please "),
    non_examples=("can we ", "you can "),
)

WORK_ON_TEXT = fragment(
    "reading.lasting.work_on_text",
    r"translate|summari[sz]e|repeat|rewrite|paraphrase|proofread|copy|paste",
    means="Verbs that hand text over to be worked on: 'translate', 'summarise', 'rewrite', 'proofread', 'paste' …",
    why=(
        'What follows is material, not a statement ("translate: I am vegan"): REQUEST reads the verb as this '
        "task's request, and a colon lead-in with one names someone else's text (speakers' _SOURCE)."
    ),
    examples=("translate", "proofread"),
    non_examples=("translation", "repeating"),
)

REQUEST = rule(
    "reading.lasting.request",
    r"^\W*(?:(?:please|pls|ok|okay|so|now|then|and|also|great|thanks|thank you)[\s,]+)*"
    + CAN_YOU
    + r"(?:book|find|search|get|reserve|look(?:\s+up|\s+for)?|show|change|cancel|upgrade|switch|add|put|give|make|"
    r"send|check|order|request|arrange|sort out|grab|pick|" + WORK_ON_TEXT + r")\b",
    flags=re.I,
    means=(
        'A clause opening with a verb that asks for something now, after any courtesy and "can you": "Book me …", '
        '"please find …", "Can you check …", "translate …".'
    ),
    why=(
        "is_task: a request is this task's (task_progress) unless it says it is standing (\"always book me an "
        'aisle seat"); _is_fragment: a clause that asks is no bare fragment.'
    ),
    examples=("Book me business class on the 14th", "Can you find me a hotel near the station"),
    non_examples=("Booking sites are fine by me", "I'd like you to book aisle seats"),
)

_WANT_NOW = whole_words(
    "reading.lasting.want_now",
    r"(?:i|we)\s*(?:need|want|'d like|would like|am looking for|'m looking for|am after|'m after|will need|"
    r"'ll need|'ll take|will take|'ll have|will have)",
    means="The user wanting something now: 'I need', 'we want', \"I'd like\", \"I'm looking for\", \"I'll take\".",
    why=(
        'is_task: "I want a window seat" is this trip\'s, unless said as standing, a need of the person ("I '
        'need step-free access"), or given a lasting reason ("I need a quiet room, I\'m a light sleeper").'
    ),
    examples=("I need to cancel", "we'd like a quiet room"),
    non_examples=("my husband needs a quiet room", "I needed an aisle seat"),
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
    means=(
        "Words that tie a statement to one trip: 'this flight', 'my next trip', 'this time', 'for now', 'on the "
        "Bali trip', 'on the way back', 'for the return'."
    ),
    why="is_task: a value said of one trip is a detail of this task (task_progress), not a standing preference.",
    examples=("on the Bali trip", "for the Rome holiday", "aisle this time"),
    non_examples=("the Bali trip was lovely", "on the way to the airport"),
)

_FLIGHT_NO = rule(
    "reading.lasting.flight_no",
    r"\b(?:[A-Z]{2}|[A-Z]\d|\d[A-Z])\s?\d{2,4}\b",
    means='A flight number: an airline\'s two-character code, then two to four digits ("TP1343", "BA 432").',
    why="is_task: a flight number names one flight, so a seat on it is this trip's.",
    examples=("TP1343", "window on BA 432 please"),
    non_examples=("seat 14C", "Terminal 2"),
)

_MONTH = fragment(
    "reading.lasting.month",
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)",
    means="A month's name, in full or short: 'jan', 'March', 'sept'.",
    why="_DATE ('3 March', 'March 3rd') and _FOR_A_WHILE ('for May') are built on it.",
    examples=("March", "sept"),
    non_examples=("mayo", "marching"),
)

_WEEKDAY = fragment(
    "reading.lasting.weekday",
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day",
    means="A day of the week by its name: 'Monday', 'thursday'.",
    why="_DATE is built on it: 'on Friday', \"Friday's flight\", 'next Tuesday'.",
    examples=("Monday", "thursday"),
    non_examples=("weekday", "Mon"),
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
    means=(
        "A date or a named day: 'on the 14th', '3 March', 'March 3rd', '2025-05-14', '14/5', 'tomorrow', "
        "\"Friday's\", 'next week', 'on Tuesday'."
    ),
    why="is_task: a clause with a date in it is about one trip (a slash form only as a day and a month: _SLASH).",
    examples=("Book me business class on the 14th", "flying out tomorrow"),
    non_examples=("I fly every Friday", "a 14 hour flight"),
)

_TRIP_TO = rule(
    "reading.lasting.trip_to",
    r"(?i:\b(?:fly(?:ing)?|going|heading|travel+ing|off|trip|visit(?:ing)?|holiday|vacation)\s+(?:back\s+)?"
    r"(?:to|in)\s+)([A-Z][a-z]+|[A-Z]{3})\b",
    means="Going somewhere named: 'flying to Rome', 'trip to LIS', 'heading back to Berlin'.",
    why=(
        "is_task: a clause about a trip to a named place is this trip's, unless it says it is standing. "
        "Case-sensitive on the place name (a capitalised word or an airport code), not on the verb."
    ),
    examples=("Trip to Rome", "flying back to LIS on Friday"),
    non_examples=("flying to my home town", "going to bed early"),
)

_EVENT = whole_words(
    "reading.lasting.event",
    r"gave|(?<!'ve )(?<!\bive )(?<!have )(?<!'s )(?<!has )got|had|was given|were given|took|booked|ate|ordered|"
    r"sat|flew|stayed|chose|picked|received|"
    # Not "just moved back to Edinburgh", "since we moved up north": moving to a place is where the user lives now.
    r"offered|assigned|upgraded|moved(?!\s+(?:back\s+|up\s+|down\s+|over\s+)?(?:(?:to|in)\s+(?-i:[A-Z])|"
    r"(?:north|south|east|west|here|there|abroad|house|home|countr(?:y|ies))\b))",
    means='A one-off event told in the past tense: "gave", "booked", "flew", "was given", "got" (not "have got").',
    why='is_transient: "they gave me a window seat" happened once; it is no standing preference.',
    examples=("they gave me a window seat", "I flew business to Tokyo"),
    non_examples=("just moved back to Edinburgh", "I've got a nut allergy"),
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
    means=(
        "Something that happened once or holds for now: a cancellation, a delay, a failure, 'sold out', 'right "
        "now', 'until Easter', 'on weekdays', a seat that 'was taken'."
    ),
    why=(
        'is_transient rejects such a clause as transient. Not "I\'d rather you stuck to English" (kept to, not held '
        'up), nor "I work till 5" (a time of day).'
    ),
    examples=("until Easter", "I'm vegan on weekdays", "my window seat was taken"),
    non_examples=("I'd rather you stuck to English", "I went vegan and it's stuck", "I work till 5"),
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
    means=(
        '"Vegetarian for the week", "based in Lisbon for the conference", "a gluten-free month": a value held for '
        "a while."
    ),
    why='is_transient, unless _BEEN is there: "I\'ve been vegan for two years" runs up to now.',
    examples=("Vegetarian for the week", "based in Lisbon for the conference", "doing a gluten-free month"),
    non_examples=("a full day of work", "vegan for life"),
)

_BEEN = rule(
    "reading.lasting.been",
    r"\bbeen\b|\b(?:have|'ve) done\b",
    flags=re.I,
    means="'been', or 'have done': a state or a stretch that runs up to now.",
    why='is_transient: "I\'ve been vegan for two years" is no passing state, whatever _FOR_A_WHILE finds in it.',
    examples=("I've been vegan for two years", "we have done this for years"),
    non_examples=("vegetarian for the week", "being vegan is easy"),
)

_SLASH = rule(
    "reading.lasting.slash",
    r"(\d{1,2})/(\d{1,2})(?:/\d{2,4})?",
    means="A date in slashes, day and month in either order: '14/5', '07/31', '3/4/25'.",
    why="_is_date: a slash form counts as a date only when it reads as a day and a month ('02/30' is a card expiry).",
    examples=("flying 14/5", "3/4/25"),
    non_examples=("14-5", "50%"),
)

_TRAIT_REASON = rule(
    "reading.lasting.trait_reason",
    r"(?:\s*[,;—–-]\s*|\s+(?:because|since|as)\s+)(?:of\s+(?:a|an|my)\s+|i'?m\s+(?:a|an)\s+|i am\s+(?:a|an)\s+)"
    r"(?!(?:\w+\s+)?(?:connection|flight|meeting|trip|layover|transfer|delay|conference|wedding|event)s?\b)"
    r"[\w-]+(?:\s+[\w-]+)?",
    flags=re.I,
    means=(
        'A reason that is a trait of the person: ", I\'m a light sleeper", "because of a bad knee", "as I\'m a '
        'nervous flyer" (not a connection, a flight, a meeting …).'
    ),
    why=(
        'is_task: "I need a quiet room, I\'m a light sleeper" is a need of the person, not of this trip; "I '
        "need a quiet room because of an early meeting\" is this trip's."
    ),
    examples=("I need a quiet room, I'm a light sleeper", "extra legroom because of a bad knee"),
    non_examples=(
        "I need a quiet room because of an early meeting",
        "I want a taxi since my flight lands late",
    ),
)

_REPEATED = rule(
    "reading.lasting.repeated",
    r"(?:\s+\w+){0,2}?\s+(?:too many|so many|too often|so often|(?!one\b)\w+ times|one time too many|more than once|"
    r"again and again|over and over)\b",
    flags=re.I,
    means=(
        'Right after an event: that it kept happening ("missed too many connections", "bumped one time too '
        'many", "delayed three times").'
    ),
    why=(
        "is_transient: what kept happening is the reason for a standing preference (\"I've missed too many "
        'connections"), not a one-off.'
    ),
    examples=("I've missed too many connections", "bumped one time too many"),
    non_examples=("I missed my connection one time", "my flight was delayed"),
)

_IRREALIS = rule(
    "reading.lasting.irrealis",
    r"\bto (?:be|get)\s+$",
    flags=re.I,
    means="'to be' or 'to get' right before an event word: what would happen, not what did.",
    why='is_transient: "… too often to be stuck by the window" gives a reason; nothing happened once.',
    examples=("I would hate to be ", "too often to get "),
    non_examples=("I want to sit in the ", "I got "),
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
        'did…", "I needed … after my operation last year", "on the Istanbul flight").'
    ),
    why=(
        'told_of_the_past: with a past-tense state it was true then, maybe not now. Asked, not rejected: "I was '
        'diagnosed coeliac years ago" is lasting, and "since" or "still" carries it to today.'
    ),
    examples=(
        "Back at uni I was always",
        "In my twenties I only did",
        "after my hip operation I needed a wheelchair",
    ),
    non_examples=("I'm vegan these days", "aisle on every flight"),
)

_PAST_STATE = whole_words(
    "reading.lasting.past_state",
    r"was|were|did|had|needed|used to|loved|liked|preferred|wanted|(?:i|we) (?!(?:need|feed|proceed|succeed)\b)\w+ed",
    means=(
        'A verb in the past: "was", "had", "used to", "loved", "preferred", "I …ed" (not a verb whose own '
        'spelling ends in "-eed": "I need").'
    ),
    why="told_of_the_past: with a past frame in the sentence, a value's clause in the past tense was true then.",
    examples=("Back at uni I was vegan", "I preferred the aisle"),
    non_examples=("we need step-free access", "I'm vegan"),
)

_CARRIED_ON = whole_words(
    "reading.lasting.carried_on",
    r"still|since|to this day|ever since",
    means="'still', 'since', 'ever since', 'to this day': a past state carried on to now.",
    why='told_of_the_past: "Back at uni I went vegan and I still am" is no past.',
    examples=("Back at uni I went vegan and I still am", "coeliac ever since"),
    non_examples=("I was vegan back at uni", "Sincerely, Ana"),
)

_FOR_A_SPAN = rule(
    "reading.lasting.for_a_span",
    r"for (?!(?:most|much|all|part) of)",
    flags=re.I,
    means='A frame that opens with "for", but not "for most of", "for all of" …: "for years", "for a while".',
    why=(
        'told_of_the_past: "for years" may run to today ("Iberia Plus card holder for years"), "for most of my '
        'twenties" is over.'
    ),
    examples=("for years", "for a long time"),
    non_examples=("for most of my twenties", "for all of my childhood"),
)

_NOW_VERB = whole_words(
    "reading.lasting.now_verb",
    r"i'?m|i am|am|is|are|'s|'re|'ve|have|has|been|eat|eats|fly|flies|prefer|prefers|now|need|needs|use|uses|"
    r"require|requires|travel|travels|get|gets|take|takes|keep|keeps",
    means="A verb in the present: 'am', 'is', \"'s\", 'have', 'eat', 'fly', 'prefer', 'need', or 'now'.",
    why=(
        "told_of_the_past: a clause with no verb of its own takes the time of a frame that is over "
        '("Pescatarian for most of my twenties"); one with a present verb does not.'
    ),
    examples=("I'm pescatarian now", "I eat fish again"),
    non_examples=("Pescatarian for most of my twenties", "I was vegan at uni"),
)
