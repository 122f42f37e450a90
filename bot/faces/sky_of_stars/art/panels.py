"""A Sky of Stars' vault panels drawn only where a seat's state shows (issue 31, third pass).

A vault or swirl-target panel is sent at half the 1000 px it is drawn at (``PANEL_SCALE``). Most of
it is the same for every seat and every roll: the night sky, the lettered grid, the 48 stars and
their labels. That part is drawn once per process and kept at the size it is sent. A picture is
then that copy, its header (drawn at 1000 px on a strip of the sky and halved) and, in the tiles
the state touches (strokes, rings, crosses, greyed stars), the map drawn again at 1000 px from the
kept sky and grid, in the same order as ever, and halved. Halving is a 2 x 2 average, so a part
cut on even pixels halves to the same pixels as the whole: the picture is the one ``draw_vault``
draws, halved, to the pixel or a rounding apart.

Inside ``render.encode.the_old_way`` and while texts are recorded, the whole is drawn as before.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence

from PIL import Image

from bot.faces.sky_of_stars.art.map import Drawn, Layout, MapPainter, load_vault
from render import theme
from render.common import is_recording, sky, sky_part
from render.encode import old_way
from render.layers import kept_image
from render.theme import RGB

Box = tuple[float, float, float, float]
SPLIT_Y = 144  # the header band is above, the map (grid letters included) below
TILE = 64  # the state's marks are redrawn in tiles of this many 1000 px pixels
SCALE = 2


class Survey(MapPainter):
    """Paints nothing: notes where the state's marks land (what the kept map does not show)."""

    def __init__(self, layout: Layout, star_r: int = theme.STAR_R) -> None:
        super().__init__(Image.new("1", (1, 1)), layout, star_r)
        self.boxes: list[Box] = []

    def _around(self, label: str, half: float) -> None:
        x, y = self.layout.pos(label)
        self.boxes.append((x - half, y - half, x + half, y + half))

    def guide(self, size: int = theme.SMALL) -> None:
        return None

    def labels(
        self, size: int = theme.LABEL, colour: RGB = theme.INK, only: Iterable[str] | None = None
    ) -> None:
        if only is not None or size != theme.LABEL or colour != theme.INK:
            raise ValueError("only the kept labels can be surveyed")

    def strokes(
        self,
        pairs: Iterable[tuple[str, str]],
        colour: RGB,
        width: float,
        *,
        glow: bool = False,
        dashed: bool = False,
    ) -> None:
        pad = width * (2.6 if glow else 1) / 2 + 4
        for a, b in pairs:
            (ax, ay), (bx, by) = self.layout.pos(a), self.layout.pos(b)
            pieces = max(1, math.ceil(math.dist((ax, ay), (bx, by)) / TILE))
            for i in range(pieces):  # a diagonal line marks the tiles along it, not its whole box
                x0, y0 = ax + (bx - ax) * i / pieces, ay + (by - ay) * i / pieces
                x1, y1 = ax + (bx - ax) * (i + 1) / pieces, ay + (by - ay) * (i + 1) / pieces
                self.boxes.append(
                    (min(x0, x1) - pad, min(y0, y1) - pad, max(x0, x1) + pad, max(y0, y1) + pad)
                )

    def stars(
        self,
        *,
        bright: Iterable[str] | None = None,
        dim: Iterable[str] = (),
        grey: Iterable[str] = (),
        dim_alpha: float = 0.3,
        glow: bool = True,
    ) -> None:
        if bright is not None:  # over a kept map of dimmed stars: what is not dimmed is new
            dimmed = set(dim)
            for star in load_vault().stars:
                if star.label not in dimmed:
                    self._around(star.label, round(self.r * 2.2) + 3)
            return
        if glow:
            raise ValueError("only the kept stars, some dimmed or greyed, can be surveyed")
        for label in {*dim, *grey}:
            self._around(label, self.r + 4)

    def rings(self, labels: Iterable[str], colour: RGB, width: int = theme.RING_W, grow: int = 9) -> None:
        for label in labels:
            self._around(label, self.r + grow + 8)

    def crosses(self, labels: Iterable[str], colour: RGB = theme.INK) -> None:
        for label in labels:
            self._around(label, self.r + 12)


def tiles(boxes: Sequence[Box], size: tuple[int, int]) -> list[tuple[int, int, int, int]]:
    """The tiles (below ``SPLIT_Y``) that ``boxes`` touch, as rectangles on even pixels: each row's
    runs of touched tiles, a run merged with the one above it when they span the same columns."""
    width, height = size
    columns, rows = math.ceil(width / TILE), math.ceil((height - SPLIT_Y) / TILE)
    touched = [[False] * columns for _ in range(rows)]
    for left, top, right, bottom in boxes:
        c0, c1 = max(0, math.floor(left / TILE)), min(columns - 1, math.floor(right / TILE))
        r0 = max(0, math.floor((top - SPLIT_Y) / TILE))
        r1 = min(rows - 1, math.floor((bottom - SPLIT_Y) / TILE))
        for r in range(r0, r1 + 1):
            row = touched[r]
            for c in range(c0, c1 + 1):
                row[c] = True
    runs: list[list[int]] = []  # [c0, c1, r0, r1], open while the row below continues it
    open_runs: dict[tuple[int, int], list[int]] = {}
    for r, row in enumerate(touched):
        now: dict[tuple[int, int], list[int]] = {}
        c = 0
        while c < columns:
            if not row[c]:
                c += 1
                continue
            start = c
            while c < columns and row[c]:
                c += 1
            run = open_runs.get((start, c))
            if run is None:
                run = [start, c, r, r]
                runs.append(run)
            run[3] = r
            now[(start, c)] = run
        open_runs = now
    return [
        (c0 * TILE, SPLIT_Y + r0 * TILE, min(width, c1 * TILE), min(height, SPLIT_Y + (r1 + 1) * TILE))
        for c0, c1, r0, r1 in runs
    ]


def _under(size: tuple[int, int], layout: Layout) -> Image.Image:
    """The map's sky and lettered grid at 1000 px: what the state's marks are drawn over."""

    def make() -> Image.Image:
        image = sky(*size)
        MapPainter(image, layout).guide()
        return image

    return kept_image(("sky-of-stars vault under", size, layout), make)


def _kept(size: tuple[int, int], layout: Layout) -> Image.Image:
    """The whole map with no state (every star plain, every label), at the size it is sent."""

    def make() -> Image.Image:
        image = _under(size, layout).copy()
        painter = MapPainter(image, layout)
        painter.stars(glow=False)
        painter.labels()
        return image.reduce(SCALE)

    return kept_image(("sky-of-stars vault kept", size, layout), make)


def map_panel(
    size: tuple[int, int],
    layout: Layout,
    draw_header: Callable[[Image.Image], None],
    draw_map: Callable[[MapPainter], None],
) -> Image.Image:
    """The panel at the size it is sent: the kept map, the header, and the state's tiles redrawn.

    ``draw_header`` paints the header band on a 1000 px image; ``draw_map`` paints the map but
    its guide on a ``MapPainter`` (the same calls ``draw_vault`` makes)."""
    band = sky_part(*size, (0, 0, size[0], SPLIT_Y))
    draw_header(band)
    image = _kept(size, layout).copy()
    image.paste(band.reduce(SCALE), (0, 0))
    survey = Survey(layout)
    draw_map(survey)
    under = _under(size, layout)
    masks: dict[Hashable, Drawn] = {}
    for left, top, right, bottom in tiles(survey.boxes, size):
        part = under.crop((left, top, right, bottom))
        draw_map(MapPainter(part, layout, origin=(left, top), masks=masks))
        image.paste(part.reduce(SCALE), (left // SCALE, top // SCALE))
    return image


def whole_needed() -> bool:
    """Draw the whole picture as before: the bench's old way, or texts being recorded."""
    return old_way() or is_recording()


def drawing_in_parts(
    size: tuple[int, int],
    layout: Layout,
    star_r: int,
    frame: Callable[[Image.Image], None],
    draw_map: Callable[[MapPainter], None],
    scale: int = 1,
) -> Image.Image:
    """A drawing's map: the kept sky, ``frame`` and every star dimmed, and the tiles the drawing's
    strokes, stars and ring touch drawn again over the kept sky and frame by ``draw_map`` (the
    calls ``draw_drawing`` makes); at 1000 px, or halved (``scale`` 2) for a panel or an
    animation's frame. The header and the card's words are the caller's, over the sky outside."""

    def make_under() -> Image.Image:
        image = sky(*size)
        frame(image)
        return image

    def make_kept() -> Image.Image:
        image = kept_image(("sky-of-stars drawing under", size, layout), make_under).copy()
        MapPainter(image, layout, star_r).stars(dim=[s.label for s in load_vault().stars], dim_alpha=DIM)
        return image

    def make_halved() -> Image.Image:
        return kept_image(("sky-of-stars drawing kept", size, layout), make_kept).reduce(SCALE)

    under = kept_image(("sky-of-stars drawing under", size, layout), make_under)
    if scale == 1:
        image = kept_image(("sky-of-stars drawing kept", size, layout), make_kept).copy()
    else:
        image = kept_image(("sky-of-stars drawing halved", size, layout), make_halved).copy()
    survey = Survey(layout, star_r)
    draw_map(survey)
    masks: dict[Hashable, Drawn] = {}
    for left, top, right, bottom in tiles(survey.boxes, size):
        part = under.crop((left, top, right, bottom))
        draw_map(MapPainter(part, layout, star_r, origin=(left, top), masks=masks))
        image.paste(part if scale == 1 else part.reduce(scale), (left // scale, top // scale))
    return image


DIM = 0.22  # how faint the stars outside a drawing are
