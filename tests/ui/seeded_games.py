"""The states of a seeded game, played by its bots mixed with random legal moves: varied states
for tests that look at every panel a game can show (Discord's limits, heights on a phone)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bot.games import GAMES
from bot.games.rng import Rng


def seeded_states(slug: str, seed: int, seats: int) -> Iterator[dict[str, Any]]:
    """Every state of a seeded game of ``seats``, until it ends (at most 5,000 moves)."""
    game, rng = GAMES[slug], Rng(seed)
    state = game.setup(seats, {}, seed)
    for _ in range(5000):
        yield state
        acting = game.to_act(state)
        if not acting:
            return
        seat = rng.choice(acting)
        legal = game.legal_actions(state, seat)
        action = rng.choice(legal) if legal and rng.random() < 0.5 else game.bot_action(state, seat, rng)
        state = game.apply(state, seat, action if action is not None else rng.choice(legal)).state
