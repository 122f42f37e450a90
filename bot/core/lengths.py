"""How long a game is likely to take: measured decisions per game and a stated model of time.

``bench/game_lengths.py`` plays every title at every seat count with the bot in every seat and
writes what each game took to ``lengths.json`` next to this module. Here those games become an
estimate for one table: its seat count, the clock each decision has (a live step timer or a
pace) and its countdown options. The model (docs/game-length.md): each player's time on a
decision is exponential with a mean of a quarter of the unhurried clock (the game's own live
timer, or a paced game's pace), a decision lasts until the slowest seat that owes it is done,
and never longer than its clock.
"""

from __future__ import annotations

import json
import logging
import math
import statistics
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from bot.games import get_game
from bot.i18n import ngettext

log = logging.getLogger(__name__)

DATA = Path(__file__).with_name("lengths.json")
MEASURES = ("steps", "waiting", "timed", "timed_waiting", "timed_seconds", "pauses", "pause_seconds")
"""What one measured game records (``bench.game_lengths.measure_game`` says what each means)."""
THINK_SHARE = 0.25
"""A player's mean time on a decision, as a share of the unhurried clock."""
COUNTDOWN_OPTION = "countdown"
"""A game's option for the seconds of its own timed decisions (A Sky of Stars' guessing)."""
PAUSE_OPTION = "reveal_pause"
"""A game's option for the seconds of a pause nobody acts in (A Sky of Stars' reveal)."""


@dataclass(frozen=True)
class Length:
    """The estimate for one table, in seconds; ``longest`` is ``None`` when its steps have no
    clock (a live table with its timer off), so nothing bounds them."""

    seats: int
    decisions: int
    per_decision: float
    expected: float
    longest: float | None


@dataclass(frozen=True)
class Measured:
    """One title at one seat count: the medians of its measured games, and the share of its
    steps (and timed decisions) by the number of seats that owe them."""

    steps: float
    waiting: dict[int, float]
    timed: float
    timed_waiting: dict[int, float]
    timed_seconds: float
    pauses: float
    pause_seconds: float


def _shares(histograms: list[dict[str, int]]) -> dict[int, float]:
    total = sum(sum(h.values()) for h in histograms)
    counts: dict[int, float] = {}
    for histogram in histograms:
        for waiting, count in histogram.items():
            counts[int(waiting)] = counts.get(int(waiting), 0) + count
    return {waiting: count / total for waiting, count in sorted(counts.items())} if total else {}


def summarise(measures: dict[str, list[Any]]) -> Measured:
    """The medians of one title and seat count's games (the histograms pooled into shares)."""
    med = {name: float(statistics.median(measures[name])) for name in MEASURES if "waiting" not in name}
    return Measured(
        steps=med["steps"],
        waiting=_shares(measures["waiting"]),
        timed=med["timed"],
        timed_waiting=_shares(measures["timed_waiting"]),
        timed_seconds=med["timed_seconds"],
        pauses=med["pauses"],
        pause_seconds=med["pause_seconds"],
    )


@cache
def measured() -> dict[str, dict[int, Measured]]:
    """Every measured title by seat count."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    return {
        slug: {int(seats): summarise(measures) for seats, measures in counts.items()}
        for slug, counts in data["titles"].items()
    }


def slowest_of(seats: int, mean: float, clock: float | None) -> float:
    """Mean time until the slowest of ``seats`` players is done, each taking an exponential time
    of mean ``mean``, cut off at ``clock`` (``None``: no cut-off)."""
    total = 0.0
    for j in range(1, seats + 1):
        cut = 1.0 if clock is None else 1.0 - math.exp(-j * clock / mean)
        total += math.comb(seats, j) * (-1) ** (j + 1) * cut / j
    return mean * total


def estimate(
    slug: str, seats: int, clock: int, paced: bool = False, options: dict[str, Any] | None = None
) -> Length | None:
    """The expected length of a game of ``slug`` for ``seats`` players when each decision has
    ``clock`` seconds (0: no clock); ``paced`` for a game over days, whose players come back
    within the pace rather than think at the table. ``None`` for a seat count never measured."""
    found = measured().get(slug, {}).get(seats)
    if found is None:
        return None
    options = options or {}
    mean = THINK_SHARE * (clock if paced else get_game(slug).live_timer)
    cap = clock if clock > 0 else None
    countdown = options.get(COUNTDOWN_OPTION)
    per_timed = float(countdown) if countdown is not None else _per(found.timed_seconds, found.timed)
    pause = options.get(PAUSE_OPTION)
    pauses = found.pauses * pause if pause is not None else found.pause_seconds
    live_mean = THINK_SHARE * get_game(slug).live_timer
    per_step = sum(share * slowest_of(k, mean, cap) for k, share in found.waiting.items())
    per_guess = sum(share * slowest_of(k, live_mean, per_timed) for k, share in found.timed_waiting.items())
    expected = found.steps * per_step + found.timed * per_guess + pauses
    longest = None if cap is None else found.steps * cap + found.timed * per_timed + pauses
    decisions = round(found.steps + found.timed)
    return Length(seats, decisions, expected / max(decisions, 1), expected, longest)


def _per(total: float, count: float) -> float:
    return total / count if count else 0.0


def duration_text(seconds: float) -> str:
    """A length in round words, in the current language: seconds under a minute, minutes up to
    90 minutes (by fives from 20), hours up to two days, then days."""
    if seconds < 60:
        return ngettext("{n} second", "{n} seconds", max(1, round(seconds)))
    minutes = seconds / 60
    if minutes < 90:
        n = round(minutes / 5) * 5 if minutes >= 20 else round(minutes)
        return ngettext("{n} minute", "{n} minutes", n)
    hours = minutes / 60
    if hours < 48:
        return ngettext("{n} hour", "{n} hours", round(hours))
    return ngettext("{n} day", "{n} days", round(hours / 24))
