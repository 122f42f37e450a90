"""Seeded self-play for tests, calibration and benchmarks, independent of Discord.

``seed`` drives the game (stacks, bag, decks) and ``rng_seed`` the players, so either can vary
while the other stays fixed. The random player draws uniformly among legal actions but rarely
undoes (an undo-happy player would never finish a turn).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.games.base import Action, State
from bot.games.rng import Rng
from bot.games.self_play import Move, self_play
from bot.games.star_gazers.engine import StarGazers

Chooser = Callable[[StarGazers, State, int, Rng], Action]

MAX_ACTIONS = 5_000  # a game needs about 6 actions a pick; a bug must not hang a benchmark
UNDO_CHANCE = 0.02


def random_action(
    game: StarGazers, state: State, seat: int, rng: Rng, legal: list[Action] | None = None
) -> Action:
    """A uniformly random legal action; ``undo`` only now and then. ``legal`` saves listing
    the actions again when the caller already has them."""
    legal = game.legal_actions(state, seat) if legal is None else legal
    moves = [a for a in legal if a["kind"] != "undo"]
    if len(moves) < len(legal) and (not moves or rng.random() < UNDO_CHANCE):
        return {"kind": "undo"}
    return rng.choice(moves)


def play_game(
    seats: int, seed: int, rng_seed: int, players: list[Chooser] | None = None
) -> tuple[State, list[Move]]:
    """Play one whole game; ``players[s]`` chooses for seat ``s`` (random by default)."""
    return self_play(
        StarGazers(), seats, seed, rng_seed, players or [random_action] * seats, max_actions=MAX_ACTIONS
    )


def play_random_game(seats: int, seed: int, rng_seed: int) -> tuple[State, list[Move]]:
    return play_game(seats, seed, rng_seed)
