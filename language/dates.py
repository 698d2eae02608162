"""Understanding the dates travellers type: "the 14th", "14 December", "Dec 14", "tomorrow", "on Friday"."""

from __future__ import annotations

import calendar
from datetime import date, timedelta

from language.lexicon.dates import (
    _BARE_NTH,
    _DAY_MONTH,
    _ISO,
    _MONTH_DAY,
    _MONTHS,
    _THE_NTH,
    _WEEKDAY,
    _WEEKDAYS,
)


def _next_month_day(today: date, day: int) -> date | None:
    """The next date on or after ``today`` whose day-of-month is ``day`` (the 14th → this month or next)."""
    year, month = today.year, today.month
    for _ in range(13):
        if day <= calendar.monthrange(year, month)[1]:
            candidate = date(year, month, day)
            if candidate >= today:
                return candidate
        month += 1
        if month == 13:
            year, month = year + 1, 1
    return None


def _with_year(today: date, month: int, day: int) -> date | None:
    for year in (today.year, today.year + 1):
        try:
            candidate = date(year, month, day)
        except ValueError:
            return None
        if candidate >= today:
            return candidate
    return None


def parse_travel_date(text: str, today: date) -> date | None:
    """The first travel date mentioned in ``text``, resolved forward from ``today``; None if there is none."""
    if m := _ISO.search(text):
        try:
            return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError:
            return None
    if m := _DAY_MONTH.search(text):
        return _with_year(today, _MONTHS[m.group(2).lower()], int(m.group(1)))
    if m := _MONTH_DAY.search(text):
        return _with_year(today, _MONTHS[m.group(1).lower()], int(m.group(2)))
    if m := (_THE_NTH.search(text) or _BARE_NTH.search(text)):
        return _next_month_day(today, int(m.group(1)))
    lowered = text.lower()
    if "day after tomorrow" in lowered:
        return today + timedelta(days=2)
    if "tomorrow" in lowered:
        return today + timedelta(days=1)
    if "today" in lowered or "tonight" in lowered:
        return today
    if m := _WEEKDAY.search(text):
        ahead = (_WEEKDAYS[m.group(1).lower()] - today.weekday()) % 7 or 7
        return today + timedelta(days=ahead)
    return None


def human_date(day: date) -> str:
    """'Monday 14 December 2026'."""
    return f"{day:%A} {day.day} {day:%B %Y}"
