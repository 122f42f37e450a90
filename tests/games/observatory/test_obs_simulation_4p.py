"""300 seeded random 4-player games, with invariants (one file per big player count keeps files short)."""

from __future__ import annotations

import pytest
from obs_invariants import run_games


@pytest.mark.parametrize("seats", [4])
def test_random_games(seats: int) -> None:
    run_games(seats, 300)
