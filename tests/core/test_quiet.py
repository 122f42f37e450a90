"""Deadline arithmetic: quiet hours pause the clock, in the player's own time zone."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.core.quiet import BadTimezone, QuietHours, advance_awake, reminder_times


def ts(text: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


def test_without_quiet_hours_the_deadline_is_plain_addition():
    assert advance_awake(ts("2026-03-01T10:00"), 3600, QuietHours()) == ts("2026-03-01T11:00")


def test_quiet_night_pauses_the_clock():
    night = QuietHours("UTC", 23, 7)
    # 1 h before quiet hours, with 3 h to go: 1 h tonight, then 2 h after 07:00.
    assert advance_awake(ts("2026-03-01T22:00"), 3 * 3600, night) == ts("2026-03-02T09:00")
    # Starting inside quiet hours, the clock starts at 07:00.
    assert advance_awake(ts("2026-03-02T03:00"), 3600, night) == ts("2026-03-02T08:00")


def test_quiet_hours_follow_the_players_time_zone():
    rome = QuietHours("Europe/Rome", 0, 8)  # UTC+1 in March
    assert rome.is_quiet(ts("2026-03-01T23:30"))  # 00:30 in Rome
    assert not rome.is_quiet(ts("2026-03-01T07:30"))  # 08:30 in Rome
    assert advance_awake(ts("2026-03-01T22:30"), 3600, rome) == ts("2026-03-02T07:30")


def test_daytime_window_and_reminders():
    work = QuietHours("UTC", 9, 17)
    start = ts("2026-03-02T08:00")
    due = advance_awake(start, 2 * 3600, work)
    assert due == ts("2026-03-02T18:00")
    half, late = reminder_times(start, 2 * 3600, work)
    assert half == ts("2026-03-02T09:00")
    assert start < half < late < due


def test_unknown_time_zone_is_refused_with_help():
    with pytest.raises(BadTimezone, match="Europe/Rome"):
        QuietHours("Mars/Olympus", 1, 2).is_quiet(0)


def test_a_time_zone_is_checked_whatever_the_quiet_hours():
    from bot.core.quiet import check_timezone, shown_timezone

    for name in ("Europe/Rome", "UTC", "Etc/GMT-14", "America/Argentina/ComodRivadavia"):
        assert check_timezone(name) == name
    for name in (
        "../../../../etc/passwd",
        "Europe/Rome\0",
        "Europe",
        "zone.tab",
        "/etc/localtime",
        "localtime",
        "right/UTC",
        "Europe//Rome",
        "",
        "x" * 5000,
        "Mars/Base",
    ):
        with pytest.raises(BadTimezone, match="Europe/Rome"):
            check_timezone(name)
    assert shown_timezone("Europe/Rome\0") == "Europe/Rome?"
    assert len(shown_timezone("@everyone " * 500)) == 40 and "@" not in shown_timezone("@everyone")
