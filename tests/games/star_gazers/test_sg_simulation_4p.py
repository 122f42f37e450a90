"""300 seeded random 4-player games with the contract checked at every step (one file per
player count keeps each file well under the suite's time budget)."""

from __future__ import annotations

from sg_helpers import SIMULATED_GAMES, simulate_many


def test_4_player_random_games_keep_every_invariant() -> None:
    seconds = simulate_many(4)
    print(f"\n4 players: {SIMULATED_GAMES} checked games in {seconds:.1f}s")
