"""Rebuild a game's state from its seed and action log: the proof that the log is complete."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.games.base import Game, State


def replay(
    game: Game,
    seats: int,
    options: dict[str, Any],
    seed: int,
    actions: Iterable[tuple[int | None, dict[str, Any]]],
) -> State:
    """Set the game up again and apply every logged ``(seat, action)`` in order."""
    state = game.setup(seats, options, seed)
    for seat, action in actions:
        state = game.apply(state, seat, action).state
    return state
