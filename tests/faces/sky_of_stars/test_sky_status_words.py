"""A Sky of Stars status: the board says only this round's result, and leaves who the game waits
for to `/game status` (which adds it for every game), so it is said once."""

from __future__ import annotations

from bot.faces.sky_of_stars.art.board import _status_lines
from bot.faces.sky_of_stars.presenter import SkyOfStarsPresenter
from bot.games import get_game
from bot.games.rng import Rng
from bot.games.sky_of_stars.simulate import random_move

GAME = get_game("sky-of-stars")
NAMES = ["Ada", "Bea", "Cy"]


def words(lines) -> str:
    return " ".join(piece for line, _ in lines for piece, _ in line)


def a_state_in_round_2():
    state = GAME.setup(3, {}, 5)
    rng = Rng(5)
    while GAME.view(state, None)["round"] < 2 or GAME.view(state, None)["phase"] == "guess":
        seat, action = random_move(GAME, state, rng)
        state = GAME.apply(state, seat, action).state
    return state


def test_round_2_status_does_not_show_round_1s_result() -> None:
    public = GAME.view(a_state_in_round_2(), None)
    assert public["round"] == 2 and [r for r in public["reveals"] if r["round"] == 1]
    assert " drew " not in words(_status_lines(public, NAMES, 3))
    # during a round's own guessing, its latest result is still shown
    earlier = {**public, "round": 1}
    assert " drew " in words(_status_lines(earlier, NAMES, 3))


def test_the_board_leaves_waiting_for_to_the_status_command() -> None:
    public = GAME.view(a_state_in_round_2(), None)
    assert public["waiting"]
    assert "Waiting for" not in SkyOfStarsPresenter().board(public, NAMES).content
