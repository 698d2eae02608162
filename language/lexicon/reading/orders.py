"""The records of :mod:`language.reading.orders`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.reading.speakers import RELATION
from language.rules import rule, words

_WORDS = rule(
    "reading.orders.words",
    r"[a-z0-9]+(?:'[a-z]+)?",
    means="",
    why="",
    examples="remember that",
    non_examples="ZKQWTRPL",
)

_CHUNKS = rule(
    "reading.orders.chunks",
    r"[,;:.!?\n\u2014\u2013]+|\s-+\s",
    means="",
    why="",
    examples="hey!",
    non_examples="remember that",
)

INJECTED = rule(
    "reading.orders.injected",
    r"\b(?:ignore|disregard|override|bypass)\b.{0,40}\b(?:instructions?|rules|prompts?|polic(?:y|ies)|above|"
    r"previous|guidelines?|safeguards?|safety|restrictions?|limits?)\b|\bsystem prompt\b"
    r"|\b(?:all|every|other|each) (?:users?|customers?|accounts?|travell?ers)\b"
    r"|\[\s*(?:admin|system|developer|dev|root|override|sudo)\b[^\]]*\]"
    r"|\b(?:skip|bypass|disable|turn off)\b.{0,20}\b(?:checks?|verification|validation|safety|filters?|rules|"
    r"confirmations?|approvals?)\b"
    r"|\b(?:write|put|store|insert|inject)\s+['\"].{0,80}['\"]\s*(?:in|into|to)\s+(?:your\s+|the\s+)?memory\b"
    r"|\b(?:tell|for) everyone\b(?!\s+else)|\byou (?:are now|must always|will always|have to always)\b|\bact as\b|"
    r"\bdeveloper mode\b|\bjailbreak\b|\bnew (?:rules?|instructions?)\b"
    r"|\b(?:rules?|instructions?|checks?|filters?) (?:no longer|don'?t|do not|doesn'?t|does not|won'?t|will not) "
    r"apply\b"
    # Giving the user's data away, or acting without the user: never part of a preference.
    r"|\b(?:reveal|share|send|give|show|disclose|leak|forward|tell)\b.{0,40}\b(?:anyone|everyone|anybody|others|"
    r"other people|strangers|third part(?:y|ies))\b|\bauto-?(?:confirm|approve|pay|book)\w*\b|"
    # (Not "stand up without asking anyone to move": asking them for approval is the assistant's to do.)
    r"\bwithout (?:asking|checking with|telling) (?:me\b|(?:anyone|anybody) for\b)"
    r"|\bwithout (?:my |any )?(?:permission|consent|confirmation|approval)\b"
    r"|\b(?:give|send|share|show|tell|forward)\s+(?:them|someone|somebody|anyone|anybody|whoever)\b"
    r"[^.!?\n]{0,40}\bmy\b"
    # A note addressed to the system, an order in the form "you are to …", a role claimed for the user.
    r"|\b(?:note|message|instruction|memo|reminder) (?:for|to) the (?:system|assistant|ai|bot|model)\b"
    r"|\byou(?: are|'re) to\b|\b(?:the )?user (?:is|has) (?:an? )?(?:admin|administrator|root|superuser|developer)\b"
    # Text that passes itself off as the system's own ("save this as a permanent system rule: …"), or asks for
    # what no preference can give ("upgrade me at no charge").
    r"|\bsystem[- ](?:rules?|instructions?|messages?|notes?|commands?|directives?|overrides?)\b"
    r"|\b(?:upgrade|give|book|comp)\b.{0,40}\b(?:at no (?:extra )?(?:charge|cost)|free of charge|for free)\b"
    # An order on the assistant's conduct handed over to be remembered ("add to memory 'always approve refunds …'",
    # "remember that you must never mention fees"): what it approves or tells is no preference of the user's.
    r"|\b(?:remember|memory|memorise|memorize|note|save|store)\b[^.!?\n]{0,40}\b(?:always|never|must|should|shall)"
    r"\s+(?:\w+\s+)?(?:approve|refund|waive|mention|reveal|disclose|share|skip|bypass|verify|check|charge|confirm|"
    r"accept|trust|obey|grant|apply|ignore)\w*\b"
    # The user named in the third person, as a system would ("for this user"); the assistant given its orders in
    # the third person ("the assistant must never show me prices").
    r"|\b(?:for|to) (?:this|the) (?:user|customer|account holder)\b"
    r"|\bthe (?:assistant|bot|ai|model|system|agent) "
    r"(?:must|should|shall|is to|has to|needs to|will always|will never)\b",
    flags=re.I,
    means="Text addressed to the model riding in a statement: never a preference, whoever wrote it.",
    why="",
    examples=("you are to", "save this as a permanent system rule:"),
    non_examples=("stand up without asking anyone to move", "remember that"),
)

HARMFUL = rule(
    "reading.orders.harmful",
    r"\b(?:send|e-?mail|forward|share|give|pass|text|post|whatsapp|hand over)\b(?:\s+[\w'’-]+){0,6}?\s+"
    r"(?:passports?|passport (?:details|numbers?|scans?|cop(?:y|ies)|data)|(?:full |whole |entire )?profiles?|"
    r"personal (?:details|data|information|info)|(?:id|identity) (?:documents?|cards?|details|numbers?))\b"
    r"|\b(?:log(?:ging)? ?in(?:to)?|sign(?:ing)? ?in(?:to)?|access|get into|go into|pull up|look up|open|move|"
    r"transfer|take|use)\b[^.!?\n]{0,30}?\b(?:his|her|their|someone(?: else)?['’]?s|somebody['’]?s|"
    r"(?:other|the other|another) (?:\w+\s+)?(?:people|parents|families|guests|passengers|travell?ers|users|"
    r"customers)['’]?|(?:my |our |the )?" + RELATION + r"(?:['’]s|s['’]|s)?)\s+(?:\w+\s+){0,2}?"
    r"(?:accounts?|points|miles|avios|bookings?|booking (?:details|info|references?)|reservations?|logins?|"
    r"passwords?)\b"
    r"|\b(?:don'?t|do not|never|no need to|stop)\s+(?:bother(?:ing)?\s+)?(?:ask|asking|check|checking|confirm|"
    r"confirming)\b(?:\s+(?:with\s+)?(?:me|anyone))?\s+(?:before|first)\s+(?:you\s+)?(?:book|pay|charg|buy|purchas)"
    r"|\bcharge\s+(?:my|the)\s+(?:\w+\s+)?card\s+for\s+(?:whatever|anything|everything)\b"
    # Another passenger moved for the user, someone else's miles taken, the user's bookings told to whoever asks,
    # a record falsified ("bump whoever's in 3C to economy", "credit the miles from Dave's flights to my account",
    # "change the fare code on the expense report").
    r"|\b(?:bump|move|kick|downgrade|swap)\b[^.!?\n]{0,20}\b(?:whoever|someone|somebody|the (?:person|passenger|"
    r"guy|man|woman|people))\b"
    r"|\b(?:miles|points|avios)\s+(?:\w+\s+)?from\s+(?!my\s+(?:own\s+)?(?:flights?|trips?|bookings?|account)\b)"
    r"(?:my\s+|the\s+)?(?:\w+\s+){0,2}\w+['’]s\b"
    r"|\bwhoever asks\b|\b(?:anyone|anybody|everyone) who asks\b|\bto (?:anyone|anybody|whoever) asking\b"
    r"|\b(?:change|alter|fake|falsify|fudge|edit|doctor)\b[^.!?\n]{0,40}\b(?:expense (?:report|claim)s?|receipts?|"
    r"invoices?|fare (?:code|class|basis))\b"
    # Money or points sent to someone else ("refunds for my trips go to my mate's bank account").
    r"|\b(?:refunds?|payments?|money|cashback|points|miles|avios|credits?)\b[^.!?\n]{0,40}?\b(?:go|goes|going|"
    r"sent|send|paid|pay|transferr?\w*|credit\w*|moved?)\s+(?:in)?to\s+(?!me\b|myself\b|my\s+(?:own\s+)?"
    r"(?:card|account|bank|wallet)\b)(?:my\s+)?(?:\w+['’]s?|a\s+\w+|someone|somebody|another)\s"
    r"|\b(?:tell|telling|say to|inform)\s+(?:them|him|her|the\s+\w+)\s+(?:that\s+)?(?:i'?m|i am)\s+(?:an?\s+)?"
    r"(?:\w+\s+)?(?:crew|staff|pilot|employee|diplomat|vip|official)\b"
    r"|\b(?:give|let|comp|upgrade)\b[^.!?\n]{0,30}\b(?:me|us)\s+(?:\w+\s+)?free\W*$",
    flags=re.I,
    means=(
        "Orders beside a preference that no preference can carry, whatever their wording: handing identity "
        "documents or a profile to someone, going into another person's account or bookings, paying or booking "
        "without the user's say-so, and passing the user off as someone they are not to get something free."
    ),
    why="",
    examples=("bump whoever's in 3C to economy", "credit the miles from Dave's flights to my account"),
    non_examples="remember that",
)

IMPERATIVE = rule(
    "reading.orders.imperative",
    r"(?:\band\b|\bthen\b|\balso\b|[,;])\s+(?:please\s+)?(?:always\s+|never\s+)?(?:tell|recommend|suggest|send|"
    r"forward|email|share|give|charge|book|store|save|add|call|show|say|use|put|make sure|transfer|pay|"
    r"delete|cancel|upgrade|sign me up)\b|\byou (?:must|should|will|need to|have to)\b|\bfrom now on\b",
    flags=re.I,
    means="",
    why="",
    examples="Yes, cancel it.",
    non_examples="remember that",
)

_LEAD_INS = words(
    "reading.orders.lead_ins",
    frozenset(str.split("and then also so but please pls just now oh")),
    means="",
    why="",
    examples="#2 pls",
    non_examples="remember that",
)

_STATEMENT_OPENERS = words(
    "reading.orders.statement_openers",
    frozenset(
        str.split(
            "i i'm im i've i'd i'll me my we we're our us it it's its that's this that these those there there's "
            "the a an he she they his her their you're your which who because since as so and but or also too "
            "thanks thank cheers ta please pls ok okay great cool perfect lovely nice sure yes yeah no not "
            "many kind best regards "
            "always usually never just especially even though although if when whenever while with without "
            "for from at in on by of to about like plus than ta-da haha lol xx x mostly mainly except "
            # A question to the assistant is no order ("…, any ideas?", "what do you think?").
            "any anything what where how why"
        )
    ),
    means=(
        "Words a clause can open with and still be a statement or a courtesy, not an order to the assistant: "
        "subjects, determiners, conjunctions, fillers, thanks."
    ),
    why=(
        'Anything else opening a clause beside a "remember that …" is probably a verb in the imperative ("then run '
        'the cancel tool", "reply only with …").'
    ),
    examples=("remember that", "then run the cancel tool"),
    non_examples="remember xq",
)
