"""Hundreds of seeded random games, with the contract and secrecy checked after every action."""

from __future__ import annotations

import time

from sky_helpers import checked_random_game

from bot.games.rng import Rng
from bot.games.sky_of_stars.simulate import play_random_game

GAMES = 500


def test_random_games_keep_every_invariant() -> None:
    plan = Rng(2026)
    began = time.perf_counter()
    actions = 0
    for game in range(GAMES):
        seats = 3 + game % 4
        stop_chance = 0.02 + plan.random() * 0.3
        result = checked_random_game(seats, plan.below(1 << 62), plan.below(1 << 62), stop_chance, 0.05)
        actions += result["actions"]
    elapsed = time.perf_counter() - began
    print(
        f"\n{GAMES} checked games in {elapsed:.1f}s ({GAMES / elapsed:.1f} games/s, "
        f"{actions / GAMES:.0f} actions per game)"
    )


def test_unchecked_simulation_is_fast_and_reproducible() -> None:
    began = time.perf_counter()
    for game in range(60):
        play_random_game(3 + game % 4, game, game * 31 + 5)
    rate = 60 / (time.perf_counter() - began)
    print(f"\nplain simulation: {rate:.0f} games/s")
    assert rate > 20
    assert play_random_game(5, 11, 12) == play_random_game(5, 11, 12)
