"""The words and shapes the structural cues look for (``demo.cues``): one table per cue, so the reading's logic
stays apart from its vocabulary. Each pattern reads :func:`demo.wording.plain` text.
"""

from __future__ import annotations

import re

from language.text import whole_words

FLIGHTS = whole_words(
    r"flights?|fly|flying|plane|planes|airfares?|fares?|tickets?|one[- ]way|return trip|round[- ]trip|"
    r"direct|non-?stop|layovers?|departures?|seats? (?:left|available|to|on)|get (?:me )?to|travel(?:l?ing)? to|"
    r"heading to|head to|go(?:ing)? to|getting to|flight"
)
ROUTE = re.compile(
    r"\b(?:to|into|from|for)\s+(?!(?:be|do|go|get|the|a|an|my|me|you|it|that|this|them|book|change|cancel|see|"
    r"know|have|make|fly|eat|stay|keep|remember|forget|check|look|sort|ask|say|use|those|these|there|here|list|"
    r"results|options)\b)[A-Za-z]{3,}"
    r"|\b[A-Z]{3}\s*(?:-|→|->|to)\s*[A-Z]{3}\b",  # a lone code is found by its airport ("KLM" is none)
)
DATE = whole_words(
    r"today|tonight|tomorrow|this (?:morning|afternoon|evening)|easter|christmas|new year|half[- ]term|"
    r"bank holiday|thanksgiving|tmrw|weekend|next (?:week|month|\w+day)|this (?:week|month|\w+day)|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|"
    r"july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|\d{1,2}(?:st|nd|rd|th)|"
    r"\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?|in (?:a|one|two|three|\d+) (?:days?|weeks?|months?)"
)
# The user's own booking: "my flight", "our trip", "the Dublin reservation", "BK-…", "trips I have", "booked".
MINE = re.compile(
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
    re.I,
)
# A pick among options just shown.
PICK = re.compile(
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
    re.I,
)
QUESTION = re.compile(
    r"\?|^\W*(?:\w+\W+){0,3}?(?:what|when|which|where|show|list|remind|tell me|give me|do i|did i|have i|"
    r"am i|can i see|could i see|what's|whats|when's|where's|any)\b"
    # An indirect request is a question too: "I was hoping you could tell me …", "would it be possible to …".
    r"|\b(?:i was hoping you could|i was wondering|would it be possible|would you mind|could you (?:tell|let) me|"
    r"i'?d like to know|(?:please )?let me know|do you know (?:if|whether|when|which|what))\b",
    re.I,
)
FOOD = whole_words(
    r"eat|eating|hungry|starving|food|restaurants?|dinner|lunch|brunch|breakfast|supper|dine|dining|bite|"
    r"cuisine|meal|cafe|café|bistro|tapas|sushi|pizza|trattoria|grab a bite|table for"
)
# Looking up what exists, or searching for something new.
LOOKUP = whole_words(
    r"show|pull up|bring up|see|view|details?|remind|tell me|list|look up|reference|terminal|gate|confirmation|"
    r"itinerary|what time|when|where|which|am i|are we|do i have|did i|have i"
)
SEARCHING = whole_words(
    r"find|search|look(?:ing)? for|any flights|options|available|availability|another|new|what is there|"
    r"what'?s there|anything going|what'?s flying|whats flying"
)
# Near where the user stays: only somewhere to eat is looked for there.
NEAR_STAY = re.compile(
    r"\b(?:near|nearby|close to|around|by|next to|walking distance (?:of|from)|round)\s+(?:the |my |our )?"
    r"(?:hotel|where (?:i'?m|i am|we'?re|we are) staying|my (?:place|accommodation|airbnb))\b",
    re.I,
)
REMEMBER = re.compile(
    r"^\W*(?:(?:ok|okay|so|also|and|hey|hi|oh|btw|by the way|fyi|quick one|one more thing)\W+)*"
    r"(?:(?:please|kindly)\s+|(?:can|could|would|will) you\s+(?:please\s+)?|i(?:'d| would) like you to\s+|"
    r"i want you to\s+|you should\s+|make sure (?:you|to)\s+)?"
    r"(?:remember|save|store|note|record|log|jot|keep in mind|bear in mind|don'?t forget|do not forget|"
    r"make a note|take note|add (?:to|it to|this to|that to) my|update my (?:profile|preferences?)|"
    r"put (?:it |this |that )?(?:in|on) (?:my )?(?:profile|file|notes))\b"
    r"|\bput (?:it |that |this )?down\b|\bput down that\b"
    r"|\b(?:for (?:future|next|later) (?:reference|time|trips?|bookings?|travel)|from now on|going forward|in future|"
    r"in the future|for the future|(?:keep|bear) (?:that|this|it) in mind|make (?:that|this|it) a rule|"
    r"good to know for)\b"
    # ... or at the end: "My favourite airline is BA, please remember", "…, note that".
    r"|(?:\b(?:please|pls|kindly|and|so|just)\s+|[,;:.!-]\s*)(?:remember|note|save|store|record|keep in mind|"
    r"make a note of)(?:\s+(?:that|this|it))?(?:\s+please)?\W*$"
    r"|\badd (?:my|this|that|the) .{0,40}\bto my (?:profile|file|account|preferences|notes)\b"
    r"|^\W*(?:(?:can|could|would|will) you\s+(?:please\s+)?)?(?:make a note of|note down|jot down|save) (?:it|"
    r"that|this)\b",
    re.I,
)
# A standing habit needs a stance and a travel topic ("I'd rather not" is an answer, not a preference), or a
# word that is a statement about the user by itself ("allergic", "based in", "a Gold member").
STANCE = whole_words(
    r"always|never|usually|generally|in general|normally|typically|whenever|every time|as a rule|ever|"
    r"(?:every|each|any|all) (?:flights?|trips?|bookings?|journeys?|stays?)|"
    r"all the time|tend to|prefer|preferably|rather|hate|love|(?<!'d )(?<!would )like|can'?t stand|dislike|avoid|"
    r"only|no more|"
    r"anymore|any more|from now on|these days"
)
TOPIC = whole_words(
    r"flights?|fly|flying|seats?|aisle|window|airlines?|carriers?|class|economy|business|premium|red-?eyes?|"
    r"overnight|mornings?|evenings?|early|late|layovers?|stopovers?|connections?|direct|non-?stop|hotels?|rooms?|"
    r"floors?|beds?|meals?|food|eat|eating|diet|breakfast|airports?|legroom|luggage|bags?|carry-?on|lounges?"
)
SELF = whole_words(
    r"allergic|intolerant|vegan|vegetarian|pescatarian|halal|kosher|gluten-?free|coeliac|celiac|lactose|"
    r"diabetic|disabled|deaf|blind|hard of hearing|use a wheelchair|wheelchair user|"
    r"based in|live in|living in|home airport|fly out of|frequent flyer|"
    r"(?:gold|silver|platinum|elite) (?:member|status)"
)
FIRST_PERSON = whole_words(r"i|i'm|im|i've|i'd|me|my|we|our|us")
# What the assistant holds about the user, as an object: "my seat preference", "my diet", "what you know".
HELD = (
    r"(?:\b(?:from )?(?:your|the) (?:memory|notes|records?)\b|(?:my|the)\s+(?:\w+\s+){0,2}(?:preferences?|diet|"
    r"dietary \w+|allerg(?:y|ies)|home airport|seat(?:ing)? \w+|favou?rite(?: \w+)?|preferred \w+|"
    r"details|data|info|information|profile|notes?|prefs|requirements?|needs|(?:frequent flyer|loyalty|"
    r"membership|passport) ?\w*)\b"
    r"|\bwhat you (?:know|have|saved|stored|remember)"
    r"|\beverything (?:you|about me)|\banything about me\b|\babout (?:me|us)\b|\bfor (?:me|us)\b"
    r"|\babout (?:how|what|where|which) (?:i|we)\b"
    r"|\b(?:what|which) (?:of my )?(?:preferences|details|info|information)\b)"
)
FORGET = re.compile(
    r"(?<!n't )(?<!not )(?<!never )\b(?:forget|delete|erase|wipe|clear|purge|remove|drop|discard|scrub|unlearn|"
    r"take (?:it|that|this) out(?: of)?|take out|strike|cross off|scratch|take (?:\w+ ){1,3}off|"
    r"nuke|obliterate|"
    r"un-?remember|unsave|scrap|ditch|"
    r"lose|bin|"
    r"get rid of|throw away|toss)\b.{0,25}\b" + HELD + r"|\b(?:don'?t|do not|no longer)\s+(?:want|need)\s+"
    r"you\s+(?:to\s+)?(?:keep|keeping|remember|remembering|store|storing|save|saving|know|knowing|hold|holding)\b"
    r"|(?<!n't )(?<!not )(?<!never )\b(?:forget|delete|erase|wipe|purge|unlearn|un-?remember)\b.{0,40}"
    r"\b(?:me|my|mine|that|this|it|them|those|everything|all|data|memory|memories|info|information|notes?|profile|"
    r"preferences?|details|what)\b"
    r"|\b(?:preferences?|prefs|data|details?|info|information|profile|memor(?:y|ies)|notes?|everything)\s+"
    r"(?:about (?:me|us)\s+)?"
    r"(?:be\s+|get\s+|got\s+)?(?:deleted|erased|removed|wiped|forgotten|cleared|purged)\b"
    r"|\bstop (?:remembering|storing|saving|keeping)\b|(?<!i )\bdon'?t (?:remember|keep|store|save)\b"
    r"|\b(?:no longer|not) (?:need|want) you to (?:remember|know|keep)\b"
    r"|\bno need (?:for you )?to (?:remember|keep|store|save)\b|\bun-?(?:remember|save|learn)\b",
    re.I,
)
DONT_FORGET = re.compile(r"\b(?:don'?t|do not|never|mustn'?t) forget\b", re.I)  # a request to remember
YES = re.compile(
    r"^\W*(?!(?:absolutely|definitely|certainly|of course|sure) not\b)"
    r"(?:please\s+)?(?:i agree|i do|i concur|100\s*%|\U0001f4af|agreed|agree|looks good|carry on|you got it|go on|"
    r"fine by me|spot on|bang on|nailed it|that'?s the one|(?:i'?m )?happy with (?:that|it|this)|"
    r"that'?s (?:perfect|fine|great|right)|"
    r"indeed|exactly|precisely|quite right|by all means|yes|yep|yess+|sure|ok(?:ay)?|alright|all right|"
    r"absolutely|definitely|of course|go ahead|do it|"
    r"please do|confirm(?:ed)?|correct|right|sounds good|perfect|great|fine|deal|yes please|why not|"
    r"let'?s do it|go for it|proceed|affirmative|certainly|that works|works for me)\b",
    re.I,
)
NO = re.compile(
    r"\b(?:that )?won'?t be necessary\b|^\W*no need\b|(?:^|,\s*)no\W*$|^\W*(?:hmm+|um+|er+|well|ah+)\W+no\b|"
    r"\bthat'?s not (?:what i (?:want|wanted|asked)|it|right)\b"
    r"|\bdoesn'?t suit\b|^\W*i(?:'ll)? (?:decline|refuse|pass)\b|\bwrong one\b|^\W*(?:please\s+)?(?:don'?t|"
    r"do not) (?:go ahead|do|confirm|book|proceed)\b"
    r"|^\W*(?:(?:absolutely|definitely|certainly|of course|sure) not|hell no|best not|not at all|that'?s a no|"
    r"a no from me|nah+|naw|nay|no|nope|"
    r"not (?:now|yet|really|today|this time)|never ?mind|don'?t|do not|leave it|"
    r"skip it|forget it|no thanks|no thank you|hold off|wait|stop|i'?ll pass|pass|changed my mind|"
    r"i'?d rather not|better not|keep it|let'?s not|negative|not (?:right now|at the moment|for now)|"
    r"maybe later|later maybe|not interested|i don'?t think so|no way|not for me|i'?m good|all good)\b"
    r"|\bas (?:it|they) (?:is|are|stands?)\b",
    re.I,
)
HELLO = re.compile(
    r"^\W*(?:hi+|hello+|hey+|heya|hiya|howdy|g'?day|greetings|salutations|long time no see|good (?:morning|"
    r"afternoon|evening|day)|morning|evening|"
    r"hi there|hey there|what'?s up|sup|yo)\b",
    re.I,
)
THANKS = re.compile(
    r"\b(?:thanks|thank you|thank u|cheers|much appreciated|much obliged|obliged|nice one|legend|"
    r"(?:you'?ve been|that was|that'?s been|you are|you'?re) (?:\w+ )?(?:helpful|a (?:great|big) help|brilliant|"
    r"amazing)|"
    r"appreciate (?:it|that|"
    r"your help|the help)|"
    r"many thanks|grateful|you'?re (?:a star|the best|a lifesaver)|ta)\b",
    re.I,
)

CHANGING = re.compile(
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
    re.I,
)
# Cancelling, said anywhere, besides the change move's words: never a report ("was cancelled") or "don't".
CANCELLING = re.compile(
    r"\bcancell?ation of\b|\bneeds? cancell?ing\b|\b(?:be|get|have|need|want|like) (?:\w+ ){0,9}cancell?ed\b"
    r"|\bremove (?:\w+ ){0,3}(?:flight|booking|trip|reservation)s?\b|\bfrom my bookings\b|"
    r"(?<!not )(?<!n't )(?<!never )\b(?:kill|nix|ditch|axe|bin|terminate|withdraw|refund|call it off|bail on|"
    r"back out of|pull out of|drop out of|drop|take (?:me|us|them|him|her) off|remove (?:me|us) from|"
    r"not going (?:anymore|any more)|won'?t be (?:going|travell?ing|flying))\b",
    re.I,
)
# Asking whether a cancellation happened: "was my flight cancelled?", "… or did that get cancelled?" (a status
# question, not a request; "can you have it cancelled?" is a request, its auxiliary does not open the clause).
CANCEL_STATUS = re.compile(
    r"(?:^|\bor\b|\band\b|,)\s*(?:did|has|have|had|was|were|is|are)\s+(?:it|that|this|they|them|\w+|(?:the|my|our) "
    r"(?:\w+\s+){0,2}?\w+)\s+(?:get\s+|got\s+|been\s+|already\s+)?cancell?ed\b",
    re.I,
)
KEEP = re.compile(
    r"\bkeep (?:it|them|the booking|my booking)\b", re.I
)  # "cancel that, keep it": a retraction
# An explicit option: "option 2", "#3", "the second one" (a pick even when "the booking" is named with it).
OPTION = re.compile(
    r"\b(?:option|number|choice)\s*#?\s*(?:\d|one|two|three|[a-c])\b|#\s*\d\b"
    r"|^\W*(?:the\s+)?(?:first|second|third|1st|2nd|3rd|last)\s+(?:option|one)\b"
    r"|\bthe\s+(?:first|second|third|1st|2nd|3rd|last)\s+(?:one|flight|option)\b",
    re.I,
)
REQUEST = re.compile(
    r"\?|\bwhat(?:'ve| have| do)? (?:you|u) (?:got|have|find)\b|\b(?:available|options?|availability)\b"
    r"|^\W*(?:(?:ok|okay|so|hey|hi|please)\W+)*(?:find|search|look|show|get|book|change|move|cancel|check|"
    r"can|could|would|will|what|when|which|where|is|are|do|does|any)\b"
    r"|\b(?:i'?d like to|i would like to|i want to|i need to|i'?m looking for|looking for|i'?d like (?:a|an|the))\b",
    re.I,
)
# Asking what is held about the user, the words in any order: "have you saved anything about me", "which of my
# preferences do you know", "what's on my profile".
RECALL = re.compile(
    r"\b(?:tell|show|give|remind) me (?:\w+ )?(?:my|what) (?:preferences|details|profile|info|saved)\b"
    # Bare imperatives: "recall my preferences pls", "list my saved details".
    r"|^\W*(?:please\s+)?(?:recall|list|show|display|read (?:out|back)|pull up|bring up) (?:me )?(?:all )?(?:of )?"
    r"(?:my|your) (?:\w+ )?(?:saved |stored )?(?:preferences|prefs|profile|details|notes)\b"
    r"|\bis my (?:\w+ ){0,3}(?:saved|stored|on file|noted|recorded)\b|\b(?:have|got|put)\s+(?:\w+\s+)?down (?:for|as)\b"
    r"|\b(?:which|what)\b.{0,30}\bdid (?:i|we) (?:say|mention|tell you|ask (?:you|u) to)\b"
    r"|^(?=.*\b(?:you|u|the assistant|the bot)\b)"
    r"(?=.*\b(?:know|remember|recall|saved|stored|kept|have|got|noted|learned|learnt|"
    r"hold|on file|on record|given|told|shared)\b)(?=.*(?:\b(?:about|on|of)\s+(?:me|my)\b|\b" + HELD + r"))"
    r"(?=.*(?:\?|^\W*(?:\w+\W+){0,2}?(?:have|do|did)\b|\b(?:what|which|anything|everything|tell me|show me|list|"
    r"remind me)\b))"
    r"(?!.*\b(?:forget|delete|erase|wipe|remove|clear)\b)"
    r"|^(?=.*\b(?:do|did|have) (?:you|u)\b)(?=.*\b(?:know|remember|saved?|stored?|kept|noted|on file|got)\b)"
    r"(?=.*\b" + HELD + r")(?!.*\b(?:forget|delete|erase|wipe|remove|clear)\b)"
    r"|\bwhat'?s (?:on|in) my (?:profile|file)\b|\baccording to you\b"
    r"|\b(?:what|which|how)\b.{0,30}\b(?:did|have) (?:i|we) (?:tell|told|give|given|say|said|mention|"
    r"mentioned)\b.{0,12}\byou\b|\bdo you (?:know|remember|recall) (?:my|what i|where i|how i|which)\b"
    # Without "you": "what does my traveller profile say?", "is there anything saved about my meal preferences?"
    r"|\bwhat does my (?:\w+ )?(?:profile|file|account) say\b|\bmy (?:saved|stored) (?:preferences|details|info|"
    r"data)\b"
    r"|\b(?:anything|what'?s|what is|is there \w+) (?:\w+ )?(?:saved|stored|on file|kept|noted)\b.{0,20}"
    r"\b(?:about|on|for) (?:me|my|us)\b|\b(?:recap|summari[sz]e|go over|run through)\b.{0,12}\b(?:my|what you)\b",
    re.I,
)

# A flight number said with a space ("UA 902"), in capitals as printed.
FLIGHT_NUMBER = re.compile(r"\b[A-Z][A-Z0-9] ?\d{2,4}\b")
# "book" as a verb of choosing: "book it", "I'll book that", "go ahead and book" (not "my booking").
BOOK_VERB = re.compile(
    r"\b(?:book|reserve|secure)(?: it| that| this| me| the| option| one)?\b(?!ings?)"
    r"|\bget (?:the |that |this )?(?:\S+ ){0,4}booked\b|\b(?:proceed|go ahead) with (?:booking|it|that)\b"
    # Choosing: "let's go with the afternoon KLM flight", "I want the Delta one", "we'll take the Emirates option".
    r"|\b(?:go with|go for|take|choose|pick|grab|lock in|want|i'?ll have|let'?s do)\s+(?:the|that|this|option|"
    r"number)\b|\b(?:i'?ll|we'?ll|i will|we will) (?:take|have|go with|go for) (?:it|that|that one|this one)\b"
    r"|\b(?:grab|get|book|reserve|secure) (?:me |us )?(?:a )?seats? on (?:it|that|this|the)\b",
    re.I,
)
# Booking what was just shown: "can you book that one?", "reserve that" (the object points back at the options;
# "book it" is as often the answer to our "shall I book it?", and "don't book that" is no pick).
BOOK_SHOWN = re.compile(
    r"(?<!n't )(?<!not )(?<!never )\b(?:book|reserve|secure|lock in|grab|take)\s+(?:that|this|those|these)"
    r"(?:\s+(?:one|ones|flight|option))?\b(?!\s+(?:to|for|from|on|in|at|off|out|back|away)\b)",
    re.I,
)
# A meal named only as a time: "lands before lunch", "back by dinner".
MEAL_TIME = re.compile(
    r"\b(?:before|after|by|until|till|in time for|around) (?:lunch|dinner|breakfast|brunch)(?:time)?\b", re.I
)
DURABLE = whole_words(
    r"always|never|usually|generally|in general|normally|typically|whenever|every time|as a rule|ever|"
    r"all the time|tend to|prefer|preferably|hate|love|can'?t stand|dislike|from now on|these days|anymore|any more"
)
# Sentences, and the last words that only close a message.
SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+|\s+[-\u2013\u2014]\s+|\n+")
COURTESY_ONLY = re.compile(
    r"\W*(?:thanks?(?: you)?(?: so much| a lot)?|thank you|cheers|please|lol|haha|ok|okay|ta|x+|:\)|"
    r"much appreciated|appreciate it)?\W*",
    re.I,
)

# A request part with an act of its own (else the act is in the sentence before: "… Could you arrange that?").
ACT = whole_words(
    r"book|change|move|cancel|find|search|show|tell|remind|remember|forget|delete|note|save|eat|dinner|lunch|"
    r"restaurants?|flights?|fly|when|where|which|what|option|one|it'?s|is|am|are|do|did|have"
)
COURTESY_OPENING = re.compile(
    r"^\W*(?:thanks|thank you|cheers|many thanks|much obliged|hi|hello|hey|good (?:morning|afternoon|evening))\b",
    re.I,
)

# Both ends of a route: "from Houston to Cancun", "Madrid -> Milan".
NAMED_PAIR = re.compile(
    r"\b[A-Z][a-z]{2,}\s*-\s*[A-Z][a-z]{2,}\b"
)  # "Copenhagen-Stockholm": names, capitalised
ROUTE_PAIR = re.compile(
    r"\bfrom\s+[A-Za-z]{3,}.{0,30}?\bto\s+[A-Za-z]{3,}|\b[A-Za-z]{3,}\s*(?:->|→)\s*[A-Za-z]{3,}", re.I
)
# A first-person preference that needs no topic word: "I prefer KLM whenever possible", "my preferred airline".
PREFERS = whole_words(r"prefer|preferred|favourite|favorite|loyal to|stick to|stick with")

# A standing instruction even when worded as a request: "always book me economy plus if available".
STANDING = whole_words(
    r"always|never|from now on|every time|whenever|in future|in the future|going forward|as a rule"
)
