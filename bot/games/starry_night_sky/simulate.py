"""Seeded self-play for tests, calibration and benchmarks (pure, no Discord).

``seed`` drives the game (deck, bag, myths) and ``rng_seed`` the players, so either can vary
while the other stays fixed.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.games.base import Action, State
from bot.games.rng import Rng
from bot.games.self_play import Move, self_play
from bot.games.starry_night_sky.engine import StarryNightSky

Policy = Callable[[StarryNightSky, State, int, Rng], Action]

MAX_ACTIONS = 5_000  # a game ends by dawn or by a stalled round; this only guards against bugs


def random_action(game: StarryNightSky, state: State, seat: int, rng: Rng) -> Action:
    """A random legal action: a kind first (so trades don't crowd out moves), then one of it."""
    legal = game.legal_actions(state, seat)
    kinds = sorted({a["kind"] for a in legal})
    kind = rng.choice(kinds)
    return rng.choice([a for a in legal if a["kind"] == kind])


def play_game(
    seats: int, seed: int, rng_seed: int, policies: list[Policy] | None = None
) -> tuple[State, list[Move]]:
    """Play a whole game; ``policies[seat]`` picks each action (random play by default)."""
    chosen = policies or [random_action] * seats
    return self_play(StarryNightSky(), seats, seed, rng_seed, chosen, max_actions=MAX_ACTIONS)


def play_random_game(seats: int, seed: int, rng_seed: int) -> tuple[State, list[Move]]:
    return play_game(seats, seed, rng_seed)
