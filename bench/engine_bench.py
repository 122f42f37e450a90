"""Random self-play throughput: how many whole games per second the pure engine runs.

Uses ``simulate.play_random_game`` (the same random player the tests use) so the figure covers
``to_act``, ``legal_actions`` and ``apply`` - everything a move costs except I/O.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from bench.stats import table
from bot.games.sky_of_stars.model import MAX_SEATS, MIN_SEATS
from bot.games.sky_of_stars.simulate import play_random_game

SEAT_COUNTS = tuple(range(MIN_SEATS, MAX_SEATS + 1))


@dataclass(frozen=True)
class EngineResult:
    seats: str
    games: int
    actions: int
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def mean_actions(self) -> float:
        return self.actions / self.games

    @property
    def us_per_action(self) -> float:
        return self.seconds / self.actions * 1e6


def _play_interleaved(games_per_seat_count: int, offset: int) -> dict[int, EngineResult]:
    """Games round-robin over seat counts, so warm-up or noise does not land on one count."""
    actions = dict.fromkeys(SEAT_COUNTS, 0)
    seconds = dict.fromkeys(SEAT_COUNTS, 0.0)
    for i in range(games_per_seat_count):
        for seats in SEAT_COUNTS:
            seed = offset + i * len(SEAT_COUNTS) + seats
            start = time.perf_counter()
            _, log = play_random_game(seats, seed=seed, rng_seed=1_000_000 + seed)
            seconds[seats] += time.perf_counter() - start
            actions[seats] += len(log)
    return {s: EngineResult(str(s), games_per_seat_count, actions[s], seconds[s]) for s in SEAT_COUNTS}


def _combine(label: str, parts: list[EngineResult]) -> EngineResult:
    return EngineResult(
        label, sum(r.games for r in parts), sum(r.actions for r in parts), sum(r.seconds for r in parts)
    )


def run(games_per_seat_count: int, warmup_per_seat_count: int = 10) -> list[EngineResult]:
    """Cold games first, then seeded games per seat count, then the whole mix as one line.

    ``Geometry`` memoises which segments touch as games meet them, so the first few dozen
    games in a process run at about half speed. A restarted bot pays that once; the steady
    state is what a long-running bot sees. Run this section before anything else plays games.
    """
    label = f"{SEAT_COUNTS[0]}-{SEAT_COUNTS[-1]}"
    cold = _combine(
        f"mix {label}, cold process", list(_play_interleaved(warmup_per_seat_count, offset=0).values())
    )
    results = list(_play_interleaved(games_per_seat_count, offset=1_000).values())
    return [cold, *results, _combine(f"mix {label}", results)]


def report(results: list[EngineResult]) -> str:
    rows = [
        [r.seats, str(r.games), f"{r.games_per_s:.1f}", f"{r.mean_actions:.1f}", f"{r.us_per_action:.0f}"]
        for r in results
    ]
    headers = ["seats", "games", "games/s", "mean actions/game", "µs/action"]
    return "Engine random self-play (seeded, one core)\n\n" + table(headers, rows)
