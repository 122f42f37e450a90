"""When a game night starts: the host's typed time and date, read in their time zone and checked
to leave time to vote, and how long the poll stays open. Kept apart from the command so the rules
of a typed time are tested on their own.
"""

from __future__ import annotations

import math
import re
from datetime import date as calendar_day
from datetime import datetime, timedelta
from typing import Final

from bot.core.quiet import zone
from bot.games.text import typed
from bot.i18n import _

MIN_LEAD_SECONDS: Final = 5 * 60  # the start must leave time to vote
MAX_LEAD_DAYS: Final = 30  # a Discord poll lasts at most 32 days (768 hours)
MAX_POLL_HOURS: Final = 768


CLOCK: Final = re.compile(r"[0-9]{1,2}(?:[:.][0-9]{1,2})?")


class BadTime(ValueError):
    """The time or date the host typed, explained in their language."""


def hour_minute(clock: str) -> tuple[int, int]:
    """``HH``, ``HH:MM`` or ``HH.MM`` as an hour and a minute of the day; ``ValueError`` otherwise."""
    parts = clock.replace(".", ":").split(":")
    hour, minute = int(parts[0]), int(parts[1]) if len(parts) > 1 else 0
    if len(parts) > 2 or not (0 <= hour <= 23 and 0 <= minute <= 59):
        raise ValueError(clock)
    return hour, minute


def parse_start(clock: str, day: str | None, timezone: str, at: float) -> float:
    """The epoch seconds of ``clock`` (``HH:MM``) on ``day`` (``YYYY-MM-DD``; without it, the
    next time the clock shows it) in ``timezone``, checked to be 5 minutes to 30 days ahead. Both
    are read in NFKC (a full-width ``１２:００`` is 12:00); other digits than 0-9 are refused."""
    clock, day = typed(clock), typed(day) if day else day
    try:
        if not CLOCK.fullmatch(clock):
            raise ValueError(clock)
        hour, minute = hour_minute(clock)
    except ValueError as error:
        raise BadTime(_("Give the time as hours and minutes, like `20:30`.")) from error
    local = zone(timezone)
    today = datetime.fromtimestamp(at, local).date()
    if day:
        try:
            if not day.isascii():
                raise ValueError(day)
            chosen = calendar_day.fromisoformat(day)
        except ValueError as error:
            raise BadTime(_("Give the date as year-month-day, like `2026-12-24`.")) from error
    else:
        chosen = today
    moment = datetime(chosen.year, chosen.month, chosen.day, hour, minute, tzinfo=local).timestamp()
    if not day and moment < at + MIN_LEAD_SECONDS:
        chosen += timedelta(days=1)
        moment = datetime(chosen.year, chosen.month, chosen.day, hour, minute, tzinfo=local).timestamp()
    if moment < at + MIN_LEAD_SECONDS:
        raise BadTime(_("A game night must start at least 5 minutes from now."))
    if moment > at + MAX_LEAD_DAYS * 86400:
        raise BadTime(_("A game night can be planned at most {days} days ahead.", days=MAX_LEAD_DAYS))
    return moment


def poll_hours(starts_at: float, at: float) -> int:
    """The poll stays open until the start (Discord counts a poll's length in whole hours)."""
    return max(1, min(MAX_POLL_HOURS, math.ceil((starts_at - at) / 3600)))
