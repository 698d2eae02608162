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
    means='The months by name and by three-letter abbreviation, each to its number ("December", "Dec" → 12).',
    why=(
        'A date said with its month ("14 December", "Dec 14") takes its month number from here; the same names '
        "make up dates.month_re. Only whole words count, so a word that starts like a month is none."
    ),
    examples=("fly out 14 December", "back Dec 14"),
    non_examples=("a decent hotel in Marseille",),
)

_WEEKDAYS = words(
    "dates.weekdays",
    {name.lower(): i for i, name in enumerate(calendar.day_name)},
    means="The days of the week by their full names, each to its number from Monday (0) to Sunday (6).",
    why=(
        'A weekday said as the travel date ("on Friday") is counted forward from today; dates.weekday is built '
        "from these names."
    ),
    examples=("on Friday", "next Tuesday"),
    non_examples=("Sat or Sun", "any weekend"),
)

_MONTH_RE = fragment(
    "dates.month_re",
    "|".join(sorted(_MONTHS, key=len, reverse=True)),
    means='Any month name or abbreviation of dates.months, longest first, so "December" is taken whole.',
    why=(
        'The month part of dates.day_month and dates.month_day. "Sept" is not among them: the abbreviations are '
        "the calendar's three letters."
    ),
    examples=("December", "Dec"),
    non_examples=("Sept", "Decem"),
)

_ISO = rule(
    "dates.iso",
    r"\b(\d{4})-(\d{2})-(\d{2})\b",
    means='A date written year-month-day with a two-digit month and day: "2026-11-16".',
    why=(
        "Read before any other form and taken as written, year included; an impossible one (2026-02-30) gives no "
        "date at all rather than a guess."
    ),
    examples=("2026-11-16", "leaving 2026-11-16, back a week later"),
    non_examples=("2026-11-6", "16/11/2026"),
)

_DAY_MONTH = rule(
    "dates.day_month",
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?(?:\s+of)?\s+({_MONTH_RE})\b\.?",
    flags=re.I,
    means='A day, then its month: "14 December", "3rd of March", "14 Dec.".',
    why="Resolved to the first such date on or after today: this year's, else next year's.",
    examples=("fly out 14 December", "the 3rd of March"),
    non_examples=("December 14", "2 maybe 3 bags"),
)

_MONTH_DAY = rule(
    "dates.month_day",
    rf"\b({_MONTH_RE})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b",
    flags=re.I,
    means='A month, then its day: "Dec 14", "March 3rd", "Dec. 14".',
    why=(
        'Resolved like dates.day_month; a year after the month is no day, so "December 2026" is not the 20th.'
    ),
    examples=("back Dec 14", "March 3rd"),
    non_examples=("14 December", "December 2026"),
)

_THE_NTH = rule(
    "dates.the_nth",
    r"\b(?:the\s+)(\d{1,2})(?:st|nd|rd|th)\b",
    flags=re.I,
    means='A day of the month named alone after "the": "the 14th", "the 2nd".',
    why="Resolved to the next such day on or after today, this month or the next.",
    examples=("the 14th", "can I fly on the 2nd?"),
    non_examples=("the 14:05 flight", "my 14th trip this year"),
)

_BARE_NTH = rule(
    "dates.bare_nth",
    r"\bon\s+(\d{1,2})(?:st|nd|rd|th)\b",
    flags=re.I,
    means='A day of the month named alone after "on", without "the": "on 14th", "back on 2nd".',
    why='Read as dates.the_nth is, when that finds nothing. It also takes "on 2nd thought" for the 2nd.',
    examples=("fly out on 14th", "back on 2nd"),
    non_examples=("on the 14th", "on 14 December"),
)

_WEEKDAY = rule(
    "dates.weekday",
    r"\b(?:on\s+|next\s+|this\s+)?(" + "|".join(_WEEKDAYS) + r")\b",
    flags=re.I,
    means='A weekday by its full name, with "on", "next" or "this" before it or not: "on Friday", "next Tuesday".',
    why=(
        'Read last, after any calendar date and "today"/"tomorrow": the next such day after today, never today '
        'itself ("next Friday" and "this Friday" are the same day).'
    ),
    examples=("on Friday", "next Tuesday"),
    non_examples=("I usually fly Fridays", "Fri 14 Nov"),
)
