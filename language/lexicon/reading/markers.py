"""The records of :mod:`language.reading.markers`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import fragment, rule, whole_words

TAKEN_BACK = rule(
    "reading.markers.taken_back",
    r"\b(?<!not )(?<!no )(?<!n't )(?<!not just )(?:just |only )?(?:kidding|joking|jk|j/k|jking|trolling|"
    r"messing with you|pulling your leg)\b(?!\s+aside)"
    r"|\bnot really\b|\byeah,? right\b|\bsaid no ?(?:one|body) ever\b|\bwho am i kidding\b|\bsike\b|\bpsych\b"
    r"|(?:^|\s)/s\b|\b(?:scratch|strike|ignore|disregard|forget) (?:that|this|what i (?:just )?(?:said|wrote))\b"
    r"|\bthat'?s (?:a lie|not true|a joke|not me)\b|\bi lied\b|\bsarcas\w+\b|\bnot!|\(not\)|\U0001f644"
    r"|\bnever ?mind\W*$|\b(?:oh )?wait,? (?:no|that'?s|that was|actually|scratch)\b"
    r"|\b(?:that was|that'?s|that is) (?:wrong|not right|incorrect|a mistake|false|untrue)\b"
    # The statement disowned ("News to me.", "no idea why she said that") or mocked by the speaker ("Says the
    # man eating a burger").
    r"|\bnews to me\b|\bno idea (?:why|where|how) (?!i\b)\w+ (?:said|says|got|gets|thinks?|told)\b"
    r"|\bsays the (?:man|woman|guy|girl|lady|bloke|chap|fella|person|one|dude)\b"
    r"|\bi take (?:it|that|this) back\b|\bmy (?:mistake|bad)\b|\bi misspoke\b|\bforget i (?:said|mentioned)\b"
    # "…, ignore" at the end; "that was for my mum's booking": the statement handed back or given away.
    r"|\b(?:ignore|disregard)(?: (?:it|that|this|me|all that|everything))?\W*$"
    r"|\bthat (?:was|'s|is) (?:for|about) (?:my|his|her|their|our|\w+'s) (?!own\b)"
    # "… leave it blank": the field the statement was to fill is left empty.
    r"|\bleave (?:it|that|this|them|the [\w-]+(?: [\w-]+)?) (?:blank|empty|unset|open)\b"
    # "… so don't write anything down", "don't save that": the user says not to record it.
    r"|\b(?:don'?t|do not|no need to) (?:write|note|put|save|store|record|keep|log) (?:anything|it|that|this)\b"
    r"|\b(?:don'?t|do not) (?:write|note) (?:anything )?down\b"
    # "A girl can dream", "dream on": a wish, not a fact.
    r"|\b(?:a (?:girl|guy|man|woman|person|boy) can dream|one can dream|i can dream|dream on)\b",
    flags=re.I,
    means="Markers that take back what came before, wherever they are after it: a joke, sarcasm, a correction.",
    why="",
    examples=("News to me.", "no idea why she said that"),
    non_examples="Any news on my bag?",
)

_FILLER = fragment(
    "reading.markers.filler",
    r"(?:well|actually|ok|okay|haha+|hah|lol|lmao|hmm+|oh|and|but|or|wait|um+|uh+|ah|so|just|ha|yeah|eh)",
    means='A short sentence or clause after the statement that denies it: "Not.", "Well, I was.", "Nope, not really."',
    why="",
    examples="Well",
    non_examples="always",
)

_DENIAL = fragment(
    "reading.markers.denial",
    r"(?:not|nope|nah|no|never|i'?m not|i am not|i'?m really not|i don'?t|i do not|i wasn'?t|i was|"
    r"i used to(?: be)?|used to(?: be)?|was|not any ?more|no longer|that'?s not true|not true|i wish|as if|"
    r"in my dreams|dream on|of course not|obviously not|definitely not|absolutely not|not quite|not exactly|"
    r"never was|never mind|nevermind|i never was|hardly|or not|or was i|am i)",
    means="",
    why="",
    examples="no",
    non_examples="always",
)

_TAIL = fragment(
    "reading.markers.tail",
    r"(?:really|at all|any ?more|though|actually|lol|haha+|true|quite|exactly|so much|then|before|once|ever|"
    r"at least|now|anyway|honestly|lmao|ha|of course|obviously|(?:until|till|since) .*|.*\bago|"
    # "…, before kids", but not "Never before noon": a time of day limits a preference, it does not deny it.
    r"before(?! (?:noon|midday|midnight|\d|\w+ o'?clock|dawn|sunrise))(?: .*)?)",
    means="",
    why="",
    examples=("before", "ever"),
    non_examples="always",
)

DENIAL_FRAGMENT = rule(
    "reading.markers.denial_fragment",
    rf"^(?:{_FILLER} )*{_DENIAL}(?: {_TAIL})*$",
    means="",
    why="",
    examples="hmm no",
    non_examples="hmm no, leave it as is",
)

HESITATION = fragment(
    "reading.markers.hesitation",
    r"(?:um+|uh+|erm|er|hmm+|ah|eh)",
    means='Sounds people type while they think ("um, aisle seat is my thing"): no word of what they say.',
    why="",
    examples="um",
    non_examples="always",
)

LEADING_HESITATION = rule(
    "reading.markers.leading_hesitation",
    rf"^\W*(?:{HESITATION}\b[\s,.…]*)+",
    flags=re.I,
    means='"um, strictly vegetarian for ten years now": hesitations opening a text, no words of it.',
    why="",
    examples="um, strictly vegetarian for ten years now",
    non_examples="senha quatro um um um",
)

SOFT_JOKE = rule(
    "reading.markers.soft_joke",
    r"\b(?:lol|lmao|rofl|ha(?:ha)+|he(?:he)+|xd)\b|[\U0001f602\U0001f923]",
    flags=re.I,
    means="Soft markers: often a joke, sometimes only a laugh.",
    why="The gate asks. A laugh is about its own sentence; a wink or an upside-down smile turns the whole turn ironic.",
    examples="I'm vegan haha",
    non_examples="I'm vegan xq",
)

IRONIC = rule(
    "reading.markers.ironic",
    r"[\U0001f61c\U0001f61d\U0001f609\U0001f60f\U0001f643\U0001f92a]|(?:^|\s)[;:]-?[pP)](?=\s|$)",
    flags=re.I,
    means="",
    why="",
    examples="hi :)",
    non_examples="go ahead",
)

SARCASM_OPENER = rule(
    "reading.markers.sarcasm_opener",
    r"^\W*(?:oh\W+)?(?:yeah|yes|sure)\W+(?:sure|right|totally|absolutely|of course)\b"
    r"|^\W*oh\W+(?:sure|totally|absolutely|of course|definitely)\b"
    # "Ah yes, Marriott Bonvoy, the programme where …": recognising a thing named, often to mock it.
    r"|^\W*(?:ah|oh)\W+(?:yes|yeah|great|right)\W",
    flags=re.I,
    means="",
    why="",
    examples="Ah yes, Marriott Bonvoy, the programme where",
    non_examples="AH 61 20 58 A",
)

MOCK_WELCOME = rule(
    "reading.markers.mock_welcome",
    r"^\W*(?:an?|the|another)\s+[^.!?,\n]{1,40},\s*(?:lovely|great|brilliant|fantastic|wonderful|perfect|"
    r"marvellous|super|fab|fabulous|splendid|joy)\s*[.!]",
    flags=re.I,
    means=(
        'A thing named and welcomed with one word as the turn opens ("A 6am flight, lovely. I adore getting up at 3'
        ' …"): often a groan.'
    ),
    why="Asked.",
    examples="A 6am flight, lovely. I adore getting up at 3",
    non_examples="Gate B10, boarding at 6am.",
)

SHOUTED_LIKING = whole_words(
    "reading.markers.shouted_liking",
    r"LOVE|ADORE|LIVE FOR|CAN'T GET ENOUGH",
    flags=0,
    means="",
    why="",
    examples="oh yeah, I just LOVE middle seats, put me there every time 🙄",
    non_examples="I love Italian food",
)

SARCASTIC_LAST_WORD = rule(
    "reading.markers.sarcastic_last_word",
    r"(?:^|[.!?]\s+|,\s*)(?:obviously|clearly|naturally|of course|sure|totally|yeah right|as if)\W*$"
    # A one-word verdict closing the turn ("… fits beautifully into one tiny wheelie bag. Genius."): asked.
    r"|[.!?]\s+(?:genius|brilliant|marvellous|splendid|fabulous|wonderful|fantastic)\W*$"
    # … or two ("… all two words of it. Very helpful.").
    r"|[.!?]\s+(?:very|so|super|really|most|how)\s+(?:helpful|useful|convenient|handy|fun|clever|practical)\W*$"
    # … or a stock phrase of mock delight ("… four emails a day from Marriott. Living the dream.").
    r"|[.!?]\s+(?:living the dream|dream come true|what a treat|what a joy|can't wait|lucky me)\W*$",
    flags=re.I,
    means='A last word that turns the statement over ("… at the age of 45. Obviously.").',
    why="",
    examples=("at the age of 45. Obviously.", "fits beautifully into one tiny wheelie bag. Genius."),
    non_examples="I love the middle seat... jk obviously",
)

SARCASTIC_AFTER = rule(
    "reading.markers.sarcastic_after",
    r",\s*(?:sure|yeah|right)\W+because\b|\bbecause (?:i|we) (?:totally|obviously|clearly|so) "
    r"(?:want|love|enjoy|need|adore|like)\b|\b(?:brilliant|genius|great|fantastic|wonderful|lovely) "
    r"(?:idea|plan)\W*$",
    flags=re.I,
    means=(
        'Irony after the statement: a mock reason ("…, sure, because I totally want to climb over two strangers"), '
        'a mock verdict closing the turn ("brilliant idea.").'
    ),
    why="",
    examples=(", sure, because I totally want to climb over two strangers", "brilliant idea."),
    non_examples="Sure thing",
)

RHETORICAL = whole_words(
    "reading.markers.rhetorical",
    r"who (?:doesn'?t|does not|wouldn'?t) (?:love|like|enjoy|want)|what'?s not to (?:love|like)",
    means='A rhetorical question praising the thing ("who doesn\'t love a rail replacement bus at dawn").',
    why="",
    examples="who doesn't love a rail replacement bus at dawn",
    non_examples="Maybe one day I'll be vegetarian, who knows",
)

INDIFFERENT = whole_words(
    "reading.markers.indifferent",
    r"whatever(?=\s*(?:[,.!?;)]|$|(?:works|is fine|you (?:think|want|prefer|like|say)|gets)\b))|"
    # "I don't mind" on its own, or which one: not "I don't mind hostels" (they are fine too).
    r"(?<!\byou )(?:i )?(?:don'?t|do not) (?:really )?(?:care|mind)(?=\s*(?:[,.!?;]|$|(?:either|which|whichever)\b))|"
    r"(?:doesn'?t|does not|don'?t) (?:really )?matter|no (?:real |strong )?(?:preference|feelings)|"
    r"(?:can'?t|cannot|can not) (?:decide|choose|make up my mind)|"
    # "I don't know yet which airport I'll use": the very choice is open.
    r"(?:don'?t|do not) (?:really )?know (?:yet )?(?:which|where|what)|not sure (?:yet )?(?:which|where|what)|"
    # Undecided: "let me think about it", "I'll get back to you on that".
    r"let me (?:think|sleep on|check|get back)|(?:i'?ll|i will) get back to you|(?:haven'?t|have not) decided|"
    r"flip[- ]?flop\w*|either (?:way|is fine|one)|"
    # "you pick" as a clause of its own, not "every meal you pick for me" (a meal the assistant picks).
    r"(?:up|open) to you|"
    r"(?:(?<![^\W\d_]\s)|(?<=\bso\s)|(?<=\band\s)|(?<=\bjust\s)|(?<=\bthen\s)|(?<=\bor\s))"
    r"you (?:pick|choose|decide)(?=\s*(?:[,.!?;]|$|for me\b))",
    means='Anywhere in the turn: the user has no preference to keep ("window, aisle, whatever", "I can\'t decide").',
    why="",
    examples=("window, aisle, whatever", "I can't decide"),
    non_examples=("whatever city we pick", "whatever the airline calls it"),
)

NOT_FOR_REAL = whole_words(
    "reading.markers.not_for_real",
    r"please ignore|ignore this(?: message)?|just testing|test(?:ing)? (?:message|msg)|this is (?:just )?a test|"
    r"for example|example sentence|sample (?:text|message|sentence)|"
    # A game or a part to play: nothing in it is the user's.
    r"role-?play\w*|let'?s (?:play|pretend)|pretend (?:that|you|i|to)|a game where|in this game|"
    r"imagine (?:you'?re|i'?m|that)",
    means="The whole turn is not meant: a test, an example, a message to be ignored, wherever it says so.",
    why="",
    examples="roleplay_fiction",
    non_examples="xq",
)
