"""Seeded self-play of any game, for tests, benchmarks and calibration (pure, no Discord).

``seed`` drives the game (decks, dice) and ``rng_seed`` the players, so either can vary while the
other stays fixed. Each game's ``simulate`` module brings its random player and its defaults.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from bot.games.base import Action, Game, State
from bot.games.rng import Rng

G = TypeVar("G", bound=Game)
Move = tuple[int, Action]
Player = Callable[[G, State, int, Rng], Action]
"""Chooses the action of one seat: ``(game, state, seat, rng) -> action``."""


def bot_action(game: Game, state: State, seat: int, rng: Rng) -> Action:
    """The game's own bot as a player (a game whose bot can't play this step is a bug here)."""
    action = game.bot_action(state, seat, rng)
    assert action is not None
    return action


def first_seat(acting: Sequence[int], rng: Rng) -> int:
    return acting[0]


def random_seat(acting: Sequence[int], rng: Rng) -> int:
    return rng.choice(acting)


def self_play(
    game: G,
    seats: int,
    seed: int,
    rng_seed: int,
    players: Sequence[Player[G]],
    *,
    options: dict | None = None,
    max_actions: int,
    pick: Callable[[Sequence[int], Rng], int] = first_seat,
) -> tuple[State, list[Move]]:
    """Play one whole game: while someone must act, ``pick`` one of them and let its player
    choose. Returns the final state and the action log; a game that outlasts ``max_actions``
    raises (a bug must not hang a benchmark)."""
    rng = Rng(rng_seed)
    state = game.setup(seats, options or {}, seed)
    log: list[Move] = []
    while acting := game.to_act(state):
        if len(log) >= max_actions:
            raise RuntimeError(f"game did not finish within {max_actions} actions")
        seat = pick(acting, rng)
        action = players[seat](game, state, seat, rng)
        state = game.apply(state, seat, action).state
        log.append((seat, action))
    return state, log
