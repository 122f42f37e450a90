"""Random self-play for tests, benchmarks and calibration: seeded and independent of Discord.

``seed`` drives the game (decks, dice); ``rng_seed`` drives the players, so either can vary alone.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.games.base import Action, State
from bot.games.observatory.engine import Observatory
from bot.games.rng import Rng
from bot.games.self_play import Move, random_seat, self_play

MAX_ACTIONS = 20_000


def random_action(game: Observatory, state: State, seat: int, rng: Rng) -> Action:
    """A random legal action, picked kind first so rare kinds (complete, lens) get their chance.

    Undo is rare and done is likelier once the dice are used, so games always finish.
    """
    legal = game.legal_actions(state, seat)
    by_kind: dict[str, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(action["kind"], []).append(action)
    if "complete" in by_kind and rng.random() < 0.8:
        return rng.choice(by_kind["complete"])
    if "undo" in by_kind and rng.random() < 0.03:
        return by_kind["undo"][0]
    if "done" in by_kind and rng.random() < 0.35:
        return by_kind["done"][0]
    kinds = sorted(k for k in by_kind if k not in ("undo", "done")) or sorted(by_kind)
    return rng.choice(by_kind[rng.choice(kinds)])


Player = Callable[[Observatory, State, int, Rng], Action]


def play_game(
    seats: int, seed: int, rng_seed: int, players: list[Player] | None = None, options: dict | None = None
) -> tuple[State, list[Move]]:
    """Play one whole game; ``players[seat]`` picks that seat's actions (random by default), and
    of the seats deciding at once a random one acts next."""
    chosen = players or [random_action] * seats
    return self_play(
        Observatory(),
        seats,
        seed,
        rng_seed,
        chosen,
        options=options,
        max_actions=MAX_ACTIONS,
        pick=random_seat,
    )


def play_random_game(
    seats: int, seed: int, rng_seed: int, options: dict | None = None
) -> tuple[State, list[Move]]:
    return play_game(seats, seed, rng_seed, None, options)
