"""Random self-play for tests and benchmarks: seeded, pure and independent of Discord.

Two generators keep concerns apart: ``seed`` drives the game (deck, numbers, dice) and
``rng_seed`` drives the random players, so either can vary while the other stays fixed.
"""

from __future__ import annotations

from bot.games.base import Action, State
from bot.games.rng import Rng
from bot.games.sky_of_stars.engine import SkyOfStars
from bot.games.sky_of_stars.model import ActionKind, Phase

Move = tuple[int | None, Action]

# A game always ends (every resolved roll uses up a star), but a bug must not hang a benchmark.
MAX_ACTIONS = 20_000


def random_move(
    game: SkyOfStars,
    state: State,
    rng: Rng,
    stop_chance: float = 0.1,
    timeout_chance: float = 0.05,
    miss_chance: float = 0.0,
) -> Move:
    """One random legal move: sometimes STOP while drawing, sometimes a countdown timeout, and
    with ``miss_chance`` a seat's missed deadline in a drawing step (a system action)."""
    phase = state["phase"]
    if phase == Phase.REVEAL.value:  # the reveal's pause runs out
        return None, {"kind": ActionKind.TIMEOUT.value}
    if phase == Phase.GUESS.value and rng.random() < timeout_chance:
        return None, {"kind": ActionKind.TIMEOUT.value}
    if miss_chance and phase != Phase.GUESS.value and rng.random() < miss_chance:
        missed = game.missed_deadline(state, rng.choice(game.to_act(state)))
        if missed is not None:
            return None, missed
    if (
        phase in (Phase.STROKE.value, Phase.SWIRL.value)
        and state["stop_by"] is None
        and rng.random() < stop_chance
    ):
        return rng.below(state["seats"]), {"kind": ActionKind.STOP.value}
    seat = rng.choice(game.to_act(state))
    stop = ActionKind.STOP.value
    options = [a for a in game.legal_actions(state, seat) if a["kind"] != stop]
    return seat, rng.choice(options)


def play_random_game(
    seats: int, seed: int, rng_seed: int, stop_chance: float = 0.1, timeout_chance: float = 0.05
) -> tuple[State, list[Move]]:
    """Play one whole game with random legal moves; return the final state and the action log."""
    game = SkyOfStars()
    rng = Rng(rng_seed)
    state = game.setup(seats, {}, seed)
    log: list[Move] = []
    while not game.is_over(state):
        if len(log) >= MAX_ACTIONS:
            raise RuntimeError(f"game did not finish within {MAX_ACTIONS} actions")
        seat, action = random_move(game, state, rng, stop_chance, timeout_chance)
        state = game.apply(state, seat, action).state
        log.append((seat, action))
    return state, log
