"""500 seeded complete 2-player games with every invariant checked (see sns_helpers)."""

from __future__ import annotations

import time

from sns_helpers import simulate_checked


def test_2_player_random_games_keep_every_invariant() -> None:
    began = time.perf_counter()
    figures = simulate_checked(2, 500)
    elapsed = time.perf_counter() - began
    print(f"\n500 checked 2-player games in {elapsed:.1f}s: {figures}")
    assert figures["dawn"] + figures["stall"] == 500
