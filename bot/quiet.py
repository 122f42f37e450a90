"""Quiet hours and deadline arithmetic, kept pure so the clock rules are easy to test.

A paced game gives each decision a number of *awake* seconds: time inside the player's quiet
hours (in their own time zone) does not count, so a deadline never runs out while they sleep.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.i18n import _

MAX_SPAN_DAYS = 60  # a guard: no real deadline needs to look further ahead


class BadTimezone(ValueError):
    """The time zone name is unknown; the message is meant for the user (in the current language)."""


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise BadTimezone(_("I don't know the time zone `{name}`. Use a name like `Europe/Rome`, "
                            "`America/New_York` or `UTC`.", name=name)) from error


@dataclass(frozen=True)
class QuietHours:
    """Daily quiet hours from ``start`` to ``end`` (whole hours, local time; may wrap midnight)."""

    timezone: str = "UTC"
    start: int | None = None
    end: int | None = None

    @property
    def enabled(self) -> bool:
        return self.start is not None and self.end is not None and self.start != self.end

    def is_quiet(self, when: float) -> bool:
        if not self.enabled:
            return False
        hour = datetime.fromtimestamp(when, zone(self.timezone)).hour
        assert self.start is not None and self.end is not None
        if self.start < self.end:
            return self.start <= hour < self.end
        return hour >= self.start or hour < self.end

    def next_change(self, when: float) -> float:
        """The next instant after ``when`` at which quiet hours begin or end."""
        local = datetime.fromtimestamp(when, zone(self.timezone))
        top = local.replace(minute=0, second=0, microsecond=0)
        quiet = self.is_quiet(when)
        for hours in range(1, 49):
            candidate = (top + timedelta(hours=hours)).astimezone(UTC).timestamp()
            if self.is_quiet(candidate) != quiet:
                return candidate
        return when + 86400.0

    def quiet_until(self, when: float) -> float:
        """When the quiet period containing ``when`` ends (``when`` itself if not quiet)."""
        return self.next_change(when) if self.is_quiet(when) else when


def advance_awake(start: float, seconds: float, quiet: QuietHours) -> float:
    """The instant at which ``seconds`` of awake time have passed since ``start``."""
    if not quiet.enabled:
        return start + seconds
    now, left = start, seconds
    limit = start + MAX_SPAN_DAYS * 86400
    while now < limit:
        if quiet.is_quiet(now):
            now = quiet.next_change(now)
            continue
        change = quiet.next_change(now)
        if now + left <= change:
            return now + left
        left -= change - now
        now = change
    return now


def reminder_times(start: float, seconds: float, quiet: QuietHours) -> list[float]:
    """About half-way through, and shortly before the end (1/8 of the pace, an hour at most)."""
    late = seconds - min(seconds / 8, 3600.0)
    return [advance_awake(start, seconds / 2, quiet), advance_awake(start, late, quiet)]
