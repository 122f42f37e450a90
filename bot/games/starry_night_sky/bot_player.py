"""A greedy bot: go where the most points are now (stars, discovery, finishing, own myths).

Its own Myths weigh in (``MYTH_VALUE``, ``MYTH_STAR``): their points come only at the end, so a
player who goes only for points now never sees them.

It looks one exploration ahead: a partly mapped destination is worth a little extra because it
earns a bonus exploration. It trades goals only when stuck and only for a colour that opens a
move (else it skips exploring). Far better than random play.
"""

from __future__ import annotations

from typing import Any

from bot.games.base import Action, Game
from bot.games.rng import Rng
from bot.games.starry_night_sky import moves, turn
from bot.games.starry_night_sky.actions import ActionKind, Step
from bot.games.starry_night_sky.components import load_map, load_myths
from bot.games.starry_night_sky.model import empty_spots

BONUS_VALUE = 1.5
FINISH_VALUE = 0.8
# A Myth pays 4 to 8 points at the end when both its constellations are mapped: finishing one
# is worth more than a star or two, and every star towards it a little (a one-move greedy player,
# blind to Myths, won 12% of heads-up games against the bot that counted them 1.5, 7% now).
MYTH_VALUE = 3.0
MYTH_STAR = 0.5


def _myth_targets(state: dict[str, Any], seat: int) -> set[str]:
    myths = load_myths()
    return {c for m in state["players"][seat]["myths"] for c in (myths[m].a, myths[m].b)}


def _discovery_points(state: dict[str, Any]) -> int:
    if state["night"]:
        return state["night"][0]
    return 3 if state["dawn_left"] else 0


def _best_here(pools: list[list[str]], empty: dict[str, int], spots: int, filled: int, myth: bool) -> float:
    """Value of the best single-pool placement on these empty spots."""
    best = 0.0
    for pool in pools:
        n = sum(moves.pool_fits(pool, empty).values())
        if not n:
            continue
        value = float(n) + (n * MYTH_STAR if myth else 0.0)
        if filled + n == spots:
            value += FINISH_VALUE + (MYTH_VALUE if myth else 0.0)
        best = max(best, value)
    return best


def _move_value(state: dict[str, Any], seat: int, cid: str, pools: list[list[str]], bonus: bool) -> float:
    spot = state["board"][cid]
    filled = sum(spot["filled"])
    spots = len(spot["filled"])
    value = _best_here(pools, empty_spots(state, cid), spots, filled, cid in _myth_targets(state, seat))
    if value <= 0:
        return 0.0
    if not filled:
        value += _discovery_points(state)
    elif not bonus:
        value += BONUS_VALUE
    return value


def _pools_value(state: dict[str, Any], seat: int, pools: list[list[str]]) -> float:
    best = 0.0
    for cid in moves.routes(state, seat):
        best = max(best, _move_value(state, seat, cid, pools, False))
    return best


def choose(game: Game, state: dict[str, Any], seat: int, rng: Rng) -> Action | None:
    t = state["turn"]
    step = Step(t["step"])
    player = state["players"][seat]
    if step is Step.ASSIGN:
        options = turn.assignment_options(state)
        scored = [(_pools_value(state, seat, o["result"]) + rng.random() * 0.01, o) for o in options]
        return {"kind": ActionKind.ASSIGN.value, "pools": max(scored, key=lambda x: x[0])[1]["pools"]}
    if step in (Step.MOVE, Step.BONUS_MOVE):
        reach = moves.destinations(state, seat)
        if not reach:  # stuck: a trade that opens a move, else skip exploring
            return _helpful_trade(state, seat) or {"kind": ActionKind.END.value}
        bonus = step is Step.BONUS_MOVE
        scored_moves = [
            (_move_value(state, seat, cid, player["pools"], bonus) + rng.random() * 0.01, cid)
            for cid in reach
        ]
        return {"kind": ActionKind.MOVE.value, "to": max(scored_moves)[1]}
    if step in (Step.PLACE, Step.BONUS_PLACE):
        cid = player["at"]
        empty = empty_spots(state, cid)
        spots = len(load_map().constellations[cid].spots)
        filled = sum(state["board"][cid]["filled"])
        best: tuple[float, int, dict[str, int]] | None = None
        for i, pool in enumerate(player["pools"]):
            for stars in moves.placements(pool, empty):
                n = sum(stars.values())
                value = n + (FINISH_VALUE if filled + n == spots else 0) + rng.random() * 0.01
                if best is None or value > best[0]:
                    best = (value, i, stars)
        assert best is not None
        return {"kind": ActionKind.PLACE.value, "pool": best[1], "stars": best[2]}
    return {"kind": ActionKind.END.value}


def _helpful_trade(state: dict[str, Any], seat: int) -> Action | None:
    """Stuck: trade the cheapest goal for a colour some reachable constellation still needs."""
    player = state["players"][seat]
    options = turn.trade_options(state, seat)
    if not options:
        return None
    colours = moves.helpful_colours(state, seat)
    if not colours:
        return None
    pool = min(options[0]["pools"], key=lambda p: len(player["pools"][p]))
    goal = options[0]["goal"]
    return {"kind": ActionKind.TRADE.value, "goal": goal, "colour": colours[0], "pool": pool}
