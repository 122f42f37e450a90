"""300 seeded random games for 4 and 5 players, with invariants (split out to keep files short)."""

from __future__ import annotations

import pytest
from obs_invariants import run_games


@pytest.mark.parametrize("seats", [4, 5])
def test_random_games(seats: int) -> None:
    run_games(seats, 300)
