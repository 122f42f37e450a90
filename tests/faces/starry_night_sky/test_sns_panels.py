"""The Starry Night Sky panel when nothing in reach fits: trading stays a choice."""

from __future__ import annotations

from bot.faces.starry_night_sky.items import DO
from bot.faces.starry_night_sky.presenter import StarryNightSkyPresenter
from bot.games import get_game
from bot.games.starry_night_sky.components import load_map
from bot.ui.controls import control_of, played_by

GAME = get_game("starry-night-sky")
PRESENTER = StarryNightSkyPresenter()


def stuck_state(step: str = "move") -> dict:
    """Seat 0 on START with one red star and one goal; the red spots in reach are all taken."""
    state = GAME.setup(2, {}, 1)
    for cid, spot in state["board"].items():
        spots = load_map().constellations[cid].spots
        spot.update(filled=[colour == "red" for colour in spots], marker=1, by=1)
    player = state["players"][0]
    player.update(at="START", pools=[["red"], [], []], goals=[state["deck"].pop()])
    state["current"] = 0
    state["turn"].update(seat=0, step=step, drawn=[])
    return state


def components(out) -> list:
    view = out.view()
    return list(view.children) if view else []


def test_a_stuck_player_is_offered_to_skip_exploring_and_keep_their_goals():
    state = stuck_state()
    view = GAME.view(state, 0)
    assert view["choice"]["stuck"]
    out = PRESENTER.panel(view, ["Ada", "Bea"], 7)
    buttons = [c for c in components(out) if control_of(c) is DO]
    assert [played_by(b) for b in buttons] == [{"kind": "end"}]
    assert played_by(buttons[0]) in GAME.legal_actions(state, 0)
    assert "skip exploring" in out.content and "if you like" in out.content
    after = GAME.apply(state, 0, played_by(buttons[0])).state
    assert after["current"] == 1 and after["players"][0]["goals"] == state["players"][0]["goals"]


def test_a_stuck_panel_offers_trades_only_for_colours_that_open_a_move():
    state = stuck_state()
    view = GAME.view(state, 0)
    helps = view["choice"]["helps"]
    assert helps and "red" not in helps
    out = PRESENTER.panel(view, ["Ada", "Bea"], 7)
    selects = [c for c in components(out) if control_of(c) is not DO]
    offered = {o.value.split(".")[1] for s in selects for o in s.item.options}
    assert offered == set(helps)


def test_a_stuck_bonus_exploration_is_offered_to_skip_too():
    state = stuck_state("bonus_move")
    state["turn"]["bonus_due"] = True
    out = PRESENTER.panel(GAME.view(state, 0), ["Ada", "Bea"], 7)
    assert "skip the bonus exploration" in out.content
    assert any(control_of(c) is DO and played_by(c) == {"kind": "end"} for c in components(out))


def test_pool_buttons_name_each_star_colour_as_well_as_its_dot():
    """Colour is never the only signal: every pool button spells out its stars' colours."""
    state = GAME.setup(2, {}, 1)
    seat = GAME.to_act(state)[0]
    view = GAME.view(state, seat)
    assert view["choice"]["kind"] == "assign"
    out = PRESENTER.panel(view, ["Ada", "Bea"], 7)
    buttons = [c for c in components(out) if control_of(c) is DO]
    assert buttons
    for button, option in zip(buttons, view["choice"]["options"], strict=True):
        for pool in option["result"]:
            for colour in pool:
                assert colour[0].upper() in button.item.label
        letters = sum(len(pool) for pool in option["result"])
        assert sum(button.item.label.count(x) for x in "RBY") == letters


def test_a_score_of_one_is_one_point():
    state = GAME.setup(2, {}, 1)
    seat = GAME.to_act(state)[0]
    view = GAME.view(state, seat)
    view["players"][seat]["score"]["total"] = 1
    out = PRESENTER.panel(view, ["Ada", "Bea"], 7)
    said = f"{out.content}\n{out.footer}"  # the score is in the small print under the map
    assert "**1 point**" in said and "1 points" not in said
