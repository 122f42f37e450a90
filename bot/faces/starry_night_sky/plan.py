"""A whole exploration planned in a panel before one Confirm: where to, which pool, which stars.

A move step opens with a plan already made (the destination and placement worth the most points
now), drawn on the map as it will be after the Confirm: the telescope on the destination, the
stars in its spots, the marker taken. The player can change the destination and the placement
with two selects before confirming; nothing is played until then (the ``explore`` action plays
the move and the placement together, see ``bot.games.starry_night_sky.actions``).

A plan travels in custom_ids and select values as ``c07.1200``: the destination, then the
placement code of ``words.place_code`` (pool, red, blue, yellow).
"""

from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass
from typing import Any

from bot.faces.starry_night_sky.words import COLOURS, parse_place, place_code
from bot.games.base import View


@dataclass(frozen=True)
class Plan:
    """One exploration: the destination, the pool the stars come from and how many of each."""

    to: str
    pool: int
    stars: tuple[tuple[str, int], ...]

    @property
    def counts(self) -> dict[str, int]:
        return dict(self.stars)

    @property
    def placed(self) -> int:
        return sum(n for __, n in self.stars)

    @property
    def code(self) -> str:
        return f"{self.to}.{place_code(self.pool, self.counts)}"

    def action(self, *, end: bool) -> dict[str, Any]:
        return {"kind": "explore", "to": self.to, "pool": self.pool, "stars": self.counts, "end": end}


def make(to: str, pool: int, stars: dict[str, int]) -> Plan:
    return Plan(to, pool, tuple((c, stars.get(c, 0)) for c in COLOURS))


def parse(code: str) -> Plan | None:
    """A plan from its code, or None when the code is not one (a select's placeholder value)."""
    to, __, place = code.partition(".")
    if not to or len(place) != 4 or not place.isdigit():
        return None
    pool, stars = parse_place(place)
    return make(to, pool, stars)


def placements(dest: dict[str, Any]) -> list[tuple[int, dict[str, int]]]:
    """Every placement a destination allows: from each pool that fits, any count of each colour
    up to what that pool can put there, at least one star (as ``moves.placements`` lists them)."""
    out = []
    for entry in dest["pools"]:
        most = entry["max"]
        for counts in itertools.product(*(range(most.get(c, 0) + 1) for c in COLOURS)):
            if sum(counts):
                out.append((entry["pool"], dict(zip(COLOURS, counts, strict=True))))
    return out


def best_placement(dest: dict[str, Any]) -> tuple[int, dict[str, int]]:
    """The placement with the most stars (the lower pool number on a tie)."""
    return max(placements(dest), key=lambda o: (sum(o[1].values()), -o[0]))


def value(dest: dict[str, Any]) -> int:
    """Points the destination is worth now with its best placement (goals aside)."""
    return dest["points"] + sum(best_placement(dest)[1].values())


def default(choice: dict[str, Any]) -> Plan:
    """The plan a move step opens with: the destination worth the most points now, then a
    discovery (no bonus exploration to walk through), then the first by id."""
    dest = min(choice["destinations"], key=lambda d: (-value(d), not d["discovery"], d["to"]))
    pool, stars = best_placement(dest)
    return make(dest["to"], pool, stars)


def chosen(choice: dict[str, Any], pick: tuple[str, str] | None) -> Plan:
    """The plan shown: the one picked (a destination alone takes its best placement), if it is
    still legal, else the default."""
    dests = {d["to"]: d for d in choice["destinations"]}
    if pick is not None and pick[0] == "dest" and pick[1] in dests:
        pool, stars = best_placement(dests[pick[1]])
        return make(pick[1], pool, stars)
    if pick is not None and pick[0] == "place":
        plan = parse(pick[1])
        if (
            plan is not None
            and plan.to in dests
            and any(make(plan.to, p, s) == plan for p, s in placements(dests[plan.to]))
        ):
            return plan
    return default(choice)


def bonus_follows(choice: dict[str, Any], dest: dict[str, Any]) -> bool:
    """Landing on a constellation that already had stars opens a bonus exploration (once)."""
    return not choice["bonus"] and not dest["discovery"]


def points(dest: dict[str, Any], plan: Plan) -> int:
    """What the plan scores by itself: the discovery marker and a point per star."""
    return dest["points"] + plan.placed


def planned_view(view: View, plan: Plan) -> dict[str, Any]:
    """The seat's view as the map will be once the plan is played: what the preview draws.
    (Goals the plan would complete are scored by the engine on Confirm, not guessed here.)"""
    after: dict[str, Any] = copy.deepcopy(dict(view))
    dest = next(d for d in after["choice"]["destinations"] if d["to"] == plan.to)
    you = after["you"]
    spot = after["constellations"][plan.to]
    left = dict(plan.counts)
    filled = list(spot["filled"])
    for i, colour in enumerate(spot["spots"]):
        if not filled[i] and left.get(colour, 0):
            filled[i] = True
            left[colour] -= 1
    spot["filled"] = filled
    spot["mapped"] = all(filled)
    if dest["discovery"]:
        spot["marker"], spot["discovered_by"] = dest["points"], you
    for place in after["constellations"].values():
        place["telescopes"] = [s for s in place["telescopes"] if s != you]
    spot["telescopes"] = sorted([*spot["telescopes"], you])
    player = after["players"][you]
    player["at"] = plan.to
    pool = list(player["pools"][plan.pool])
    for colour, n in plan.stars:
        for __ in range(n):
            pool.remove(colour)
    player["pools"][plan.pool] = pool
    player["score"]["total"] += points(dest, plan)
    return after
