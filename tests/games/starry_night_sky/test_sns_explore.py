"""The ``explore`` action: a move and a place (and maybe the end of the turn) behind one confirm.

It must land exactly where the sub-actions it stands for land, and be refused whole when any of
them would be: a panel's one Confirm may never leave a turn half played.
"""

from __future__ import annotations

import pytest
from sns_helpers import END, GAME, blank, fill, move, place, run

from bot.games.base import IllegalAction


def explore(to: str, pool: int, *, end: bool = False, **stars: int) -> dict:
    return {"kind": "explore", "to": to, "pool": pool, "stars": stars, "end": end}


def with_goal(state: dict) -> dict:
    """Seat 0 holds a goal and the bag has stars, so a trade stays possible and the turn waits
    at its end step instead of ending by itself."""
    state["players"][0]["goals"] = ["g01"]
    return state


def test_explore_lands_where_move_then_place_land() -> None:
    state = with_goal(blank())
    state["players"][0]["pools"] = [["blue", "blue"], ["yellow"], []]
    one, events_one = run(state, explore("c04", 0, blue=1))
    two, events_two = run(state, move("c04"), place(0, blue=1))
    assert one == two and events_one == events_two
    assert one["turn"]["step"] == "end" and one["current"] == 0


def test_explore_with_end_ends_the_turn_as_end_would() -> None:
    state = with_goal(blank())
    state["players"][0]["pools"] = [["blue", "blue"], ["yellow"], []]
    one, events_one = run(state, explore("c04", 0, blue=1, end=True))
    two, events_two = run(state, move("c04"), place(0, blue=1), END)
    assert one == two and events_one == events_two
    assert one["current"] == 1


def test_explore_before_a_bonus_opens_the_bonus_and_refuses_to_end() -> None:
    state = with_goal(blank())
    state["players"][0]["pools"] = [["blue"], ["yellow"], []]
    fill(state, "c04", ["blue"])
    after, _ = run(state, explore("c04", 0, blue=1))
    assert after["turn"]["step"] == "bonus_move"
    with pytest.raises(IllegalAction, match="bonus exploration follows"):
        run(state, explore("c04", 0, blue=1, end=True))
    bonus, _ = run(after, explore("c05", 1, yellow=1, end=True))
    assert bonus["current"] == 1


def test_a_refused_part_refuses_the_whole_explore() -> None:
    state = blank()
    state["players"][0]["pools"] = [["blue"], ["yellow"], []]
    with pytest.raises(IllegalAction, match="single pool"):
        GAME.apply(state, 0, explore("c01", 0, blue=1, yellow=1))
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, explore("START", 0, blue=1))
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {**explore("c04", 0, blue=1), "end": "yes"})
    assert state["players"][0]["at"] == "START" and state["turn"]["step"] == "move"
