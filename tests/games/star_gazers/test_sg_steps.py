"""The ``steps`` action: a tile, its token and the confirm sent as one move, all or nothing."""

from __future__ import annotations

import pytest
from sg_helpers import GAME, act, start

from bot.games.base import IllegalAction
from bot.games.star_gazers.engine import MAX_STEPS


def picked(square: int = 2):
    state, seat = start()
    return act(state, seat, {"kind": "pick", "square": square}), seat


def tile_and_token(state, seat):
    choice = GAME.view(state, seat)["choice"]
    assert choice["kind"] == "tile"
    cell = choice["cells"][0]
    tile = {"kind": "tile", "cell": cell, "rotation": choice["allowed"][cell][0]}
    target = GAME.view(act(state, seat, tile), seat)["choice"]["targets"][0]
    token = {"kind": "token", **{k: v for k, v in target.items() if k in {"target", "cell", "space"}}}
    return tile, token


def test_steps_equal_the_same_moves_one_by_one() -> None:
    state, seat = picked()
    tile, token = tile_and_token(state, seat)
    one_by_one = act(act(act(state, seat, tile), seat, token), seat, {"kind": "confirm"})
    applied = GAME.apply(state, seat, {"kind": "steps", "steps": [tile, token, {"kind": "confirm"}]})
    assert applied.state == one_by_one
    assert (
        applied.events
        == GAME.apply(act(act(state, seat, tile), seat, token), seat, {"kind": "confirm"}).events
    )
    assert GAME.decision_id(applied.state) == GAME.decision_id(state) + 1


def test_a_refused_step_changes_nothing() -> None:
    state, seat = picked()
    tile, token = tile_and_token(state, seat)
    before = repr(state)
    with pytest.raises(IllegalAction, match="Not now"):  # the last step is refused: none is applied
        GAME.apply(state, seat, {"kind": "steps", "steps": [tile, token, tile]})
    with pytest.raises(IllegalAction, match="Malformed action: `cell`"):
        GAME.apply(state, seat, {"kind": "steps", "steps": [tile, {**token, "target": "cell", "cell": 99}]})
    assert repr(state) == before


@pytest.mark.parametrize(
    "steps",
    [
        [],
        "tile",
        [{"kind": "confirm"}, {"kind": "undo"}],
        [{"kind": "undo"}],
        [{"kind": "steps", "steps": []}],
        [{"kind": "keep", "card": "x"}],
        [{"kind": "skip"}] * (MAX_STEPS + 1),
        [{"kind": "confirm"}, {"kind": "skip"}],
    ],
)
def test_malformed_steps_are_refused(steps) -> None:
    state, seat = picked()
    with pytest.raises(IllegalAction, match="Malformed"):
        GAME.apply(state, seat, {"kind": "steps", "steps": steps})
