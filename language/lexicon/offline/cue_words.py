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
    means="",
    why="",
    examples="the direct one",
    non_examples="the xq one",
)

ROUTE = rule(
    "offline.cue_words.route",
    r"\b(?:to|into|from|for)\s+(?!(?:be|do|go|get|the|a|an|my|me|you|it|that|this|them|book|change|cancel|see|"
    r"know|have|make|fly|eat|stay|keep|remember|forget|check|look|sort|ask|say|use|those|these|there|here|list|"
    r"results|options)\b)[A-Za-z]{3,}"
    r"|\b[A-Z]{3}\s*(?:-|→|->|to)\s*[A-Z]{3}\b",
    means="",
    why="",
    examples="Up to date.",
    non_examples="KLM",
)

DATE = whole_words(
    "offline.cue_words.date",
    r"today|tonight|tomorrow|this (?:morning|afternoon|evening)|easter|christmas|new year|half[- ]term|"
    r"bank holiday|thanksgiving|tmrw|weekend|next (?:week|month|\w+day)|this (?:week|month|\w+day)|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|"
    r"july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|\d{1,2}(?:st|nd|rd|th)|"
    r"\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?|in (?:a|one|two|three|\d+) (?:days?|weeks?|months?)",
    means="",
    why="",
    examples="07/31",
    non_examples="departing 07:05",
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
    means=(
        'The user\'s own booking: "my flight", "our trip", "the Dublin reservation", "BK-…", "trips I have", '
        '"booked".'
    ),
    why="",
    examples=("my flight", "our trip"),
    non_examples=("BK-", "booked"),
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
    means="A pick among options just shown.",
    why="",
    examples="0212",
    non_examples="xq",
)

QUESTION = rule(
    "offline.cue_words.question",
    r"\?|^\W*(?:\w+\W+){0,3}?(?:what|when|which|where|show|list|remind|tell me|give me|do i|did i|have i|"
    r"am i|can i see|could i see|what's|whats|when's|where's|any)\b"
    # An indirect request is a question too: "I was hoping you could tell me …", "would it be possible to …".
    r"|\b(?:i was hoping you could|i was wondering|would it be possible|would you mind|could you (?:tell|let) me|"
    r"i'?d like to know|(?:please )?let me know|do you know (?:if|whether|when|which|what))\b",
    flags=re.I,
    means="",
    why="",
    examples=("I was hoping you could tell me", "would it be possible to"),
    non_examples=" (her chat was ",
)

FOOD = whole_words(
    "offline.cue_words.food",
    r"eat|eating|hungry|starving|food|restaurants?|dinner|lunch|brunch|breakfast|supper|dine|dining|bite|"
    r"cuisine|meal|cafe|café|bistro|tapas|sushi|pizza|trattoria|grab a bite|table for",
    means="",
    why="",
    examples="eat halal",
    non_examples="xq halal",
)

LOOKUP = whole_words(
    "offline.cue_words.lookup",
    r"show|pull up|bring up|see|view|details?|remind|tell me|list|look up|reference|terminal|gate|confirmation|"
    r"itinerary|what time|when|where|which|am i|are we|do i have|did i|have i",
    means="Looking up what exists, or searching for something new.",
    why="",
    examples="itinerary",
    non_examples="xq",
)

SEARCHING = whole_words(
    "offline.cue_words.searching",
    r"find|search|look(?:ing)? for|any flights|options|available|availability|another|new|what is there|"
    r"what'?s there|anything going|what'?s flying|whats flying",
    means="",
    why="",
    examples="no-search-yet",
    non_examples="no-xq-yet",
)

NEAR_STAY = rule(
    "offline.cue_words.near_stay",
    r"\b(?:near|nearby|close to|around|by|next to|walking distance (?:of|from)|round)\s+(?:the |my |our )?"
    r"(?:hotel|where (?:i'?m|i am|we'?re|we are) staying|my (?:place|accommodation|airbnb))\b",
    flags=re.I,
    means="Near where the user stays: only somewhere to eat is looked for there.",
    why="",
    examples="Dinner near my hotel",
    non_examples="I live near Manchester",
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
    means="",
    why="",
    examples="correct",
    non_examples="xq",
)

CANCELLING = rule(
    "offline.cue_words.cancelling",
    r"\bcancell?ation of\b|\bneeds? cancell?ing\b|\b(?:be|get|have|need|want|like) (?:\w+ ){0,9}cancell?ed\b"
    r"|\bremove (?:\w+ ){0,3}(?:flight|booking|trip|reservation)s?\b|\bfrom my bookings\b|"
    r"(?<!not )(?<!n't )(?<!never )\b(?:kill|nix|ditch|axe|bin|terminate|withdraw|refund|call it off|bail on|"
    r"back out of|pull out of|drop out of|drop|take (?:me|us|them|him|her) off|remove (?:me|us) from|"
    r"not going (?:anymore|any more)|won'?t be (?:going|travell?ing|flying))\b",
    flags=re.I,
    means='Cancelling, said anywhere, besides the change move\'s words: never a report ("was cancelled") or "don\'t".',
    why="",
    examples="axe.min.js",
    non_examples=("was cancelled", "don't"),
)

CANCEL_STATUS = rule(
    "offline.cue_words.cancel_status",
    r"(?:^|\bor\b|\band\b|,)\s*(?:did|has|have|had|was|were|is|are)\s+(?:it|that|this|they|them|\w+|(?:the|my|our) "
    r"(?:\w+\s+){0,2}?\w+)\s+(?:get\s+|got\s+|been\s+|already\s+)?cancell?ed\b",
    flags=re.I,
    means=(
        'Asking whether a cancellation happened: "was my flight cancelled?", "… or did that get cancelled?" (a '
        'status question, not a request; "can you have it cancelled?" is a request, its auxiliary does not open the'
        " clause)."
    ),
    why="",
    examples=("was my flight cancelled?", "or did that get cancelled?"),
    non_examples="can you have it cancelled?",
)

KEEP = rule(
    "offline.cue_words.keep",
    r"\bkeep (?:it|them|the booking|my booking)\b",
    flags=re.I,
    means='"cancel that, keep it": a retraction',
    why="",
    examples="cancel that, keep it",
    non_examples="i keep halal",
)

OPTION = rule(
    "offline.cue_words.option",
    r"\b(?:option|number|choice)\s*#?\s*(?:\d|one|two|three|[a-c])\b|#\s*\d\b"
    r"|^\W*(?:the\s+)?(?:first|second|third|1st|2nd|3rd|last)\s+(?:option|one)\b"
    r"|\bthe\s+(?:first|second|third|1st|2nd|3rd|last)\s+(?:one|flight|option)\b",
    flags=re.I,
    means='An explicit option: "option 2", "#3", "the second one" (a pick even when "the booking" is named with it).',
    why="",
    examples=("option 2", "#3"),
    non_examples="the booking",
)

REQUEST = rule(
    "offline.cue_words.request",
    r"\?|\bwhat(?:'ve| have| do)? (?:you|u) (?:got|have|find)\b|\b(?:available|options?|availability)\b"
    r"|^\W*(?:(?:ok|okay|so|hey|hi|please)\W+)*(?:find|search|look|show|get|book|change|move|cancel|check|"
    r"can|could|would|will|what|when|which|where|is|are|do|does|any)\b"
    r"|\b(?:i'?d like to|i would like to|i want to|i need to|i'?m looking for|looking for|i'?d like (?:a|an|the))\b",
    flags=re.I,
    means="",
    why="",
    examples="do it",
    non_examples="yep, do it",
)


FLIGHT_NUMBER = rule(
    "offline.cue_words.flight_number",
    r"\b[A-Z][A-Z0-9] ?\d{2,4}\b",
    means='A flight number said with a space ("UA 902"), in capitals as printed.',
    why="",
    examples="UA 902",
    non_examples="Can we get 2 rooms, numbers 901 and 902?",
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
    means='"book" as a verb of choosing: "book it", "I\'ll book that", "go ahead and book" (not "my booking").',
    why="",
    examples=("book", "book it"),
    non_examples="my booking",
)

BOOK_SHOWN = rule(
    "offline.cue_words.book_shown",
    r"(?<!n't )(?<!not )(?<!never )\b(?:book|reserve|secure|lock in|grab|take)\s+(?:that|this|those|these)"
    r"(?:\s+(?:one|ones|flight|option))?\b(?!\s+(?:to|for|from|on|in|at|off|out|back|away)\b)",
    flags=re.I,
    means=(
        'Booking what was just shown: "can you book that one?", "reserve that" (the object points back at the '
        'options; "book it" is as often the answer to our "shall I book it?", and "don\'t book that" is no pick).'
    ),
    why="",
    examples=("can you book that one?", "reserve that"),
    non_examples=("book it", "shall I book it?"),
)

MEAL_TIME = rule(
    "offline.cue_words.meal_time",
    r"\b(?:before|after|by|until|till|in time for|around) (?:lunch|dinner|breakfast|brunch)(?:time)?\b",
    flags=re.I,
    means='A meal named only as a time: "lands before lunch", "back by dinner".',
    why="",
    examples=("lands before lunch", "back by dinner"),
    non_examples="soft break before: ",
)


SENTENCE_BREAK = rule(
    "offline.cue_words.sentence_break",
    r"(?<=[.!?])\s+|\s+[-\u2013\u2014]\s+|\n+",
    means="Sentences, and the last words that only close a message.",
    why="",
    examples="3. ten",
    non_examples="go ahead",
)

COURTESY_ONLY = rule(
    "offline.cue_words.courtesy_only",
    r"\W*(?:thanks?(?: you)?(?: so much| a lot)?|thank you|cheers|please|lol|haha|ok|okay|ta|x+|:\)|"
    r"much appreciated|appreciate it)?\W*",
    flags=re.I,
    means="",
    why="",
    examples=("thanks so much!", "ok :)"),
    non_examples=("thanks, book option 2",),
    test="whole",
)

ACT = whole_words(
    "offline.cue_words.act",
    r"book|change|move|cancel|find|search|show|tell|remind|remember|forget|delete|note|save|eat|dinner|lunch|"
    r"restaurants?|flights?|fly|when|where|which|what|option|one|it'?s|is|am|are|do|did|have",
    means=(
        'A request part with an act of its own (else the act is in the sentence before: "… Could you arrange '
        'that?").'
    ),
    why="",
    examples="do it",
    non_examples="Could you arrange that?",
)

COURTESY_OPENING = rule(
    "offline.cue_words.courtesy_opening",
    r"^\W*(?:thanks|thank you|cheers|many thanks|much obliged|hi|hello|hey|good (?:morning|afternoon|evening))\b",
    flags=re.I,
    means="",
    why="",
    examples="hey!",
    non_examples="Forwarded message from Priya: 'Hey! Just so you know, I'm allergic to shellfish, see you Friday!'",
)

NAMED_PAIR = rule(
    "offline.cue_words.named_pair",
    r"\b[A-Z][a-z]{2,}\s*-\s*[A-Z][a-z]{2,}\b",
    means='Both ends of a route: "from Houston to Cancun", "Madrid -> Milan".',
    why="",
    examples="Copenhagen-Stockholm",
    non_examples=("from Houston to Cancun", "Madrid -> Milan"),
)  # "Copenhagen-Stockholm": names, capitalised

ROUTE_PAIR = rule(
    "offline.cue_words.route_pair",
    r"\bfrom\s+[A-Za-z]{3,}.{0,30}?\bto\s+[A-Za-z]{3,}|\b[A-Za-z]{3,}\s*(?:->|→)\s*[A-Za-z]{3,}",
    flags=re.I,
    means="",
    why="",
    examples="password -> Kangaroo7Jump",
    non_examples="la mia password",
)
