"""Authored content: the sky map (28 constellations around START), 36 goals and 16 myths.

Everything is checked at load so a bad edit fails at start-up, not mid-game: counts, unique
ids and names, 2-4 spots, a connected Stellar Path with the degrees the board needs, a drawing
whose paths never cross, goals the scorer understands and myths naming real constellations.
"""

from __future__ import annotations

import json
import math
from collections import deque
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parent / "data"

START = "START"
COLOURS = ("red", "blue", "yellow")
CONSTELLATIONS = 28
GOALS = 36
MYTHS = 16
BAG_PER_COLOUR = 50
MIN_SPOTS, MAX_SPOTS = 2, 4
START_DEGREE = (4, 6)
DEGREE = (2, 4)
MIN_SEPARATION = 0.05  # unit-square distance between two drawn nodes
MAX_POOL_STARS = 4 * 3 * 4  # four players, three pools of four
GOAL_PARAMS: dict[str, tuple[str, ...]] = {
    "complete_any": (),
    "no_complete": (),
    "place_at_least": ("n",),
    "empty_pools": ("n",),
    "telescope_pass": (),
    "pool_same": ("n",),
    "pool_only": ("colour",),
    "no_colour": ("colour",),
    "adjacent_mapped": ("n",),
    "place_pair": ("colours",),
    "pools_each": ("n",),
    "pools_123": (),
    "identical_pools": (),
    "on_unfilled": ("colour",),
    "adjacent_telescope": (),
    "complete_empty": ("n",),
    "pool_rainbow": (),
    "place_exactly": ("n",),
    "two_constellations": (),
}
# Goals that can only be judged once the turn is over; the rest score the moment they happen.
END_KINDS = frozenset(
    {
        "no_complete",
        "pool_same",
        "pool_only",
        "no_colour",
        "adjacent_mapped",
        "pools_each",
        "pools_123",
        "identical_pools",
        "on_unfilled",
        "adjacent_telescope",
        "pool_rainbow",
        "place_exactly",
    }
)


class DataError(ValueError):
    """An authored data file breaks a rule the engine relies on."""


@dataclass(frozen=True)
class Constellation:
    id: str
    name: str
    x: float
    y: float
    spots: tuple[str, ...]


@dataclass(frozen=True)
class SkyMap:
    """The board: constellations by id (in order), START's position and the Stellar Path."""

    constellations: dict[str, Constellation]
    start_xy: tuple[float, float]
    edges: tuple[tuple[str, str], ...]
    neighbours: dict[str, tuple[str, ...]]

    def position(self, node: str) -> tuple[float, float]:
        if node == START:
            return self.start_xy
        c = self.constellations[node]
        return (c.x, c.y)


@dataclass(frozen=True)
class Goal:
    id: str
    kind: str
    points: int
    text: str
    n: int = 0
    colour: str = ""
    colours: tuple[str, ...] = ()

    @property
    def timing(self) -> str:
        return "end" if self.kind in END_KINDS else "turn"


@dataclass(frozen=True)
class Myth:
    id: str
    a: str
    b: str
    points: int


def _read(name: str) -> Any:
    return json.loads((DATA_DIR / name).read_text())


def _crosses(
    p: tuple[float, float], q: tuple[float, float], r: tuple[float, float], s: tuple[float, float]
) -> bool:
    def orient(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    return orient(p, q, r) * orient(p, q, s) < 0 and orient(r, s, p) * orient(r, s, q) < 0


def parse_map(data: dict[str, Any]) -> SkyMap:
    """Build and check the map; raises ``DataError`` naming the first problem found."""
    raw = data.get("constellations")
    if not isinstance(raw, list) or len(raw) != CONSTELLATIONS:
        raise DataError(f"map: expected {CONSTELLATIONS} constellations.")
    found: dict[str, Constellation] = {}
    names: set[str] = set()
    for item in raw:
        cid, name, spots = item.get("id"), item.get("name"), item.get("spots")
        if not isinstance(cid, str) or cid in found or cid == START:
            raise DataError(f"map: bad or repeated constellation id {cid!r}.")
        if not isinstance(name, str) or len(name.split()) != 2 or name in names:
            raise DataError(f"map: {cid} needs a unique two-word name, got {name!r}.")
        if (
            not isinstance(spots, list)
            or not MIN_SPOTS <= len(spots) <= MAX_SPOTS
            or any(s not in COLOURS for s in spots)
        ):
            raise DataError(f"map: {cid} needs {MIN_SPOTS}-{MAX_SPOTS} spots coloured {COLOURS}.")
        x, y = item.get("x"), item.get("y")
        if not all(isinstance(v, (int, float)) and 0 <= v <= 1 for v in (x, y)):
            raise DataError(f"map: {cid} position must lie in the unit square.")
        names.add(name)
        found[cid] = Constellation(cid, name, float(x), float(y), tuple(spots))
    start = data.get("start", {})
    start_xy = (float(start.get("x", -1)), float(start.get("y", -1)))
    if not all(0 <= v <= 1 for v in start_xy):
        raise DataError("map: START position must lie in the unit square.")
    nodes = {START, *found}
    edges: list[tuple[str, str]] = []
    adjacency: dict[str, list[str]] = {n: [] for n in nodes}
    for edge in data.get("edges", []):
        if not (isinstance(edge, list) and len(edge) == 2 and set(edge) <= nodes and edge[0] != edge[1]):
            raise DataError(f"map: bad edge {edge!r}.")
        a, b = edge
        if b in adjacency[a]:
            raise DataError(f"map: edge {a}-{b} is listed twice.")
        adjacency[a].append(b)
        adjacency[b].append(a)
        edges.append((a, b))
    sky = SkyMap(found, start_xy, tuple(edges), {n: tuple(v) for n, v in adjacency.items()})
    _check_graph(sky)
    _check_drawing(sky)
    if sum(len(c.spots) for c in found.values()) + MAX_POOL_STARS > BAG_PER_COLOUR * len(COLOURS):
        raise DataError("map: too many spots, the bag could run dry.")
    return sky


def _check_graph(sky: SkyMap) -> None:
    low, high = START_DEGREE
    if not low <= len(sky.neighbours[START]) <= high:
        raise DataError(f"map: START must touch {low}-{high} constellations.")
    low, high = DEGREE
    for cid in sky.constellations:
        if not low <= len(sky.neighbours[cid]) <= high:
            raise DataError(f"map: {cid} must have {low}-{high} neighbours.")
    seen, todo = {START}, deque([START])
    while todo:
        for nxt in sky.neighbours[todo.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    if len(seen) != len(sky.neighbours):
        raise DataError(f"map: not connected, unreachable: {sorted(set(sky.neighbours) - seen)}.")


def _check_drawing(sky: SkyMap) -> None:
    nodes = list(sky.neighbours)
    for i, a in enumerate(nodes):
        for b in nodes[i + 1 :]:
            if math.dist(sky.position(a), sky.position(b)) < MIN_SEPARATION:
                raise DataError(f"map: {a} and {b} are drawn too close together.")
    for i, (a, b) in enumerate(sky.edges):
        for c, d in sky.edges[i + 1 :]:
            if {a, b} & {c, d}:
                continue
            if _crosses(sky.position(a), sky.position(b), sky.position(c), sky.position(d)):
                raise DataError(f"map: paths {a}-{b} and {c}-{d} cross.")


def parse_goals(data: dict[str, Any]) -> dict[str, Goal]:
    raw = data.get("goals")
    if not isinstance(raw, list) or len(raw) != GOALS:
        raise DataError(f"goals: expected {GOALS} cards.")
    goals: dict[str, Goal] = {}
    for item in raw:
        gid, kind = item.get("id"), item.get("kind")
        if not isinstance(gid, str) or gid in goals:
            raise DataError(f"goals: bad or repeated id {gid!r}.")
        if kind not in GOAL_PARAMS:
            raise DataError(f"goals: {gid} has unknown kind {kind!r}.")
        if item.get("points") not in (1, 2) or not isinstance(item.get("text"), str) or not item["text"]:
            raise DataError(f"goals: {gid} needs 1 or 2 points and a text.")
        params = GOAL_PARAMS[kind]
        if "n" in params and (type(item.get("n")) is not int or not 1 <= item["n"] <= 4):
            raise DataError(f"goals: {gid} needs a count `n` from 1 to 4.")
        if "colour" in params and item.get("colour") not in COLOURS:
            raise DataError(f"goals: {gid} needs a `colour`.")
        colours = item.get("colours", [])
        if "colours" in params and (len(colours) != 2 or any(c not in COLOURS for c in colours)):
            raise DataError(f"goals: {gid} needs two `colours`.")
        goals[gid] = Goal(
            gid, kind, item["points"], item["text"], item.get("n", 0), item.get("colour", ""), tuple(colours)
        )
    ones = sum(1 for g in goals.values() if g.points == 1)
    if ones != 19:
        raise DataError(f"goals: expected 19 one-point and 17 two-point cards, got {ones} one-point.")
    return goals


def parse_myths(data: dict[str, Any], sky: SkyMap) -> dict[str, Myth]:
    raw = data.get("myths")
    if not isinstance(raw, list) or len(raw) != MYTHS:
        raise DataError(f"myths: expected {MYTHS} cards.")
    myths: dict[str, Myth] = {}
    pairs: set[frozenset[str]] = set()
    for item in raw:
        mid, a, b, points = item.get("id"), item.get("a"), item.get("b"), item.get("points")
        if not isinstance(mid, str) or mid in myths:
            raise DataError(f"myths: bad or repeated id {mid!r}.")
        if a not in sky.constellations or b not in sky.constellations or a == b:
            raise DataError(f"myths: {mid} must name two different constellations.")
        if frozenset((a, b)) in pairs:
            raise DataError(f"myths: {mid} repeats a pair.")
        if type(points) is not int or not 1 <= points <= 15:
            raise DataError(f"myths: {mid} points must be 1-15.")
        pairs.add(frozenset((a, b)))
        myths[mid] = Myth(mid, a, b, points)
    return myths


@cache
def load_map() -> SkyMap:
    return parse_map(_read("map.json"))


@cache
def load_goals() -> dict[str, Goal]:
    return parse_goals(_read("goals.json"))


@cache
def load_myths() -> dict[str, Myth]:
    return parse_myths(_read("myths.json"), load_map())
