"""Shared helpers for the Starry Night Sky tests: hand-built positions and invariant checks."""

from __future__ import annotations

from typing import Any

from bot.games.rng import Rng
from bot.games.starry_night_sky import StarryNightSky
from bot.games.starry_night_sky.components import BAG_PER_COLOUR, COLOURS, load_map
from bot.games.starry_night_sky.scoring import parts
from bot.games.starry_night_sky.turn import _new_turn

GAME = StarryNightSky()
State = dict[str, Any]


def blank(seats: int = 3, step: str = "move") -> State:
    """Seat 0 to play at ``step`` on an untouched sky: every telescope on START, empty pools."""
    state = GAME.setup(seats, {}, 1)
    for spot in state["board"].values():
        spot.update(filled=[False] * len(spot["filled"]), marker=None, by=None, dawn_marker=False)
    for player in state["players"]:
        player.update(
            at="START", pools=[[], [], []], goals=[], score={"discovery": 0, "stars": 0, "goals": 0}
        )
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


def turn_log(state: State) -> list[str]:
    """The turn's sentences so far, as players read them (the state keeps them as stored texts)."""
    return GAME.view(state, None)["turn"]["log"]


def last_summary(state: State) -> str | None:
    return GAME.view(state, None)["last_summary"]


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
        score = parts(state, seat)
        assert score["total"] == score["discovery"] + score["stars"] + score["goals"] + score["myths"]
        assert score["discovery"] == sum(s["marker"] for s in state["board"].values() if s["by"] == seat)
    goals = len(state["deck"]) + len(state["discard"]) + sum(len(p["goals"]) for p in state["players"])
    assert goals == 36
    turns = [p["turns"] for p in state["players"]]
    assert max(turns) - min(turns) <= 1


def simulate_checked(seats: int, games: int) -> dict[str, float]:
    """Play seeded games (random players, a bot in some seats), checking the invariants of Starry
    Night Sky after every action (the contract every game keeps is checked by
    ``tests/games/test_conformance.py``)."""
    from bot.games.self_play import bot_action
    from bot.games.starry_night_sky.simulate import random_action

    plan = Rng(1000 + seats)
    actions = 0
    ended = {"dawn": 0, "stall": 0}
    for number in range(games):
        seed, rng = plan.below(1 << 62), Rng(plan.below(1 << 62))
        policies = [
            bot_action if number % 3 == 0 and s == number % seats else random_action for s in range(seats)
        ]
        state = GAME.setup(seats, {}, seed)
        steps = 0
        while state["phase"] == "play":
            check_invariants(state)
            seat = state["current"]
            state = GAME.apply(state, seat, policies[seat](GAME, state, seat, rng)).state
            steps += 1
            assert steps < 2000
        check_invariants(state)
        stars = sum(p["score"]["stars"] for p in state["players"])
        assert stars == sum(sum(s["filled"]) for s in state["board"].values())
        result = GAME.outcome(state)
        assert result is not None and result.scores == [b["total"] for b in result.breakdown]
        turns = {p["turns"] for p in state["players"]}
        assert len(turns) == 1, "everyone plays the same number of turns"
        ended[state["ended_by"]] += 1
        if state["ended_by"] == "dawn":
            assert not state["night"]
        actions += steps
    return {"actions_per_game": actions / games, **ended}
