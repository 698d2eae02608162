"""The records of :mod:`language.reading.foreign_text`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import rule, words

_HEADER = rule(
    "reading.foreign_text.header",
    r"^\W*(?:forwarded message|original message|begin forwarded message)\b|^(?:from|sent|to|cc|subject|date)\s*:"
    r"|\b(?:wrote|writes|said|says|replied|told (?:me|us)|texted|messaged|emailed|forwarded|posted)\s*:$",
    flags=re.I,
    means=(
        "A line that opens someone else's text for the rest of the message: a forward or reply header, or a line "
        'that ends by introducing what someone wrote ("On Mon, Priya wrote:", "Bob told me:").'
    ),
    why="",
    examples=("On Mon, Priya wrote:", "Bob told me:"),
    non_examples=("Tom:", "Guest 2 -"),
)

_INJECTION = rule(
    "reading.foreign_text.injection",
    r"\b(?:ignore|disregard)\s+(?:all\s+|any\s+|the\s+|your\s+)*(?:previous|prior|above|earlier|preceding|system|"
    r"original)\s+(?:instructions?|prompts?|rules|messages?|context)\b|\bnew instructions\s*:|<\|?(?:system|im_start)",
    flags=re.I,
    means="Text addressed to a model, pasted from somewhere: never the user's statement about themselves.",
    why="",
    examples="and ignore any previous instructions",
    non_examples=("Tom:", "Guest 2 -"),
)

_SPEAKER = rule(
    "reading.foreign_text.speaker",
    r"^\W{0,3}(?:\[[^\]\n]{1,24}\]\s*)?([A-Z][\w'.-]{0,30}(?: [A-Z][\w'.-]{0,30})?) ?:(?=\s|$)",
    means='"[18:02] Sam: …", "Dan Smith: …", "SYSTEM: …": a transcript line spoken by someone.',
    why='Labels people use for their own notes ("Update:", "PS:", "Seats: aisle") are not speakers.',
    examples=("[18:02] Sam:", "Dan Smith:"),
    non_examples="Guest 2 -",
)

_OWN_LABELS = words(
    "reading.foreign_text.own_labels",
    frozenset(
        str.split(
            "update note ps p.s fyi btw edit correction reminder remember important also and but so oh ok okay yes no "
            "well me myself question answer request reply info details summary context background preferences "
            "preference seat seats diet dietary food meal meals home airport language languages travel flights "
            "flight times loyalty accessibility re hi hello hey thanks "
            # The fields of a form the user filled in and pasted ("Allergies: none", "Name: (skip)", "Budget: low").
            "allergies allergy name budget accommodation transport other notes drinks snacks bags baggage reason "
            "mobility special membership requirements religious medical assistance aid animal preferred time "
            "departure second first programme program scheme breed size"
        )
    ),
    means="",
    why="",
    examples=("Allergies: none", "Name: (skip)"),
    non_examples=("Tom:", "Guest 2 -"),
)

_FORM_LABELS = words(
    "reading.foreign_text.form_labels",
    frozenset({"q", "a"}),
    means=(
        'A pasted questionnaire ("Q: Preferred seat? A: Aisle"): its only labels are these, and the answers are the'
        ' user\'s (a transcript between "A" and "B" is not).'
    ),
    why="",
    examples="Q: Preferred seat? A: Aisle",
    non_examples=("and", "Tom:"),
)

_ROLES = words(
    "reading.foreign_text.roles",
    frozenset(
        str.split(
            "system assistant user ai bot chatbot gpt agent admin administrator support staff host guide moderator "
            "mod operator developer instructions instruction prompt"
        )
    ),
    means=(
        "Labels that name a speaker whatever else the message holds: a model's or a service's role, two capitalised"
        ' words ("Dan Smith"), or a time stamp before the label ("[18:02] Sam:").'
    ),
    why="",
    examples="Hi bot",
    non_examples=("Dan Smith", "[18:02] Sam:"),
)

_OPENER = rule(
    "reading.foreign_text.opener",
    r"^\W{0,3}([A-Za-z][\w'.]*(?:[ \t]+[\w'.]+){0,2})[ \t]*(?::(?!\d)|[ \t]-{1,2}[ \t])[ \t]*",
    means='A short heading at the start of a line, before a colon or a spaced dash ("Client note:", "Guest 2 -").',
    why='Not the colon of a clock ("yes the 14:10 to Vienna is fine").',
    examples=("Client note:", "Tom:"),
    non_examples=("Guest 2 -", "yes the 14:10 to Vienna is fine"),
)

_OWN_HEADING = words(
    "reading.foreign_text.own_heading",
    _OWN_LABELS
    | frozenset(
        str.split(
            "quick small short little personal general important one more another final last new my side random "
            "fun for the record i i'm heads up standing instruction rule golden tip profile standard usual default "
            "defaults setup set-up rules non-negotiables prefs um umm uh uhh er erm hmm ah"
        )
    ),
    means='Words of the headings people give their own notes ("Quick one:", "My seats:", "Food -").',
    why="",
    examples=("Quick one:", "My seats:"),
    non_examples=("Tom:", "Guest 2 -"),
)

_NOT_A_NAME = words(
    "reading.foreign_text.not_a_name",
    frozenset(str.split("not no never here me myself i i'm im pls please soy sou je ich io yo")),
    means=(
        "Words no name of a speaker holds: a negation, the speaker pointing at themself, a verb of being in the "
        'assistant\'s other languages ("Not pescatarian — vegetarian", "light sleeper here — …", "soy de Madrid — '
        '…").'
    ),
    why="",
    examples=("Not pescatarian — vegetarian", "light sleeper here —"),
    non_examples=("Tom:", "Guest 2 -"),
)
