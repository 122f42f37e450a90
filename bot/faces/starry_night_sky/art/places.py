"""Where things go on the Starry Night Sky map: each constellation's name and each telescope.

Names go round their disc clear of the other discs, names and the START plate (computed once per
map geometry and cached); telescopes then go round their node clear of every name. The map
painter (``bot.faces.starry_night_sky.art.map``) draws what this module places.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from render import theme
from render.common import clean, seat_of, text_width

View = Mapping[str, Any]

NODE_R = 35  # constellation disc radius
PAWN_R = 15  # a telescope
LABEL_SIZE = 25  # constellation names (two short lines, bold, haloed): 10 px at 400 px wide
START_ID = "START"


def plate_half(word: str) -> float:
    """Half the width of the START plate, which grows to hold its word (Italian "PARTENZA")."""
    return max(52.0, text_width(word, theme.font(22, True)) / 2 + 13)


@dataclass(frozen=True)
class Node:
    id: str
    name: str
    x: float  # pixels
    y: float


@dataclass(frozen=True)
class Placed:
    """Where a node's name goes: its lines, the anchor point and the anchor kind."""

    lines: tuple[str, ...]
    x: float
    y: float
    anchor: str


def split_name(name: str, f: Any, max_width: float = 150) -> tuple[str, ...]:
    """A name on one line if it is short, else on two lines split near the middle."""
    name = " ".join(clean(name).split())
    words = name.split(" ")
    if len(words) < 2 or text_width(name, f) <= max_width:
        return (name,)
    best = min(
        range(1, len(words)),
        key=lambda i: abs(text_width(" ".join(words[:i]), f) - text_width(" ".join(words[i:]), f)),
    )
    return (" ".join(words[:best]), " ".join(words[best:]))


def box_of(p: Placed, f: Any, line_h: float) -> tuple[float, float, float, float]:
    w = max(text_width(s, f) for s in p.lines) + 6
    h = line_h * len(p.lines)
    hx = {"l": 0.0, "m": 0.5, "r": 1.0}[p.anchor[0]]
    top = p.y if p.anchor[1] == "a" else p.y - h if p.anchor[1] == "d" else p.y - h / 2
    return (p.x - hx * w, top, p.x - hx * w + w, top + h)


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _reach(b: tuple[float, float, float, float], x: float, y: float) -> float:
    """Distance from a point to the nearest point of a box."""
    return math.hypot(max(b[0] - x, 0, x - b[2]), max(b[1] - y, 0, y - b[3]))


@functools.lru_cache(maxsize=16)
def _placements(
    key: tuple[tuple[str, str, float, float], ...],
    start: tuple[float, float],
    bounds: tuple[int, int, int, int],
    language: str,
    half: float,
) -> dict[str, Placed]:
    """Each name goes in one of eight spots round its node (below first), chosen to avoid the
    discs, the other names and the map's edge, and never where it would sit nearer another
    node than its own. A greedy pass, then a few passes that revisit each choice."""
    f = theme.font(LABEL_SIZE, True)
    line_h = LABEL_SIZE + 3
    # each disc with its marker badge (top right); START with its own label below it
    discs = [(x - NODE_R - 6, y - NODE_R - 20, x + NODE_R + 20, y + NODE_R + 6) for _, _, x, y in key]
    # the START plate and the rows of telescopes above and below it (up to four, see ``token_spots``)
    start_box = (start[0] - half - 20, start[1] - 62, start[0] + half + 20, start[1] + 64)
    gap, diag = NODE_R + 8, (NODE_R + 8) * 0.72
    options: dict[str, list[tuple[Placed, tuple[float, float, float, float], float]]] = {}
    for cid, name, x, y in key:
        lines = split_name(name, f)
        # below first, then the sides: a name above its disc reads as the name of the node above
        spots = [
            (x, y + gap, "ma"),
            (x + gap, y + 6, "lm"),
            (x - gap, y, "rm"),
            (x, y - gap - 4, "md"),
            (x + diag, y + diag, "la"),
            (x - diag, y + diag, "ra"),
            (x + diag, y - diag, "ld"),
            (x - diag, y - diag, "rd"),
            (x - 30, y + gap, "ma"),
            (x + 30, y + gap, "ma"),
            (x - 30, y - gap - 4, "md"),
            (x + 30, y - gap - 4, "md"),
        ]
        found = []
        for rank, (px, py, anchor) in enumerate(spots):
            placed = Placed(lines, px, py, anchor)
            b = box_of(placed, f, line_h)
            cost = 20 * sum(_overlap(b, d) for d in discs) + 20 * _overlap(b, start_box) + rank * 60
            cost += 400 * (
                max(0, bounds[0] - b[0])
                + max(0, b[2] - bounds[2])
                + max(0, bounds[1] - b[1])
                + max(0, b[3] - bounds[3])
            )
            own = _reach(b, x, y)
            for oid, _, ox, oy in key:
                other = _reach(b, ox, oy) if oid != cid else math.inf
                if other < own - 6:
                    cost += 5000  # it would read as another node's name
                elif other < own + 24:
                    cost += (own + 24 - other) * 80
            found.append((placed, b, cost))
        options[cid] = found
    order = [k[0] for k in sorted(key, key=lambda k: (k[3], k[2]))]
    chosen: dict[str, int] = {}

    def total(cid: str, i: int) -> float:
        _, b, cost = options[cid][i]
        return cost + 40 * sum(_overlap(b, options[o][j][1]) for o, j in chosen.items() if o != cid)

    for cid in order:
        chosen[cid] = min(range(len(options[cid])), key=lambda i: total(cid, i))
    for _ in range(4):
        changed = False
        for cid in order:
            best = min(range(len(options[cid])), key=lambda i: total(cid, i))
            if total(cid, best) < total(cid, chosen[cid]):
                chosen[cid], changed = best, True
        if not changed:
            break
    return {cid: options[cid][i][0] for cid, i in chosen.items()}


def telescopes(view: View, seats: int) -> dict[str, list[int]]:
    """Node id -> seats whose telescope is there (from ``players[*].at``)."""
    where: dict[str, list[int]] = {}
    for entry in view.get("players") or []:
        if isinstance(entry, Mapping):
            seat = seat_of(entry.get("seat"))
            if 0 <= seat < seats:
                where.setdefault(str(entry.get("at") or START_ID), []).append(seat)
    return where


@dataclass(frozen=True)
class Token:
    """A telescope on the map: whose, and where its centre is drawn."""

    seat: int
    x: float
    y: float

    def box(self) -> tuple[float, float, float, float]:
        r = PAWN_R + 6  # the "you" outline included
        return (self.x - r, self.y - r, self.x + r, self.y + r)


def token_spots(
    view: View, where: Mapping[str, Node], labels: Mapping[str, Placed], seats: int, f: Any
) -> list[Token]:
    """Where each telescope goes: a row above START, else round its node, clear of every name."""
    names_boxes = [box_of(p, f, LABEL_SIZE + 3) for p in labels.values()]
    out: list[Token] = []
    for nid, sitting in telescopes(view, seats).items():
        node = where.get(nid)
        if node is None:
            continue
        if nid == START_ID:
            out += _start_spots(node, sitting, names_boxes, where)
        else:
            out += _node_spots(nid, node, sitting, names_boxes, where, labels, f)
    return out


def _start_spots(
    node: Node,
    sitting: Sequence[int],
    names_boxes: list[tuple[float, float, float, float]],
    where: Mapping[str, Node],
) -> list[Token]:
    """Telescopes at START: a row above or below the plate, or two by two above, below or beside it.

    Every telescope starts there, so it takes a whole layout, the one that covers the fewest names
    and discs, rather than a ring of angles.
    """
    n = len(sitting)
    order = sorted(sitting)
    x, y, pair = node.x, node.y, 0.5 * (n > 1)
    groups = [[(x + (i - (n - 1) / 2) * 34, y + dy) for i in range(n)] for dy in (-40, 42)]
    groups += [
        [(x + (i % 2 - pair) * 34, y + dy + sign * 34 * (i // 2)) for i in range(n)]
        for dy, sign in ((-40, -1), (42, 1))
    ]  # two by two, above or below
    beside = plate_half(node.name) + 22
    groups += [
        [(x + side * (beside + 34 * (i % 2)), y + (i // 2 - (n > 2) / 2) * 34) for i in range(n)]
        for side in (1, -1)
    ]  # two by two, beside the plate
    everything = names_boxes + [
        (o.x - NODE_R, o.y - NODE_R, o.x + NODE_R, o.y + NODE_R) for o in where.values() if o.id != START_ID
    ]
    best = min(
        groups,
        key=lambda g: sum(_overlap(Token(0, tx, ty).box(), b) for tx, ty in g for b in everything),
    )
    return [Token(seat, x, y) for seat, (x, y) in zip(order, best, strict=True)]


def _node_spots(
    nid: str,
    node: Node,
    sitting: Sequence[int],
    names_boxes: list[tuple[float, float, float, float]],
    where: Mapping[str, Node],
    labels: Mapping[str, Placed],
    f: Any,
) -> list[Token]:
    """Telescopes round any other node: the angle nearest opposite its name that covers no name.

    Candidate angles run round the node; each costs its overlap with any name, with another
    disc and with the marker badge (top right).
    """
    n = len(sitting)
    preferred = _pawn_angle(node, labels.get(nid), f)
    obstacles = _obstacles(nid, node, names_boxes, where)

    def spots(at: tuple[float, float]) -> list[tuple[float, float]]:
        base, dist = at
        angles = [math.radians(base + (i - (n - 1) / 2) * 34 * (NODE_R + 13) / dist) for i in range(n)]
        return [(node.x + dist * math.cos(a), node.y - dist * math.sin(a)) for a in angles]

    def drift(at: tuple[float, float]) -> float:
        # stay near opposite the name and close to the disc ...
        return abs((at[0] - preferred + 180) % 360 - 180) * 0.5 + (at[1] - NODE_R - 13) * 2

    def covering(at: tuple[float, float]) -> float:
        # ... but never on a name
        boxes = [Token(0, x, y).box() for x, y in spots(at)]
        return sum(weight * _overlap(t, b) for t in boxes for weight, b in obstacles)

    candidates = sorted(
        ((preferred + step, dist) for dist in (NODE_R + 13, NODE_R + 22) for step in range(0, 360, 15)),
        key=drift,
    )
    chosen, lowest = candidates[0], math.inf
    for at in candidates:  # by drift: stop once drifting further costs more than the best so far
        if drift(at) >= lowest:
            break
        total = drift(at) + covering(at)
        if total < lowest:
            chosen, lowest = at, total
    return [Token(seat, x, y) for seat, (x, y) in zip(sorted(sitting), spots(chosen), strict=True)]


def _obstacles(
    nid: str, node: Node, names_boxes: list[tuple[float, float, float, float]], where: Mapping[str, Node]
) -> list[tuple[float, tuple[float, float, float, float]]]:
    """What a telescope round ``node`` must avoid, with weights: names, the marker badge, other discs.

    Only what lies within reach of the node counts, so trying an angle stays cheap.
    """
    badge = (
        node.x + NODE_R * 0.78 - 20,
        node.y - NODE_R * 0.78 - 20,
        node.x + NODE_R * 0.78 + 20,
        node.y - NODE_R * 0.78 + 20,
    )
    reach = (node.x - 120, node.y - 120, node.x + 120, node.y + 120)  # all a telescope can touch
    # a name weighs far more than a disc: longer (Italian) names leave less room, and a
    # telescope may sit a little further out, but never on a name
    obstacles = [
        (w, b)
        for w, b in [(400.0, b) for b in names_boxes]
        + [(4.0, badge)]
        + [
            (4.0, (o.x - NODE_R, o.y - NODE_R, o.x + NODE_R, o.y + NODE_R))
            for o in where.values()
            if o.id not in (nid, START_ID)
        ]
        if _overlap(b, reach)
    ]
    return obstacles


def labels_for(where: Mapping[str, Node], box: tuple[int, int, int, int], language: str) -> dict[str, Placed]:
    """Where each name goes; cached per map, drawn names and ``language`` (the names are in it,
    and so is the START plate's word, which sets the room the plate takes)."""
    key = tuple(
        sorted((n.id, n.name, round(n.x, 1), round(n.y, 1)) for n in where.values() if n.id != START_ID)
    )
    start = where[START_ID]
    return _placements(key, (round(start.x, 1), round(start.y, 1)), box, language, plate_half(start.name))


def _pawn_angle(node: Node, label: Placed | None, f: Any) -> float:
    """Telescopes sit opposite the node's name, and off the marker badge (up and right)."""
    if label is None:
        return 200.0
    b = box_of(label, f, LABEL_SIZE + 3)
    toward = math.degrees(math.atan2(node.y - (b[1] + b[3]) / 2, (b[0] + b[2]) / 2 - node.x))
    angle = (toward + 180) % 360
    if abs((angle - 45 + 180) % 360 - 180) < 50:  # too close to the badge
        angle = 0.0 if angle < 45 else 100.0
    return angle
