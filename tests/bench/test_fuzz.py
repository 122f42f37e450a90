"""The fuzzer plays each game through the real bot, one fixed seed per game, and every check holds
after every step: no swallowed error, every interaction acknowledged, the stored state equals a
replay of its log, no secret in public, and the game reaches its results within its budget."""

from __future__ import annotations

import pytest

from bench.fuzz import fuzz_games
from bot.app import create_bot

# (game, seats, seed, step budget): seats span each game's range across the four runs.
RUNS = [
    ("sky-of-stars", 4, 11, 1500),
    ("observatory", 2, 12, 1500),
    ("starry-night-sky", 3, 13, 1500),
    ("star-gazers", 2, 14, 1500),
]


@pytest.mark.simcord(strict_sync=True)
@pytest.mark.parametrize(("slug", "seats", "seed", "budget"), RUNS, ids=[r[0] for r in RUNS])
async def test_fuzz_game_reaches_results(simcord_env, bot_settings, slug, seats, seed, budget):
    env = simcord_env
    await env.bot.tree.sync()
    stats = await fuzz_games(
        env, lambda: create_bot(bot_settings), slug, seed=seed, budget=budget, seats=seats
    )
    assert stats.games_finished == stats.games_started == 1
    assert not stats.errors and stats.unacknowledged == 0 and stats.leaks == 0
    assert stats.clicks > 50, "the fuzzer should have played a real game, not a few clicks"
