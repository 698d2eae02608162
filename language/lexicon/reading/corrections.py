"""The records of :mod:`language.reading.corrections`: how people correct themselves, inside a message or in the
next one (see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import rule

REPAIR = rule(
    "reading.corrections.repair",
    r"\b(?:no,?\s*wait|wait,?\s*no|(?<!can't )(?<!cannot )(?<!to )wait|sorry|i\s+mean|"
    r"i\s+meant(?:\s+to\s+(?:say|write|type))?|correction|or\s+rather|make\s+(?:that|it)|scratch\s+that|"
    r"strike\s+that|scrub\s+that|i\s+should\s+(?:say|have\s+(?:said|written|put|typed))|let\s+me\s+rephrase|"
    r"what\s+am\s+i\s+saying|oops|actually|on\s+(?:second\s+thoughts?|reflection)|come\s+to\s+think\s+of\s+it|"
    r"(?:i\s+)?beg\s+your\s+pardon|i\s+tell\s+a\s+lie|my\s+(?:mistake|bad)|typo|amend(?:ed)?\s+(?:it\s+|that\s+)?to|"
    r"change\s+(?:that|it)\s+to|that'?s\s+wrong|(?:it\s+|that\s+)?came\s+out\s+wrong|i\s+misspoke|mis-?typed|"
    r"in\s+error|nvm|never\s*mind|hang\s+on|hold\s+on|correct(?:ed|ing)?\s+(?:myself|that)|"
    r"ignore\s+(?:that|the\s+last)|ugh|um+|er+m?|hmm+|i\s+stand\s+corrected|fat\s+thumbs?|autocorrect|"
    # Apologies and second thoughts, in English and as people write them in their own language.
    r"pardon|excuse\s+me|forgive\s+me|(?:my\s+)?apologies|scusi|scusa|perd[oó]n|lo\s+siento|d[ée]sol[ée]e?|"
    r"desculp[ae]|entschuldigung|one\s+(?:minute|moment|sec(?:ond)?)|let\s+me\s+think|thinking\s+(?:about\s+it|more)|"
    r"i'?m\s+lying|i\s+lie|lol\s+no|haha\s+no|edit|mix-?up|mixed\s+(?:it\s+)?up|"
    r"confus(?:ed|ing)(?:\s+myself)?|wrong\s+(?:one|word|thing|way\s+round)|(?:let\s+me\s+)?fix\s+that|"
    r"(?:please\s+)?(?:correct|update|modify|change)\s+(?:it\s+|that\s+|this\s+)?to|read\s+it\s+as|"
    r"the\s+right\s+(?:one|word|answer)\s+is|is\s+the\s+right\s+one|i\s+wrote\s+it\s+wrong)\b"
    # A bare "no" (or "well") repairs only as a word of its own between the two values: "JFK no Newark", "aisle,
    # well, window", not "no meat", "no I will not go there" or "as well".
    r"|\b(?:no|nope|nah)\b(?=\s*(?:[,.!…—–-]|$))|(?:^|[,.…—–-])\s*well\b"
    r"|\*|->|→",
    flags=re.I,
    means="Words a person repairs what they just said with: 'no wait', 'sorry, I mean', 'or rather', 'make that', "
    "'scratch that', 'I should say', 'typo', an asterisk, a 'no' on its own.",
    why="Between two values of one kind of fact, they say the second replaces the first: 'window, no wait, the "
    "aisle' keeps the aisle, never the window. Read only between two values, where they cannot be anything else.",
    examples=(" — no wait, the ", "… sorry, I mean ", ", or rather ", " *", " no "),
    non_examples=(" and ", " but also the ", ", ", " rather than ", " as well as ", " no I will not go to "),
)

REPAIR_AFTER = rule(
    "reading.corrections.repair_after",
    # No "^": the rule is matched at a position (after the value), where "^" would never hold.
    r"(?:\W*(?:really|actually|instead|if\s+i'?m\s+(?:honest|being\s+honest)|to\s+be\s+honest|"
    r"come\s+to\s+think\s+of\s+it|on\s+(?:second\s+thoughts?|reflection)|strictly(?:\s+speaking)?|"
    r"i\s+should\s+(?:say|have\s+said)|i\s+mean|is\s+the\s+real\s+(?:one|thing|answer)|\*+)(?!\w))+",
    flags=re.I,
    means="Words right after a value that make it the corrected one: 'window really', 'aisle, come to think of "
    "it', 'vegan, strictly', 'vegan**'.",
    why="A correction is often marked after the new value rather than before it.",
    examples=(" really, if I'm honest", ", come to think of it", "**"),
    non_examples=(" seats please", ", always"),
)

POINTS_BACK = rule(
    "reading.corrections.points_back",
    # "earlier" and "before" as a time back in the chat, not "an earlier flight" or "before noon".
    r"\b(?:(?:earlier|above|before)(?=\s*(?:[,.:;!?)—–-]|$|in\s+the\s+chat|today|when))|previous(?:ly|\s+message)?|last\s+message|my\s+last|i\s+(?:said|wrote|put|typed)|"
    r"(?:that|this)\s+(?:was|is)\s+(?:wrong|a\s+mistake|incorrect))\b",
    flags=re.I,
    means="A later message pointing back at what the user said before: 'earlier', 'above', 'my last message', "
    "'I said', 'that was wrong'.",
    why="With a repair word, it makes the later message a correction of the earlier one in the same chat.",
    examples=("I misspoke earlier", "typo above", "my previous message was in error"),
    non_examples=("I'd like an earlier flight",),
)

BARE = rule(
    "reading.corrections.bare",
    r"[\s,;:.!?…\-–—/*()\"'~]*",
    means="Nothing but punctuation between two values: 'Window — exit row', 'JFK… Newark', 'vegetarian. Vegan.'",
    why="Two values of one kind set side by side, the second replacing the first, is how people repair in speech "
    "and in quick typing.",
    examples=(" — ", "... ", ". "),
    non_examples=(" and ", " or "),
    test="whole",
)

DASHED = rule(
    "reading.corrections.dashed",
    r"[-–—…*]|\.\.",
    means="A dash, an ellipsis or an asterisk between two values.",
    why="Where a kind of fact holds several values, a comma lists them ('halal, nut allergy') but a dash or an "
    "ellipsis replaces one with the next ('vegetarian — vegan').",
    examples=(" — ", "... "),
    non_examples=(", ",),
)

STRUCK = rule(
    "reading.corrections.struck",
    r"~~(?P<tilde>.+?)~~|<(?P<tag>del|s|strike)>(?P<inner>.*?)</(?P=tag)>",
    flags=re.I | re.S,
    means="Text struck through in Markdown or HTML: '~~window~~', '<del>gluten-free</del>', '<s>O'Hare</s>'.",
    why="What the user struck through is what they took back; the value after it is their word.",
    examples=("~~window~~ aisle", "<del>gluten-free</del> lactose-free"),
    non_examples=("~window~", "<b>aisle</b>"),
)

WORD = rule(
    "reading.corrections.word",
    r"[^\W_]+(?:'[^\W_]+)?",
    means="A word, for counting how many stand beside a value.",
    why="A value with at most a few words beside it in its clause is a fragment: the repair of a statement, not a "
    "statement of its own.",
    examples=("aisle", "I'm"),
    non_examples=(" — ", "..."),
)

SENTENCE_END = rule(
    "reading.corrections.sentence_end",
    r"[.!?\n]",
    means="The end of a sentence between two values.",
    why="Across a sentence's end, two values side by side repair only when the second is the whole new sentence "
    "('nuts. Shellfish!'): 'FRA. MUC occasionally' is a second statement.",
    examples=("aisle. Window", "nuts! Shellfish"),
    non_examples=("aisle — window",),
)

ACCEPTED_ONLY = rule(
    "reading.corrections.accepted_only",
    r"\W*(?:(?:is|are|'s|'re)\s+(?:fine|ok(?:ay)?|alright|all\s+right|good\s+enough)|will\s+do|works)\b",
    flags=re.I,
    means="A value said only to be acceptable, right after it: 'English is fine', 'aisle will do', 'economy works'.",
    why="After a correction ('French please. Never mind, English is fine'), acceptance is the user dropping the "
    "preference, not stating a new one.",
    examples=(" is fine", "'s ok", " will do"),
    non_examples=(" is my favourite", " every time"),
)
