"""300 seeded random games for 1, 2 and 3 players, with invariants (4 and 5 players: own files)."""

from __future__ import annotations

import pytest
from obs_invariants import run_games


@pytest.mark.parametrize("seats", [1, 2, 3])
def test_random_games(seats: int) -> None:
    run_games(seats, 300)
