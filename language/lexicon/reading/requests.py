"""The records of :mod:`language.reading.requests`: how a user asks the assistant to remember or to forget, said
once for the write gate, the ``forget_memory`` tool and the offline model (see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.lexicon.reading.lasting import CAN_YOU
from language.lexicon.reading.markers import HESITATION
from language.rules import fragment, rule, whole_words, words

FORGET_VERBS = fragment(
    "reading.requests.forget_verbs",
    r"forget|delete|erase|remove|wipe|unlearn|un-?remember|stop remembering",
    means="The verbs of a request to forget: 'forget', 'delete', 'erase', 'remove', 'wipe', 'unlearn', "
    "'stop remembering'.",
    why="Said once: the write gate (a withdrawn mention), the forget tool (what the user asked for) and the "
    "offline model (which move a message is) all read a request to forget by these words, so 'wipe my diet' "
    "means the same to each of them.",
    examples=("wipe", "stop remembering", "un-remember"),
    non_examples=("clear", "forgot"),
)

REMEMBER_CUES = fragment(
    "reading.requests.remember_cues",
    r"remember|don't forget|dont forget|do not forget|note (?:that|down)|make a note|save (?:that|this)|"
    r"keep in mind|please note|take note",
    means="The words of an explicit request to remember: 'remember that …', 'don't forget …', 'note that …', "
    "'keep in mind …'.",
    why="Said once: the gate reads a request to remember by them, and so does the offline model's remember move.",
    examples=("remember", "don't forget", "keep in mind"),
    non_examples=("note", "save"),
)

REMEMBER_REQUEST = whole_words(
    "reading.requests.remember_request",
    REMEMBER_CUES,
    means="An explicit request to remember, anywhere in a message.",
    why="Where it stands is then checked: a subject of its own before it or a question word after it is not a "
    "request (see NOT_ASKING_BEFORE, NOT_ASKING_AFTER).",
    examples=("Please remember that I'm vegetarian", "don't forget I fly from Porto"),
    non_examples=("I remembered my passport", "a note for the driver"),
)

FORGET_REQUEST = rule(
    "reading.requests.forget_request",
    r"(?<!don't )(?<!dont )(?<!do not )\b(?:" + FORGET_VERBS + r")\b"
    r"(?!\s+(?:it|about it)\s*[?!.]*$)"
    # "long terminals wipe me out": tired, not a request.
    r"(?!\s+(?:me|us|him|her|them)\s+out\b)"
    # "I'll probably forget to mention it later": forgetting to do something is no request to forget a fact.
    r"(?!\s+to\b)"
    # "I always forget to tick the box", "before I forget": the user's own forgetting, not a request.
    r"(?<!\bi forget)(?<!\bwe forget)(?<!\balways forget)(?<!\bsometimes forget)(?<!\boften forget)",
    flags=re.I,
    means="A request to forget something the user said: 'forget my seat preference', 'please delete that I'm "
    "vegetarian', 'wipe my diet'.",
    why="A request about memory is the forget tool's business, never a statement of the preference it names; and "
    "it withdraws an earlier mention of that preference in the same conversation.",
    examples=("Forget my seat preference", "please wipe my diet"),
    non_examples=(
        "don't forget I'm vegan",
        "I always forget to tick the box",
        "forget it!",
        "long terminals wipe me out",
    ),
)

CUE_PREFIX = rule(
    "reading.requests.cue_prefix",
    rf"^\W*(?:(?:please|pls|and|also|oh|ok|okay|so|well|{HESITATION})[\s,.…]+)*"
    + CAN_YOU
    + r"(?:please\s+)?(?:do\s+)?(?:remember|don't forget|dont forget|do not forget|note(?: down)?|make a note(?: of)?|"
    r"save|keep in mind|take note(?: of)?)(?:\s+(?:that|this|of))?\b[\s:,-]*",
    flags=re.I,
    means="An explicit request to remember opening a clause: 'Could you remember that …', 'please note: …'.",
    why="Taken off the front before the clause is judged, so the request itself is not read as the statement.",
    examples=("Could you remember that I'm vegan", "um, please note: aisle seats"),
    non_examples=("I remember the aisle was narrow",),
)

NOT_ASKING_BEFORE = rule(
    "reading.requests.not_asking_before",
    r"\b(?:i|we|i'll|we'll|you'll|do|did|does|don't|can't|cannot|couldn't|didn't|never|if)\b\W*(?:\w+\W*)?$"
    # "show me what you remember", "clear everything you remember", "I don't want you to remember my diet"
    r"|\b(?:what|everything|anything|all|whatever|things?)\s+you(?:'ve|\s+have)?\s*$"
    r"|\b(?:don't|do not|never)\s+(?:want|need)\s+you\s+to\s*$",
    flags=re.I,
    means="What stands just before a cue word when it is no request: a subject or auxiliary of its own ('do you', "
    "'I can't', 'if I'), or 'what you', 'I don't want you to'.",
    why="'Do you remember', 'I can't remember' and 'if I remember correctly' ask nothing of the assistant; "
    "'could you remember' and 'I'd like you to remember' do.",
    examples=("do you ", "I can't ", "show me what you "),
    non_examples=("Could you please ", "I'd like you to "),
)

NOT_ASKING_AFTER = rule(
    "reading.requests.not_asking_after",
    r"\W*(?:when|what|where|which|who|whether|how|why|if)\b",
    flags=re.I,
    means="A question word right after the cue: 'remember when …', 'remember what I said'.",
    why="Reminiscing or asking, not a request to keep anything.",
    examples=(" when we flew to Rome?", " what I said"),
    non_examples=(" that I'm vegan",),
)

POINTS_BACK = rule(
    "reading.requests.points_back",
    r"\b(?:there|that|it)\b",
    flags=re.I,
    means="A word pointing back at a place named earlier in the sentence: 'there', 'that', 'it'.",
    why="'I'm in Lisbon, so all my flights start there': a clause with no airport of its own reads the one its "
    "sentence named, when the rest of it points back.",
    examples=("so all my flights start there",),
    non_examples=("so all my flights start early",),
)

EVERYTHING = rule(
    "reading.requests.everything",
    r"\b(?:everything|all (?:of )?(?:it|that|this|my data|about me|my (?:preferences|memories|facts|details|info))|"
    r"all you (?:know|remember|have)|whatever you (?:know|remember)|what you (?:know|remember) about me|"
    r"all (?:your )?memories)\b",
    flags=re.I,
    means="A request's object that is everything held: 'everything', 'all my data', 'all you know', 'whatever you "
    "remember'.",
    why="Forgetting everything withdraws every mention and asks the forget tool for all of it.",
    examples=("forget everything", "delete all my data", "wipe whatever you remember"),
    non_examples=("forget my seat", "all flights to Porto"),
)

ASK_TO_FORGET = rule(
    "reading.requests.ask_to_forget",
    r"\b(?:" + FORGET_VERBS + r"|clear|reset|don'?t remember)\b"
    r"|\b(?:drop|take|strike|scrap)\b[^.?!]{0,40}\b(?:from|out of) (?:your )?memory\b"
    r"|\b(?:don'?t|do not) (?:want|need) you to (?:remember|keep|know)\b",
    flags=re.I,
    means="Any asking to forget, as the forget tool reads the message before a 'yes': the forget verbs, "
    "'clear', 'reset', 'drop it from your memory', 'I don't want you to remember'.",
    why="The tool deletes only what the user's previous message asked for; a wide reading here only lets the "
    "user be understood, since the deletion still needs their confirmation and a named target.",
    examples=("Clear my seat preference", "drop the diet from your memory"),
    non_examples=("I prefer the aisle",),
)

CONFIRMS = rule(
    "reading.requests.confirms",
    r"^\s*(?:\U0001f44d|\U0001f44c)|^\W*(?:y|ya|yes+|yep|yeah|yup|sure|ok|okay|confirm(?:ed)?|go ahead|do it|"
    r"please do|correct|absolutely|affirmative|sounds good)\b"
    r"(?![\w\s,]*\b(?:but|not|don'?t|wait)\b)",
    flags=re.I,
    means="A plain yes opening the message: 'yes', 'ok', 'go ahead', a thumbs up.",
    why="The forget tool deletes only after the user confirms; a yes with a 'but', 'not' or 'wait' after it is no "
    "confirmation.",
    examples=("yes", "Go ahead", "👍"),
    non_examples=("yes but not the diet", "no", "wait"),
)

TYPE_NAMES: dict[str, str] = words(
    "reading.requests.type_names",
    {
        "seat": "seat",
        "seats": "seat",
        "diet": "dietary",
        "dietary": "dietary",
        "food": "dietary",
        "meal": "dietary",
        "meals": "dietary",
        "allergy": "dietary",
        "allergies": "dietary",
        "home airport": "home_airport",
        "airport": "home_airport",
        "where i fly from": "home_airport",
        "loyalty": "loyalty",
        "frequent flyer": "loyalty",
        "membership": "loyalty",
        "programme": "loyalty",
        "programmes": "loyalty",
        "program": "loyalty",
        "programs": "loyalty",
        "miles": "loyalty",
        "points": "loyalty",
        "accessibility": "accessibility",
        "assistance": "accessibility",
        "wheelchair": "accessibility",
        "language": "language",
        "travel style": "travel_style",
        "style": "travel_style",
        "flight time": "flight_times",
        "flight times": "flight_times",
        "times": "flight_times",
        "time": "flight_times",
    },
    means="How people name a kind of fact when they ask to forget it: 'my diet', 'my seat', 'where I fly from', "
    "'my miles'.",
    why="Said once for the write gate (a mention withdrawn by 'forget my diet') and the forget tool (what the user "
    "asked to forget); a fact's value and its label are read beside these.",
    examples=("forget my diet", "delete where I fly from"),
    non_examples=("forget that I'm vegan",),
)
