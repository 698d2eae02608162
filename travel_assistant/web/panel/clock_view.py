"""The demo clock as the memory panel shows it: the moment the app lives in, how far it is from real time, and
the steps and presets a presenter moves it by. Dates are written the same way everywhere in the panel, so the
day format lives here too.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from travel_assistant.web.panel.models import ClockInput, ClockPreset, ClockStep, DemoClock

CLOCK_STEPS: tuple[tuple[str, int], ...] = (("+30 min", 30), ("+1 day", 24 * 60), ("+3 days", 3 * 24 * 60))


def day(moment: datetime) -> str:
    return f"{moment:%a} {moment.day} {moment:%b %Y}"


def offset_label(delta: timedelta) -> str:
    minutes = round(delta.total_seconds() / 60)
    if abs(minutes) < 1:
        return "real time"
    sign, minutes = ("ahead of", minutes) if minutes > 0 else ("behind", -minutes)
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    parts = [
        f"{n} {unit}{'s' if n != 1 and unit != 'min' else ''}"
        for n, unit in ((days, "day"), (hours, "hour"), (mins, "min"))
        if n
    ]
    return f"{' '.join(parts)} {sign} real time"


def demo_clock(clock: ClockInput | None, now: datetime) -> DemoClock:
    current = clock.now if clock else now
    return DemoClock(
        enabled=bool(clock and clock.enabled),
        now=current.isoformat(),
        now_label=f"{day(current)}, {current:%H:%M}",
        offset_label=offset_label(clock.now - clock.real_now) if clock else "real time",
        steps=[ClockStep(label=label, minutes=minutes) for label, minutes in CLOCK_STEPS],
        presets=[
            ClockPreset(label=label, iso=at.isoformat()) for label, at in (clock.presets if clock else ())
        ],
    )
