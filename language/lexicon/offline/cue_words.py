"""The words and shapes the structural cues look for (``demo.cues``): one table per cue, so the reading's logic
stays apart from its vocabulary. Each pattern reads :func:`demo.wording.plain` text.
"""

from __future__ import annotations

import re

from language.rules import rule, whole_words

FLIGHTS = whole_words(
    "offline.cue_words.flights",
    r"flights?|fly|flying|plane|planes|airfares?|fares?|tickets?|one[- ]way|return trip|round[- ]trip|"
    r"direct|non-?stop|layovers?|departures?|seats? (?:left|available|to|on)|get (?:me )?to|travel(?:l?ing)? to|"
    r"heading to|head to|go(?:ing)? to|getting to|flight",
    means='Words of flying and going somewhere: "flights", "fly", "fares", "one-way", "direct", "heading to".',
    why="With a route or a date, a flight search; the user's own booking without one is looked up.",
    examples=("any direct flights to Rome?", "get me to Lisbon tomorrow"),
    non_examples=("I'm going home", "directions to the hotel"),
)

ROUTE = rule(
    "offline.cue_words.route",
    r"\b(?:to|into|from|for)\s+(?!(?:be|do|go|get|the|a|an|my|me|you|it|that|this|them|book|change|cancel|see|"
    r"know|have|make|fly|eat|stay|keep|remember|forget|check|look|sort|ask|say|use|those|these|there|here|list|"
    r"results|options)\b)[A-Za-z]{3,}"
    r"|\b[A-Z]{3}\s*(?:-|→|->|to)\s*[A-Z]{3}\b",
    means='A place after "to", "from", "into" or "for" ("to Rome"; not "to change"), or two codes: "LHR-JFK".',
    why='With a flight word or a date, a flight search. A lone code is read as its airport, so "KLM" is none.',
    examples=("flights to Rome", "LHR-JFK on Friday"),
    non_examples=("I need to change my booking", "KLM or BA?"),
)

DATE = whole_words(
    "offline.cue_words.date",
    r"today|tonight|tomorrow|this (?:morning|afternoon|evening)|easter|christmas|new year|half[- ]term|"
    r"bank holiday|thanksgiving|tmrw|weekend|next (?:week|month|\w+day)|this (?:week|month|\w+day)|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|"
    r"july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|\d{1,2}(?:st|nd|rd|th)|"
    r"\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?|in (?:a|one|two|three|\d+) (?:days?|weeks?|months?)",
    means='A day to come: "tomorrow", "next week", "Friday", "Dec", "the 14th", "07/31", "in two weeks".',
    why=(
        "With a flight word or a place, a search; two dates beside the user's own booking are a change (\"I "
        'booked the 14th but need the 15th now"), so they are counted too.'
    ),
    examples=("flights to Rome tomorrow", "back on 07/31", "in two weeks"),
    non_examples=("departing 07:05", "a decent seat"),
)

MINE = rule(
    "offline.cue_words.mine",
    r"\b(?:my|our)\s+(?:\w+\s+){0,2}?(?:bookings?|reservations?|trips?|flights?|tickets?|itinerary|"
    r"hotel|stay|holiday|vacation|journey|return|outbound|departure|plans?|check-?in|seat|gate|terminal|arrival|"
    r"connection|confirmation|reference|e-?tickets?|pnr)\b|\bwhere (?:i'?m|im|i am|we'?re|we are) staying\b"
    r"|\bdid (?:i|we) (?:\w+ ){0,2}(?:book|booking|reserve)\b"
    r"|\bthe\s+(?:[\w'-]+\s+){0,2}?(?:bookings?|reservations?|trip|return|outbound)\b|\bBK-[0-9A-F]{8}\b"
    r"|\b(?:trips?|flights?|bookings?) (?:do|have|did) (?:i|we) (?:have|got|booked)\b"
    r"|\b(?:trips?|flights?|bookings?|hotel|room|anything|something)\s+(?:(?:that|which)\s+)?(?:i|we)"
    r"(?:'ve| have| had|'m| am| are)?\s+(?:got\s+)?(?:booked|have|got|coming up|planned|made|in|staying)\b"
    r"|\b(?:i'?m|i am|we'?re|we are|is|are|am|was|were|have|had|'ve|already|i|we|you|than|what'?s)\s+(?:\w+\s+)?"
    r"(?:booked|reserved)\b|\bbooked under\b"
    r"|\b(?:upcoming|coming up)\b|\bbooked (?:in|on|for|with|at|into)\b"
    r"|\b(?:flight|hotel|trip|room|seat)s?\s+booked\b"
    r"|\b(?:do|did|have|am)\s+(?:i|we)\s+(?:\w+\s+)?(?:got\s+|have\s+)?(?:a|any)?\s*(?:flights?|trips?|bookings?|"
    r"hotel)\b|\b(?:number|seat|gate|terminal|airline)\s+(?:am|are|do|did|will)\s+(?:i|we)\b"
    r"|\bwhere (?:am i|are we|do i|will i) (?:staying|stay|sleep)\b"
    r"|\bi (?:have|'ve got|got|hold) (?:a|an|my|the)\s+(?:\w+\s+)?(?:flight|booking|trip|reservation|hotel|ticket)\b"
    r"|\b(?:did|have) (?:i|we) (?:get|got|book|booked|reserve|reserved)\b|\bdo (?:i|we) have (?:a|any|my)\b"
    r"|\b(?:am i|are we|will i|will we)\s+(?:\w+\s+)?(?:flying|travell?ing|leaving|departing|going|staying|booked)\b"
    r"|\bwhat (?:date|day|time) (?:do |will |am )?(?:i|we) (?:fly|leave|depart|go|flying|leaving|land|arrive|"
    r"get in)\b"
    r"|\bwhen (?:am i|i am|i'm|are we|we are|do i|will i) (?:due to |supposed to |meant to )?(?:fly|flying|"
    r"leave|leaving|"
    r"travel|depart|land|arrive)\b|\bmine\b|\b(?:my|our) (?:travel )?(?:schedule|calendar|agenda)\b"
    r"|\b(?:flights?|hotel|trip|plane)\s+(?:am|are|will|do)\s+(?:i|we)\b"
    r"|\b(?:where|when|what time) (?:am i|are we|do i|will i|do we) (?:flying|going|off|travel(?:l?ing)?|headed|"
    r"heading|leaving|fly|leave|depart)\b",
    flags=re.I,
    means='The user\'s own booking: "my flight", "our trip", "the Dublin reservation", "BK-…", "I\'m booked on".',
    why='Looked up, changed or cancelled, never searched for: "when is my flight to Rome" is no flight search.',
    examples=("when is my flight to Rome?", "what time do I land?", "I'm booked on the 6pm"),
    non_examples=("flights to Rome on the 14th", "can I book a hotel?"),
)

PICK = rule(
    "offline.cue_words.pick",
    r"\b(?:option|number|choice|flight)\s*#?\s*(?:\d|one|two|three)\b|#\s*\d\b|^\W*(?:\d|one|two|three)\W*$"
    r"|\b(?:a|an)\s+(?:later|earlier|cheaper|direct|non-?stop|morning|afternoon|evening)\s+(?:one|flight|departure)\b"
    r"|\b(?:the|that|this) (?:flight|one|option) (?:arriving|leaving|departing|landing|at|that|which|with)\b"
    r"|\b0\d[0-5]\d\b|\b(?:that|this)\s+(?:very\s+)?(?:first|second|third|last|early|late|direct|\d)"
    r"|\bthe\s+(?:very\s+)?(?:first|second|third|1st|2nd|3rd|last|middle|other|cheap(?:er|est)|"
    r"early|earl(?:ier|iest)|late(?:r|st)?|direct|non-?stop|morning|afternoon|evening|night|lunchtime|"
    r"first|quick(?:er|est)|short(?:er|est)|fast(?:er|est)|(?:\d{1,2}(?::|h|\.)?\d{0,2}\s*(?:am|pm)?))"
    r"(?:\s+(?:one|flight|option|departure|choice|ones?))?\b"
    r"|\bthe one (?:at|that|which|leaving|departing|landing|arriving|with|for|going)\b"
    r"|\bthe\s+(?:\w+\s+){1,2}(?:one|option|flight)\b|\bthe one (?:via|through|with|on|from)\b|"
    r"\b(?:book|put) me on(?:to)? (?:it|that|that one|this one|them)\b|\b(?:first|second|third|1st|2nd|3rd|"
    r"last)\s+(?:option|one|flight)\b"
    r"|\b(?:from|on|in|off) (?:that|the|those|your) (?:list|results|options)\b|\byou (?:listed|showed|found|sent)\b"
    r"|\b\d{1,2}(?::|h)\d{2}\b|\b\d{1,2}\s*(?:am|pm)\b",
    flags=re.I,
    means='A pick among options just shown: "option 2", "the 9:40 one", "the later one", "the one via Madrid".',
    why=(
        '"the 9:40 one" is near no example by meaning, yet picks an option shown: with "book" a booking, beside '
        "the user's own booking a change."
    ),
    examples=("the 9:40 one", "the cheaper one", "option 2"),
    non_examples=("two adults please", "someone told me"),
)

QUESTION = rule(
    "offline.cue_words.question",
    r"\?|^\W*(?:\w+\W+){0,3}?(?:what|when|which|where|show|list|remind|tell me|give me|do i|did i|have i|"
    r"am i|can i see|could i see|what's|whats|when's|where's|any)\b"
    # An indirect request is a question too: "I was hoping you could tell me …", "would it be possible to …".
    r"|\b(?:i was hoping you could|i was wondering|would it be possible|would you mind|could you (?:tell|let) me|"
    r"i'?d like to know|(?:please )?let me know|do you know (?:if|whether|when|which|what))\b",
    flags=re.I,
    means=(
        'A question mark, a question word in the first four words ("what", "when", "show", "do I"), or an '
        'indirect question: "I was hoping you could tell me", "would it be possible to".'
    ),
    why="A question about a booking is a lookup, and it tells nothing about the user to remember.",
    examples=("I was hoping you could tell me", "would it be possible to", "when is my flight"),
    non_examples=("Book the 9:40 one.", "Thanks, that's everything."),
)

FOOD = whole_words(
    "offline.cue_words.food",
    r"eat|eating|hungry|starving|food|restaurants?|dinner|lunch|brunch|breakfast|supper|dine|dining|bite|"
    r"cuisine|meal|cafe|café|bistro|tapas|sushi|pizza|trattoria|grab a bite|table for",
    means='Words of food and eating out: "eat", "dinner", "restaurant", "brunch", "sushi", "a table for".',
    why='In the request, a dinner search; only in a context sentence ("Client dinner ran late."), against one.',
    examples=("somewhere to eat near the hotel", "a table for two at 8"),
    non_examples=("theatre tickets for Friday", "I feel beaten"),
)

LOOKUP = whole_words(
    "offline.cue_words.lookup",
    r"show|pull up|bring up|see|view|details?|remind|tell me|list|look up|reference|terminal|gate|confirmation|"
    r"itinerary|what time|when|where|which|am i|are we|do i have|did i|have i",
    means='Asking to see what exists: "show", "pull up", "details", "itinerary", "what time", "do I have".',
    why="The user's own booking asked about is looked up, not changed or searched for.",
    examples=("show me my itinerary", "what time do I land?"),
    non_examples=("listening to music", "the showers were cold"),
)

SEARCHING = whole_words(
    "offline.cue_words.searching",
    r"find|search|look(?:ing)? for|any flights|options|available|availability|another|new|what is there|"
    r"what'?s there|anything going|what'?s flying|whats flying",
    means='Looking for something new: "find", "search", "look for", "options", "available", "another".',
    why='Keeps a search possible beside the user\'s booking; "… What are the options?" picks no option.',
    examples=("find me a flight to Rome", "any other options?"),
    non_examples=("I found it, thanks", "newer is better"),
)

NEAR_STAY = rule(
    "offline.cue_words.near_stay",
    r"\b(?:near|nearby|close to|around|by|next to|walking distance (?:of|from)|round)\s+(?:the |my |our )?"
    r"(?:hotel|where (?:i'?m|i am|we'?re|we are) staying|my (?:place|accommodation|airbnb))\b",
    flags=re.I,
    means='Near where the user stays: "near my hotel", "close to where we\'re staying", "by my airbnb".',
    why="Only somewhere to eat is looked for there, so it counts as a food cue.",
    examples=("Dinner near my hotel", "somewhere close to where we're staying"),
    non_examples=("I live near Manchester", "a hotel near the station"),
)


CHANGING = rule(
    "offline.cue_words.changing",
    r"\bby (?:a|one|two|three|\d+) (?:days?|weeks?|hours?)\b|\b(?:change|changing|move|moving|shift (?=my|it|"
    r"the|our|them|that)|reschedule|rebook|swap|switch|amend|"
    r"postpone|delay|bump|push|fix|"
    r"modify|alter|update (?:the|my|our) (?:booking|flight|reservation|trip|ticket)|"
    r"make (?:it|them|(?:my|our) \w+) (?:later|earlier|sooner|the \d+|on)|"
    r"correct|wrong (?:date|day|time)|should be|"
    r"bring (?:\w+ ){0,3}forward|push (?:\w+ ){0,3}back|an? (?:earlier|later) (?:flight|one|departure)|"
    r"make it|rather than|instead of|instead)\b(?! my mind)"
    r"|\b(?:a|one|two|three|\d+) (?:days?|weeks?|hours?) (?:later|earlier|sooner)\b|\b(?:later|earlier) date\b"
    r"|\b(?:later|earlier|sooner) than\b|\bdifferent (?:day|date|time|flight)\b|\bdate change\b",
    flags=re.I,
    means='Words of changing a booking: "move", "reschedule", "push it back", "a day later", "instead of".',
    why='Beside the user\'s own booking, a date or a pick, a change; "change my mind" is none.',
    examples=("can you move my flight to Friday?", "push it back a day", "a day later"),
    non_examples=("I've changed my mind", "exchange rate?"),
)

CANCELLING = rule(
    "offline.cue_words.cancelling",
    r"\bcancell?ation of\b|\bneeds? cancell?ing\b|\b(?:be|get|have|need|want|like) (?:\w+ ){0,9}cancell?ed\b"
    r"|\bremove (?:\w+ ){0,3}(?:flight|booking|trip|reservation)s?\b|\bfrom my bookings\b|"
    r"(?<!not )(?<!n't )(?<!never )\b(?:kill|nix|ditch|axe|bin|terminate|withdraw|refund|call it off|bail on|"
    r"back out of|pull out of|drop out of|drop|take (?:me|us|them|him|her) off|remove (?:me|us) from|"
    r"not going (?:anymore|any more)|won'?t be (?:going|travell?ing|flying))\b",
    flags=re.I,
    means='Words of cancelling besides the change move\'s: "drop", "ditch", "call it off", "won\'t be going".',
    why='Never a report ("was cancelled") nor a refusal: "not", "n\'t" and "never" before it are kept out.',
    examples=("drop my Tuesday flight", "I won't be going anymore", "I need it cancelled"),
    non_examples=("my flight was cancelled", "don't drop it"),
)

CANCEL_STATUS = rule(
    "offline.cue_words.cancel_status",
    r"(?:^|\bor\b|\band\b|,)\s*(?:did|has|have|had|was|were|is|are)\s+(?:it|that|this|they|them|\w+|(?:the|my|our) "
    r"(?:\w+\s+){0,2}?\w+)\s+(?:get\s+|got\s+|been\s+|already\s+)?cancell?ed\b",
    flags=re.I,
    means='Asking whether a cancellation happened: "was my flight cancelled?", "… or did that get cancelled?".',
    why=(
        'With a question, it undoes the cancelling cue. "can you have it cancelled?" is a request: its auxiliary '
        "does not open the clause."
    ),
    examples=("was my flight cancelled?", "or did that get cancelled?"),
    non_examples=("can you have it cancelled?", "please get it cancelled"),
)

KEEP = rule(
    "offline.cue_words.keep",
    r"\bkeep (?:it|them|the booking|my booking)\b",
    flags=re.I,
    means='Keeping the booking: "keep it", "keep them", "keep my booking".',
    why='"cancel that, keep it" takes the cancelling back: no cancelling is read beside it.',
    examples=("cancel that, keep it", "actually keep my booking"),
    non_examples=("i keep halal", "keep me posted"),
)

OPTION = rule(
    "offline.cue_words.option",
    r"\b(?:option|number|choice)\s*#?\s*(?:\d|one|two|three|[a-c])\b|#\s*\d\b"
    r"|^\W*(?:the\s+)?(?:first|second|third|1st|2nd|3rd|last)\s+(?:option|one)\b"
    r"|\bthe\s+(?:first|second|third|1st|2nd|3rd|last)\s+(?:one|flight|option)\b",
    flags=re.I,
    means='An explicit option: "option 2", "#3", "choice b", "the second one".',
    why='A booking of an option shown even when "the booking" is named with it, and no new search.',
    examples=("option 2", "#3", "the second one"),
    non_examples=("a second bag", "room number 12"),
)

REQUEST = rule(
    "offline.cue_words.request",
    r"\?|\bwhat(?:'ve| have| do)? (?:you|u) (?:got|have|find)\b|\b(?:available|options?|availability)\b"
    r"|^\W*(?:(?:ok|okay|so|hey|hi|please)\W+)*(?:find|search|look|show|get|book|change|move|cancel|check|"
    r"can|could|would|will|what|when|which|where|is|are|do|does|any)\b"
    r"|\b(?:i'?d like to|i would like to|i want to|i need to|i'?m looking for|looking for|i'?d like (?:a|an|the))\b",
    flags=re.I,
    means='Asking for something: "?", an opening verb or auxiliary ("find", "can", "is"), "I\'d like to".',
    why="Marks the sentence that asks (request_part); a habit said as a request is no preference unless standing.",
    examples=("Can you find me a flight?", "I'd like to change my booking"),
    non_examples=("yep, do it", "I always fly from Dublin."),
)


FLIGHT_NUMBER = rule(
    "offline.cue_words.flight_number",
    r"\b[A-Z][A-Z0-9] ?\d{2,4}\b",
    means='A flight number in capitals as printed, with a space or not: "UA 902", "BA117".',
    why="It picks one flight, as an option shown or the flight meant.",
    examples=("UA 902", "the BA117"),
    non_examples=("rooms 901 and 902", "ba 902"),
)

BOOK_VERB = rule(
    "offline.cue_words.book_verb",
    r"\b(?:book|reserve|secure)(?: it| that| this| me| the| option| one)?\b(?!ings?)"
    r"|\bget (?:the |that |this )?(?:\S+ ){0,4}booked\b|\b(?:proceed|go ahead) with (?:booking|it|that)\b"
    # Choosing: "let's go with the afternoon KLM flight", "I want the Delta one", "we'll take the Emirates option".
    r"|\b(?:go with|go for|take|choose|pick|grab|lock in|want|i'?ll have|let'?s do)\s+(?:the|that|this|option|"
    r"number)\b|\b(?:i'?ll|we'?ll|i will|we will) (?:take|have|go with|go for) (?:it|that|that one|this one)\b"
    r"|\b(?:grab|get|book|reserve|secure) (?:me |us )?(?:a )?seats? on (?:it|that|this|the)\b",
    flags=re.I,
    means='"book" and verbs of choosing: "book it", "let\'s go with the KLM flight", "we\'ll take that one".',
    why='With a pick, a booking of the option picked; "my booking" is a noun, no choice.',
    examples=("book it", "let's go with the afternoon KLM flight", "we'll take that one"),
    non_examples=("my booking", "a bookshop near the hotel"),
)

BOOK_SHOWN = rule(
    "offline.cue_words.book_shown",
    r"(?<!n't )(?<!not )(?<!never )\b(?:book|reserve|secure|lock in|grab|take)\s+(?:that|this|those|these)"
    r"(?:\s+(?:one|ones|flight|option))?\b(?!\s+(?:to|for|from|on|in|at|off|out|back|away)\b)",
    flags=re.I,
    means='Booking what was just shown, the object pointing back: "can you book that one?", "reserve that".',
    why='"book it" is as often the answer to our "shall I book it?"; "don\'t book that" is no pick.',
    examples=("can you book that one?", "reserve that"),
    non_examples=("book it", "don't book that", "take that back"),
)

MEAL_TIME = rule(
    "offline.cue_words.meal_time",
    r"\b(?:before|after|by|until|till|in time for|around) (?:lunch|dinner|breakfast|brunch)(?:time)?\b",
    flags=re.I,
    means='A meal named only as a time: "lands before lunch", "back by dinner".',
    why='No dinner search: "the one that lands before lunch" picks a flight.',
    examples=("lands before lunch", "back by dinner"),
    non_examples=("dinner before the show",),
)


SENTENCE_BREAK = rule(
    "offline.cue_words.sentence_break",
    r"(?<=[.!?])\s+|\s+[-\u2013\u2014]\s+|\n+",
    means='Where a sentence ends: space after ".", "!" or "?", a dash between spaces, or a line break.',
    why='request_part splits here for the sentence that asks ("Dinner ran late. Bump my flight.").',
    examples=("Dinner ran late. Bump my flight", "Rome - Friday"),
    non_examples=("the 9.40 one", "a one-way ticket"),
)

COURTESY_ONLY = rule(
    "offline.cue_words.courtesy_only",
    r"\W*(?:thanks?(?: you)?(?: so much| a lot)?|thank you|cheers|please|lol|haha|ok|okay|ta|x+|:\)|"
    r"much appreciated|appreciate it)?\W*",
    flags=re.I,
    means='A sentence that is only a courtesy or filler: "thanks so much!", "ok :)", "cheers", "lol".',
    why='Dropped from the end before the request part is chosen: in "Find me a flight. Thanks!" the first asks.',
    examples=("thanks so much!", "ok :)", "cheers"),
    non_examples=("thanks, book option 2", "ok book it"),
    test="whole",
)

ACT = whole_words(
    "offline.cue_words.act",
    r"book|change|move|cancel|find|search|show|tell|remind|remember|forget|delete|note|save|eat|dinner|lunch|"
    r"restaurants?|flights?|fly|when|where|which|what|option|one|it'?s|is|am|are|do|did|have",
    means='A word of an act or its object: "book", "change", "cancel", "find", "show", "dinner", "when".',
    why='Without one, the act is in the sentence before: "I have a flight on Monday. Could you arrange that?"',
    examples=("Could you book it?", "when do I fly?"),
    non_examples=("Could you arrange that?", "Thanks a lot!"),
)

COURTESY_OPENING = rule(
    "offline.cue_words.courtesy_opening",
    r"^\W*(?:thanks|thank you|cheers|many thanks|much obliged|hi|hello|hey|good (?:morning|afternoon|evening))\b",
    flags=re.I,
    means='A message opening with a greeting or thanks: "hi", "hey!", "thanks", "good morning".',
    why="Then yes, no, hello and thanks are read in a longer message too, as leanings beside its request.",
    examples=("hey!", "Good morning, any flights to Rome?"),
    non_examples=("Forwarded from Priya: 'Hey! see you Friday'", "Highlands trip next month"),
)

NAMED_PAIR = rule(
    "offline.cue_words.named_pair",
    r"\b[A-Z][a-z]{2,}\s*-\s*[A-Z][a-z]{2,}\b",
    means='Two capitalised names joined by a dash: "Copenhagen-Stockholm", "Madrid - Milan".',
    why="Both ends of a route: a flight search unless about the user's own booking. Codes are the route cue's.",
    examples=("Copenhagen-Stockholm", "Madrid - Milan on Friday"),
    non_examples=("copenhagen-stockholm", "LIS-OPO"),
)

ROUTE_PAIR = rule(
    "offline.cue_words.route_pair",
    r"\bfrom\s+[A-Za-z]{3,}.{0,30}?\bto\s+[A-Za-z]{3,}|\b[A-Za-z]{3,}\s*(?:->|→)\s*[A-Za-z]{3,}",
    flags=re.I,
    means='Both ends of a route in words: "from Houston to Cancun", "Madrid -> Milan", "lisbon → porto".',
    why="A flight search unless about the user's own booking, flight word or not.",
    examples=("from Houston to Cancun", "Madrid -> Milan", "lisbon → porto"),
    non_examples=("flights to Cancun", "from me to you"),
)
