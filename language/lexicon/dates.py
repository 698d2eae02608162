"""The records of :mod:`language.dates`: its rules, fragments and word tables
(kept as data in dates.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

_MONTHS, _WEEKDAYS = lexicon.tables("dates", "months", "weekdays")
_MONTH_RE = lexicon.fragment("dates.month_re")
_ISO, _DAY_MONTH, _MONTH_DAY, _THE_NTH, _BARE_NTH, _WEEKDAY = lexicon.rules(
    "dates", "iso", "day_month", "month_day", "the_nth", "bare_nth", "weekday"
)
