"""Every registered game (``bot.games.GAMES``, no slug written here) holds to the ``Game`` contract:
seeded random games to the end with the contract checked on the way, replay from the stored
record, secrets kept out of views, refusals that leave the state alone, and bot players that
finish a game. The checks themselves are in ``conformance.py``."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bot.games import GAMES
from bot.games.base import Game, IllegalAction
from bot.games.rng import Rng
from tests.games.conformance import (
    NOT_SEATS,
    bot_step,
    check_replay,
    check_state,
    play,
    random_step,
)

SEEDS = (11, 2027)
CHECK_EVERY = 10
SEAT_COUNTS = [
    (slug, seats) for slug, game in GAMES.items() for seats in range(game.min_seats, game.max_seats + 1)
]


def seat_id(value: Any) -> str:
    return repr(value)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("slug", "seats"), SEAT_COUNTS)
def test_random_games_keep_the_contract_and_replay(slug: str, seats: int, seed: int) -> None:
    game = GAMES[slug]
    played = play(game, seats, seed * 7 + seats, random_step, check_every=CHECK_EVERY)
    assert played.probes > 0
    check_replay(game, played)


@pytest.mark.parametrize(("slug", "seats"), SEAT_COUNTS)
def test_bot_players_finish_a_game(slug: str, seats: int) -> None:
    game = GAMES[slug]
    played = play(game, seats, 500 + seats, bot_step)
    assert any(seat is not None for seat, _ in played.log), "the bots never moved"
    check_replay(game, played)


@pytest.mark.parametrize("slug", GAMES)
def test_the_same_seed_and_moves_give_the_same_game(slug: str) -> None:
    game = GAMES[slug]
    first = play(game, game.min_seats, 77, random_step)
    again = play(game, game.min_seats, 77, random_step)
    assert first.log == again.log and first.state == again.state


@pytest.mark.parametrize("slug", GAMES)
def test_options_are_declared_sanely(slug: str) -> None:
    game = GAMES[slug]
    assert game.slug == slug and 1 <= game.min_seats <= game.max_seats <= 25
    assert game.min_humans <= game.max_seats
    for spec in game.options:
        assert spec.default in spec.choices
        state = game.setup(game.min_seats, game.validate_options({spec.name: spec.choices[-1]}), 3)
        check_state(game, state, Rng(3))
    with pytest.raises(IllegalAction):
        game.validate_options({"no_such_option": 1})
    for seats in (game.min_seats - 1, game.max_seats + 1, True, "2"):
        with pytest.raises(IllegalAction):
            game.setup(seats, game.validate_options({}), 1)  # type: ignore[arg-type]


def a_few_moves_in(game: Game, seats: int) -> dict[str, Any]:
    """A game a few bot moves in, so every seat has secrets worth protecting."""
    state = game.setup(seats, game.validate_options({}), 5)
    rng = Rng(9)
    for _ in range(6):
        if not game.to_act(state):
            break
        seat, action = bot_step(game, state, rng)
        state = game.apply(state, seat, action).state
    return state


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("seat", [*NOT_SEATS, 99], ids=seat_id)
def test_view_refuses_anything_but_none_or_a_real_seat(slug: str, seat: Any) -> None:
    game = GAMES[slug]
    state = a_few_moves_in(game, game.max_seats)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="seat"):
        game.view(state, seat)
    assert state == before


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("seat", [None, *NOT_SEATS, 99], ids=seat_id)
def test_legal_actions_refuses_anything_but_a_real_seat(slug: str, seat: Any) -> None:
    game = GAMES[slug]
    state = a_few_moves_in(game, game.max_seats)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="seat"):
        game.legal_actions(state, seat)
    assert state == before


def test_an_engine_cannot_bypass_the_checked_entry_points() -> None:
    engine = type(next(iter(GAMES.values())))
    with pytest.raises(TypeError, match="_view"):
        type("Unchecked", (engine,), {"view": lambda self, state, seat: {}})
