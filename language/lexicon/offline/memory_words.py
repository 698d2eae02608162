"""The words the offline model reads a message's stance by (``demo.cues``): what the user asks it to remember or
forget, a yes or a no, a greeting or thanks, a question about what it remembers, and the words that make a
statement a lasting preference. Each pattern reads :func:`demo.wording.plain` text.
"""

from __future__ import annotations

import re

from language.rules import fragment, rule, whole_words

REMEMBER = rule(
    "offline.cue_words.remember",
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
    flags=re.I,
    means="",
    why="",
    examples=("My favourite airline is BA, please remember", ", note that"),
    non_examples="please do",
)

STANCE = whole_words(
    "offline.cue_words.stance",
    r"always|never|usually|generally|in general|normally|typically|whenever|every time|as a rule|ever|"
    r"(?:every|each|any|all) (?:flights?|trips?|bookings?|journeys?|stays?)|"
    r"all the time|tend to|prefer|preferably|rather|hate|love|(?<!'d )(?<!would )like|can'?t stand|dislike|avoid|"
    r"only|no more|"
    r"anymore|any more|from now on|these days",
    means=(
        'A standing habit needs a stance and a travel topic ("I\'d rather not" is an answer, not a preference), or a'
        ' word that is a statement about the user by itself ("allergic", "based in", "a Gold member").'
    ),
    why="",
    examples="I'd rather not",
    non_examples=("allergic", "based in"),
)

TOPIC = whole_words(
    "offline.cue_words.topic",
    r"flights?|fly|flying|seats?|aisle|window|airlines?|carriers?|class|economy|business|premium|red-?eyes?|"
    r"overnight|mornings?|evenings?|early|late|layovers?|stopovers?|connections?|direct|non-?stop|hotels?|rooms?|"
    r"floors?|beds?|meals?|food|eat|eating|diet|breakfast|airports?|legroom|luggage|bags?|carry-?on|lounges?",
    means="",
    why="",
    examples="Aisle",
    non_examples="xq",
)

SELF = whole_words(
    "offline.cue_words.self",
    r"allergic|intolerant|vegan|vegetarian|pescatarian|halal|kosher|gluten-?free|coeliac|celiac|lactose|"
    r"diabetic|disabled|deaf|blind|hard of hearing|use a wheelchair|wheelchair user|"
    r"based in|live in|living in|home airport|fly out of|frequent flyer|"
    r"(?:gold|silver|platinum|elite) (?:member|status)",
    means="",
    why="",
    examples="halal",
    non_examples="xq",
)

FIRST_PERSON = whole_words(
    "offline.cue_words.first_person",
    r"i|i'm|im|i've|i'd|me|my|we|our|us",
    means="",
    why="",
    examples="I agree",
    non_examples="xq agree",
)

HELD = fragment(
    "offline.cue_words.held",
    r"(?:\b(?:from )?(?:your|the) (?:memory|notes|records?)\b|(?:my|the)\s+(?:\w+\s+){0,2}(?:preferences?|diet|"
    r"dietary \w+|allerg(?:y|ies)|home airport|seat(?:ing)? \w+|favou?rite(?: \w+)?|preferred \w+|"
    r"details|data|info|information|profile|notes?|prefs|requirements?|needs|(?:frequent flyer|loyalty|"
    r"membership|passport) ?\w*)\b"
    r"|\bwhat you (?:know|have|saved|stored|remember)"
    r"|\beverything (?:you|about me)|\banything about me\b|\babout (?:me|us)\b|\bfor (?:me|us)\b"
    r"|\babout (?:how|what|where|which) (?:i|we)\b"
    r"|\b(?:what|which) (?:of my )?(?:preferences|details|info|information)\b)",
    means='What the assistant holds about the user, as an object: "my seat preference", "my diet", "what you know".',
    why="",
    examples=("my seat preference", "my diet"),
    non_examples="always",
)

FORGET = rule(
    "offline.cue_words.forget",
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
    flags=re.I,
    means="",
    why="",
    examples="Forget me.",
    non_examples="forget something",
)

DONT_FORGET = rule(
    "offline.cue_words.dont_forget",
    r"\b(?:don'?t|do not|never|mustn'?t) forget\b",
    flags=re.I,
    means="a request to remember",
    why="",
    examples="Don't forget I'm vegan",
    non_examples="no don't",
)

YES = rule(
    "offline.cue_words.yes",
    r"^\W*(?!(?:absolutely|definitely|certainly|of course|sure) not\b)"
    r"(?:please\s+)?(?:i agree|i do|i concur|100\s*%|\U0001f4af|agreed|agree|looks good|carry on|you got it|go on|"
    r"fine by me|spot on|bang on|nailed it|that'?s the one|(?:i'?m )?happy with (?:that|it|this)|"
    r"that'?s (?:perfect|fine|great|right)|"
    r"indeed|exactly|precisely|quite right|by all means|yes|yep|yess+|sure|ok(?:ay)?|alright|all right|"
    r"absolutely|definitely|of course|go ahead|do it|"
    r"please do|confirm(?:ed)?|correct|right|sounds good|perfect|great|fine|deal|yes please|why not|"
    r"let'?s do it|go for it|proceed|affirmative|certainly|that works|works for me)\b",
    flags=re.I,
    means="",
    why="",
    examples="okay",
    non_examples="Are you okay with layovers?",
)

NO = rule(
    "offline.cue_words.no",
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
    flags=re.I,
    means="",
    why="",
    examples="pass",
    non_examples="bob pass x",
)

HELLO = rule(
    "offline.cue_words.hello",
    r"^\W*(?:hi+|hello+|hey+|heya|hiya|howdy|g'?day|greetings|salutations|long time no see|good (?:morning|"
    r"afternoon|evening|day)|morning|evening|"
    r"hi there|hey there|what'?s up|sup|yo)\b",
    flags=re.I,
    means="",
    why="",
    examples="hiya",
    non_examples="xq",
)

THANKS = rule(
    "offline.cue_words.thanks",
    r"\b(?:thanks|thank you|thank u|cheers|much appreciated|much obliged|obliged|nice one|legend|"
    r"(?:you'?ve been|that was|that'?s been|you are|you'?re) (?:\w+ )?(?:helpful|a (?:great|big) help|brilliant|"
    r"amazing)|"
    r"appreciate (?:it|that|"
    r"your help|the help)|"
    r"many thanks|grateful|you'?re (?:a star|the best|a lifesaver)|ta)\b",
    flags=re.I,
    means="",
    why="",
    examples="cheers",
    non_examples="xq",
)

RECALL = rule(
    "offline.cue_words.recall",
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
    flags=re.I,
    means=(
        'Asking what is held about the user, the words in any order: "have you saved anything about me", "which of '
        'my preferences do you know", "what\'s on my profile".'
    ),
    why="",
    examples=("have you saved anything about me", "which of my preferences do you know"),
    non_examples="you",
)

DURABLE = whole_words(
    "offline.cue_words.durable",
    r"always|never|usually|generally|in general|normally|typically|whenever|every time|as a rule|ever|"
    r"all the time|tend to|prefer|preferably|hate|love|can'?t stand|dislike|from now on|these days|anymore|any more",
    means="",
    why="",
    examples="Never mind.",
    non_examples="xq mind.",
)

PREFERS = whole_words(
    "offline.cue_words.prefers",
    r"prefer|preferred|favourite|favorite|loyal to|stick to|stick with",
    means=(
        'A first-person preference that needs no topic word: "I prefer KLM whenever possible", "my preferred '
        'airline".'
    ),
    why="",
    examples=("I prefer KLM whenever possible", "my preferred airline"),
    non_examples="I xq KLM whenever possible",
)

STANDING = whole_words(
    "offline.cue_words.standing",
    r"always|never|from now on|every time|whenever|in future|in the future|going forward|as a rule",
    means='A standing instruction even when worded as a request: "always book me economy plus if available".',
    why="",
    examples="always book me economy plus if available",
    non_examples="xq book me economy plus if available",
)
