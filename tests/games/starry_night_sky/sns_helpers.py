"""Shared helpers for the Starry Night Sky tests: hand-built positions and invariant checks."""

from __future__ import annotations

import json
from typing import Any

from bot.games.base import IllegalAction
from bot.games.rng import Rng
from bot.games.starry_night_sky import StarryNightSky
from bot.games.starry_night_sky.components import BAG_PER_COLOUR, COLOURS, load_map, load_myths
from bot.games.starry_night_sky.turn import _new_turn

GAME = StarryNightSky()
State = dict[str, Any]


def blank(seats: int = 3, step: str = "move") -> State:
    """Seat 0 to play at ``step`` on an untouched sky: every telescope on START, empty pools."""
    state = GAME.setup(seats, {}, 1)
    for spot in state["board"].values():
        spot.update(filled=[False] * len(spot["filled"]), marker=None, by=None, dawn_marker=False)
    for player in state["players"]:
        player.update(at="START", pools=[[], [], []], goals=[],
                      score={"discovery": 0, "stars": 0, "goals": 0})
    state.update(deck=[], discard=[], current=0, turn=_new_turn(0))
    state["turn"]["step"] = step
    return state


def fill(state: State, cid: str, colours: list[str] | None = None, by: int = 1) -> None:
    """Fill every spot (or one spot per listed colour) and mark the constellation discovered."""
    spots = load_map().constellations[cid].spots
    filled = state["board"][cid]["filled"]
    for colour in colours if colours is not None else list(spots):
        filled[next(i for i, s in enumerate(spots) if s == colour and not filled[i])] = True
    if state["board"][cid]["by"] is None:
        state["board"][cid].update(by=by, marker=1)


def run(state: State, *actions: dict[str, Any], seat: int = 0) -> tuple[State, list[str]]:
    events: list[str] = []
    for action in actions:
        applied = GAME.apply(state, seat, action)
        state = applied.state
        events += applied.events
    return state, events


def move(to: str) -> dict[str, Any]:
    return {"kind": "move", "to": to}


def place(pool: int, **stars: int) -> dict[str, Any]:
    return {"kind": "place", "pool": pool, "stars": stars}


END = {"kind": "end"}


def star_total(state: State) -> int:
    """Stars in the bag, in pools (and still to assign) and on the board."""
    bag = sum(state["bag"].values())
    pools = sum(len(pool) for p in state["players"] for pool in p["pools"])
    drawn = len(state["turn"]["drawn"]) if state["turn"] else 0
    board = sum(sum(spot["filled"]) for spot in state["board"].values())
    return bag + pools + drawn + board


def check_invariants(state: State) -> None:
    """Cheap invariants checked after every action of every simulated game."""
    assert star_total(state) == BAG_PER_COLOUR * len(COLOURS)
    assert all(v >= 0 for v in state["bag"].values())
    for seat, player in enumerate(state["players"]):
        assert all(len(pool) <= 4 for pool in player["pools"])
        assert len(player["goals"]) <= 3
        view = GAME.view(state, None)["players"][seat]["score"]
        assert view["total"] == view["discovery"] + view["stars"] + view["goals"] + view["myths"]
    goals = len(state["deck"]) + len(state["discard"]) + sum(len(p["goals"]) for p in state["players"])
    assert goals == 36
    turns = [p["turns"] for p in state["players"]]
    assert max(turns) - min(turns) <= 1


def deep_checks(state: State, rng: Rng) -> None:
    """Expensive contract checks: JSON round trip, no mutation, legal applies, illegal refused,
    and no Myth card in anything public while the game runs."""
    text = json.dumps(state, sort_keys=True)
    assert json.loads(text) == state
    if state["phase"] == "over":
        return
    seat = state["current"]
    legal = GAME.legal_actions(state, seat)
    assert legal, "the seat to act must have something to do"
    for action in rng_sample(legal, rng, 4):
        GAME.apply(state, seat, action)
    assert json.dumps(state, sort_keys=True) == text, "apply mutated its input"
    for wrong in ({"kind": "move", "to": "START"}, {"kind": "place", "pool": 0, "stars": {"red": 9}},
                  {"kind": "trade", "goal": "g99", "colour": "red", "pool": 0}, {"kind": "nope"}):
        try:
            GAME.apply(state, seat, wrong)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{wrong} was accepted")
    other = (seat + 1) % state["seats"]
    try:
        GAME.apply(state, other, legal[0])
    except IllegalAction:
        pass
    else:
        raise AssertionError("a seat acted out of turn")
    public = json.dumps(GAME.view(state, None))
    for mid in load_myths():
        assert f'"{mid}"' not in public, "a Myth card leaked into the public view"


def rng_sample(items: list[Any], rng: Rng, k: int) -> list[Any]:
    return items if len(items) <= k else [items[rng.below(len(items))] for _ in range(k)]
