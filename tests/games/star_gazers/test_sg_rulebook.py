"""Rules the rulebook states outright: free order of a turn's placements, no two wild half
Planets against each other, no limit of Hex tokens per tile, the Reserve at any time of a turn."""

from __future__ import annotations

import json

import pytest
from sg_helpers import GAME, act, edit, start, token_of, with_head

from bot.games.base import IllegalAction
from bot.games.star_gazers.components import load_board

SPACES = load_board().shuttle_spaces
WILD_SOUTH = "T01"  # edges N, E, S, W = -, -, wild, banded
WILD_SOUTH_2 = "T12"  # ringed, -, wild, ringed
PLAIN = "T02"  # cratered, -, star, -: no wild half


def offer(
    state: dict, square: int, *, tile: str | None = None, token: str | None = None, last: bool = False
) -> dict:
    """A copy where Universe ``square`` offers this tile/token (the only square left if ``last``)."""
    state = json.loads(json.dumps(state))
    for universe in (state["universe"], state["turn"]["work"]["universe"]):
        if tile:
            universe[square]["tile"] = tile
        if token:
            universe[square]["token"] = token
        if last:
            for other in range(8):
                if other != square:
                    universe[other] = None
    return state


def tiles(**cells: tuple[str, int]) -> list:
    """``tiles(c5=("T01", 2))``: a Mural's tiles list."""
    out = [None] * 16
    for cell, (ident, rot) in cells.items():
        out[int(cell[1:])] = {"id": ident, "rot": rot, "hex": []}
    return out


def choice_of(state: dict, seat: int) -> dict:
    return GAME.view(state, seat)["choice"]


def legal(state: dict, seat: int, action: dict) -> bool:
    return action in GAME.legal_actions(state, seat)


# --- the token may be placed before its tile ---------------------------------------------------
def test_galaxy_token_may_be_placed_before_its_galaxy_tile() -> None:
    state, seat = start()
    meteor = token_of("meteor")
    s = act(offer(state, 2, tile=PLAIN, token=meteor), seat, {"kind": "pick", "square": 2})
    tile_step = choice_of(s, seat)
    assert legal(s, seat, {"kind": "first", "piece": 1})
    assert tile_step["kind"] == "tile"
    [piece] = tile_step["instead"]
    assert piece["piece"] == 1 and piece["what"] == "token" and piece["token"]["id"] == meteor
    s = act(s, seat, {"kind": "first", "piece": 1})
    token_step = choice_of(s, seat)
    assert token_step["kind"] == "token" and token_step["token"]["id"] == meteor
    assert [p["piece"] for p in token_step["instead"]] == [1] and token_step["instead"][0]["what"] == "tile"
    assert GAME.view(s, seat)["queue"] == ["tile"]
    s = act(s, seat, {"kind": "token", "target": "cell", "cell": 9})
    assert choice_of(s, seat)["kind"] == "tile"
    s = act(s, seat, {"kind": "tile", "cell": 9, "rotation": 1})  # the tile goes around the token
    player = s["turn"]["work"]["player"]
    assert player["tokens"][9] == meteor and player["tiles"][9]["id"] == PLAIN
    done = act(s, seat, {"kind": "confirm"})
    assert done["players"][seat]["tokens"][9] == meteor
    with pytest.raises(IllegalAction, match="can't be placed before"):
        act(act(state, seat, {"kind": "pick", "square": 2}), seat, {"kind": "first", "piece": 0})


def test_last_picker_with_a_full_reserve_can_cover_the_star_bonus_with_the_new_black_hole() -> None:
    state, seat = start()
    hole, meteor = token_of("black_hole"), token_of("meteor")
    state = edit(state, reserve=[f"S-sun-{seat + 1}", meteor], tiles=tiles(c0=(PLAIN, 0)))
    s = act(offer(state, 4, token=hole, last=True), seat, {"kind": "pick", "square": 4})
    s = act(s, seat, {"kind": "bonus", "type": "star"})
    s = act(s, seat, {"kind": "bonus", "type": "moon"})
    s = act(s, seat, {"kind": "tile", "cell": 5, "rotation": 0})
    # In the printed order the Black Hole comes first: nothing to cover, no Reserve room.
    step = choice_of(s, seat)
    assert step["token"]["id"] == hole and step["targets"] == [{"target": "discard"}]
    assert [p["what"] for p in step["instead"]] == ["bonus", "bonus"]
    star_piece = next(p["piece"] for p in step["instead"] if p["token"]["kind"] == "star")
    s = act(s, seat, {"kind": "first", "piece": star_piece})
    s = act(s, seat, {"kind": "token", "target": "cell", "cell": 5})
    step = choice_of(s, seat)
    assert step["token"]["id"] == hole
    cells = [(t["cell"], t["covers"]["kind"]) for t in step["targets"] if t["target"] == "cell"]
    assert cells == [(5, "star")]
    s = act(s, seat, {"kind": "token", "target": "cell", "cell": 5})
    s = act(s, seat, {"kind": "token", "target": "cell", "cell": 0})  # the Moon on a tile
    done = act(s, seat, {"kind": "confirm"})
    player = done["players"][seat]
    assert player["tokens"][5] == hole and player["under"][5].startswith("B-star")
    assert player["discarded"] == []


def test_a_hex_token_before_any_tile_waits_for_the_tile_instead_of_being_discarded() -> None:
    state, seat = start()
    gain = SPACES.index("gain")
    s = act(offer(state, 1, tile=PLAIN, token=token_of("shuttle")), seat, {"kind": "pick", "square": 1})
    s = act(s, seat, {"kind": "first", "piece": 1})
    s = act(s, seat, {"kind": "token", "target": "shuttle", "space": gain})
    s = act(s, seat, {"kind": "gain", "type": "comet"})
    step = choice_of(s, seat)
    assert step["token"]["kind"] == "comet" and step["targets"] == []
    assert [(p["piece"], p["what"]) for p in step["instead"]] == [(1, "tile")]
    assert GAME.legal_actions(s, seat) == [
        {"kind": "first", "piece": 1},
        {"kind": "reserve", "index": 0},
        {"kind": "undo"},
    ]
    with pytest.raises(IllegalAction, match="place your tile first"):
        act(s, seat, {"kind": "token", "target": "discard"})
    s = act(s, seat, {"kind": "first", "piece": 1})
    s = act(s, seat, {"kind": "tile", "cell": 6, "rotation": 0})
    s = act(s, seat, {"kind": "token", "target": "cell", "cell": 6})
    assert s["turn"]["work"]["player"]["tiles"][6]["hex"] == ["B-comet-2"]


# --- two wild half Planets are never placed against each other ---------------------------------
def test_two_wild_half_planets_may_not_be_placed_against_each_other() -> None:
    state, seat = start()
    state = edit(state, tiles=tiles(c1=(WILD_SOUTH, 0)))  # B1 shows a wild half downwards
    s = act(offer(state, 0, tile=WILD_SOUTH_2), seat, {"kind": "pick", "square": 0})
    with pytest.raises(IllegalAction, match="wild half"):
        act(s, seat, {"kind": "tile", "cell": 5, "rotation": 2})
    assert not legal(s, seat, {"kind": "tile", "cell": 5, "rotation": 2})
    step = choice_of(s, seat)
    assert step["allowed"][5] == [0, 1, 3]  # turned 180°, its wild half would face B1's
    assert step["allowed"][9] == [0, 1, 2, 3] and step["allowed"][1] == []
    placed = act(s, seat, {"kind": "tile", "cell": 5, "rotation": 1})
    assert placed["turn"]["work"]["player"]["tiles"][5] == {"id": WILD_SOUTH_2, "rot": 1, "hex": []}


def test_a_tile_move_may_not_put_two_wild_half_planets_together() -> None:
    state, seat = start()
    state = edit(state, tiles=tiles(c1=(WILD_SOUTH, 0), c10=(WILD_SOUTH_2, 0)))
    s = act(offer(state, 0, token=token_of("shuttle")), seat, {"kind": "pick", "square": 0})
    s = act(s, seat, {"kind": "tile", "cell": 15, "rotation": 0})
    s = act(s, seat, {"kind": "token", "target": "shuttle", "space": SPACES.index("move_tile")})
    refused = {"kind": "move_tile", "from": 10, "to": 5, "rotation": 2, "swap_rotation": None}
    assert not legal(s, seat, refused)
    with pytest.raises(IllegalAction, match="wild half"):
        act(s, seat, refused)
    moves = {m["from"]: m for m in choice_of(s, seat)["moves"]}
    assert moves[10]["turns"][moves[10]["to"].index(5)] == [0, None]  # the first allowed turn
    moved = act(s, seat, {**refused, "rotation": 0})
    assert moved["turn"]["work"]["player"]["tiles"][5]["id"] == WILD_SOUTH_2


def test_a_tile_walled_in_by_wild_halves_may_still_be_placed() -> None:
    state, seat = start()
    # B2 is the only free square, and its four neighbours all show it a wild half.
    walls = {"c1": (WILD_SOUTH, 0), "c6": (WILD_SOUTH, 1), "c9": (WILD_SOUTH, 2), "c4": (WILD_SOUTH, 3)}
    board = tiles(**{f"c{c}": (PLAIN, 0) for c in range(16) if c != 5 and f"c{c}" not in walls}, **walls)
    state = edit(state, tiles=board)
    s = act(offer(state, 0, tile=WILD_SOUTH_2), seat, {"kind": "pick", "square": 0})
    step = choice_of(s, seat)
    assert step["cells"] == [5] and step["allowed"][5] == [0, 1, 2, 3]
    placed = act(s, seat, {"kind": "tile", "cell": 5, "rotation": 2})
    assert placed["turn"]["work"]["player"]["tiles"][5]["id"] == WILD_SOUTH_2


# --- Hex tokens ---------------------------------------------------------------------------------
def test_no_limit_of_hex_tokens_per_tile() -> None:
    state, seat = start()
    crowded = edit(state, tiles=[{"id": PLAIN, "rot": 0, "hex": ["B-moon-2", "B-comet-2"]}] + [None] * 15)
    s = with_head(crowded, "B-station-2")
    assert choice_of(s, seat)["targets"] == [{"target": "cell", "cell": 0, "covers": None}]
    s = act(s, seat, {"kind": "token", "target": "cell", "cell": 0})
    s = act(with_head(s, "B-moon-1"), seat, {"kind": "token", "target": "cell", "cell": 0})
    hexes = s["turn"]["work"]["player"]["tiles"][0]["hex"]
    assert hexes == ["B-moon-2", "B-comet-2", "B-station-2", "B-moon-1"]


# --- the Reserve at any time of one's own turn --------------------------------------------------
def test_reserve_tokens_may_be_played_while_choosing_the_last_pick_bonus() -> None:
    state, seat = start()
    sun = f"S-sun-{seat + 1}"
    s = act(offer(state, 6, last=True), seat, {"kind": "pick", "square": 6})
    assert choice_of(s, seat)["kind"] == "bonus" and GAME.view(s, seat)["reserve_playable"] == [0]
    assert legal(s, seat, {"kind": "reserve", "index": 0})
    s = act(s, seat, {"kind": "reserve", "index": 0})
    assert choice_of(s, seat)["token"]["id"] == sun and choice_of(s, seat)["from_reserve"]
    s = act(s, seat, {"kind": "token", "target": "cell", "cell": 5})
    step = choice_of(s, seat)
    assert step["kind"] == "bonus" and step["shape"] == "circle"  # the choice carries on
    s = act(s, seat, {"kind": "bonus", "type": "star"})
    assert choice_of(s, seat)["shape"] == "hex"
    assert s["turn"]["work"]["player"]["tokens"][5] == sun


def test_reserve_tokens_may_be_played_while_a_shuttle_bonus_resolves() -> None:
    state, seat = start()
    star = token_of("star")
    state = edit(state, reserve=[star])
    s = act(offer(state, 0, token=token_of("shuttle")), seat, {"kind": "pick", "square": 0})
    s = act(s, seat, {"kind": "tile", "cell": 0, "rotation": 0})
    s = act(s, seat, {"kind": "token", "target": "shuttle", "space": SPACES.index("move_token")})
    step = choice_of(s, seat)
    assert step["kind"] == "move_token" and step["moves"] == []  # nothing to move yet
    assert legal(s, seat, {"kind": "reserve", "index": 0})
    s = act(s, seat, {"kind": "reserve", "index": 0})
    s = act(s, seat, {"kind": "token", "target": "cell", "cell": 3})
    step = choice_of(s, seat)
    assert step["kind"] == "move_token" and [m["from"] for m in step["moves"]] == [3]
    s = act(s, seat, {"kind": "move_token", "from": 3, "to": 12})  # the bonus moves the played Star
    assert s["turn"]["work"]["player"]["tokens"][12] == star
    assert choice_of(s, seat)["kind"] == "confirm"
