"""Observatory's 12 x 12 Star Map: grid, labels, stars, constellation lines and highlights.

Cells are named as the engine names them, column letter A-L and row 1-12 (``"C4"``). Each
row and column also carries its dice label (1-6, twice) in a blue disc, because the dice pick
cells by those labels; the letters and row numbers are what the panel's select lists show.
The map is painted into an existing image so the sheet, the previews and the results
thumbnails share one painter.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import shapes, theme
from render.common import mix, text
from render.compose import composing, mark
from render.encode import old_way
from render.layers import paste_layer
from render.theme import RGB

COLUMNS = "ABCDEFGHIJKL"
SIZE = 12

DIE_BLUE: RGB = theme.STAR_COLOURS["blue"]  # the three standard dice and their labels
SHOOTING: RGB = theme.PLAYER_COLOURS[0]  # the orange Shooting Star die and what it allows
STAR_GOLD: RGB = theme.GOLD
CELL_FILL: RGB = mix(theme.SKY_TOP, theme.PANEL, 0.55)
CELL_ALT: RGB = mix(theme.SKY_TOP, theme.PANEL, 0.9)  # every other 6 x 6 block, so repeats show
LEGAL_FILL: RGB = mix(CELL_FILL, theme.ACCENT, 0.28)
SHOOT_FILL: RGB = mix(CELL_FILL, SHOOTING, 0.3)
BOTH_FILL: RGB = mix(LEGAL_FILL, SHOOTING, 0.3)


def parse(name: object) -> tuple[int, int] | None:
    """(row, col), both 0-based, of a cell name such as ``"C4"``; ``None`` for anything else."""
    if not isinstance(name, str):
        return None
    return _parse.__wrapped__(name) if old_way() else _parse(name)


@functools.lru_cache(maxsize=1024)  # a map's cells are named again and again while it is drawn
def _parse(name: str) -> tuple[int, int] | None:
    if len(name) < 2 or name[0].upper() not in COLUMNS:
        return None
    digits = name[1:]
    if not digits.isdigit() or not 1 <= int(digits) <= SIZE:
        return None
    return int(digits) - 1, COLUMNS.index(name[0].upper())


def cells(values: object) -> list[str]:
    """The valid cell names in ``values`` (a list from a view), in order, without repeats."""
    if not isinstance(values, (list, tuple)):
        return []
    return list(dict.fromkeys(v.upper() for v in values if parse(v) is not None))


def segments(values: object) -> list[tuple[str, str]]:
    """Valid ``[a, b]`` cell pairs of a view's segment list."""
    out = []
    for pair in values if isinstance(values, (list, tuple)) else ():
        if isinstance(pair, (list, tuple)) and len(pair) == 2 and all(parse(p) for p in pair):
            out.append((pair[0].upper(), pair[1].upper()))
    return out


def dice_label(index: int) -> int:
    """The dice value printed beside row or column ``index`` (0-based): 1-6 twice."""
    return index % 6 + 1


@dataclass(frozen=True)
class Grid:
    """Where the map lands: top-left corner of cell A1 and the cell size, in pixels."""

    x0: int
    y0: int
    cell: int

    @property
    def box(self) -> tuple[int, int, int, int]:
        return (self.x0, self.y0, self.x0 + SIZE * self.cell, self.y0 + SIZE * self.cell)

    def centre(self, name: str) -> tuple[float, float]:
        row, col = parse(name) or (0, 0)
        return (self.x0 + (col + 0.5) * self.cell, self.y0 + (row + 0.5) * self.cell)

    def rect(self, row: int, col: int, inset: int = 0) -> tuple[int, int, int, int]:
        x, y = self.x0 + col * self.cell, self.y0 + row * self.cell
        return (x + inset, y + inset, x + self.cell - inset, y + self.cell - inset)


LABEL_BAND = 46  # width of one label band (dice discs, or letters / row numbers)


def grid_for(left: int, top: int, width: int) -> Grid:
    """A grid whose labels start at (left, top) and whose right edge stays within ``width``."""
    cell = (width - 2 * LABEL_BAND) // SIZE
    return Grid(left + 2 * LABEL_BAND, top + 2 * LABEL_BAND, cell)


def map_height(grid: Grid) -> int:
    return 2 * LABEL_BAND + SIZE * grid.cell


def _labels(draw: ImageDraw.ImageDraw, g: Grid) -> None:
    """Both label bands: letters and row numbers outside, the dice values on discs inside."""
    names_font = theme.font(theme.SMALL, True)
    disc_font = theme.font(theme.SMALL, True)
    r = LABEL_BAND // 2 - 4
    for i in range(SIZE):
        cx = g.x0 + (i + 0.5) * g.cell
        cy = g.y0 + (i + 0.5) * g.cell
        # outer band: the names used in the panel (letters on top, numbers on the left)
        text(draw, (cx, g.y0 - 1.5 * LABEL_BAND), COLUMNS[i], names_font, theme.MUTED, anchor="mm")
        text(draw, (g.x0 - 1.5 * LABEL_BAND, cy), str(i + 1), names_font, theme.MUTED, anchor="mm")
        # inner band: the dice value of that column / row
        for x, y in ((cx, g.y0 - LABEL_BAND / 2), (g.x0 - LABEL_BAND / 2, cy)):
            draw.ellipse((x - r, y - r, x + r, y + r), fill=DIE_BLUE)
            text(draw, (x, y + 1), str(dice_label(i)), disc_font, theme.DIE_INK, anchor="mm")


def _block_edges(draw: ImageDraw.ImageDraw, g: Grid) -> None:
    """The lines between the four 6 x 6 blocks."""
    x0, y0, x1, y1 = g.box
    mid_x, mid_y = x0 + 6 * g.cell, y0 + 6 * g.cell
    draw.line((mid_x, y0, mid_x, y1), fill=theme.MUTED, width=3)
    draw.line((x0, mid_y, x1, mid_y), fill=theme.MUTED, width=3)


def _plain_map(image: Image.Image, *, grid: Grid) -> None:
    """The map as every sheet shows it before anything is plotted: untinted cells, the edges and
    the label bands (``MapPainter.base`` draws this once per process, tints over it)."""
    g, draw = grid, ImageDraw.Draw(image)
    for row in range(SIZE):
        for col in range(SIZE):
            fill = CELL_ALT if (row // 6 + col // 6) % 2 else CELL_FILL
            draw.rectangle(g.rect(row, col, 1), fill=fill)
    x0, y0, x1, y1 = g.box
    draw.rectangle((x0 - 2, y0 - 2, x1 + 1, y1 + 1), outline=theme.PANEL_EDGE, width=2)
    _block_edges(draw, g)
    _labels(draw, g)


plain_map = _plain_map  # a sheet's static layer (``render.compose.canvas``)


class MapPainter:
    """Paints one seat's Star Map; call the steps in order (cells, lines, stars, marks)."""

    def __init__(self, image: Image.Image, grid: Grid) -> None:
        self.image, self.grid = image, grid
        self.draw = ImageDraw.Draw(image)

    def base(self, legal: Iterable[str] = (), shooting: Iterable[str] = (), *, plain: bool = True) -> None:
        """Cells (legal ones tinted), block edges and both label bands. The plain map (every
        cell untinted, the edges, the labels) is the same on every sheet: it is drawn once per
        process (``render.layers``), the tinted cells and their rings over it. ``plain=False``: the
        image holds it already (its ``render.compose.canvas`` drew it)."""
        g, draw = self.grid, self.draw
        legal_set, shoot_set = set(cells(list(legal))), set(cells(list(shooting)))
        x0, y0, x1, y1 = g.box
        area = (x0 - 2 * LABEL_BAND, y0 - 2 * LABEL_BAND, x1 + 2, y1 + 2)
        if plain:
            paste_layer(self.image, ("observatory-map", g), area, functools.partial(_plain_map, grid=g))
        for name in sorted(legal_set | shoot_set):
            row, col = parse(name) or (0, 0)
            fill = (
                BOTH_FILL
                if name in legal_set and name in shoot_set
                else LEGAL_FILL
                if name in legal_set
                else SHOOT_FILL
            )
            draw.rectangle(g.rect(row, col, 1), fill=fill)
            mark(g.rect(row, col))  # the rings too (``render.compose``: shrunk again)
        if legal_set or shoot_set:
            _block_edges(draw, g)  # a tinted cell beside a block edge covered a line of it
            mid_x, mid_y = x0 + 6 * g.cell, y0 + 6 * g.cell
            mark((mid_x - 2, y0, mid_x + 2, y1))
            mark((x0, mid_y - 2, x1, mid_y + 2))
        self._legal_rings(legal_set, theme.ACCENT)
        self._legal_rings(shoot_set - legal_set, SHOOTING)

    def _labels(self) -> None:
        _labels(self.draw, self.grid)

    def _legal_rings(self, names: set[str], colour: RGB) -> None:
        g = self.grid
        for name in names:
            row, col = parse(name) or (0, 0)
            self.draw.rectangle(g.rect(row, col, 3), outline=colour, width=3)

    def lines(
        self,
        pairs: Sequence[tuple[str, str]],
        colour: RGB = theme.LINE,
        width: int = 7,
        *,
        dashed: bool = False,
        glow: bool = False,
    ) -> None:
        if not pairs:
            return
        g = self.grid
        box = (g.box[0] - 8, g.box[1] - 8, g.box[2] + 8, g.box[3] + 8)
        if glow:
            halo = shapes.StrokeLayer(box)
            for a, b in pairs:
                halo.line(g.centre(a), g.centre(b), width + 10, value=70)
            halo.paint(self.image, colour)
        layer = shapes.StrokeLayer(box)
        for a, b in pairs:
            if dashed:
                layer.dashed(g.centre(a), g.centre(b), width, dash=18, gap=10)
            else:
                layer.line(g.centre(a), g.centre(b), width)
        layer.paint(self.image, colour)
        pad = width + 14  # the glow's width and the caps
        for a, b in pairs if composing(self.image) else ():
            (ax, ay), (bx, by) = g.centre(a), g.centre(b)
            mark((min(ax, bx) - pad, min(ay, by) - pad, max(ax, bx) + pad, max(ay, by) + pad))

    def kept_lines(self, pairs: Sequence[tuple[str, str]], colour: RGB, width: int) -> None:
        """``lines`` of a finished constellation: its mask is the same whenever it is drawn (a
        completed constellation never changes), so it is kept per process and painted."""
        if not pairs or old_way():
            self.lines(pairs, colour, width)
            return
        (x, y), mask = _line_mask(tuple(pairs), width, self.grid)
        self.image.paste(colour, (x, y, x + mask.width, y + mask.height), mask)
        mark((x, y, x + mask.width, y + mask.height))

    def stars(self, names: Iterable[str], colour: RGB = STAR_GOLD, *, dim: bool = False) -> None:
        r = max(8, round(self.grid.cell * 0.3))
        sprite = shapes.star_sprite("five", colour, r, glow=not dim, alpha=0.8 if dim else 1.0)
        half = max(sprite.size) / 2 + 1
        for name in cells(list(names)):
            cx, cy = self.grid.centre(name)
            shapes.paste(self.image, sprite, cx, cy)
            mark((cx - half, cy - half, cx + half, cy + half))

    def rings(self, names: Iterable[str], colour: RGB, width: int = 5) -> None:
        r = round(self.grid.cell * 0.44)
        for name in cells(list(names)):
            cx, cy = self.grid.centre(name)
            shapes.ring(self.image, cx, cy, r, colour, width=width)
            mark((cx - r - 6, cy - r - 6, cx + r + 6, cy + r + 6))


@functools.lru_cache(maxsize=256)  # a few constellations a sheet, a few sheets a game
def _line_mask(
    pairs: tuple[tuple[str, str], ...], width: int, g: Grid
) -> tuple[tuple[int, int], Image.Image]:
    layer = shapes.StrokeLayer((g.box[0] - 8, g.box[1] - 8, g.box[2] + 8, g.box[3] + 8))
    for a, b in pairs:
        layer.line(g.centre(a), g.centre(b), width)
    drawn = layer.mask()
    if drawn is None:
        return (g.x0, g.y0), Image.new("L", (1, 1))
    small, at = drawn
    return at, small


def paint_sheet_map(
    image: Image.Image,
    grid: Grid,
    sheet: Mapping[str, Any],
    *,
    legal: Iterable[str] = (),
    shooting: Iterable[str] = (),
    picked: str | None = None,
    placement: Mapping[str, Any] | None = None,
    fresh: Iterable[str] = (),
    plain: bool = True,
) -> None:
    """One seat's map: completed constellations, plotted stars, legal cells and a preview.

    ``picked`` is a cell chosen but not confirmed (drawn as a ringed gold star); ``placement``
    a constellation placement being considered (dashed gold lines, its stars ringed); ``fresh``
    the stars of this step's draft (ringed in gold until the step is finished).
    """
    painter = MapPainter(image, grid)
    painter.base(legal, shooting, plain=plain)
    done = [c for c in sheet.get("constellations") or [] if isinstance(c, Mapping)]
    for constellation in done:  # each finished one's strokes are kept (``kept_lines``)
        painter.kept_lines(segments(constellation.get("segments")), theme.PAST_LINE, 6)
    plotted = cells(sheet.get("stars"))
    unused = set(cells(sheet.get("unused")))
    painter.stars([c for c in plotted if c not in unused], mix(STAR_GOLD, theme.MUTED, 0.55), dim=True)
    painter.stars([c for c in plotted if c in unused])
    if placement:
        painter.lines(segments(placement.get("segments")), theme.GOLD, 7, dashed=True, glow=True)
        painter.rings(cells(placement.get("cells")), theme.GOLD, width=4)
    new = [c for c in fresh if parse(c)]
    if new:
        painter.rings(new, theme.GOLD, width=5)
    if picked and parse(picked):
        painter.stars([picked], theme.ACCENT)
        painter.rings([picked], theme.GOLD, width=6)


def mini_map(
    image: Image.Image, box: tuple[int, int, int, int], sheet: Mapping[str, Any], colour: RGB = STAR_GOLD
) -> None:
    """A label-free thumbnail of a sheet's map (for the results): stars and constellations."""
    cell = min(box[2] - box[0], box[3] - box[1]) // SIZE
    x0 = box[0] + (box[2] - box[0] - SIZE * cell) // 2
    y0 = box[1] + (box[3] - box[1] - SIZE * cell) // 2
    grid = Grid(x0, y0, cell)
    draw = ImageDraw.Draw(image)
    draw.rectangle(grid.box, fill=CELL_FILL, outline=theme.PANEL_EDGE, width=2)
    for i in (6,):
        draw.line((x0 + i * cell, y0, x0 + i * cell, y0 + SIZE * cell), fill=theme.FAINT, width=2)
        draw.line((x0, y0 + i * cell, x0 + SIZE * cell, y0 + i * cell), fill=theme.FAINT, width=2)
    done = [c for c in sheet.get("constellations") or [] if isinstance(c, Mapping)]
    painter = MapPainter(image, grid)
    painter.lines([s for c in done for s in segments(c.get("segments"))], theme.LINE, 3)
    unused = set(cells(sheet.get("unused")))
    r = max(2, cell // 4)
    for name in cells(sheet.get("stars")):
        cx, cy = grid.centre(name)
        fill = colour if name in unused else theme.LINE
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
