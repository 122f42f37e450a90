"""Pictures drawn at full scale and sent smaller, reduced only where they changed (issue 31).

A picture sent ``small`` wide (Observatory's sheet and table: drawn 1000 px wide, sent 640) was
drawn whole and shrunk whole with the BOX filter: 8 ms for a sheet, the largest single cost of the
picture. Most of it is the same on every picture: the night-sky backdrop and the static layers
drawn on it (``render.layers``). Here the backdrop with its static layers is drawn once per
process at full scale and kept beside its shrink; a picture starts from copies of both, the code
that draws it says which boxes it touched (``mark``), and only those parts of the small copy are
shrunk again from the full-scale drawing.

The shrink of a part is Pillow's BOX resize of the whole picture restricted to that part's output
pixels (``resize(..., box=...)`` with the whole picture's pixel grid): every output pixel is
computed from the same input pixels with the same weights, so the result is the whole shrink's,
pixel for pixel, provided every changed input pixel lies in a marked box.

``patch`` goes one step further for what is fixed per key (a card's tile): it keeps both the full
scale pixels and their shrink, and pastes both, so the part is neither drawn nor shrunk again.

Inside ``render.encode.the_old_way`` (the render bench's reference), or while texts are recorded,
no composition starts: pictures are drawn and shrunk whole, as before.
"""

from __future__ import annotations

import math
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from render.common import is_recording, sky
from render.encode import old_way

Box = tuple[int, int, int, int]
TILE = 8  # output pixels: changed boxes are gathered on this grid, then shrunk in runs
# Memory: a kept backdrop is about 9 MB (1000 x 1640 and its shrink, 4 bytes a pixel), a card
# tile about 0.4 MB at both scales: at most some 70 MB and 65 MB per drawing process.
BASES_KEPT = 8  # a few picture sizes per kind (seats change a table's height)
PATCHES_KEPT = 160  # card tiles: a game's cards in the places they are shown


@dataclass
class Composition:
    """One picture being drawn: ``big`` at full scale, ``small`` what is sent, ``base`` the kept
    full-scale backdrop both started from (read only), and ``dirty``, one pixel per ``TILE`` x
    ``TILE`` output pixels, set where ``small`` must be shrunk again."""

    big: Image.Image
    small: Image.Image
    base: Image.Image
    key: Hashable
    dirty: Image.Image = field(init=False)

    def __post_init__(self) -> None:
        self.dirty = Image.new("L", (-(-self.small.width // TILE), -(-self.small.height // TILE)))
        self._pen = ImageDraw.Draw(self.dirty)

    @property
    def scale(self) -> tuple[float, float]:
        """Full-scale pixels per output pixel, across and down (as the whole shrink has them)."""
        return self.big.width / self.small.width, self.big.height / self.small.height

    def shrink(self, image: Image.Image, area: Box) -> Image.Image:
        """The output pixels ``area`` of ``image`` (full scale) BOX-shrunk to ``small``'s size."""
        return part_of_shrink(image, self.small.size, area)

    def span(self, box: tuple[float, float, float, float], margin: int = 1) -> Box:
        """The output pixels whose BOX support meets ``box`` (full scale), with ``margin`` more."""
        sx, sy = self.scale
        x0, y0, x1, y1 = box
        return (
            max(0, math.floor(x0 / sx) - margin),
            max(0, math.floor(y0 / sy) - margin),
            min(self.small.width, math.ceil(x1 / sx) + margin),
            min(self.small.height, math.ceil(y1 / sy) + margin),
        )

    def mark(self, box: tuple[float, float, float, float]) -> None:
        i0, j0, i1, j1 = self.span(box)
        if i0 < i1 and j0 < j1:
            self._pen.rectangle((i0 // TILE, j0 // TILE, (i1 - 1) // TILE, (j1 - 1) // TILE), fill=255)

    def covered(self, area: Box) -> None:
        """The output pixels of ``area`` are final (a patch): forget the tiles wholly inside."""
        i0, j0, i1, j1 = area
        tx0, ty0, tx1, ty1 = -(-i0 // TILE), -(-j0 // TILE), i1 // TILE - 1, j1 // TILE - 1
        if tx0 <= tx1 and ty0 <= ty1:
            self._pen.rectangle((tx0, ty0, tx1, ty1), fill=0)

    def reduced(self) -> Image.Image:
        """``small`` with every marked part shrunk again from ``big``."""
        width, height = self.small.width, self.small.height
        for i0, j0, i1, j1 in _runs(self.dirty):
            area = (i0 * TILE, j0 * TILE, min(width, i1 * TILE), min(height, j1 * TILE))
            self.small.paste(self.shrink(self.big, area), area[:2])
        self.dirty.paste(0, (0, 0, *self.dirty.size))
        return self.small


def part_of_shrink(image: Image.Image, size: tuple[int, int], area: Box) -> Image.Image:
    """The pixels ``area`` of ``image.resize(size, BOX)``, computed from the input they depend on.

    Pillow shrinks a whole picture across first, then down, rounding in between; given a ``box``
    of its own it may take the other order, a rounding step apart. So the part is shrunk across
    (rows cropped with a margin wider than the filter's reach, or up to the picture's edge, where
    the whole shrink stops too), then down, with the whole shrink's source coordinates."""
    width, height = image.size
    sx, sy = width / size[0], height / size[1]
    i0, j0, i1, j1 = area
    x0, x1, y0, y1 = i0 * sx, i1 * sx, j0 * sy, j1 * sy
    c0, c1 = max(0, math.floor(x0) - 2), min(width, math.ceil(x1) + 2)
    r0, r1 = max(0, math.floor(y0) - 2), min(height, math.ceil(y1) + 2)
    rows = image.crop((c0, r0, c1, r1))
    across = rows.resize((i1 - i0, r1 - r0), Image.Resampling.BOX, box=(x0 - c0, 0, x1 - c0, r1 - r0))
    return across.resize((i1 - i0, j1 - j0), Image.Resampling.BOX, box=(0, y0 - r0, i1 - i0, y1 - r0))


def _runs(dirty: Image.Image) -> list[Box]:
    """The set pixels of ``dirty`` as rectangles: runs along each row, stacked while rows repeat."""
    cols = dirty.width
    data = dirty.tobytes()
    rects: list[Box] = []
    open_: dict[tuple[int, int], int] = {}  # a run (first, end) -> the row it started on
    for ty in range(dirty.height):
        going: dict[tuple[int, int], int] = {}
        for found in _SET.finditer(data, ty * cols, (ty + 1) * cols):
            run = (found.start() - ty * cols, found.end() - ty * cols)
            going[run] = open_.pop(run, ty)
        rects += [(a, top, b, ty) for (a, b), top in open_.items()]
        open_ = going
    rects += [(a, top, b, dirty.height) for (a, b), top in open_.items()]
    return rects


_SET = re.compile(rb"[^\x00]+")
_bases: OrderedDict[Hashable, tuple[Image.Image, Image.Image]] = OrderedDict()
_patches: OrderedDict[Hashable, tuple[Image.Image, Image.Image | None, Box]] = OrderedDict()
_lock = threading.Lock()


@dataclass
class Compacting:
    """A picture to be sent ``width`` wide; ``composition`` once its ``canvas`` is made."""

    width: int
    composition: Composition | None = None


_current: ContextVar[Compacting | None] = ContextVar("render_composition", default=None)


@contextmanager
def compacting(width: int) -> Iterator[Compacting]:
    """Inside, the next ``canvas`` starts a composition of a picture sent ``width`` wide."""
    holder = Compacting(width)
    token = _current.set(holder)
    try:
        yield holder
    finally:
        _current.reset(token)


def current() -> Composition | None:
    holder = _current.get()
    return holder.composition if holder is not None else None


def composing(image: Image.Image) -> bool:
    """Whether ``image`` is the picture being composed (its ``canvas`` holds the static parts)."""
    composition = current()
    return composition is not None and composition.big is image


def canvas(
    width: int,
    height: int,
    *,
    key: Hashable = "sky",
    static: Callable[[Image.Image], None] | None = None,
) -> Image.Image:
    """A fresh night-sky backdrop of ``width`` x ``height`` to draw a picture on.

    Inside ``compacting`` (and not the old way, not recording texts): the backdrop with ``static``
    drawn on it (what every picture of ``key`` shows, whatever the state) and its shrink to the
    width sent are kept per ``key`` and size, and a composition starts from copies of both
    (``current``; ``composing(image)`` is then true). Otherwise the backdrop is bare and the
    picture draws its static parts itself, as before."""
    holder = _current.get()
    if (
        holder is None
        or holder.composition is not None
        or width <= holder.width
        or old_way()
        or is_recording()
    ):
        return sky(width, height)
    small_width = holder.width
    small_height = round(height * small_width / width)
    name = (key, width, height, small_width)
    with _lock:
        kept = _bases.get(name)
        if kept is not None:
            _bases.move_to_end(name)
    if kept is None:
        base = sky(width, height)
        if static is not None:
            static(base)
        kept = (base, base.resize((small_width, small_height), Image.Resampling.BOX))
        with _lock:
            _bases[name] = kept
            while len(_bases) > BASES_KEPT:
                _bases.popitem(last=False)
    base, small = kept
    holder.composition = Composition(base.copy(), small.copy(), base, name)
    return holder.composition.big


def shrunk(image: Image.Image, holder: Compacting) -> Image.Image:
    """``image`` (drawn inside ``compacting``) at the width sent: its composition reduced where it
    changed, or (no composition: the old way) the whole picture shrunk with the BOX filter."""
    composition = holder.composition
    if composition is not None and composition.big is image:
        return composition.reduced()
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    if rgb.width <= holder.width:
        return rgb
    height = round(rgb.height * holder.width / rgb.width)
    return rgb.resize((holder.width, height), Image.Resampling.BOX)


def mark(box: tuple[float, float, float, float], margin: int = 2) -> None:
    """``box`` (full scale) of the picture being composed was drawn on: shrink it again."""
    composition = current()
    if composition is not None:
        x0, y0, x1, y1 = box
        composition.mark((x0 - margin, y0 - margin, x1 + margin, y1 + margin))


def patch(
    image: Image.Image,
    key: Hashable,
    box: Box,
    draw: Callable[[Image.Image], None],
    *,
    ground: tuple[int, int, int] | None = None,
    margin: int = 3,
) -> None:
    """Paint into ``image`` what ``draw`` paints into ``box`` (which it must not leave), over the
    picture's backdrop (``ground``: a flat colour there instead), kept per ``key``, ``box`` and the
    picture's size: drawn once, pasted after, at full scale and, when composing, its shrink too.

    Within ``margin`` pixels around ``box`` the picture must hold only its backdrop (or
    ``ground``) when the patch is pasted, so the kept shrink of that area is the picture's."""
    composition = current()
    if old_way() or is_recording() or (composition is not None and composition.big is not image):
        draw(image)
        if composition is not None:
            mark(box)
        return
    outer = (box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin)
    span = composition.span(outer, margin=-1) if composition is not None else None
    name = (key, box, image.size, composition.key if composition is not None else None, span)
    with _lock:
        kept = _patches.get(name)
        if kept is not None:
            _patches.move_to_end(name)
    if kept is None:
        if composition is not None:  # the backdrop around the box only: the tile reads no more
            ground_image = Image.new(image.mode, image.size)
            around = (max(0, outer[0] - 4), max(0, outer[1] - 4), outer[2] + 4, outer[3] + 4)
            ground_image.paste(composition.base.crop(around), around[:2])
        else:
            ground_image = sky(*image.size)
        if ground is not None:
            ground_image.paste(ground, outer)
        draw(ground_image)
        small = None
        if composition is not None and span is not None:
            small = composition.shrink(ground_image, span)
        kept = (ground_image.crop(outer), small, span or outer)
        with _lock:
            _patches[name] = kept
            while len(_patches) > PATCHES_KEPT:
                _patches.popitem(last=False)
    full, small, area = kept
    image.paste(full, outer[:2])
    if composition is not None and small is not None:
        composition.small.paste(small, area[:2])
        composition.covered(area)
