"""Quiet hours and deadline arithmetic, kept pure so the clock rules are easy to test.

A paced game gives each decision a number of *awake* seconds: time inside the player's quiet
hours (in their own time zone) does not count, so a deadline never runs out while they sleep.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.i18n import _

MAX_SPAN_DAYS = 60  # a guard: no real deadline needs to look further ahead
MAX_TIMEZONE_LENGTH = 64  # the longest IANA name has 32 characters
# An IANA name: parts of letters, digits, "_", "+", "-", joined by "/" (no "..", no leading "/")
TIMEZONE_NAME = re.compile(r"[A-Za-z0-9_+\-]+(/[A-Za-z0-9_+\-]+)*")
SHOWN_LENGTH = 40


class BadTimezone(ValueError):
    """The time zone name is unknown; the message is meant for the user (in the current language)."""


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError) as error:  # OSError: a folder, say
        raise unknown(name) from error


def unknown(name: str) -> BadTimezone:
    return BadTimezone(
        _(
            "I don't know the time zone `{name}`. Use a name like `Europe/Rome`, "
            "`America/New_York` or `UTC`.",
            name=shown_timezone(name),
        )
    )


@cache
def _known_zones() -> frozenset[str]:
    """The IANA names this system (or the tzdata package) knows; empty if it lists none."""
    return frozenset(available_timezones())


def check_timezone(name: str) -> str:
    """``name`` if it is a real IANA time zone, else ``BadTimezone``. Checked before anything is
    stored: only a bounded name of IANA characters reaches ``ZoneInfo`` (no path, no NUL), and it
    must be one of the zones the system lists (not ``localtime``, the server's own setting)."""
    if (
        len(name) > MAX_TIMEZONE_LENGTH
        or not TIMEZONE_NAME.fullmatch(name)
        or name == "localtime"
        or (_known_zones() and name not in _known_zones())
    ):
        raise unknown(name)
    zone(name)
    return name


def shown_timezone(name: str) -> str:
    """A stored or typed name as a reply may quote it: short, and with nothing that could end its
    code span or ping anyone (names saved before they were checked can be anything)."""
    cleaned = "".join(c if c.isprintable() and c not in "`@<>#\\" else "?" for c in name)
    return cleaned if len(cleaned) <= SHOWN_LENGTH else cleaned[: SHOWN_LENGTH - 1] + "…"


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


def quiet_end(timezone: str, start: int | None, end: int | None, when: float) -> float | None:
    """When the quiet hours ``when`` falls in end, or None if ``when`` is not quiet: what
    ``bot.storage``'s timed jobs need to arm the wake-up of a panel held back overnight."""
    quiet = QuietHours(timezone, start, end)
    return quiet.quiet_until(when) if quiet.is_quiet(when) else None


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
