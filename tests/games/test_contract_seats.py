"""The shared contract accepts only ``None`` (public) or a real seat index in ``view`` and
``legal_actions``, for every game: no negative indexing into secrets, no bool for a seat."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bot.games import get_game
from bot.games.base import Game, IllegalAction
from bot.games.rng import Rng

SLUGS = ("sky-of-stars", "observatory", "starry-night-sky", "star-gazers")
SEATS = 3


def game_and_state(slug: str) -> tuple[Game, dict[str, Any]]:
    """A game a few bot moves in, so every seat has secrets worth protecting."""
    game = get_game(slug)
    state = game.setup(SEATS, {}, 5)
    rng = Rng(9)
    for _ in range(6):
        seat = game.to_act(state)[0]
        action = game.bot_action(state, seat, rng)
        if action is None:
            break
        state = game.apply(state, seat, action).state
    return game, state


def not_a_seat() -> list[Any]:
    return [-1, True, False, SEATS, "0", 1.0]


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("seat", not_a_seat(), ids=repr)
def test_view_refuses_anything_but_none_or_a_real_seat(slug: str, seat: Any) -> None:
    game, state = game_and_state(slug)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="seat"):
        game.view(state, seat)
    assert state == before


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("seat", [None, *not_a_seat()], ids=repr)
def test_legal_actions_refuses_anything_but_a_real_seat(slug: str, seat: Any) -> None:
    game, state = game_and_state(slug)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="seat"):
        game.legal_actions(state, seat)
    assert state == before


@pytest.mark.parametrize("slug", SLUGS)
def test_real_seats_and_the_public_view_still_work(slug: str) -> None:
    game, state = game_and_state(slug)
    public = game.view(state, None)
    assert isinstance(public, dict)
    for seat in range(SEATS):
        assert isinstance(game.view(state, seat), dict)
        legal = game.legal_actions(state, seat)
        assert (seat in game.to_act(state)) == bool(legal) or slug == "sky-of-stars"


def test_an_engine_cannot_bypass_the_checked_entry_points() -> None:
    with pytest.raises(TypeError, match="_view"):
        type("Unchecked", (get_game("observatory").__class__,), {"view": lambda self, state, seat: {}})
