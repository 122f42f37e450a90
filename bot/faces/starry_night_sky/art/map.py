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
from typing import Any

from PIL import Image, ImageDraw

from bot.faces.starry_night_sky.art.places import (
    LABEL_SIZE,
    NODE_R,
    PAWN_R,
    START_ID,
    Node,
    Placed,
    box_of,
    labels_for,
    plate_half,
    token_spots,
)
from bot.faces.starry_night_sky.words import place_name
from bot.i18n import language
from render import shapes, theme
from render.common import as_map, is_recording, mix, name_of, seat_of, text, text_width
from render.encode import old_way
from render.layers import kept
from render.theme import RGB

View = Mapping[str, Any]

SPOT_R = 11  # a star spot inside the disc
NAME_LINE = LABEL_SIZE + 3  # a two-line name's line height
Box = tuple[int, int, int, int]

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
        out[cid] = Node(cid, place_name(str(c.get("name") or cid)), *layout.px(xy))
    start = _xy(view.get("start_xy")) or (0.5, 0.5)
    out[START_ID] = Node(START_ID, place_name(START_ID), *layout.px(start))
    return out


def _spot_offsets(n: int) -> list[tuple[float, float]]:
    d = 13
    if n <= 1:
        return [(0, 0)]
    if n == 2:
        return [(-d, 0), (d, 0)]
    if n == 3:
        return [(-d, 8), (d, 8), (0, -13)]
    corners: list[tuple[float, float]] = [(-d, -d), (d, -d), (-d, d), (d, d)]
    return corners[:n]


@functools.lru_cache(maxsize=8)
def _empty_spot(colour: RGB) -> Image.Image:
    """An empty Star Spot: a hollow ring in the colour the spot needs."""
    sprite = Image.new("RGBA", (2 * SPOT_R + 8, 2 * SPOT_R + 8), (0, 0, 0, 0))
    shapes.paste(sprite, shapes.ring_sprite(SPOT_R - 1, 5, theme.SHADOW), sprite.width / 2, sprite.height / 2)
    shapes.paste(sprite, shapes.ring_sprite(SPOT_R - 2, 3, colour), sprite.width / 2, sprite.height / 2)
    return sprite


def _badge(
    image: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float, colour: RGB, label: str | None
) -> None:
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
    # The Stellar Path is the same on every picture of a map, over the map's flat fill (nothing
    # else is drawn there yet): drawn once per process and copied in.
    layer.paint(image, EDGE, fixed=True, ground=MAP_FILL)

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

    f = theme.font(LABEL_SIZE, True)
    labels = labels_for(where, box, language().value)
    kept_names = _kept_names(where, labels, box, layer)
    circled = [where[n] for n in {*ring_set, picked} if n in where]
    for cid, p in labels.items():
        tile = kept_names.get(cid) if cid != picked else None
        if tile is not None and not any(_on_ring(tile, node) for node in circled):
            image.paste(tile[2], tile[:2])
        else:
            _name(draw, p, f, theme.GOLD if cid == picked else theme.INK)

    for cid, tag in (mark or {}).items():
        marked = where.get(cid)
        if marked is not None:  # in the badge's place: a discovery target has no marker yet
            _pill(draw, marked.x + NODE_R * 0.78, marked.y - NODE_R * 0.78, tag)

    letters = initials(names, seats)
    for token in token_spots(view, where, labels, seats, f):
        _pawn(draw, token.x, token.y, token.seat, letters[token.seat], you=token.seat == you)
    return layout


def _name(draw: ImageDraw.ImageDraw, p: Placed, f: Any, colour: RGB) -> None:
    """A constellation's name, haloed against the lines and discs around it."""
    top = box_of(p, f, NAME_LINE)[1]
    for i, line in enumerate(p.lines):
        anchor = p.anchor[0] + "a"
        text(
            draw, (p.x, top + i * NAME_LINE), line, f, colour, anchor=anchor, halo=theme.SHADOW, halo_width=4
        )


def _kept_names(
    where: Mapping[str, Node], labels: Mapping[str, Placed], box: Box, path: shapes.StrokeLayer
) -> Mapping[str, tuple[int, int, Image.Image]]:
    """The names whose tile holds nothing but the map's fill, the Stellar Path and the name, drawn
    once per process (``render.layers.kept``) and copied in: their pixels are the same on every
    picture of the map. A name whose tile meets a disc, a badge, another name or the map's edge is
    drawn each time over what the state put there, and so is one beside a ring (``_on_ring``);
    every name is drawn in ``the_old_way`` and while texts are recorded."""
    if old_way() or is_recording():
        return {}
    key = ("sns names", box, language().value, tuple(labels.items()), tuple(where.values()), path.lines)
    return kept(key, lambda: _name_tiles(where, labels, box, path))


def _name_tiles(
    where: Mapping[str, Node], labels: Mapping[str, Placed], box: Box, path: shapes.StrokeLayer
) -> dict[str, tuple[int, int, Image.Image]]:
    canvas = Image.new("RGB", (box[2] + 1, box[3] + 1), MAP_FILL)
    path.paint(canvas, EDGE, fixed=True, ground=MAP_FILL)
    draw = ImageDraw.Draw(canvas)
    f = theme.font(LABEL_SIZE, True)
    spans = {cid: _name_span(draw, p, f) for cid, p in labels.items()}
    edge = theme.RADIUS + 2
    inner = (box[0] + edge, box[1] + edge, box[2] - edge, box[3] - edge)
    tiles: dict[str, tuple[int, int, Image.Image]] = {}
    for cid, span in spans.items():
        others = (other for name, other in spans.items() if name != cid)
        if (
            not _inside(span, inner)
            or any(_on_node(span, node) for node in where.values())
            or any(_meet(span, other) for other in others)
        ):
            continue
        _name(draw, labels[cid], f, theme.INK)
        tiles[cid] = (span[0], span[1], canvas.crop(span))
    return tiles


def _name_span(draw: ImageDraw.ImageDraw, p: Placed, f: Any) -> Box:
    """The whole pixels a name and its halo may touch, with a margin."""
    top = box_of(p, f, NAME_LINE)[1]
    boxes = [
        draw.textbbox((p.x, top + i * NAME_LINE), line, font=f, anchor=p.anchor[0] + "a", stroke_width=4)
        for i, line in enumerate(p.lines)
    ]
    return (
        math.floor(min(b[0] for b in boxes)) - 2,
        math.floor(min(b[1] for b in boxes)) - 2,
        math.ceil(max(b[2] for b in boxes)) + 2,
        math.ceil(max(b[3] for b in boxes)) + 2,
    )


def _on_node(span: Box, node: Node) -> bool:
    """Whether ``span`` meets what a node draws before the names: START's plate, or a disc and
    its badge."""
    if node.id == START_ID:
        half = plate_half(node.name) + 2
        return _meet(span, (node.x - half, node.y - 22, node.x + half, node.y + 22))
    badge = (node.x + NODE_R * 0.78, node.y - NODE_R * 0.78)
    return _near(span, (node.x, node.y), NODE_R + 3) or _near(span, badge, 17 + 2 + 3)


def _on_ring(tile: tuple[int, int, Image.Image], node: Node) -> bool:
    """Whether a name's tile meets the ring round ``node`` (the widest, with its dark backing)."""
    x, y, pixels = tile
    return _near((x, y, x + pixels.width, y + pixels.height), (node.x, node.y), NODE_R + 11 + 6)


def _near(span: Box, centre: tuple[float, float], r: float) -> bool:
    """Whether the rectangle ``span`` meets the disc of radius ``r`` round ``centre``."""
    dx = max(span[0] - centre[0], 0.0, centre[0] - span[2])
    dy = max(span[1] - centre[1], 0.0, centre[1] - span[3])
    return dx * dx + dy * dy < r * r


def _inside(a: Box, b: tuple[float, ...]) -> bool:
    return a[0] >= b[0] and a[1] >= b[1] and a[2] <= b[2] and a[3] <= b[3]


def _meet(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def name_boxes(view: View, box: tuple[int, int, int, int]) -> dict[str, tuple[float, float, float, float]]:
    """The box each constellation's name takes on a map drawn into ``box`` (for layout checks)."""
    f = theme.font(LABEL_SIZE, True)
    placed = labels_for(nodes(view, MapLayout(box)), box, language().value)
    return {cid: box_of(p, f, LABEL_SIZE + 3) for cid, p in placed.items()}


def token_boxes(view: View, names: Sequence[str], box: tuple[int, int, int, int]) -> list[tuple[float, ...]]:
    """The box of every telescope on a map drawn into ``box`` (for layout checks)."""
    where = nodes(view, MapLayout(box))
    seats = max(1, seat_of(view.get("seats"), len(names)))
    f = theme.font(LABEL_SIZE, True)
    return [t.box() for t in token_spots(view, where, labels_for(where, box, language().value), seats, f)]


def _start_node(image: Image.Image, draw: ImageDraw.ImageDraw, node: Node) -> None:
    """START as a compact plate: it sits amid the densest part of the map (wide enough for its word)."""
    x, y = node.x, node.y
    f = theme.font(22, True)
    half = plate_half(node.name)
    draw.rounded_rectangle(
        (x - half, y - 20, x + half, y + 20), radius=20, fill=theme.PANEL, outline=theme.INK, width=3
    )
    text(draw, (x, y + 1), node.name, f, theme.INK, anchor="mm")


def _constellation(image: Image.Image, draw: ImageDraw.ImageDraw, node: Node, c: Mapping[str, Any]) -> None:
    mapped = bool(c.get("mapped"))
    x, y, r = node.x, node.y, NODE_R
    outline = MARKER_DONE if mapped else theme.PANEL_EDGE
    draw.ellipse(
        (x - r, y - r, x + r, y + r),
        fill=MAPPED_FILL if mapped else NODE_FILL,
        outline=outline,
        width=4 if mapped else 3,
    )
    spots = [str(s) for s in (c.get("spots") or [])][:4]
    filled = list(c.get("filled") or [])
    for i, (colour, (dx, dy)) in enumerate(zip(spots, _spot_offsets(len(spots)), strict=False)):
        if i < len(filled) and filled[i]:
            shapes.paste(
                image, shapes.star_sprite("five", star_colour(colour), SPOT_R + 2, glow=False), x + dx, y + dy
            )
        else:
            shapes.paste(image, _empty_spot(star_colour(colour)), x + dx, y + dy)
    marker = c.get("marker")
    bx, by = x + r * 0.78, y - r * 0.78
    if mapped:
        _badge(image, draw, bx, by, MARKER_DONE, None)
    elif isinstance(marker, int) and not isinstance(marker, bool):
        _badge(image, draw, bx, by, MARKER_DAWN if c.get("dawn_marker") else MARKER_NIGHT, str(marker))
