"""The image-bytes bench seats the players asked for (``--seats``), 3 unless asked, and refuses a
count no title seats; the report names the players who sat."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.__main__ import parse
from bench.image_bytes_bench import PLAYERS, SEAT_NAMES, Played, run
from bench.image_bytes_report import players_table


def test_three_players_unless_asked():
    assert parse(["--only", "image-bytes"]).seats == 3
    assert parse(["--only", "image-bytes", "--seats", "4"]).seats == 4
    assert SEAT_NAMES[: len(PLAYERS)] == PLAYERS


@pytest.mark.parametrize("seats", [1, 5])
def test_a_count_no_title_seats_is_refused(tmp_path: Path, seats: int):
    with pytest.raises(ValueError, match="seats"):
        run(tmp_path, quick=True, titles=["star-gazers"], seats=seats)


def test_the_report_names_who_sat():
    four = SEAT_NAMES[:4]
    game = Played("Star Gazers", "", 1.0, {}, {}, frozenset(), [], [], [], {}, 0, {}, players=four)
    assert "(ada / bea / cy / dee)" in players_table([game])
    assert "game (4 players)" in players_table([game])
