"""The records of :mod:`language.dates`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import calendar
import re

from language.rules import fragment, rule, words

_MONTHS = words(
    "dates.months",
    {
        **{name.lower(): i for i, name in enumerate(calendar.month_name) if name},
        **{name.lower(): i for i, name in enumerate(calendar.month_abbr) if name},
    },
    means="",
    why="",
    examples=("14 December", "Dec 14"),
    non_examples=("the 14th",),
)

_WEEKDAYS = words(
    "dates.weekdays",
    {name.lower(): i for i, name in enumerate(calendar.day_name)},
    means="",
    why="",
    examples="on Friday",
    non_examples=("the 14th", "14 December"),
)

_MONTH_RE = fragment(
    "dates.month_re",
    "|".join(sorted(_MONTHS, key=len, reverse=True)),
    means="",
    why="",
    examples=("December", "Dec"),
    non_examples="always",
)

_ISO = rule(
    "dates.iso",
    r"\b(\d{4})-(\d{2})-(\d{2})\b",
    means="",
    why="",
    examples="2026-11-16",
    non_examples=("the 14th", "14 December"),
)

_DAY_MONTH = rule(
    "dates.day_month",
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?(?:\s+of)?\s+({_MONTH_RE})\b\.?",
    flags=re.I,
    means="",
    why="",
    examples="14 December",
    non_examples=("the 14th", "Dec 14"),
)

_MONTH_DAY = rule(
    "dates.month_day",
    rf"\b({_MONTH_RE})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b",
    flags=re.I,
    means="",
    why="",
    examples="Dec 14",
    non_examples=("the 14th", "14 December"),
)

_THE_NTH = rule(
    "dates.the_nth",
    r"\b(?:the\s+)(\d{1,2})(?:st|nd|rd|th)\b",
    flags=re.I,
    means="",
    why="",
    examples="the 14th",
    non_examples=("14 December", "Dec 14"),
)

_BARE_NTH = rule(
    "dates.bare_nth",
    r"\bon\s+(\d{1,2})(?:st|nd|rd|th)\b",
    flags=re.I,
    means="",
    why="",
    examples="hmm on 2nd thought window. i just sleep the whole flight anyway",
    non_examples=("the 14th", "14 December"),
)

_WEEKDAY = rule(
    "dates.weekday",
    r"\b(?:on\s+|next\s+|this\s+)?(" + "|".join(_WEEKDAYS) + r")\b",
    flags=re.I,
    means="",
    why="",
    examples="on Friday",
    non_examples=("the 14th", "14 December"),
)
