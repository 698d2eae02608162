"""The words the offline model reads a message's stance by (``demo.cues``): what the user asks it to remember or
forget, a yes or a no, a greeting or thanks, a question about what it remembers, and the words that make a
statement a lasting preference. Each pattern reads :func:`demo.wording.plain` text.

Its records are kept as data in memory_words.yaml beside this module (see :mod:`language.lexicon`).
"""

from __future__ import annotations

from language import lexicon

(
    REMEMBER,
    STANCE,
    TOPIC,
    SELF,
    FIRST_PERSON,
    FORGET,
    DONT_FORGET,
    YES,
    NO,
    HELLO,
    THANKS,
    RECALL,
    DURABLE,
    PREFERS,
    STANDING,
) = lexicon.rules(
    "offline.memory_words",
    "remember",
    "stance",
    "topic",
    "self",
    "first_person",
    "forget",
    "dont_forget",
    "yes",
    "no",
    "hello",
    "thanks",
    "recall",
    "durable",
    "prefers",
    "standing",
)
HELD = lexicon.fragment("offline.memory_words.held")
