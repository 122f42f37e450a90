"""The measured game lengths the lobby estimates from are what the generator writes, and a fresh
simulation with other seeds agrees with them."""

from __future__ import annotations

import json
import statistics

import pytest

from bench.game_lengths import dumps, measure
from bot.core.lengths import DATA, MEASURES
from bot.games import GAMES, get_game

STORED = json.loads(DATA.read_text(encoding="utf-8"))


def test_the_data_file_is_the_generators_own_output():
    assert DATA.read_text(encoding="utf-8") == dumps(STORED)
    for slug, game in GAMES.items():
        counts = STORED["titles"][slug]
        assert sorted(counts, key=int) == [str(n) for n in range(game.min_seats, game.max_seats + 1)]
        for measures in counts.values():
            assert sorted(measures) == sorted(MEASURES)
            assert all(len(values) == STORED["games"] for values in measures.values())


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_the_generator_is_seeded_and_reproduces_the_stored_games(slug):
    """Seeds 0 and 1 of the fewest seats, measured again, give exactly the stored figures."""
    seats = get_game(slug).min_seats
    again = measure(slug, seats, 2)
    stored = STORED["titles"][slug][str(seats)]
    assert again == {name: values[:2] for name, values in stored.items()}


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_fresh_simulation_with_other_seeds_agrees_with_the_stored_medians(slug):
    from bench.game_lengths import measure_game

    game = get_game(slug)
    seats = game.min_seats
    fresh = [measure_game(game, seats, seed) for seed in range(1000, 1008)]
    stored = statistics.median(STORED["titles"][slug][str(seats)]["steps"])
    assert statistics.median(one["steps"] for one in fresh) == pytest.approx(stored, rel=0.15)
