"""The Starry Night Sky map: constellations, the Stellar Path, markers and telescopes.

Everything is read from the PUBLIC part of a view (``constellations``, ``edges``, ``start_xy``,
``players``), so the same painter serves the thread's board and a seat's panel; a panel only
adds highlights (reachable destinations, the picked one). Label placement depends only on the
map's geometry, so it is computed once per map and cached.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import shapes, theme
from render.common import as_map, clean, mix, name_of, seat_of, text, text_width
from render.theme import RGB

View = Mapping[str, Any]

NODE_R = 35  # constellation disc radius
SPOT_R = 11  # a star spot inside the disc
PAWN_R = 15  # a telescope
LABEL_SIZE = 23  # constellation names: two short lines, bold, with a halo
START_ID = "START"

EDGE: RGB = mix(theme.FAINT, theme.MUTED, 0.45)
NODE_FILL: RGB = mix(theme.PANEL, theme.SKY_TOP, 0.25)
MAPPED_FILL: RGB = mix(theme.PANEL, theme.GOLD, 0.16)
MARKER_NIGHT: RGB = theme.GOLD  # a Discovery marker, star side up
MARKER_DAWN: RGB = (255, 150, 90)  # a marker taken from the Dawn Track
MARKER_DONE: RGB = (232, 98, 200)  # flipped: the constellation is fully mapped
MAP_FILL: RGB = theme.SHADOW  # the names' halo melts into it: one antialiased edge per letter, not two
COLOURS = ("red", "blue", "yellow")


def star_colour(name: object) -> RGB:
    return theme.STAR_COLOURS.get(str(name), theme.MUTED)


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


def _xy(value: object) -> tuple[float, float] | None:
    if isinstance(value, Mapping):
        value = (value.get("x"), value.get("y"))
    if isinstance(value, (list, tuple)) and len(value) == 2:
        x, y = value
        if all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in (x, y)):
            return float(min(max(x, 0.0), 1.0)), float(min(max(y, 0.0), 1.0))
    return None


def constellations(view: View) -> dict[str, Mapping[str, Any]]:
    """The view's constellations as id -> dict, dropping malformed entries."""
    raw = as_map(view.get("constellations"))
    return {str(k): v for k, v in raw.items() if isinstance(v, Mapping) and _xy(v) is not None}


def split_name(name: str, f: Any, max_width: float = 150) -> tuple[str, ...]:
    """A name on one line if it is short, else on two lines split near the middle."""
    name = " ".join(clean(name).split())
    words = name.split(" ")
    if len(words) < 2 or text_width(name, f) <= max_width:
        return (name,)
    best = min(range(1, len(words)), key=lambda i: abs(text_width(" ".join(words[:i]), f)
                                                        - text_width(" ".join(words[i:]), f)))
    return (" ".join(words[:best]), " ".join(words[best:]))


class MapLayout:
    """Maps the [0, 1] coordinates of the view onto a pixel box with room for labels."""

    def __init__(self, box: tuple[int, int, int, int], pad_x: int = 80, pad_y: int = 60) -> None:
        self.box = box
        self.inner = (box[0] + pad_x, box[1] + pad_y, box[2] - pad_x, box[3] - pad_y - 30)

    def px(self, xy: tuple[float, float]) -> tuple[float, float]:
        x0, y0, x1, y1 = self.inner
        return x0 + xy[0] * (x1 - x0), y0 + xy[1] * (y1 - y0)


def nodes(view: View, layout: MapLayout) -> dict[str, Node]:
    out: dict[str, Node] = {}
    for cid, c in constellations(view).items():
        xy = _xy(c)
        assert xy is not None
        out[cid] = Node(cid, str(c.get("name") or cid), *layout.px(xy))
    start = _xy(view.get("start_xy")) or (0.5, 0.5)
    out[START_ID] = Node(START_ID, "START", *layout.px(start))
    return out


def _box_of(p: Placed, f: Any, line_h: float) -> tuple[float, float, float, float]:
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
def _placements(key: tuple[tuple[str, str, float, float], ...], start: tuple[float, float],
                bounds: tuple[int, int, int, int]) -> dict[str, Placed]:
    """Each name goes in one of eight spots round its node (below first), chosen to avoid the
    discs, the other names and the map's edge, and never where it would sit nearer another
    node than its own. A greedy pass, then a few passes that revisit each choice."""
    f = theme.font(LABEL_SIZE, True)
    line_h = LABEL_SIZE + 3
    # each disc with its marker badge (top right); START with its own label below it
    discs = [(x - NODE_R - 6, y - NODE_R - 20, x + NODE_R + 20, y + NODE_R + 6) for _, _, x, y in key]
    start_box = (start[0] - 54, start[1] - 22, start[0] + 54, start[1] + 22)
    gap, diag = NODE_R + 8, (NODE_R + 8) * 0.72
    options: dict[str, list[tuple[Placed, tuple[float, float, float, float], float]]] = {}
    for cid, name, x, y in key:
        lines = split_name(name, f)
        spots = [(x, y + gap, "ma"), (x, y - gap - 4, "md"), (x + gap, y, "lm"), (x - gap, y, "rm"),
                 (x + diag, y + diag, "la"), (x - diag, y + diag, "ra"), (x + diag, y - diag, "ld"),
                 (x - diag, y - diag, "rd"),
                 (x - 30, y + gap, "ma"), (x + 30, y + gap, "ma"), (x - 30, y - gap - 4, "md"),
                 (x + 30, y - gap - 4, "md")]
        found = []
        for rank, (px, py, anchor) in enumerate(spots):
            placed = Placed(lines, px, py, anchor)
            b = _box_of(placed, f, line_h)
            cost = 2 * sum(_overlap(b, d) for d in discs) + 6 * _overlap(b, start_box) + rank * 60
            cost += 400 * (max(0, bounds[0] - b[0]) + max(0, b[2] - bounds[2]) + max(0, bounds[1] - b[1])
                           + max(0, b[3] - bounds[3]))
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
        return cost + 3 * sum(_overlap(b, options[o][j][1]) for o, j in chosen.items() if o != cid)

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


def _spot_offsets(n: int) -> list[tuple[float, float]]:
    d = 13
    if n <= 1:
        return [(0, 0)]
    if n == 2:
        return [(-d, 0), (d, 0)]
    if n == 3:
        return [(-d, 8), (d, 8), (0, -13)]
    return [(-d, -d), (d, -d), (-d, d), (d, d)][:n]


@functools.lru_cache(maxsize=8)
def _empty_spot(colour: RGB) -> Image.Image:
    """An empty Star Spot: a hollow ring in the colour the spot needs."""
    sprite = Image.new("RGBA", (2 * SPOT_R + 8, 2 * SPOT_R + 8), (0, 0, 0, 0))
    shapes.paste(sprite, shapes.ring_sprite(SPOT_R - 1, 5, theme.SHADOW), sprite.width / 2, sprite.height / 2)
    shapes.paste(sprite, shapes.ring_sprite(SPOT_R - 2, 3, colour), sprite.width / 2, sprite.height / 2)
    return sprite


def _badge(image: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float, colour: RGB,
           label: str | None) -> None:
    r = 17
    draw.ellipse((x - r - 2, y - r - 2, x + r + 2, y + r + 2), fill=theme.SHADOW)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
    if label is None:
        shapes.paste(image, shapes.check_sprite(24, theme.DIE_INK), x, y)
    else:
        text(draw, (x, y + 1), label, theme.font(22, True), theme.DIE_INK, anchor="mm")


def _pill(draw: ImageDraw.ImageDraw, x: float, y: float, tag: str) -> None:
    f = theme.font(22, True)
    w = text_width(tag, f) / 2 + 10
    draw.rounded_rectangle((x - w - 2, y - 17, x + w + 2, y + 17), radius=17, fill=theme.SHADOW)
    draw.rounded_rectangle((x - w, y - 15, x + w, y + 15), radius=15, fill=theme.ACCENT)
    text(draw, (x, y + 1), tag, f, theme.DIE_INK, anchor="mm")


def _pawn(draw: ImageDraw.ImageDraw, x: float, y: float, seat: int, initial: str, *, you: bool) -> None:
    colour = theme.player_colour(seat)
    r = PAWN_R + (3 if you else 0)
    draw.ellipse((x - r - 3, y - r - 3, x + r + 3, y + r + 3), fill=theme.INK if you else theme.SHADOW)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
    if initial:
        text(draw, (x, y + 1), initial, theme.font(19, True), theme.DIE_INK, anchor="mm")


def initials(names: Sequence[str], seats: int) -> list[str]:
    """One letter per seat for the pawns; a digit when two names share a first letter."""
    letters = [name_of(names, s)[:1].upper() for s in range(seats)]
    return [ch if letters.count(ch) == 1 and ch.isalnum() else str(s + 1) for s, ch in enumerate(letters)]


def telescopes(view: View, seats: int) -> dict[str, list[int]]:
    """Node id -> seats whose telescope is there (from ``players[*].at``)."""
    where: dict[str, list[int]] = {}
    for entry in view.get("players") or []:
        if isinstance(entry, Mapping):
            seat = seat_of(entry.get("seat"))
            if 0 <= seat < seats:
                where.setdefault(str(entry.get("at") or START_ID), []).append(seat)
    return where


def draw_map(
    image: Image.Image,
    view: View,
    names: Sequence[str],
    box: tuple[int, int, int, int],
    *,
    rings: Iterable[str] = (),
    picked: str | None = None,
    you: int | None = None,
    mark: Mapping[str, str] | None = None,
) -> MapLayout:
    """Paint the map into ``box``. ``rings``: nodes to circle as choices; ``picked``: the choice
    being confirmed (gold); ``you``: the viewer's seat (their pawn is outlined); ``mark``: a
    short tag drawn over some nodes (e.g. "+2" for a discovery)."""
    draw = ImageDraw.Draw(image)
    # a flat night fill, no dust: the map is the costliest part of every Starry Night Sky image
    draw.rounded_rectangle(box, radius=theme.RADIUS, fill=MAP_FILL, outline=theme.FAINT, width=2)
    layout = MapLayout(box)
    where = nodes(view, layout)
    cons = constellations(view)
    seats = max(1, seat_of(view.get("seats"), len(names)))

    layer = shapes.StrokeLayer(box)
    for edge in view.get("edges") or []:
        if isinstance(edge, (list, tuple)) and len(edge) == 2 and all(str(e) in where for e in edge):
            a, b = where[str(edge[0])], where[str(edge[1])]
            layer.line((a.x, a.y), (b.x, b.y), 4)
    layer.paint(image, EDGE)

    ring_set = set(map(str, rings))
    for node in where.values():
        if node.id in ring_set:
            shapes.ring(image, node.x, node.y, NODE_R + 9, theme.ACCENT, width=6)
        if node.id == picked:
            shapes.ring(image, node.x, node.y, NODE_R + 11, theme.GOLD, width=8)
        if node.id == START_ID:
            _start_node(image, draw, node)
            continue
        _constellation(image, draw, node, cons[node.id])

    key = tuple(sorted((n.id, n.name, round(n.x, 1), round(n.y, 1)) for n in where.values()
                       if n.id != START_ID))
    f = theme.font(LABEL_SIZE, True)
    labels = _placements(key, (round(where[START_ID].x, 1), round(where[START_ID].y, 1)), box)
    for cid, p in labels.items():
        line_h = LABEL_SIZE + 3
        top = _box_of(p, f, line_h)[1]
        colour = theme.GOLD if cid == picked else theme.INK
        for i, line in enumerate(p.lines):
            text(draw, (p.x, top + i * line_h), line, f, colour, anchor=p.anchor[0] + "a",
                 halo=theme.SHADOW, halo_width=4)

    for cid, tag in (mark or {}).items():
        node = where.get(cid)
        if node is not None:  # in the badge's place: a discovery target has no marker yet
            _pill(draw, node.x + NODE_R * 0.78, node.y - NODE_R * 0.78, tag)

    letters = initials(names, seats)
    for nid, sitting in telescopes(view, seats).items():
        node = where.get(nid)
        if node is None:
            continue
        n = len(sitting)
        if nid == START_ID:  # in a row above the START plate
            for i, seat in enumerate(sorted(sitting)):
                x = node.x + (i - (n - 1) / 2) * 36
                _pawn(draw, x, node.y - 40, seat, letters[seat], you=seat == you)
            continue
        base = _pawn_angle(node, labels.get(nid), f)
        for i, seat in enumerate(sorted(sitting)):
            angle = math.radians(base + (i - (n - 1) / 2) * 34)
            dist = NODE_R + 13
            _pawn(draw, node.x + dist * math.cos(angle), node.y - dist * math.sin(angle), seat, letters[seat],
                  you=seat == you)
    return layout


def _pawn_angle(node: Node, label: Placed | None, f: Any) -> float:
    """Telescopes sit opposite the node's name, and off the marker badge (up and right)."""
    if label is None:
        return 200.0
    b = _box_of(label, f, LABEL_SIZE + 3)
    toward = math.degrees(math.atan2(node.y - (b[1] + b[3]) / 2, (b[0] + b[2]) / 2 - node.x))
    angle = (toward + 180) % 360
    if abs((angle - 45 + 180) % 360 - 180) < 50:  # too close to the badge
        angle = 0.0 if angle < 45 else 100.0
    return angle


def _start_node(image: Image.Image, draw: ImageDraw.ImageDraw, node: Node) -> None:
    """START as a compact plate: it sits amid the densest part of the map."""
    x, y = node.x, node.y
    draw.rounded_rectangle((x - 52, y - 20, x + 52, y + 20), radius=20, fill=theme.PANEL, outline=theme.INK,
                           width=3)
    text(draw, (x, y + 1), "START", theme.font(22, True), theme.INK, anchor="mm")


def _constellation(image: Image.Image, draw: ImageDraw.ImageDraw, node: Node, c: Mapping[str, Any]) -> None:
    mapped = bool(c.get("mapped"))
    x, y, r = node.x, node.y, NODE_R
    outline = MARKER_DONE if mapped else theme.PANEL_EDGE
    draw.ellipse((x - r, y - r, x + r, y + r), fill=MAPPED_FILL if mapped else NODE_FILL,
                 outline=outline, width=4 if mapped else 3)
    spots = [str(s) for s in (c.get("spots") or [])][:4]
    filled = list(c.get("filled") or [])
    for i, (colour, (dx, dy)) in enumerate(zip(spots, _spot_offsets(len(spots)), strict=False)):
        if i < len(filled) and filled[i]:
            shapes.paste(image, shapes.star_sprite("five", star_colour(colour), SPOT_R + 2, glow=False),
                         x + dx, y + dy)
        else:
            shapes.paste(image, _empty_spot(star_colour(colour)), x + dx, y + dy)
    marker = c.get("marker")
    bx, by = x + r * 0.78, y - r * 0.78
    if mapped:
        _badge(image, draw, bx, by, MARKER_DONE, None)
    elif isinstance(marker, int) and not isinstance(marker, bool):
        _badge(image, draw, bx, by, MARKER_DAWN if c.get("dawn_marker") else MARKER_NIGHT, str(marker))
