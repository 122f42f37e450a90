"""Star Gazers panels offer the rulebook's choices, and nothing the engine would refuse.

Positions are built with the engine (a few board edits for the exact case); each panel's
buttons and select options are decoded and checked against ``legal_actions``.
"""

from __future__ import annotations

import json

from bot.faces.star_gazers import plan
from bot.faces.star_gazers.codes import decode
from bot.faces.star_gazers.presenter import StarGazersPresenter
from bot.games import get_game
from bot.games.star_gazers.components import load_board, load_tokens

GAME = get_game("star-gazers")
PRESENTER = StarGazersPresenter()
NAMES = ["Ada", "Bea"]
SPACES = load_board().shuttle_spaces
METEOR = next(t.id for t in load_tokens() if t.kind == "meteor")
SHUTTLE = next(t.id for t in load_tokens() if t.kind == "shuttle")
STAR = next(t.id for t in load_tokens() if t.kind == "star")


def start(seed: int = 7) -> tuple[dict, int]:
    state = GAME.setup(2, {}, seed)
    for seat in range(2):
        state = act(state, seat, {"kind": "keep", "card": state["dealt"][seat][0]})
    return state, GAME.to_act(state)[0]


def act(state: dict, seat: int, action: dict) -> dict:
    return GAME.apply(state, seat, action).state


def arrange(
    state: dict,
    square: int,
    *,
    tile: str | None = None,
    token: str | None = None,
    last: bool = False,
    **player: object,
) -> dict:
    """A copy where Universe ``square`` offers this tile/token and the seat's boards are edited."""
    state = json.loads(json.dumps(state))
    seat = state["turn"]["seat"]
    for universe in (state["universe"], state["turn"]["work"]["universe"]):
        universe[square].update({k: v for k, v in (("tile", tile), ("token", token)) if v})
        for other in range(8) if last else ():
            if other != square:
                universe[other] = None
    for key, value in player.items():
        state["players"][seat][key] = json.loads(json.dumps(value))
        state["turn"]["work"]["player"][key] = json.loads(json.dumps(value))
    return state


def panel_codes(state: dict, seat: int, stage: str | None = None) -> tuple[list[str], list[str], str]:
    """(codes of the action buttons and ``do`` selects, stage values, text) of the seat's panel."""
    view = GAME.view(state, seat)
    tentative = None
    if stage and stage.startswith("P"):  # as the stage button does: the tile and its token previewed
        done, tentative, _note = plan.preview(GAME, state, seat, plan.parse(stage), decode)
        stage = done.code()
    elif stage and stage.startswith("t"):
        tentative = GAME.view(act(state, seat, decode(stage)), seat)
    out = PRESENTER.panel(view, NAMES, 1, stage=stage, tentative=tentative)
    actions, stages = [], []
    for item in out.items:
        parts = item.item.custom_id.split(":")
        if parts[1] == "do":
            actions.append(parts[4])
        elif parts[1] == "st":
            stages.append(parts[4])
        elif parts[1] == "type":  # the typed-square form reuses the select's own options
            continue
        else:
            values = [o.value for o in item.item.options]
            (actions if parts[4] == "do" else stages).extend(values)
    return actions, stages, out.content


def assert_all_legal(state: dict, seat: int, codes: list[str]) -> None:
    legal = GAME.legal_actions(state, seat)
    assert codes and all(decode(code) in legal for code in codes), codes


def test_the_tile_step_offers_to_place_the_token_first() -> None:
    state, seat = start()
    s = act(arrange(state, 2, token=METEOR), seat, {"kind": "pick", "square": 2})
    actions, _, _ = panel_codes(s, seat)
    assert "x1" in actions
    assert_all_legal(s, seat, actions)
    s = act(s, seat, decode("x1"))
    actions, _, text = panel_codes(s, seat)
    assert "Meteor" in text and "x1" in actions  # and the tile may come back first
    assert_all_legal(s, seat, actions)


def test_a_hex_token_before_any_tile_offers_only_the_tile_first() -> None:
    state, seat = start()
    s = act(arrange(state, 1, token=SHUTTLE), seat, {"kind": "pick", "square": 1})
    s = act(s, seat, {"kind": "first", "piece": 1})
    s = act(s, seat, {"kind": "token", "target": "shuttle", "space": SPACES.index("gain")})
    s = act(s, seat, {"kind": "gain", "type": "moon"})
    actions, stages, text = panel_codes(s, seat)
    assert "place your tile first" in text and not stages
    assert sorted(actions) == ["r0", "u", "x1"]
    assert_all_legal(s, seat, actions)


def test_the_tile_step_never_offers_two_wild_halves_together() -> None:
    state, seat = start()
    wall = [None] * 16
    wall[1] = {"id": "T01", "rot": 0, "hex": []}  # B1 shows a wild half downwards
    s = act(arrange(state, 0, tile="T12", tiles=wall), seat, {"kind": "pick", "square": 0})
    _, stages, _ = panel_codes(s, seat)
    assert "P5.0" in stages and not any(v.startswith("P1.") for v in stages)
    _, turns, text = panel_codes(s, seat, "P5.0")
    rotations = {t.split(".")[1] for t in turns if t.startswith("P5.") and t.count(".") == 2}
    assert {"1", "3"} <= rotations and "2" not in rotations and "wild half" in text
    for stage in [v for v in stages if v.startswith("P")]:
        actions, _, _ = panel_codes(s, seat, stage)
        sent = [a for a in actions if a.startswith("P")]
        assert len(sent) == 1  # the one green button: the tile and its token (and the confirm)
        GAME.apply(s, seat, decode(sent[0]))  # the engine takes what the button sends


def test_the_reserve_is_offered_while_choosing_the_last_pick_bonus() -> None:
    state, seat = start()
    s = act(arrange(state, 6, last=True), seat, {"kind": "pick", "square": 6})
    actions, _, text = panel_codes(s, seat)
    assert "bonus token" in text and "r0" in actions
    assert_all_legal(s, seat, actions)


def test_the_reserve_is_offered_while_a_shuttle_bonus_resolves() -> None:
    state, seat = start()
    s = act(arrange(state, 0, token=SHUTTLE, reserve=[STAR]), seat, {"kind": "pick", "square": 0})
    s = act(s, seat, {"kind": "tile", "cell": 0, "rotation": 0})
    for bonus in ("journal", "gain", "move_token"):
        shuttle = act(s, seat, {"kind": "token", "target": "shuttle", "space": SPACES.index(bonus)})
        actions, _, text = panel_codes(shuttle, seat)
        assert "Shuttle bonus" in text and "r0" in actions, bonus
        assert_all_legal(shuttle, seat, actions)


def test_the_tile_move_starts_from_an_allowed_turn() -> None:
    state, seat = start()
    board = [None] * 16
    board[1] = {"id": "T01", "rot": 0, "hex": []}  # B1 shows a wild half downwards
    board[10] = {"id": "T12", "rot": 2, "hex": []}  # turned 180°: its wild half points up
    s = act(arrange(state, 0, token=SHUTTLE, tiles=board), seat, {"kind": "pick", "square": 0})
    s = act(s, seat, {"kind": "tile", "cell": 15, "rotation": 0})
    s = act(s, seat, {"kind": "token", "target": "shuttle", "space": SPACES.index("move_tile")})
    _, stages, _ = panel_codes(s, seat, "f10")
    to_b2 = next(v for v in stages if v.startswith("m10.5."))
    assert to_b2 != "m10.5.2.x"  # not with the wild half against B1's
    legal = GAME.legal_actions(s, seat)
    assert all(decode("l" + v[1:]) in legal for v in stages if v.startswith("m"))


def test_the_tile_and_token_lists_offer_a_typed_square() -> None:
    state, seat = start()
    s = act(arrange(state, 2, token=METEOR), seat, {"kind": "pick", "square": 2})
    out = PRESENTER.panel(GAME.view(s, seat), NAMES, 1)
    assert [i.item.custom_id for i in out.items if i.item.custom_id.startswith("sg:type:")] == [
        f"sg:type:1:{s['decision']}:tile"
    ]
