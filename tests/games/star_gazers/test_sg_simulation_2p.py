"""300 seeded random 2-player games with the contract checked at every step (one file per
player count keeps each file well under the suite's time budget)."""

from __future__ import annotations

from sg_helpers import SIMULATED_GAMES, simulate_many


def test_2_player_random_games_keep_every_invariant() -> None:
    seconds = simulate_many(2)
    print(f"\n2 players: {SIMULATED_GAMES} checked games in {seconds:.1f}s")


def test_simulation_is_reproducible() -> None:
    from bot.games.star_gazers.simulate import play_random_game

    assert play_random_game(3, 11, 12) == play_random_game(3, 11, 12)
    assert play_random_game(3, 11, 12) != play_random_game(3, 11, 13)
