"""Telescope movement: jumping START and fully mapped constellations, and the refusals."""

from __future__ import annotations

import pytest
from sns_helpers import GAME, blank, fill, move, place, run

from bot.games.base import IllegalAction
from bot.games.starry_night_sky.moves import destinations, routes


def test_from_start_every_neighbour_is_reachable_and_nothing_further() -> None:
    state = blank()
    assert set(routes(state, 0)) == {"c01", "c03", "c04", "c05", "c06"}


def test_fully_mapped_constellations_are_jumped_and_the_move_carries_on() -> None:
    state = blank()
    fill(state, "c05")
    fill(state, "c13")
    reach = routes(state, 0)
    assert "c05" not in reach and "c13" not in reach
    assert reach["c12"]["skips"] == ["c05", "c13"]
    assert {"c24", "c25", "c14"} <= set(reach)


def test_start_is_always_jumped() -> None:
    state = blank()
    state["players"][0]["at"] = "c03"
    fill(state, "c03", ["red"])
    reach = routes(state, 0)
    assert "START" not in reach
    assert reach["c06"]["skips"] == ["START"]
    assert {"c10", "c01", "c04", "c05", "c06"} == set(reach)


def test_moving_to_start_is_refused() -> None:
    state = blank()
    state["players"][0].update(at="c03", pools=[["red"], [], []])
    fill(state, "c03", ["red"])
    with pytest.raises(IllegalAction, match="START"):
        run(state, move("START"))


def test_ending_where_you_began_is_refused() -> None:
    state = blank()
    fill(state, "c04", ["blue"])
    state["players"][0].update(at="c04", pools=[["blue"], [], []])
    fill(state, "c05")
    fill(state, "c11")
    fill(state, "c12")
    # c04's neighbours are all jumped; a route can loop back (c04-c05-START-c04) but not stop there
    with pytest.raises(IllegalAction, match="somewhere other"):
        run(state, move("c04"))
    assert "c04" not in routes(state, 0)


def test_stopping_on_a_fully_mapped_constellation_is_refused() -> None:
    state = blank()
    state["players"][0]["pools"] = [["blue"], [], []]
    fill(state, "c05")
    with pytest.raises(IllegalAction, match="fully mapped"):
        run(state, move("c05"))


def test_colour_mismatch_is_refused() -> None:
    state = blank()
    state["players"][0]["pools"] = [["red"], ["red", "yellow"], []]
    assert "c04" in routes(state, 0) and "c04" not in destinations(state, 0)  # c04 is blue, blue
    with pytest.raises(IllegalAction, match="matching an empty spot"):
        run(state, move("c04"))
    fill(state, "c03", ["red", "red"])
    state, _ = run(state, move("c03"))  # its yellow spot is still empty: fine
    with pytest.raises(IllegalAction, match="match the colour"):
        run(state, place(0, red=1))


def test_a_constellation_out_of_reach_is_refused() -> None:
    state = blank()
    state["players"][0]["pools"] = [["red"], [], []]
    with pytest.raises(IllegalAction, match="out of reach"):
        run(state, move("c26"))


def test_placing_takes_stars_from_one_pool_only() -> None:
    state = blank()
    state["players"][0]["pools"] = [["blue"], ["yellow"], []]
    state, _ = run(state, move("c01"))
    with pytest.raises(IllegalAction, match="single pool"):
        run(state, place(0, blue=1, yellow=1))


def test_bonus_exploration_only_after_a_partly_mapped_constellation() -> None:
    state = blank()
    state["players"][0]["pools"] = [["blue", "blue"], ["yellow"], []]
    state, _ = run(state, move("c04"), place(0, blue=1))  # a discovery: no bonus
    assert state["current"] == 1
    state = blank()
    state["players"][0]["pools"] = [["blue"], ["yellow"], []]
    fill(state, "c04", ["blue"])
    state, _ = run(state, move("c04"), place(0, blue=1))
    assert state["turn"]["step"] == "bonus_move"
    view = GAME.view(state, 0)
    assert view["bonus_available"] and view["choice"]["kind"] == "move" and view["choice"]["bonus"]
    state, _ = run(state, move("c05"), place(1, yellow=1))
    assert state["current"] == 1  # only one bonus exploration, and nothing left to trade


def test_bonus_exploration_may_reuse_the_same_pool() -> None:
    state = blank()
    state["players"][0]["pools"] = [["blue", "yellow"], [], []]
    fill(state, "c04", ["blue"])
    state, _ = run(state, move("c04"), place(0, blue=1), move("c05"), place(0, yellow=1))
    assert state["players"][0]["score"]["stars"] == 2


def test_bonus_is_skipped_when_nothing_is_reachable() -> None:
    state = blank()
    state["players"][0]["pools"] = [["blue"], [], []]
    fill(state, "c04", ["blue"])
    state, events = run(state, move("c04"), place(0, blue=1))
    assert "found nowhere to go for the bonus exploration" in events[0]
    assert state["current"] == 1


def test_telescopes_do_not_block() -> None:
    state = blank()
    state["players"][0]["pools"] = [["blue"], [], []]
    fill(state, "c04", ["blue"])
    state["players"][1]["at"] = "c04"
    assert routes(state, 0)["c04"]["passes_telescope"]
    run(state, move("c04"))
