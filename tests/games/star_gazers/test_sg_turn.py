"""One turn's draft: placements, Black Holes, the Reserve, Shuttle bonuses, undo and confirm."""

from __future__ import annotations

import json

import pytest
from sg_helpers import GAME, act, edit, start, token_of, with_head

from bot.games.base import IllegalAction
from bot.games.star_gazers.components import catalog, load_board
from bot.games.star_gazers.scoring import survey

SPACES = load_board().shuttle_spaces


def tiles_at(*cells: int, hexes: dict | None = None) -> list:
    tiles = [None] * 16
    for i, cell in enumerate(cells):
        tiles[cell] = {"id": f"T{i + 1:02d}", "rot": 0, "hex": list((hexes or {}).get(cell, []))}
    return tiles


def tokens_at(**cells: str) -> list:
    tokens = [None] * 16
    for cell, ident in cells.items():
        tokens[int(cell[1:])] = ident
    return tokens


def view_choice(state: dict, seat: int) -> dict:
    return GAME.view(state, seat)["choice"]


def test_a_whole_turn_then_undo_and_confirm() -> None:
    state, seat = start()
    decision = GAME.decision_id(state)
    choice = view_choice(state, seat)
    assert choice["kind"] == "pick" and choice["squares"] == list(range(8)) and not choice["last"]
    with pytest.raises(IllegalAction, match="not your turn"):
        act(state, 1 - seat, {"kind": "pick", "square": 0})
    with pytest.raises(IllegalAction, match="pick a square"):
        act(state, seat, {"kind": "confirm"})
    with pytest.raises(IllegalAction, match="Nothing to undo"):
        act(state, seat, {"kind": "undo"})
    offer = state["universe"][3]
    applied = GAME.apply(state, seat, {"kind": "pick", "square": 3})
    assert applied.events == [] and GAME.decision_id(applied.state) == decision
    s = applied.state
    assert view_choice(s, seat)["kind"] == "tile" and view_choice(s, seat)["tile"]["id"] == offer["tile"]
    assert GAME.view(s, None)["universe"][3] is not None  # the public sees nothing yet
    assert GAME.view(s, seat)["preview"]["universe"][3] is None  # the seat sees its draft
    s = act(s, seat, {"kind": "tile", "cell": 5, "rotation": 2})
    assert GAME.view(s, seat)["preview"]["mural"]["squares"][5]["tile"]["rotation"] == 2
    assert GAME.view(s, None)["players"][seat]["mural"]["squares"][5]["tile"] is None
    undone = act(s, seat, {"kind": "undo"})
    assert undone["turn"]["work"]["player"] == state["players"][seat]
    assert GAME.view(undone, seat)["choice"]["kind"] == "pick" and GAME.decision_id(undone) == decision
    with pytest.raises(IllegalAction, match="place your token"):
        act(s, seat, {"kind": "confirm"})
    targets = view_choice(s, seat)["targets"]
    target = next(t for t in targets if t["target"] != "discard")
    action = {"kind": "token", "target": target["target"]}
    action.update({k: target[k] for k in ("cell", "space") if k in target})
    s = act(s, seat, action)
    while view_choice(s, seat)["kind"] != "confirm":  # a Shuttle bonus: let it go
        s = act(s, seat, {"kind": "skip"})
    applied = GAME.apply(s, seat, {"kind": "confirm"})
    assert len(applied.events) == 1 and applied.events[0].startswith(f"{{{seat}}} took a tile")
    done = applied.state
    assert GAME.decision_id(done) == decision + 1 and GAME.to_act(done) == [1 - seat]
    assert done["players"][seat]["tiles"][5]["id"] == offer["tile"] and done["universe"][3] is None


def test_tile_goes_on_an_empty_square_even_one_with_a_token() -> None:
    state, seat = start()
    state = edit(state, tiles=tiles_at(0), tokens=tokens_at(c6=token_of("meteor")))
    s = act(state, seat, {"kind": "pick", "square": 0})
    cells = view_choice(s, seat)["cells"]
    assert 0 not in cells and 6 in cells and len(cells) == 15
    with pytest.raises(IllegalAction, match="already has a tile"):
        act(s, seat, {"kind": "tile", "cell": 0, "rotation": 0})
    with pytest.raises(IllegalAction, match="Malformed"):
        act(s, seat, {"kind": "tile", "cell": 6, "rotation": 4})
    s = act(s, seat, {"kind": "tile", "cell": 6, "rotation": 1})
    player = s["turn"]["work"]["player"]
    assert player["tiles"][6]["rot"] == 1 and player["tokens"][6] == token_of("meteor")


def test_black_hole_rules() -> None:
    state, seat = start()
    star, hole, hole2 = token_of("star"), token_of("black_hole", 0), token_of("black_hole", 1)
    state = edit(state, tiles=tiles_at(0, 1), tokens=tokens_at(c0=star, c1=hole))
    s = with_head(state, hole2)
    targets = view_choice(s, seat)["targets"]
    assert [t.get("cell") for t in targets if t["target"] == "cell"] == [0]
    assert targets[0]["covers"]["kind"] == "star"
    assert {t["target"] for t in targets} == {"cell", "reserve"}  # no discard while the Reserve has room
    with pytest.raises(IllegalAction, match="not a Black Hole"):
        act(s, seat, {"kind": "token", "target": "cell", "cell": 1})
    with pytest.raises(IllegalAction, match="Black Hole must cover"):
        act(s, seat, {"kind": "token", "target": "cell", "cell": 2})
    with pytest.raises(IllegalAction, match="only discard"):
        act(s, seat, {"kind": "token", "target": "discard"})
    covered = act(s, seat, {"kind": "token", "target": "cell", "cell": 0})
    player = covered["turn"]["work"]["player"]
    assert player["tokens"][0] == hole2 and player["under"][0] == star
    assert survey(player, catalog()).stars == 0  # the covered Star no longer counts
    # With a full Reserve a Black Hole may be let go; with no target and no room it must be.
    full = edit(state, reserve=["S-sun-1", token_of("meteor")])
    targets = view_choice(with_head(full, hole2), seat)["targets"]
    assert {t["target"] for t in targets} == {"cell", "discard"}
    bare = edit(state, tokens=[None] * 16, reserve=["S-sun-1", token_of("meteor")])
    assert view_choice(with_head(bare, hole2), seat)["targets"] == [{"target": "discard"}]
    gone = act(with_head(bare, hole2), seat, {"kind": "token", "target": "discard"})
    assert gone["turn"]["work"]["player"]["discarded"] == [hole2]
    # From the Reserve a Black Hole can only be played when there is a token to cover.
    kept = edit(state, tokens=[None] * 16, reserve=[hole2])
    assert GAME.view(kept, seat)["reserve_playable"] == []
    with pytest.raises(IllegalAction, match="nowhere to go"):
        act(kept, seat, {"kind": "reserve", "index": 0})


def test_reserve_rules() -> None:
    state, seat = start()
    meteor, sun = token_of("meteor"), f"S-sun-{seat + 1}"
    s = act(state, seat, {"kind": "reserve", "index": 0})  # the Starter Sun, before picking
    choice = view_choice(s, seat)
    assert choice["from_reserve"] and {t["target"] for t in choice["targets"]} == {"cell"}
    with pytest.raises(IllegalAction, match="must go to your boards"):
        act(s, seat, {"kind": "token", "target": "reserve"})
    s = act(s, seat, {"kind": "token", "target": "cell", "cell": 5})
    assert s["turn"]["work"]["player"]["tokens"][5] == sun and view_choice(s, seat)["kind"] == "pick"
    # Hex tokens never go to the Reserve; they need a tile.
    hexed = with_head(edit(state, tiles=tiles_at(3)), "B-moon-1")
    assert view_choice(hexed, seat)["targets"] == [{"target": "cell", "cell": 3, "covers": None}]
    with pytest.raises(IllegalAction, match="Hex tokens"):
        act(hexed, seat, {"kind": "token", "target": "reserve"})
    # A full Reserve: the new token must go to the Mural.
    full = with_head(edit(state, reserve=["S-sun-1", token_of("star")]), meteor)
    assert {t["target"] for t in view_choice(full, seat)["targets"]} == {"cell"}
    kept = act(with_head(state, meteor), seat, {"kind": "token", "target": "reserve"})
    assert kept["turn"]["work"]["player"]["reserve"] == [sun, meteor]


def shuttle_state(bonus: str, **player: object) -> tuple[dict, int, int]:
    state, seat = start()
    state = edit(state, **player) if player else state
    space = SPACES.index(bonus)
    fly = {"kind": "token", "target": "shuttle", "space": space}
    s = act(with_head(state, token_of("shuttle")), seat, fly)
    return s, seat, space


def test_tile_move_is_once_per_game_and_hex_tokens_travel() -> None:
    tiles = tiles_at(0, 1, hexes={0: ["B-moon-1"]})
    s, seat, space = shuttle_state("move_tile", tiles=tiles, tokens=tokens_at(c0=token_of("star")))
    choice = view_choice(s, seat)
    assert choice["kind"] == "move_tile" and [m["from"] for m in choice["moves"]] == [0, 1]
    with pytest.raises(IllegalAction, match="swap_rotation"):
        act(s, seat, {"kind": "move_tile", "from": 0, "to": 1, "rotation": 0})
    with pytest.raises(IllegalAction, match="empty"):
        act(s, seat, {"kind": "move_tile", "from": 0, "to": 9, "rotation": 0, "swap_rotation": 2})
    moved = act(s, seat, {"kind": "move_tile", "from": 0, "to": 9, "rotation": 2, "swap_rotation": None})
    player = moved["turn"]["work"]["player"]
    assert player["tiles"][0] is None and player["tiles"][9] == {"id": "T01", "rot": 2, "hex": ["B-moon-1"]}
    assert player["tokens"][0] == token_of("star")  # circular tokens stay where they were
    swapped = act(s, seat, {"kind": "move_tile", "from": 0, "to": 1, "rotation": 3, "swap_rotation": 1})
    player = swapped["turn"]["work"]["player"]
    assert player["tiles"][1]["id"] == "T01" and player["tiles"][1]["rot"] == 3
    assert player["tiles"][0]["id"] == "T02" and player["tiles"][0]["rot"] == 1
    assert GAME.view(swapped, seat)["preview"]["tile_move_used"]
    # The space is now taken: a later Shuttle cannot offer the tile move again.
    again = with_head(swapped, token_of("shuttle", 1))
    spaces = [t["space"] for t in view_choice(again, seat)["targets"] if t["target"] == "shuttle"]
    assert space not in spaces and len(spaces) == 7
    with pytest.raises(IllegalAction, match="Shuttle space"):
        act(again, seat, {"kind": "token", "target": "shuttle", "space": space})


def test_move_token_moves_or_swaps_circular_tokens_and_black_hole_stacks() -> None:
    hole, star, meteor = token_of("black_hole"), token_of("star"), token_of("meteor")
    tokens = tokens_at(c2=hole, c4=meteor)
    under = [None] * 16
    under[2] = star
    s, seat, _ = shuttle_state("move_token", tokens=tokens, under=under)
    choice = view_choice(s, seat)
    assert [m["from"] for m in choice["moves"]] == [2, 4] and choice["optional"]
    moved = act(s, seat, {"kind": "move_token", "from": 2, "to": 7})
    player = moved["turn"]["work"]["player"]
    assert player["tokens"][7] == hole and player["under"][7] == star and player["tokens"][2] is None
    swapped = act(s, seat, {"kind": "move_token", "from": 2, "to": 4})
    player = swapped["turn"]["work"]["player"]
    assert player["tokens"][4] == hole and player["under"][4] == star and player["tokens"][2] == meteor
    with pytest.raises(IllegalAction, match="no circular token"):
        act(s, seat, {"kind": "move_token", "from": 9, "to": 4})


def test_gain_and_journal_bonuses() -> None:
    s, seat, _ = shuttle_state("gain", tiles=tiles_at(6))
    choice = view_choice(s, seat)
    assert choice["kind"] == "gain" and set(choice["types"]) == {
        "star",
        "shuttle",
        "sun",
        "moon",
        "comet",
        "station",
    }
    gained = act(s, seat, {"kind": "gain", "type": "comet"})
    assert view_choice(gained, seat)["token"]["kind"] == "comet"
    assert GAME.view(gained, seat)["preview"]["supply"]["comet"] == 0
    assert GAME.view(gained, None)["supply"]["comet"] == 1  # nothing public before confirm
    placed = act(gained, seat, {"kind": "token", "target": "cell", "cell": 6})
    assert placed["turn"]["work"]["player"]["tiles"][6]["hex"] == ["B-comet-2"]
    empty = json.loads(json.dumps(s))
    empty["turn"]["work"]["supply"]["comet"] = []
    assert "comet" not in view_choice(empty, seat)["types"]
    with pytest.raises(IllegalAction, match="run out"):
        act(empty, seat, {"kind": "gain", "type": "comet"})
    s, seat, _ = shuttle_state("journal")
    cards = view_choice(s, seat)["cards"]
    assert len(cards) == 6 and {c["slot"] for c in cards} == {"top", "shown"}
    shown = next(c for c in cards if c["slot"] == "shown" and c["deck"] == "III")
    top = s["decks"]["III"][0]
    taken = act(s, seat, {"kind": "take_journal", "card": shown["id"]})
    work = taken["turn"]["work"]
    assert work["player"]["journal"][-1] == shown["id"] and work["shown"]["III"] == top
    assert GAME.view(taken, seat)["journal"][-1]["id"] == shown["id"]
    assert shown["id"] in json.dumps(GAME.view(taken, None))  # still on the public board
    with pytest.raises(IllegalAction, match="face-up"):
        act(s, seat, {"kind": "take_journal", "card": s["decks"]["III"][1]})
    skipped = act(s, seat, {"kind": "skip"})
    assert view_choice(skipped, seat)["kind"] == "confirm"


def test_last_pick_takes_a_circle_and_a_hex_bonus() -> None:
    state, seat = start()
    state = json.loads(json.dumps(state))
    for square in range(1, 8):
        state["universe"][square] = None
        state["turn"]["work"]["universe"][square] = None
    assert view_choice(state, seat)["last"]
    s = act(state, seat, {"kind": "pick", "square": 0})
    choice = view_choice(s, seat)
    assert choice == {"kind": "bonus", "shape": "circle", "types": ["star", "shuttle", "sun"]}
    with pytest.raises(IllegalAction, match="Circle"):
        act(s, seat, {"kind": "bonus", "type": "moon"})
    s = act(s, seat, {"kind": "bonus", "type": "sun"})
    assert view_choice(s, seat)["shape"] == "hex"
    s = act(s, seat, {"kind": "bonus", "type": "station"})
    assert GAME.view(s, seat)["queue"] == ["token", "bonus", "bonus"]
    assert s["turn"]["work"]["centre"]["sun"] is None and state["centre"]["sun"] is not None


def test_journal_top_card_and_a_gained_shuttle_chains_its_own_bonus() -> None:
    s, seat, _ = shuttle_state("journal")
    top, below = s["decks"]["II"][0], s["decks"]["II"][1]
    taken = act(s, seat, {"kind": "take_journal", "card": top})
    assert taken["turn"]["work"]["decks"]["II"][0] == below
    assert taken["turn"]["work"]["shown"]["II"] == s["shown"]["II"]
    s, seat, _ = shuttle_state("gain")
    gained = act(s, seat, {"kind": "gain", "type": "shuttle"})
    choice = view_choice(gained, seat)
    assert choice["token"]["kind"] == "shuttle" and choice["token"]["bonus"]
    journal_space = next(t["space"] for t in choice["targets"] if t.get("bonus") == "journal")
    chained = act(gained, seat, {"kind": "token", "target": "shuttle", "space": journal_space})
    assert view_choice(chained, seat)["kind"] == "journal"
    assert sum(1 for t in chained["turn"]["work"]["player"]["shuttles"] if t) == 2
