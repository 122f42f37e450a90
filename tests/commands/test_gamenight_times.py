"""A game night's start as its host types it: hours and minutes in their own time zone, on a day
or the next time the clock shows them; and the poll's length in whole hours up to the start."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.commands.gamenight_time import BadTime, parse_start, poll_hours

NOON_UTC = datetime(2026, 3, 28, 12, 0, tzinfo=UTC).timestamp()  # the day before Europe's DST change


def _utc(moment: float) -> str:
    return datetime.fromtimestamp(moment, UTC).strftime("%Y-%m-%d %H:%M")


def test_the_time_is_the_hosts_own_zone() -> None:
    assert _utc(parse_start("20:30", None, "Europe/Rome", NOON_UTC)) == "2026-03-28 19:30"  # CET
    assert _utc(parse_start("20:30", "2026-03-29", "Europe/Rome", NOON_UTC)) == "2026-03-29 18:30"  # CEST
    assert _utc(parse_start("9.05", "2026-03-30", "America/New_York", NOON_UTC)) == "2026-03-30 13:05"
    assert _utc(parse_start("21", None, "UTC", NOON_UTC)) == "2026-03-28 21:00"


def test_without_a_date_a_time_already_past_today_is_tomorrow() -> None:
    assert _utc(parse_start("12:03", None, "UTC", NOON_UTC)) == "2026-03-29 12:03"  # under 5 minutes away
    assert _utc(parse_start("08:00", None, "UTC", NOON_UTC)) == "2026-03-29 08:00"
    assert _utc(parse_start("12:06", None, "UTC", NOON_UTC)) == "2026-03-28 12:06"


@pytest.mark.parametrize(
    ("clock", "day", "why"),
    [
        ("25:00", None, "hours and minutes"),
        ("20:61", None, "hours and minutes"),
        ("evening", None, "hours and minutes"),
        ("20:30:10", None, "hours and minutes"),
        ("20:30", "28/03/2026", "year-month-day"),
        ("11:00", "2026-03-28", "at least 5 minutes"),
        ("20:00", "2026-05-01", "at most 30 days"),
    ],
)
def test_a_bad_time_says_what_is_wrong(clock: str, day: str | None, why: str) -> None:
    with pytest.raises(BadTime, match=why):
        parse_start(clock, day, "UTC", NOON_UTC)


def test_the_poll_stays_open_until_the_start() -> None:
    assert poll_hours(NOON_UTC + 600, NOON_UTC) == 1
    assert poll_hours(NOON_UTC + 3601, NOON_UTC) == 2
    assert poll_hours(NOON_UTC + 30 * 86400, NOON_UTC) == 720
    assert poll_hours(NOON_UTC + 40 * 86400, NOON_UTC) == 768  # Discord's longest poll


def test_a_full_width_time_reads_as_the_time_it_shows() -> None:
    """NFKC first: ``１２:００`` and ``２０２６－０３－２９`` are 12:00 on 2026-03-29; digits of
    another script are refused, not read as numbers."""
    assert _utc(parse_start("１２:３０", None, "UTC", NOON_UTC)) == "2026-03-28 12:30"
    assert _utc(parse_start("２０：３０", "２０２６－０３－２９", "UTC", NOON_UTC)) == "2026-03-29 20:30"
    for clock in ("١٢:٣٠", "१२:३०", "12:\u0663\u0660"):
        with pytest.raises(BadTime, match="hours and minutes"):
            parse_start(clock, None, "UTC", NOON_UTC)
    with pytest.raises(BadTime, match="year-month-day"):
        parse_start("20:30", "٢٠٢٦-٠٣-٢٩", "UTC", NOON_UTC)
