"""Understanding the dates travellers type: "the 14th", "14 December", "Dec 14", "tomorrow", "on Friday"."""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
_WEEKDAYS = {name.lower(): i for i, name in enumerate(calendar.day_name)}
_MONTH_RE = "|".join(sorted(_MONTHS, key=len, reverse=True))

_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_DAY_MONTH = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?(?:\s+of)?\s+({_MONTH_RE})\b\.?", re.I)
_MONTH_DAY = re.compile(rf"\b({_MONTH_RE})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b", re.I)
_THE_NTH = re.compile(r"\b(?:the\s+)(\d{1,2})(?:st|nd|rd|th)\b", re.I)
_BARE_NTH = re.compile(r"\bon\s+(\d{1,2})(?:st|nd|rd|th)\b", re.I)
_WEEKDAY = re.compile(r"\b(?:on\s+|next\s+|this\s+)?(" + "|".join(_WEEKDAYS) + r")\b", re.I)


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
