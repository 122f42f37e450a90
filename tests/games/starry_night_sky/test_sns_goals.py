"""Every one of the 36 Exploration Goals, each with a position that meets it and one that doesn't.

Each scenario gives seat 0 the one goal, sets up pools and the sky, plays the turn and ends it;
the goal must be scored (and discarded) exactly when it should.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from sns_helpers import END, blank, fill, move, place, run

from bot.games.starry_night_sky.components import Goal, load_goals, load_map

Scenario = Callable[[Goal, bool], tuple[dict[str, Any], list[dict[str, Any]]]]
PAIR_AT = {
    ("red", "red"): "c03",
    ("yellow", "yellow"): "c01",
    ("blue", "blue"): "c04",
    ("yellow", "blue"): "c05",
    ("yellow", "red"): "c06",
}


def _state(pools: list[list[str]]) -> dict[str, Any]:
    state = blank()
    state["players"][0]["pools"] = pools
    return state


def complete_any(goal: Goal, ok: bool):
    return _state([["blue", "blue"], [], []]), [move("c04"), place(0, blue=2 if ok else 1)]


def no_complete(goal: Goal, ok: bool):
    return _state([["blue", "blue"], [], []]), [move("c04"), place(0, blue=1 if ok else 2)]


def place_at_least(goal: Goal, ok: bool):
    stars = {"blue": 2, "yellow": 2 if ok else 1}
    return _state([["blue", "blue", "yellow", "yellow"], [], []]), [move("c01"), place(0, **stars)]


def empty_pools(goal: Goal, ok: bool):
    if goal.n == 1:
        return _state([["blue"] if ok else ["blue", "red"], [], []]), [move("c04"), place(0, blue=1)]
    state = _state([["blue"], ["yellow"] if ok else ["yellow", "red"], []])
    fill(state, "c04", ["blue"])
    return state, [move("c04"), place(0, blue=1), move("c05"), place(1, yellow=1)]


def telescope_pass(goal: Goal, ok: bool):
    state = _state([["blue"], [], []])
    fill(state, "c05")
    state["players"][1]["at"] = "c05" if ok else "c20"
    return state, [move("c13"), place(0, blue=1)]


def pool_same(goal: Goal, ok: bool):
    same = ["red"] * goal.n
    other = same[:-1] + ["blue"]
    return _state([["blue"], same if ok else other, ["yellow"]]), [move("c04"), place(0, blue=1)]


def pool_only(goal: Goal, ok: bool):
    colour = goal.colour
    other = "red" if colour != "red" else "yellow"
    return (
        _state([["blue"], [colour, colour] if ok else [colour, other], ["red", "yellow", "blue"]]),
        [move("c04"), place(0, blue=1)],
    )


def no_colour(goal: Goal, ok: bool):
    if ok:
        other = "yellow" if goal.colour == "red" else "red"
        return _state([[other], [], []]), [move("c06"), place(0, **{other: 1})]
    where = "c04" if goal.colour == "blue" else "c06"
    return _state([[goal.colour], [], []]), [move(where), place(0, **{goal.colour: 1})]


def adjacent_mapped(goal: Goal, ok: bool):
    state = _state([["blue"], [], []])
    for cid in ["c13", "c14"][: goal.n if ok else goal.n - 1]:
        fill(state, cid)
    return state, [move("c05"), place(0, blue=1)]


def place_pair(goal: Goal, ok: bool):
    where = PAIR_AT[goal.colours]
    a, b = goal.colours
    stars = {a: 2} if a == b else {a: 1, b: 1}
    if not ok:
        stars = {a: 1}
    return _state([list(goal.colours), [], []]), [move(where), place(0, **stars)]


def pools_each(goal: Goal, ok: bool):
    rest = ["red"] * goal.n
    return (
        _state([["blue", *rest], rest if ok else [*rest, "yellow"], list(rest)]),
        [move("c04"), place(0, blue=1)],
    )


def pools_123(goal: Goal, ok: bool):
    return (
        _state([["blue", "red"], ["yellow", "yellow"], ["red", "red", "blue"] if ok else ["red", "red"]]),
        [move("c04"), place(0, blue=1)],
    )


def identical_pools(goal: Goal, ok: bool):
    return (
        _state([["blue", "red", "yellow"], ["yellow", "red"] if ok else ["yellow", "blue"], ["blue"]]),
        [move("c04"), place(0, blue=1)],
    )


def on_unfilled(goal: Goal, ok: bool):
    if ok:
        where, stars = {
            "blue": ("c01", {"yellow": 1}),
            "yellow": ("c01", {"blue": 1}),
            "red": ("c03", {"yellow": 1}),
        }[goal.colour]
    else:
        where, stars = {
            "blue": ("c04", {"blue": 2}),
            "yellow": ("c05", {"yellow": 1}),
            "red": ("c06", {"red": 1}),
        }[goal.colour]
    pool = [c for c, n in stars.items() for _ in range(n)]
    return _state([pool, [], []]), [move(where), place(0, **stars)]


def adjacent_telescope(goal: Goal, ok: bool):
    state = _state([["blue"], [], []])
    state["players"][1]["at"] = "c13" if ok else "c20"
    fill(state, "c13", ["blue"])
    return state, [move("c05"), place(0, blue=1)]


def complete_empty(goal: Goal, ok: bool):
    where = {4: "c01", 3: "c03", 2: "c04"}[goal.n]
    spots = list(load_map().constellations[where].spots)
    stars: dict[str, int] = {}
    for colour in spots[: goal.n if ok else goal.n - 1]:
        stars[colour] = stars.get(colour, 0) + 1
    return _state([spots, [], []]), [move(where), place(0, **stars)]


def pool_rainbow(goal: Goal, ok: bool):
    return (
        _state([["blue"], ["red", "blue", "yellow"] if ok else ["red", "blue", "blue"], []]),
        [move("c04"), place(0, blue=1)],
    )


def place_exactly(goal: Goal, ok: bool):
    return _state([["red", "red", "yellow"], [], []]), [move("c03"), place(0, red=2, yellow=1 if ok else 0)]


def two_constellations(goal: Goal, ok: bool):
    state = _state([["blue"], ["yellow"], []])
    if not ok:
        return state, [move("c04"), place(0, blue=1)]
    fill(state, "c04", ["blue"])
    return state, [move("c04"), place(0, blue=1), move("c05"), place(1, yellow=1)]


SCENARIOS: dict[str, Scenario] = {
    "complete_any": complete_any,
    "no_complete": no_complete,
    "place_at_least": place_at_least,
    "empty_pools": empty_pools,
    "telescope_pass": telescope_pass,
    "pool_same": pool_same,
    "pool_only": pool_only,
    "no_colour": no_colour,
    "adjacent_mapped": adjacent_mapped,
    "place_pair": place_pair,
    "pools_each": pools_each,
    "pools_123": pools_123,
    "identical_pools": identical_pools,
    "on_unfilled": on_unfilled,
    "adjacent_telescope": adjacent_telescope,
    "complete_empty": complete_empty,
    "pool_rainbow": pool_rainbow,
    "place_exactly": place_exactly,
    "two_constellations": two_constellations,
}


def _play(gid: str, ok: bool) -> tuple[dict[str, Any], list[str]]:
    goal = load_goals()[gid]
    state, actions = SCENARIOS[goal.kind](goal, ok)
    state["players"][0]["goals"] = [gid]
    state, events = run(state, *actions)
    if state["current"] == 0 and state["turn"]["step"] == "end":
        state, more = run(state, END)
        events += more
    assert state["current"] == 1, "the scenario should have played seat 0's whole turn"
    return state, events


@pytest.mark.parametrize("gid", sorted(load_goals()))
def test_goal_is_scored_when_met(gid: str) -> None:
    goal = load_goals()[gid]
    state, events = _play(gid, True)
    assert gid not in state["players"][0]["goals"]
    assert state["players"][0]["score"]["goals"] == goal.points
    said = [e for e in events if goal.text in e]
    assert len(said) == 1 and said[0].startswith("{0} ") and f"“{goal.text}” (+{goal.points}: " in said[0]


@pytest.mark.parametrize("gid", sorted(load_goals()))
def test_goal_is_not_scored_when_missed(gid: str) -> None:
    state, events = _play(gid, False)
    assert state["players"][0]["goals"] == [gid]
    assert state["players"][0]["score"]["goals"] == 0
    assert not any("completed “" in e for e in events)


def test_every_goal_kind_has_a_scenario() -> None:
    assert {g.kind for g in load_goals().values()} == set(SCENARIOS)


def test_a_bare_constellation_finished_is_not_a_complete_empty_goal_if_it_had_stars() -> None:
    state = _state([["blue"], [], []])
    fill(state, "c04", ["blue"])
    state["players"][0]["goals"] = ["g30", "g01"]
    state, _ = run(state, move("c04"), place(0, blue=1))
    assert state["players"][0]["goals"] == ["g30"]  # g01 (complete any) scored, g30 did not


def test_turn_goals_score_at_once_and_end_goals_at_the_end() -> None:
    state = _state([["blue", "blue"], ["red", "red"], []])
    state["players"][0]["goals"] = ["g01", "g07"]
    state, _ = run(state, move("c04"), place(0, blue=2))
    assert state["players"][0]["goals"] == ["g07"] and state["turn"]["step"] == "end"
    state, events = run(state, END)
    assert state["players"][0]["score"]["goals"] == 2
    assert "(+1: finished mapping Patient Heron)" in events[0]
    assert any("pool 2 holds 2 red stars" in e for e in events)
