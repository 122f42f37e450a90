"""Hundreds of seeded random games, with the contract and secrecy checked after every action."""

from __future__ import annotations

import time

import pytest
from sky_helpers import checked_random_game

from bot.games.rng import Rng
from bot.games.sky_of_stars.simulate import play_random_game

GAMES = 500
PARTS = 5  # the same 500 games in five tests, so parallel workers share them


def planned_games() -> list[tuple[int, int, int, float]]:
    """Every game's (seats, two seeds, stop chance), drawn in order from one seeded plan."""
    plan = Rng(2026)
    games = []
    for game in range(GAMES):
        seats = 3 + game % 4
        stop_chance = 0.02 + plan.random() * 0.3
        games.append((seats, plan.below(1 << 62), plan.below(1 << 62), stop_chance))
    return games


@pytest.mark.parametrize("part", range(PARTS))
def test_random_games_keep_every_invariant(part: int) -> None:
    mine = planned_games()[part::PARTS]
    began = time.perf_counter()
    actions = 0
    for seats, seed, other_seed, stop_chance in mine:
        result = checked_random_game(seats, seed, other_seed, stop_chance, 0.05)
        actions += result["actions"]
    elapsed = time.perf_counter() - began
    print(
        f"\n{len(mine)} checked games in {elapsed:.1f}s ({len(mine) / elapsed:.1f} games/s, "
        f"{actions / len(mine):.0f} actions per game)"
    )


def test_unchecked_simulation_is_fast_and_reproducible() -> None:
    # CPU time of this process: the simulation's own cost, whatever else the machine runs.
    began = time.process_time()
    for game in range(60):
        play_random_game(3 + game % 4, game, game * 31 + 5)
    rate = 60 / (time.process_time() - began)
    print(f"\nplain simulation: {rate:.0f} games/s")
    assert rate > 20
    assert play_random_game(5, 11, 12) == play_random_game(5, 11, 12)
