"""The tile-and-token plan: its codes, the token's default place, and the preview it draws from."""

from __future__ import annotations

import pytest

from bot.faces.star_gazers import plan
from bot.faces.star_gazers.codes import decode
from bot.games import get_game

GAME = get_game("star-gazers")


def picked(seed: int = 7, square: int = 2):
    state = GAME.setup(2, {}, seed)
    for seat in range(2):
        state = GAME.apply(state, seat, {"kind": "keep", "card": state["dealt"][seat][0]}).state
    seat = GAME.to_act(state)[0]
    return GAME.apply(state, seat, {"kind": "pick", "square": square}).state, seat


def test_codes_round_trip_and_bad_ones_are_refused() -> None:
    p = plan.parse("P5.1.kc7.c")
    assert p == plan.Plan(5, 1, "kc7", True) and p.code(confirm=True) == "P5.1.kc7.c"
    assert plan.parse("P5.1") == plan.Plan(5, 1, None) and plan.parse("P5.1").code() == "P5.1.n"
    assert decode("P5.1.kc7.c") == {
        "kind": "steps",
        "steps": [
            {"kind": "tile", "cell": 5, "rotation": 1},
            {"kind": "token", "target": "cell", "cell": 7},
            {"kind": "confirm"},
        ],
    }
    assert decode("P5.1.n") == {"kind": "steps", "steps": [{"kind": "tile", "cell": 5, "rotation": 1}]}
    for bad in ("P", "P5", "P5.1.kc7.x", "P5.1.zz", "t5.1", "P5.1.kc7.c.c"):
        with pytest.raises((ValueError, IndexError)):
            plan.parse(bad)


def test_the_token_goes_on_the_tile_unless_the_player_says_otherwise() -> None:
    targets = [{"target": "cell", "cell": 0}, {"target": "cell", "cell": 9}, {"target": "reserve"}]
    assert plan.default_target(targets, 9) == {"target": "cell", "cell": 9}
    assert plan.default_target(targets, 4) == {"target": "cell", "cell": 0}
    shuttle = [{"target": "reserve"}, {"target": "shuttle", "space": 2, "bonus": "gain"}]
    assert plan.default_target(shuttle, 4)["target"] == "shuttle"
    assert plan.default_target([{"target": "discard"}], 4) == {"target": "discard"}


def test_a_preview_is_the_engine_own_result_and_names_the_place() -> None:
    state, seat = picked()
    cell = GAME.view(state, seat)["choice"]["cells"][3]
    done, tentative, note = plan.preview(GAME, state, seat, plan.Plan(cell, 0, None), decode)
    assert note is None and done.token in tentative["placing"]["codes"]
    sent = GAME.apply(state, seat, plan.actions(done, decode)).state
    assert GAME.view(sent, seat)["preview"] == tentative["preview"]  # what is shown is what is sent
    chosen = next(c for c in tentative["placing"]["codes"] if c != done.token)  # the token moved elsewhere
    again, moved, _ = plan.preview(GAME, state, seat, plan.Plan(cell, 0, chosen), decode)
    assert again.token == chosen and moved["preview"] != tentative["preview"]
    refused = plan.preview(GAME, state, seat, plan.Plan(99, 0, None), decode)
    assert refused[1] is None and refused[2] is not None
