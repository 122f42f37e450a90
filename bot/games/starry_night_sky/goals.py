"""Exploration goals: when each is met, and a short public reason saying why.

``check`` returns the reason (a sentence fragment as a ``Msg``, seats as ``{n}``) or ``None``. "On a turn"
goals are judged from the turn record (what was placed where, what was emptied, what was
passed); "close your turn" goals from the position once the turn ends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.games.starry_night_sky.components import COLOURS, START, Goal, load_goals, load_map
from bot.games.starry_night_sky.model import counts, empty_spots, is_mapped
from bot.games.starry_night_sky.phrases import colour_word, describe_stars, listing, sky_name, who
from bot.i18n.msg import M_, MN_, Msg, to_stored

State = dict[str, Any]
Check = Callable[[Goal, State, int], "Msg | None"]
# i18n (all the reasons below): what the player did, said after "completed the goal … (+2):".


def _placed(turn: dict[str, Any]) -> dict[str, int]:
    total = {c: 0 for c in COLOURS}
    for ex in turn["explorations"]:
        for c in COLOURS:
            total[c] += ex["placed"][c]
    return total


def _explored(turn: dict[str, Any]) -> list[dict[str, Any]]:
    """Explorations that put at least one star down."""
    return [ex for ex in turn["explorations"] if sum(ex["placed"].values())]


def _pools(state: State, seat: int) -> list[list[str]]:
    return state["players"][seat]["pools"]


def _complete_any(goal: Goal, state: State, seat: int) -> Msg | None:
    done = [ex["at"] for ex in state["turn"]["explorations"] if ex["completed"]]
    return M_("finished mapping {place}", place=sky_name(done[0])) if done else None


def _no_complete(goal: Goal, state: State, seat: int) -> Msg | None:
    turn = state["turn"]
    n = sum(_placed(turn).values())
    if n and not any(ex["completed"] for ex in turn["explorations"]):
        return MN_(
            "placed {n} star and left every constellation unfinished",
            "placed {n} stars and left every constellation unfinished",
            n,
        )
    return None


def _place_at_least(goal: Goal, state: State, seat: int) -> Msg | None:
    n = sum(_placed(state["turn"]).values())
    return MN_("placed {n} star this turn", "placed {n} stars this turn", n) if n >= goal.n else None


def _empty_pools(goal: Goal, state: State, seat: int) -> Msg | None:
    emptied = sorted(state["turn"]["emptied"])
    if len(emptied) >= goal.n:
        pools = [M_("pool {pool}", pool=p + 1) for p in emptied]  # (a nested M_ would escape extraction)
        return M_("emptied {pools}", pools=listing(pools))
    return None


def _telescope_pass(goal: Goal, state: State, seat: int) -> Msg | None:
    return M_("moved onto or past another telescope") if state["turn"]["passed_telescope"] else None


def _pool_same(goal: Goal, state: State, seat: int) -> Msg | None:
    for i, pool in enumerate(_pools(state, seat)):
        for colour, n in counts(pool).items():
            if n >= goal.n:
                return MN_(
                    "pool {pool} holds {n} {colour} star",
                    "pool {pool} holds {n} {colour} stars",
                    n,
                    pool=i + 1,
                    colour=colour_word(colour, n),
                )
    return None


def _pool_only(goal: Goal, state: State, seat: int) -> Msg | None:
    for i, pool in enumerate(_pools(state, seat)):
        if pool and all(s == goal.colour for s in pool):
            return M_("pool {pool} holds only {colour} stars", pool=i + 1, colour=colour_word(goal.colour, 2))
    return None


def _no_colour(goal: Goal, state: State, seat: int) -> Msg | None:
    placed = _placed(state["turn"])
    n = sum(placed.values())
    if n and not placed[goal.colour]:
        return MN_(
            "placed {n} star, none of them {colour}",
            "placed {n} stars, none of them {colour}",
            n,
            colour=colour_word(goal.colour, 1),
        )
    return None


def _neighbours(state: State, seat: int) -> tuple[str, tuple[str, ...]]:
    at = state["players"][seat]["at"]
    return at, tuple(n for n in load_map().neighbours[at] if n != START)


def _adjacent_mapped(goal: Goal, state: State, seat: int) -> Msg | None:
    at, near = _neighbours(state, seat)
    if at == START:
        return None
    mapped = [n for n in near if is_mapped(state, n)][: goal.n]
    if len(mapped) >= goal.n:
        return MN_(
            "sits next to the mapped {places}",
            "sits next to the mapped {places}",
            len(mapped),
            places=listing([sky_name(n) for n in mapped]),
        )
    return None


def _place_pair(goal: Goal, state: State, seat: int) -> Msg | None:
    need = counts(list(goal.colours))
    for ex in state["turn"]["explorations"]:
        if all(ex["placed"][c] >= n for c, n in need.items()):
            return M_("put {stars} into {place}", stars=describe_stars(need), place=sky_name(ex["at"]))
    return None


def _pools_each(goal: Goal, state: State, seat: int) -> Msg | None:
    if all(len(p) == goal.n for p in _pools(state, seat)):
        return MN_("every pool holds exactly {n} star", "every pool holds exactly {n} stars", goal.n)
    return None


def _pools_123(goal: Goal, state: State, seat: int) -> Msg | None:
    sizes = [len(p) for p in _pools(state, seat)]
    return M_("pools hold 1, 2 and 3 stars") if sorted(sizes) == [1, 2, 3] else None


def _identical_pools(goal: Goal, state: State, seat: int) -> Msg | None:
    pools = [sorted(p) for p in _pools(state, seat)]
    for i in range(len(pools)):
        for j in range(i + 1, len(pools)):
            if pools[i] and pools[i] == pools[j]:
                return M_("pools {first} and {second} hold the same stars", first=i + 1, second=j + 1)
    return None


def _on_unfilled(goal: Goal, state: State, seat: int) -> Msg | None:
    at = state["players"][seat]["at"]
    if at != START and empty_spots(state, at)[goal.colour]:
        return M_(
            "ends on {place}, which still has an empty {colour} spot",
            place=sky_name(at),
            colour=colour_word(goal.colour, 1),
        )
    return None


def _adjacent_telescope(goal: Goal, state: State, seat: int) -> Msg | None:
    at, near = _neighbours(state, seat)
    if at == START:
        return None
    for other, player in enumerate(state["players"]):
        if other != seat and player["at"] in near:
            return M_(
                "ends next to {player}'s telescope on {place}",
                player=who(other),
                place=sky_name(player["at"]),
            )
    return None


def _complete_empty(goal: Goal, state: State, seat: int) -> Msg | None:
    for ex in state["turn"]["explorations"]:
        if ex["discovered"] and ex["completed"] and len(load_map().constellations[ex["at"]].spots) == goal.n:
            return MN_(
                "mapped all {n} spots of {place} from bare in one go",
                "mapped all {n} spots of {place} from bare in one go",
                goal.n,
                place=sky_name(ex["at"]),
            )
    return None


def _pool_rainbow(goal: Goal, state: State, seat: int) -> Msg | None:
    for i, pool in enumerate(_pools(state, seat)):
        if all(counts(pool).values()):
            return M_("pool {pool} holds a red, a blue and a yellow star", pool=i + 1)
    return None


def _place_exactly(goal: Goal, state: State, seat: int) -> Msg | None:
    placed = sum(_placed(state["turn"]).values())
    return MN_("placed exactly {n} star", "placed exactly {n} stars", placed) if placed == goal.n else None


def _two_constellations(goal: Goal, state: State, seat: int) -> Msg | None:
    spots = [ex["at"] for ex in _explored(state["turn"])]
    if len(set(spots)) >= 2:
        return M_("placed stars in {first} and {second}", first=sky_name(spots[0]), second=sky_name(spots[1]))
    return None


CHECKS: dict[str, Check] = {
    "complete_any": _complete_any,
    "no_complete": _no_complete,
    "place_at_least": _place_at_least,
    "empty_pools": _empty_pools,
    "telescope_pass": _telescope_pass,
    "pool_same": _pool_same,
    "pool_only": _pool_only,
    "no_colour": _no_colour,
    "adjacent_mapped": _adjacent_mapped,
    "place_pair": _place_pair,
    "pools_each": _pools_each,
    "pools_123": _pools_123,
    "identical_pools": _identical_pools,
    "on_unfilled": _on_unfilled,
    "adjacent_telescope": _adjacent_telescope,
    "complete_empty": _complete_empty,
    "pool_rainbow": _pool_rainbow,
    "place_exactly": _place_exactly,
    "two_constellations": _two_constellations,
}


def check(goal_id: str, state: State, seat: int) -> Msg | None:
    goal = load_goals()[goal_id]
    return CHECKS[goal.kind](goal, state, seat)


def score_goals(state: State, seat: int, at_end: bool) -> None:
    """Score and discard every held goal that is met now (``turn`` goals only, unless at the end)."""
    player = state["players"][seat]
    catalogue = load_goals()
    for gid in list(player["goals"]):
        goal = catalogue[gid]
        if not at_end and goal.timing == "end":
            continue
        why = check(gid, state, seat)
        if why is None:
            continue
        player["goals"].remove(gid)
        state["discard"].append(gid)
        player["score"]["goals"] += goal.points
        state["turn"]["points"] += goal.points
        state["turn"]["completed_goals"].append(
            {"id": gid, "text": goal.text, "points": goal.points, "why": to_stored(why)}
        )
        state["turn"]["log"].append(
            to_stored(
                M_(
                    "{player} completed the goal “{goal}” (+{points}): {why}.",
                    player=who(seat),
                    goal=Msg(goal.text),
                    points=goal.points,
                    why=why,
                )
            )
        )
