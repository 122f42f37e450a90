"""Shared helpers for the Starry Night Sky tests: hand-built positions and invariant checks."""

from __future__ import annotations

import json
from typing import Any

from bot.games.base import IllegalAction
from bot.games.rng import Rng
from bot.games.starry_night_sky import StarryNightSky
from bot.games.starry_night_sky.components import BAG_PER_COLOUR, COLOURS, load_map, load_myths
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


def deep_checks(state: State) -> None:
    """Expensive contract checks: JSON round trip, no mutation, legal applies, illegal refused,
    and no Myth card in anything public while the game runs."""
    text = json.dumps(state, sort_keys=True)
    assert json.loads(text) == state
    if state["phase"] == "over":
        return
    seat = state["current"]
    legal = GAME.legal_actions(state, seat)
    assert legal, "the seat to act must have something to do"
    for action in legal:
        GAME.apply(state, seat, action)
    assert json.dumps(state, sort_keys=True) == text, "apply mutated its input"
    for wrong in (
        {"kind": "move", "to": "START"},
        {"kind": "place", "pool": 0, "stars": {"red": 9}},
        {"kind": "trade", "goal": "g99", "colour": "red", "pool": 0},
        {"kind": "nope"},
    ):
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
    for viewer in range(state["seats"]):
        mine = json.dumps(GAME.view(state, viewer))
        for other, player in enumerate(state["players"]):
            for mid in player["myths"]:
                assert (f'"{mid}"' in mine) == (other == viewer), "a seat saw someone else's Myth"


def simulate_checked(
    seats: int, games: int, deep_every: int = 20, replay_every: int = 25
) -> dict[str, float]:
    """Play seeded games (random players, a bot in some seats), checking invariants at every step.

    Cheap invariants run after every action of every game; the expensive contract checks run
    after every action of every ``deep_every``-th game, and every ``replay_every``-th game is
    rebuilt from its log with ``bot.games.replay``.
    """
    from bot.games.replay import replay
    from bot.games.starry_night_sky.simulate import bot_action, random_action

    plan = Rng(1000 + seats)
    actions = 0
    ended = {"dawn": 0, "stall": 0}
    for number in range(games):
        seed, rng = plan.below(1 << 62), Rng(plan.below(1 << 62))
        policies = [
            bot_action if number % 3 == 0 and s == number % seats else random_action for s in range(seats)
        ]
        deep = number % deep_every == 0
        state = GAME.setup(seats, {}, seed)
        log = []
        while state["phase"] == "play":
            check_invariants(state)
            if deep:
                deep_checks(state)
            seat = state["current"]
            action = policies[seat](GAME, state, seat, rng)
            state = GAME.apply(state, seat, action).state
            log.append((seat, action))
            assert len(log) < 2000
        check_invariants(state)
        deep_checks(state)
        stars = sum(p["score"]["stars"] for p in state["players"])
        assert stars == sum(sum(s["filled"]) for s in state["board"].values())
        result = GAME.outcome(state)
        assert result is not None and result.scores == [b["total"] for b in result.breakdown]
        assert set(result.winners) <= set(range(seats)) and result.winners
        turns = {p["turns"] for p in state["players"]}
        assert len(turns) == 1, "everyone plays the same number of turns"
        ended[state["ended_by"]] += 1
        if state["ended_by"] == "dawn":
            assert not state["night"]
        if number % replay_every == 0:
            assert replay(GAME, seats, {}, seed, log) == state
        actions += len(log)
    return {"actions_per_game": actions / games, **ended}
